'use client'
import { useState } from 'react'
import { isStructurallyEqual, LIMITS, selectListedConnectors } from '../../kernel/index.js'
import { WalletIcon } from '../components/WalletIcon.js'
import { useUi } from '../KitProvider.js'
import { useKit } from '../useKit.js'

/** Every wallet the kit knows, searchable (up to 100 results), in pages of 40 (§9). @internal */
export function AllWalletsView() {
  const { kit, t } = useUi()
  const connectors = useKit(selectListedConnectors, isStructurallyEqual)
  const [query, setQuery] = useState('')
  const [pages, setPages] = useState(1)
  const matches = connectors
    .filter((connector) => connector.name.toLowerCase().includes(query.trim().toLowerCase()))
    .slice(0, query ? LIMITS.walletSearchMaxResults : undefined)
  const shown = matches.slice(0, pages * LIMITS.walletPageSize)
  return (
    <div>
      <label className="gw-field">
        <span>{t('allWallets.search')}</span>
        <input
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setPages(1)
          }}
        />
      </label>
      {shown.length === 0 ? (
        <p className="gw-muted gw-center">{t('allWallets.none', { query })}</p>
      ) : null}
      {shown.map((connector) => (
        <button
          key={`${connector.chain}/${connector.id}`}
          type="button"
          className="gw-button"
          onClick={() => {
            kit.navigate('ConnectingExternal')
            kit
              .connect({ namespace: connector.chain, connectorId: connector.id })
              .catch(() => undefined)
          }}
        >
          <WalletIcon url={connector.imageUrl} />
          <span>{connector.name}</span>
        </button>
      ))}
      {matches.length > shown.length ? (
        <button type="button" className="gw-button" onClick={() => setPages(pages + 1)}>
          {t('allWallets.more')}
        </button>
      ) : null}
    </div>
  )
}
