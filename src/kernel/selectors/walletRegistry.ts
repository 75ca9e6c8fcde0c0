import { type Namespace, namespaceOf } from '../caip.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../constants.js'
import { type Connector, connectorKey, type RegistryWallet } from '../domain.js'
import { BUILT_IN_WALLETS } from '../registry/builtInWallets.js'
import type { KitState } from '../state.js'

/**
 * The family the Connect view connects for: the family of the network the visitor picked in the
 * network list while another family is connected (`RouterState.network`); `null` when Connect
 * serves every family.
 * @example
 * import { selectConnectFamily } from '@gangway/kit'
 * selectConnectFamily(kit.getState()) // 'solana'
 */
export function selectConnectFamily(state: KitState): Namespace | null {
  const network = state.modal.isOpen ? state.router.network : undefined
  return network ? namespaceOf(network) : null
}

/**
 * The namespace a registry wallet connects in: the active namespace when it lists the
 * WalletConnect connector, else the first that does; `null` when none does (registry wallets are
 * then not offered, since nothing could connect them).
 * @example
 * import { selectWalletConnectNamespace } from '@gangway/kit'
 * selectWalletConnectNamespace(kit.getState()) // 'eip155'
 * @param state - the kit state.
 * @returns the namespace, or `null`.
 */
export function selectWalletConnectNamespace(state: KitState): Namespace | null {
  const has = (namespace: Namespace) =>
    Boolean(state.connectors.entities[connectorKey(namespace, WALLET_CONNECT_CONNECTOR_ID)])
  // Connect is for a picked network's family: only that family's WalletConnect can serve it.
  const target = selectConnectFamily(state)
  if (target) return has(target) ? target : null
  if (state.activeNamespace && has(state.activeNamespace)) return state.activeNamespace
  return state.namespaces.ids.find(has) ?? null
}

/**
 * Whether Connect offers "All wallets": the kit has the AllWallets view and a namespace that can
 * connect a registry wallet over WalletConnect. Without WalletConnect every entry there would be a
 * dead end, so the button is not offered (issue #11).
 */
export function selectCanBrowseAllWallets(state: KitState): boolean {
  return state.kit.views.includes('AllWallets') && selectWalletConnectNamespace(state) !== null
}

/** Whether the site's include and exclude lists let this registry wallet through. */
export function isRegistryWalletListed(state: KitState, wallet: RegistryWallet): boolean {
  const { includeWalletIds, excludeWalletIds } = state.options
  if (excludeWalletIds.includes(wallet.id)) return false
  return includeWalletIds.length === 0 || includeWalletIds.includes(wallet.id)
}

/**
 * A test for registry wallets that a connector already lists: the same EIP-6963 `rdns`, or the
 * connector's `explorerId` equal to the wallet's id. The announced wallet wins.
 * @example
 * import { selectListedConnectors, shadowedBy } from '@gangway/kit'
 * const isListedAlready = shadowedBy(selectListedConnectors(kit.getState()))
 * @param connectors - the listed connectors.
 * @returns the test.
 */
export function shadowedBy(connectors: readonly Connector[]): (wallet: RegistryWallet) => boolean {
  const rdns = new Set(connectors.flatMap((connector) => (connector.rdns ? [connector.rdns] : [])))
  const explorerIds = new Set(
    connectors.flatMap((connector) => (connector.explorerId ? [connector.explorerId] : [])),
  )
  return (wallet) => explorerIds.has(wallet.id) || (wallet.rdns ? rdns.has(wallet.rdns) : false)
}

/**
 * One registry or built-in wallet by id: what the registry sent, else the built-in entry.
 * @example
 * import { selectRegistryWallet } from '@gangway/kit'
 * selectRegistryWallet(kit.getState(), 'c57ca95b...')?.name // 'MetaMask'
 * @param state - the kit state.
 * @param id - the wallet's registry id.
 * @returns the wallet, or `undefined`.
 */
export function selectRegistryWallet(state: KitState, id: string): RegistryWallet | undefined {
  return state.walletCatalogue.wallets[id] ?? BUILT_IN_WALLETS.find((wallet) => wallet.id === id)
}

/**
 * The registry wallets to list, in order, include and exclude ids applied: the order a source
 * reported (the wallet registry's pages) once one did, else the built-in list (registry off,
 * unreachable, or still answering).
 * @example
 * import { selectRegistryWallets } from '@gangway/kit'
 * selectRegistryWallets(kit.getState()).map((wallet) => wallet.name)
 * @param state - the kit state.
 * @returns the wallets.
 */
export function selectRegistryWallets(state: KitState): RegistryWallet[] {
  const { listed, wallets: known } = state.walletCatalogue
  const wallets = listed
    ? listed.flatMap((id) => {
        const wallet = known[id]
        return wallet ? [wallet] : []
      })
    : BUILT_IN_WALLETS
  return wallets.filter((wallet) => isRegistryWalletListed(state, wallet))
}

/**
 * The registry wallet the visitor picked to connect over WalletConnect, for the connecting view
 * (its name and deep link): the one the connect that opened the view named.
 * @example
 * import { selectChosenWallet } from '@gangway/kit'
 * selectChosenWallet(kit.getState())?.mobileLink // 'metamask://'
 * @param state - the kit state.
 * @returns the wallet, or `null`.
 */
export function selectChosenWallet(state: KitState): RegistryWallet | null {
  return state.router.wallet
}
