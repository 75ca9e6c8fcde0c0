import type { Draft } from 'immer'
import { type CaipNetworkId, parseCaipAddress, toCaipAddress } from '../caip.js'
import type { AccountEntry } from '../domain.js'
import type { KitEvent } from '../events/types.js'
import { explorerLink } from '../rules/format.js'
import { isBalanceRetryBlocked } from '../rules/timing.js'
import {
  type AccountState,
  initialAccountState,
  type KitState,
  type NamespaceEntry,
} from '../state.js'
import { defineSliceReducer } from './defineSliceReducer.js'

type NamespacesDraft = Draft<Pick<KitState, 'namespaces' | 'activeNamespace'>>

type NamespaceDraft = Draft<NamespaceEntry>

/** §4 reset: status disconnected, every account field cleared, connector id removed. */
export function resetAccount(chain: NamespaceDraft): void {
  // A preference survives; the tab (Activity, say) belonged to the account that is gone.
  chain.accountState = initialAccountState(chain.accountState.preferredAccountType)
}

function explorerUrl(
  chain: NamespaceDraft,
  networkId: CaipNetworkId,
  address: string,
): string | null {
  const network = chain.caipNetworks.find((candidate) => candidate.id === networkId)
  const base = network?.blockExplorers?.[0]?.url
  return base ? explorerLink(base, 'address', address) : null
}

function sameAccounts(left: readonly AccountEntry[], right: readonly AccountEntry[]): boolean {
  return (
    left.length === right.length &&
    left.every(
      (entry, index) =>
        entry.caipAddress === right[index]?.caipAddress && entry.type === right[index]?.type,
    )
  )
}

/** Points the account at an address on a network, clearing what belonged to the old one. */
function setAddress(chain: NamespaceDraft, networkId: CaipNetworkId, address: string): void {
  const account = chain.accountState as Draft<AccountState>
  const caipAddress = toCaipAddress(networkId, address)
  if (account.caipAddress === caipAddress) return
  const sameAddress = account.address === address
  account.caipAddress = caipAddress
  account.address = address
  account.addressExplorerUrl = explorerUrl(chain, networkId, address)
  // Balances belong to an address on a network; the profile only to the address.
  account.balance = null
  account.balanceSymbol = null
  account.tokenBalance = []
  account.balanceFailedAt = null
  if (!sameAddress) {
    account.profileName = null
    account.profileImage = null
  }
}

function activateFallback(draft: NamespacesDraft): void {
  const active = draft.activeNamespace
  if (active && draft.namespaces.entities[active]?.accountState.status === 'connected') return
  const connected = draft.namespaces.ids.find(
    (id) => draft.namespaces.entities[id]?.accountState.status === 'connected',
  )
  if (connected) draft.activeNamespace = connected
}

/**
 * Whether a reconnect after reload may make its namespace the active one. The namespace the
 * visitor last used (restored as active) stays active while its own reconnect is still under way,
 * whatever order the reconnects finish in; only when it is neither connected nor reconnecting does
 * another namespace's reconnect take over.
 */
function silentReconnectMayActivate(
  draft: NamespacesDraft,
  root: KitState,
  namespace: string,
): boolean {
  const active = draft.activeNamespace
  if (!active || active === namespace) return true
  if (draft.namespaces.entities[active]?.accountState.status === 'connected') return false
  const reconnecting = Object.values(root.operations.pending).some(
    (operation) => operation.type === 'connection' && operation.namespace === active,
  )
  return !reconnecting
}

function reduceChains(draft: NamespacesDraft, event: KitEvent, root: KitState): void {
  const chainOf = (namespace: string) => draft.namespaces.entities[namespace]
  switch (event.type) {
    case 'namespace/registered': {
      const { payload } = event
      if (chainOf(payload.namespace)) return
      const preferred = root.options.defaultAccountTypes[payload.namespace]
      const accountType =
        preferred && payload.accountTypes.supported.includes(preferred)
          ? preferred
          : payload.accountTypes.default
      draft.namespaces.ids.push(payload.namespace)
      draft.namespaces.entities[payload.namespace] = {
        namespace: payload.namespace,
        caipNetworks: payload.networks,
        networkState: {
          caipNetworkId: payload.defaultNetworkId,
          supportsAllNetworks: false,
          smartAccountEnabledNetworks: payload.smartAccountNetworkIds,
          approvedCaipNetworkIds: [],
          requestedCaipNetworks: payload.networks.map((network) => network.id),
        },
        accountState: initialAccountState(accountType),
        accountTypes: payload.accountTypes,
        nativeTokenAddress: payload.nativeTokenAddress,
        capabilities: payload.capabilities,
      }
      draft.activeNamespace ??= payload.namespace
      return
    }
    case 'storage/restored': {
      const { networkIds = {}, accountTypes = {}, activeNamespace } = event.payload
      for (const [namespace, networkId] of Object.entries(networkIds)) {
        const chain = chainOf(namespace)
        // Foreign data (a network this site no longer configures) is ignored, not trusted.
        if (chain?.caipNetworks.some((network) => network.id === networkId)) {
          chain.networkState.caipNetworkId = networkId
        }
      }
      for (const [namespace, accountType] of Object.entries(accountTypes)) {
        const chain = chainOf(namespace)
        if (chain?.accountTypes.supported.includes(accountType)) {
          chain.accountState.preferredAccountType = accountType
        }
      }
      if (activeNamespace && chainOf(activeNamespace)) draft.activeNamespace = activeNamespace
      return
    }
    case 'connection/succeeded': {
      const { payload } = event
      const chain = chainOf(payload.namespace)
      const parsed = parseCaipAddress(payload.caipAddress)
      if (!chain || !parsed) return
      chain.accountState.status = 'connected'
      chain.accountState.connectorId = payload.connectorId
      chain.networkState.caipNetworkId = payload.networkId
      if (!chain.networkState.approvedCaipNetworkIds.includes(payload.networkId)) {
        chain.networkState.approvedCaipNetworkIds.push(payload.networkId)
      }
      setAddress(chain, payload.networkId, parsed.address)
      chain.accountState.allAccounts = payload.accounts
      chain.accountState.connectedWalletInfo = payload.walletInfo ?? null
      if (!payload.silent || silentReconnectMayActivate(draft, root, payload.namespace)) {
        draft.activeNamespace = payload.namespace
      }
      return
    }
    case 'connection/failed': {
      // The namespace the visitor last used could not come back: another connected one takes over.
      if (event.payload.namespace === draft.activeNamespace) activateFallback(draft)
      return
    }
    case 'account/changed': {
      const { payload } = event
      const chain = chainOf(payload.namespace)
      const parsed = parseCaipAddress(payload.caipAddress)
      if (!chain || !parsed || chain.accountState.status !== 'connected') return
      setAddress(chain, parsed.networkId, parsed.address)
      if (parsed.networkId !== chain.networkState.caipNetworkId) {
        chain.networkState.caipNetworkId = parsed.networkId
      }
      if (payload.accounts && !sameAccounts(chain.accountState.allAccounts, payload.accounts)) {
        chain.accountState.allAccounts = payload.accounts
      }
      return
    }
    case 'network/changed':
    case 'networkSwitch/succeeded': {
      const networkId = event.payload.networkId
      const namespace = networkId.slice(0, networkId.indexOf(':'))
      const chain = chainOf(namespace)
      if (!chain) return
      if (chain.networkState.caipNetworkId !== networkId) {
        chain.networkState.caipNetworkId = networkId
      }
      const address = chain.accountState.address
      if (chain.accountState.status === 'connected' && address) {
        setAddress(chain, networkId, address)
        if (!chain.networkState.approvedCaipNetworkIds.includes(networkId)) {
          chain.networkState.approvedCaipNetworkIds.push(networkId)
        }
      }
      if (event.type === 'networkSwitch/succeeded') draft.activeNamespace = namespace
      return
    }
    case 'wallet/disconnected': {
      const chain = chainOf(event.payload.namespace)
      if (!chain || chain.accountState.status === 'disconnected') return
      resetAccount(chain)
      activateFallback(draft)
      return
    }
    case 'disconnection/succeeded': {
      for (const namespace of event.payload.namespaces) {
        const chain = chainOf(namespace)
        if (chain && chain.accountState.status !== 'disconnected') resetAccount(chain)
      }
      activateFallback(draft)
      return
    }
    case 'namespace/activated': {
      if (chainOf(event.payload.namespace)) draft.activeNamespace = event.payload.namespace
      return
    }
    case 'modal/opened': {
      const namespace = event.payload.namespace
      if (namespace && chainOf(namespace)) draft.activeNamespace = namespace
      return
    }
    case 'accountType/changed': {
      const chain = chainOf(event.payload.namespace)
      if (chain?.accountTypes.supported.includes(event.payload.accountType)) {
        chain.accountState.preferredAccountType = event.payload.accountType
      }
      return
    }
    case 'account/tabSelected': {
      const chain = draft.activeNamespace ? chainOf(draft.activeNamespace) : undefined
      if (chain) chain.accountState.currentTab = event.payload.tab
      return
    }
    case 'account/profileResolved': {
      const { payload } = event
      const chain = chainOf(payload.namespace)
      if (!chain || chain.accountState.caipAddress !== payload.caipAddress) return
      chain.accountState.profileName = payload.profileName
      chain.accountState.profileImage = payload.profileImage
      return
    }
    case 'account/socialProviderChanged': {
      const chain = chainOf(event.payload.namespace)
      if (!chain) return
      chain.accountState.socialProvider = event.payload.provider
      chain.accountState.isSocialWindowOpen = event.payload.isWindowOpen
      return
    }
    case 'account/farcasterUrlChanged': {
      const chain = chainOf(event.payload.namespace)
      if (chain) chain.accountState.farcasterUrl = event.payload.url
      return
    }
    case 'balance/succeeded': {
      const { payload } = event
      const chain = chainOf(payload.namespace)
      if (!chain || chain.accountState.caipAddress !== payload.caipAddress) return
      chain.accountState.balance = payload.balance
      chain.accountState.balanceSymbol = payload.symbol
      // §5: tokens with 0 decimals are filtered out of balances.
      chain.accountState.tokenBalance = payload.tokens.filter(
        (token) => token.quantity.decimals !== '0',
      )
      chain.accountState.balanceFailedAt = null
      return
    }
    case 'balance/failed': {
      const { payload } = event
      const chain = chainOf(payload.namespace)
      if (!chain || chain.accountState.caipAddress !== payload.caipAddress) return
      // A read replaced by a newer one did not fail: no retry block, nothing to tell the visitor.
      if (payload.error.code === 'CANCELLED') return
      // A blocked retry reports failure too; it must not extend the 30 s window.
      if (!isBalanceRetryBlocked(chain.accountState.balanceFailedAt, event.meta.at)) {
        chain.accountState.balanceFailedAt = event.meta.at
      }
      return
    }
    case 'router/wentBack': {
      // §2: backing out of the Farcaster view while disconnected clears the Farcaster url. The
      // router reducer runs after this one, so `root.router` is still the view being left.
      if (root.router.view !== 'ConnectingFarcaster') return
      if (draft.namespaces.ids.some((id) => chainOf(id)?.accountState.caipAddress)) return
      for (const id of draft.namespaces.ids) {
        const chain = chainOf(id)
        if (chain?.accountState.farcasterUrl) chain.accountState.farcasterUrl = null
      }
      return
    }
    default:
      return
  }
}

/**
 * Chain entries keyed by namespace: networks, network state and account state (§3, §4, §6), and
 * which namespace is active. An event that does not concern a registered namespace changes nothing.
 */
export const namespacesReducer = defineSliceReducer({
  keys: ['namespaces', 'activeNamespace'],
  handles: [
    'namespace/registered',
    'storage/restored',
    'connection/succeeded',
    'connection/failed',
    'account/changed',
    'network/changed',
    'networkSwitch/succeeded',
    'wallet/disconnected',
    'disconnection/succeeded',
    'namespace/activated',
    'modal/opened',
    'accountType/changed',
    'account/tabSelected',
    'account/profileResolved',
    'account/socialProviderChanged',
    'account/farcasterUrlChanged',
    'balance/succeeded',
    'balance/failed',
    'router/wentBack',
  ],
  recipe: reduceChains,
})
