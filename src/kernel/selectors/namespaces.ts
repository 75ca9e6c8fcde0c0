import type { CaipAddress, CaipNetworkId, Namespace } from '../caip.js'
import type { AccountType } from '../constants.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../constants.js'
import { connectorKey, type NetworkDescriptor } from '../domain.js'
import type { AccountState, ConnectionStatus, KitState, NamespaceEntry } from '../state.js'

/**
 * The namespace the visitor is using now.
 * @example
 * import { selectActiveNamespace } from '@gangway/kit'
 * const namespace = selectActiveNamespace(kit.getState())
 */
export function selectActiveNamespace(state: KitState): Namespace | null {
  return state.activeNamespace
}

/** The chain entry of a namespace, if registered. */
export function selectNamespaceEntry(
  state: KitState,
  namespace: Namespace,
): NamespaceEntry | undefined {
  return state.namespaces.entities[namespace]
}

/** The chain entry of the active namespace. */
export function selectActiveNamespaceEntry(state: KitState): NamespaceEntry | undefined {
  return state.activeNamespace === null
    ? undefined
    : state.namespaces.entities[state.activeNamespace]
}

/** The account state of the active namespace. */
export function selectActiveAccount(state: KitState): AccountState | undefined {
  return selectActiveNamespaceEntry(state)?.accountState
}

/** The active network as a descriptor and whether the namespace's plugin serves it. */
export interface ActiveNetwork {
  readonly id: CaipNetworkId
  readonly descriptor: NetworkDescriptor | undefined
  readonly isSupported: boolean
}

/** The network a namespace is on, and whether it is one of its configured networks. */
export function selectNetworkOf(state: KitState, namespace: Namespace): ActiveNetwork | undefined {
  const chain = state.namespaces.entities[namespace]
  const id = chain?.networkState.caipNetworkId
  if (!chain || !id) return undefined
  const descriptor = chain.caipNetworks.find((network) => network.id === id)
  return {
    id,
    descriptor,
    isSupported: descriptor !== undefined || chain.networkState.supportsAllNetworks,
  }
}

/**
 * The active network of the active namespace.
 * @example
 * import { selectActiveNetwork } from '@gangway/kit'
 * selectActiveNetwork(kit.getState())?.descriptor?.name
 */
export function selectActiveNetwork(state: KitState): ActiveNetwork | undefined {
  return state.activeNamespace === null ? undefined : selectNetworkOf(state, state.activeNamespace)
}

/**
 * The CAIP-10 address of the active namespace, or `null` when it is not connected.
 * @example
 * import { selectActiveCaipAddress } from '@gangway/kit'
 * selectActiveCaipAddress(kit.getState()) // 'eip155:1:0x…' or null
 */
export function selectActiveCaipAddress(state: KitState): CaipAddress | null {
  return selectActiveAccount(state)?.caipAddress ?? null
}

/**
 * The connection status of the active namespace.
 * @example
 * import { selectConnectionStatus } from '@gangway/kit'
 * selectConnectionStatus(kit.getState()) // 'disconnected'
 */
export function selectConnectionStatus(state: KitState): ConnectionStatus {
  return state.activeNamespace === null
    ? 'disconnected'
    : selectAccountStatus(state, state.activeNamespace)
}

/**
 * The connect in flight in a namespace (the latest, when a newer replaced an older): its connector.
 * @example
 * import { selectPendingConnection } from '@gangway/kit'
 * selectPendingConnection(kit.getState(), 'eip155')?.connectorId // 'io.metamask'
 * @param state - the kit state.
 * @param namespace - the namespace.
 * @returns the pending connect, or `null`.
 */
export function selectPendingConnection(
  state: KitState,
  namespace: Namespace,
): { readonly connectorId: string } | null {
  let found: { readonly connectorId: string } | null = null
  for (const operation of Object.values(state.operations.pending)) {
    if (
      operation.type === 'connection' &&
      operation.namespace === namespace &&
      operation.connectorId
    )
      found = { connectorId: operation.connectorId }
  }
  return found
}

/**
 * §4 connection status of one namespace: connected, connecting (a connect in flight), or
 * disconnected.
 * @example
 * import { selectAccountStatus } from '@gangway/kit'
 * selectAccountStatus(kit.getState(), 'solana') // 'disconnected'
 * @param state - the kit state.
 * @param namespace - the namespace.
 * @returns the status.
 */
export function selectAccountStatus(state: KitState, namespace: Namespace): ConnectionStatus {
  const account = state.namespaces.entities[namespace]?.accountState
  if (account?.status === 'connected') return 'connected'
  return account && selectPendingConnection(state, namespace) ? 'connecting' : 'disconnected'
}

/** The namespaces connected now, in registration order. */
export function selectConnectedNamespaces(state: KitState): Namespace[] {
  return state.namespaces.ids.filter(
    (id) => state.namespaces.entities[id]?.accountState.status === 'connected',
  )
}

/** Whether any namespace has a connected address. */
export function selectIsAnyConnected(state: KitState): boolean {
  return state.namespaces.ids.some((id) => state.namespaces.entities[id]?.accountState.caipAddress)
}

/**
 * The account type in force for a namespace: its preference, except that a smart account falls
 * back to `eoa` on a network where smart accounts are not enabled (§6), and that a connected
 * wallet offering no account of the preferred type keeps the type of its current account.
 * @example
 * import { selectEffectiveAccountType } from '@gangway/kit'
 * selectEffectiveAccountType(kit.getState(), 'eip155') // 'smartAccount' or 'eoa'
 */
export function selectEffectiveAccountType(
  state: KitState,
  namespace: Namespace,
): AccountType | undefined {
  const chain = state.namespaces.entities[namespace]
  if (!chain) return undefined
  const { preferredAccountType: preferred, allAccounts, caipAddress } = chain.accountState
  // A connected wallet decides what it is: an account it reports as eoa is never treated as a
  // smart account (which would skip the gas check with nobody to pay the gas).
  const current = allAccounts.find((entry) => entry.caipAddress === caipAddress)?.type
  if (current !== undefined && current !== preferred) {
    const offered = allAccounts.some((entry) => entry.type === preferred)
    if (!offered) return current
  }
  if (preferred !== 'smartAccount') return preferred
  const networkId = chain.networkState.caipNetworkId
  const enabled =
    networkId !== null && chain.networkState.smartAccountEnabledNetworks.includes(networkId)
  return enabled ? 'smartAccount' : 'eoa'
}

/**
 * The namespaces a disconnect takes down: one namespace, or all; WalletConnect and auth connectors
 * take their peers (§4 disconnect, step 2).
 * @example
 * import { selectDisconnectTargets } from '@gangway/kit'
 * selectDisconnectTargets(kit.getState(), 'eip155') // ['eip155', 'solana'] over one WalletConnect session
 * @param state - the kit state.
 * @param namespace - the namespace asked for; all when `undefined`.
 * @returns the namespaces.
 */
export function selectDisconnectTargets(state: KitState, namespace: string | undefined): string[] {
  const connected = state.namespaces.ids.filter(
    (id) => state.namespaces.entities[id]?.accountState.status !== 'disconnected',
  )
  if (namespace === undefined) return connected
  const connectorId = state.namespaces.entities[namespace]?.accountState.connectorId
  if (!connectorId) return []
  const isShared =
    connectorId === WALLET_CONNECT_CONNECTOR_ID ||
    state.connectors.entities[connectorKey(namespace, connectorId)]?.type === 'AUTH'
  if (!isShared) return [namespace]
  return connected.filter(
    (id) => state.namespaces.entities[id]?.accountState.connectorId === connectorId,
  )
}

/** One family's group in the network picker. */
export interface NetworkGroup {
  /** The namespace (`eip155`, `solana`, ...). */
  readonly namespace: Namespace
  /**
   * The network marked current: the namespace's network when it is the active one or connected;
   * `null` for a family the visitor is not using, whose remembered network means nothing to them.
   */
  readonly current: CaipNetworkId | null
  /** Its configured networks, in the site's order, with what their icons are drawn from. */
  readonly networks: readonly {
    readonly id: CaipNetworkId
    readonly name: string
    /** The native currency's symbol. */
    readonly currency: string
    readonly iconUrl?: string
  }[]
  /**
   * Whether picking one of its networks first asks for a wallet of this family: it is not
   * connected while another family is, so switching to it would leave the visitor with no
   * account in use (the network list opens Connect for it instead).
   */
  readonly needsWallet: boolean
}

/**
 * The network picker's groups, one per namespace in registration order (Networks and
 * UnsupportedChain show them).
 * @example
 * import { selectNetworkGroups } from '@gangway/kit'
 * selectNetworkGroups(kit.getState()).map((group) => group.namespace) // ['eip155', 'solana']
 */
export function selectNetworkGroups(state: KitState): NetworkGroup[] {
  const anyConnected = selectIsAnyConnected(state)
  return state.namespaces.ids.map((namespace) => {
    const entry = state.namespaces.entities[namespace]
    const connected = entry?.accountState.status === 'connected'
    const inUse = namespace === state.activeNamespace || connected
    return {
      namespace,
      current: inUse ? (entry?.networkState.caipNetworkId ?? null) : null,
      networks: (entry?.caipNetworks ?? []).map((network) => ({
        id: network.id,
        name: network.name,
        currency: network.nativeCurrency.symbol,
        ...(network.iconUrl ? { iconUrl: network.iconUrl } : {}),
      })),
      needsWallet: anyConnected && !connected,
    }
  })
}
