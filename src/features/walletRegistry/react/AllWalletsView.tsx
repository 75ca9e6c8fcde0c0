'use client'
import { useState } from 'react'
import {
  type ConnectorListItem,
  connectorKey,
  featureIntents,
  isStructurallyEqual,
  type Kit,
  LIMITS,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../../kernel/index.js'
import {
  useFeatureCopy,
  useKit,
  useWalletPicker,
  VIEW_CSS,
  WalletIcon,
  type WalletTarget,
} from '../../../ui/index.js'
import type { walletRegistry } from '../index.js'
import { selectAllWallets } from '../selectors.js'
import { walletRegistryMessages } from './messages.js'

/** The registry feature's intents on a kit that registered it. */
function registryIntentsOf(kit: Kit) {
  return featureIntents<ReturnType<typeof walletRegistry>>(kit, 'walletRegistry')
}

function describe(item: ConnectorListItem) {
  switch (item.kind) {
    case 'registry':
      return {
        key: `registry/${item.wallet.id}`,
        name: item.wallet.name,
        icon: item.wallet.imageUrl,
        logoId: item.wallet.id,
      }
    case 'connector':
      return {
        key: connectorKey(item.connector.namespace, item.connector.id),
        name: item.connector.name,
        icon: item.connector.imageUrl,
        logoId:
          item.connector.id === WALLET_CONNECT_CONNECTOR_ID
            ? WALLET_CONNECT_CONNECTOR_ID
            : item.connector.explorerId,
      }
    default:
      return {
        key: `${item.kind}/${item.wallet.id}`,
        name: item.wallet.name,
        icon: undefined,
        logoId: item.wallet.id,
      }
  }
}

/**
 * Every wallet the kit knows, announced ones first, then the wallet registry's (or the built-in
 * list), searchable (up to 100 results), in pages of 40 (§9). @internal
 */
export function AllWalletsView() {
  const { kit, t } = useFeatureCopy(walletRegistryMessages)
  const { items, canLoadMore, query } = useKit(selectAllWallets, isStructurallyEqual)
  // What the visitor is typing; the kernel holds the search the list is filtered by.
  const [text, setText] = useState(query)
  const [pages, setPages] = useState(1)
  const shown = items.slice(0, pages * LIMITS.walletPageSize)
  const picker = useWalletPicker()
  const targetOf = (item: ConnectorListItem): WalletTarget | undefined =>
    item.kind === 'registry'
      ? {
          namespace: item.namespace,
          connectorId: WALLET_CONNECT_CONNECTOR_ID,
          walletId: item.wallet.id,
        }
      : item.kind === 'connector'
        ? { namespace: item.connector.namespace, connectorId: item.connector.id }
        : undefined
  const pick = (item: ConnectorListItem) => {
    const target = targetOf(item)
    if (target) picker.pick(target)
  }
  return (
    <div>
      <style>{VIEW_CSS}</style>
      <label className="gw-field">
        <span>{t('allWallets.search')}</span>
        <input
          type="search"
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value)
            setPages(1)
            void registryIntentsOf(kit).search(event.target.value)
          }}
        />
      </label>
      {/* How many wallets a search found, announced as the visitor types (in the language's plural). */}
      <p className="gw-visually-hidden" role="status">
        {query && items.length > 0 ? t('allWallets.count', { count: items.length }) : ''}
      </p>
      {shown.length === 0 ? (
        <p className="gw-muted gw-center">{t('allWallets.none', { query })}</p>
      ) : null}
      {shown.map((item) => {
        const { key, name, icon, logoId } = describe(item)
        return (
          <button
            key={key}
            type="button"
            className="gw-button"
            {...picker.intentProps(targetOf(item))}
            onClick={() => pick(item)}
          >
            <WalletIcon url={icon} name={name} walletId={logoId} />
            <span>{name}</span>
          </button>
        )
      })}
      {items.length > shown.length || canLoadMore ? (
        <button
          type="button"
          className="gw-button"
          onClick={() => {
            if (items.length <= (pages + 1) * LIMITS.walletPageSize)
              void registryIntentsOf(kit).loadMore()
            setPages(pages + 1)
          }}
        >
          {t('allWallets.more')}
        </button>
      ) : null}
    </div>
  )
}
