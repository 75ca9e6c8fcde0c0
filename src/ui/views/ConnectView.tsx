'use client'
import { Suspense, useState } from 'react'
import {
  type Connector,
  type ConnectorListItem,
  isStructurallyEqual,
  selectCanBrowseAllWallets,
  selectConnectFamily,
  selectConnectMethodOrder,
  selectConnectorSections,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import { safeLinkUrl } from '../components/safeUrl.js'
import { WalletIcon } from '../components/WalletIcon.js'
import { useUi } from '../KitProvider.js'
import { useKit } from '../useKit.js'
import { useWalletPicker } from '../useWalletPicker.js'

/** The id a connector's shipped logo is filed under: WalletConnect's, or its registry id. */
const logoIdOf = (connector: Connector | undefined) =>
  connector?.id === WALLET_CONNECT_CONNECTOR_ID
    ? WALLET_CONNECT_CONNECTOR_ID
    : connector?.explorerId

function itemKey(item: Exclude<ConnectorListItem, { kind: 'getWallet' }>): {
  id: string
  name: string
  icon?: string
  namespace?: string
  walletId?: string
  logoId?: string
} {
  if (item.kind === 'registry') {
    // A registry wallet connects over the WalletConnect connector of its namespace.
    return {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: item.wallet.name,
      icon: item.wallet.imageUrl,
      namespace: item.namespace,
      walletId: item.wallet.id,
      logoId: item.wallet.id,
    }
  }
  if (item.kind === 'connector') {
    return {
      id: item.connector.id,
      name: item.connector.name,
      icon: item.connector.imageUrl,
      namespace: item.connector.namespace,
      logoId: logoIdOf(item.connector),
    }
  }
  if (item.kind === 'recent') {
    return {
      id: item.wallet.id,
      name: item.wallet.name,
      icon: item.connector?.imageUrl,
      namespace: item.connector?.namespace,
      logoId: logoIdOf(item.connector) ?? item.wallet.id,
    }
  }
  return {
    id: item.wallet.id,
    name: item.wallet.name,
    icon: item.wallet.imageUrl,
    logoId: item.wallet.id,
  }
}

/**
 * The email method inline: the embedded wallet feature's EmailLogin view, in the Connect view
 * (its code loads when Connect shows email); the button to that view while it loads or when no
 * feature registered it.
 */
function InlineEmail() {
  const { kit, t, views } = useUi()
  const button = (
    <button type="button" className="gw-button" onClick={() => kit.navigate('EmailLogin')}>
      {t('connect.methods.email')}
    </button>
  )
  const registered = views.get('EmailLogin')
  if (!registered) return button
  return (
    <Suspense fallback={button}>
      <registered.Component view="Connect" />
    </Suspense>
  )
}

/**
 * §2 Connect: methods in their order, then the wallet sections in §9 order. With §9
 * `emailShowWallets` off, a site offering email or social login shows its wallets behind one
 * button. @internal
 */
export function ConnectView() {
  const { kit, t } = useUi()
  const methods = useKit(selectConnectMethodOrder, isStructurallyEqual)
  const sections = useKit(selectConnectorSections, isStructurallyEqual)
  const hasAllWallets = useKit(selectCanBrowseAllWallets)
  const showsWallets = useKit((state) => state.options.features.emailShowWallets)
  const [isShowingWallets, setShowingWallets] = useState(false)
  const picker = useWalletPicker()
  // Connecting for a network the visitor picked in a family not connected yet: say which.
  const target = useKit((state) => {
    const family = selectConnectFamily(state)
    const networkId = state.router.network
    if (!family || !networkId) return null
    const network = state.namespaces.entities[family]?.caipNetworks.find(
      (candidate) => candidate.id === networkId,
    )
    return network ? { networkId, family, name: network.name } : null
  }, isStructurallyEqual)
  const familyName = (namespace: string) => {
    const name = t(`namespace.${namespace}`)
    return name === `namespace.${namespace}` ? namespace : name
  }
  const hidesWallets =
    !showsWallets && !isShowingWallets && methods.some((method) => method !== 'wallet')
  return (
    <div>
      {target ? (
        <p className="gw-muted gw-center" data-gangway="connect-for-network">
          {t('connect.forNetwork', { network: target.name, family: familyName(target.family) })}
        </p>
      ) : null}
      {methods.map((method) =>
        method === 'wallet' && hidesWallets ? (
          <button
            key="wallet"
            type="button"
            className="gw-button"
            onClick={() => setShowingWallets(true)}
          >
            {t('connect.methods.moreWallets')}
          </button>
        ) : method === 'email' ? (
          <InlineEmail key="email" />
        ) : method === 'wallet' ? (
          <div key="wallet">
            {sections.length === 0 ? (
              <p className="gw-muted gw-center">{t('connect.noWallets')}</p>
            ) : null}
            {sections.map((section) => (
              <section key={section.section} aria-label={t(`connect.section.${section.section}`)}>
                <h3 className="gw-section">{t(`connect.section.${section.section}`)}</h3>
                {section.items.map((item) => {
                  if (item.kind === 'getWallet') {
                    const href = safeLinkUrl(item.wallet.homepage)
                    return href ? (
                      <a
                        key={`${section.section}-${item.wallet.id}`}
                        className="gw-button"
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        <WalletIcon
                          url={item.wallet.imageUrl}
                          name={item.wallet.name}
                          walletId={item.wallet.id}
                        />
                        <span>{t('connect.getWallet', { wallet: item.wallet.name })}</span>
                      </a>
                    ) : null
                  }
                  const { id, name, icon, namespace, walletId, logoId } = itemKey(item)
                  return (
                    <button
                      key={`${section.section}-${walletId ?? id}`}
                      type="button"
                      className="gw-button"
                      disabled={!namespace}
                      {...picker.intentProps(
                        namespace ? { namespace, connectorId: id, walletId } : undefined,
                      )}
                      onClick={() =>
                        namespace &&
                        picker.pick({
                          namespace,
                          connectorId: id,
                          walletId,
                          ...(target?.family === namespace ? { networkId: target.networkId } : {}),
                        })
                      }
                    >
                      <WalletIcon url={icon} name={name} walletId={logoId} />
                      <span>{name}</span>
                    </button>
                  )
                })}
              </section>
            ))}
            {hasAllWallets ? (
              <button
                type="button"
                className="gw-button"
                onClick={() => kit.navigate('AllWallets')}
              >
                {t('connect.allWallets')}
              </button>
            ) : null}
          </div>
        ) : (
          <button
            key={method}
            type="button"
            className="gw-button"
            onClick={() => kit.navigate('ConnectingSocial')}
          >
            {t(`connect.methods.${method}`)}
          </button>
        ),
      )}
    </div>
  )
}
