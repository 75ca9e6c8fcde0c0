import { WALLET_CONNECT_CONNECTOR_ID } from '../constants.js'
import type { KitState } from '../state.js'
import type { ViewName } from '../views.js'
import { selectIsAnyConnected } from './namespaces.js'

/**
 * The current view.
 * @example
 * import { selectView } from 'gangway'
 * selectView(kit.getState()) // 'Connect'
 */
export function selectView(state: KitState): ViewName {
  return state.router.view
}

/**
 * Whether the site has wallet adapters of its own. Without any, WalletConnect is the only way in:
 * no registered connector other than WalletConnect exists (see docs/decisions/0003).
 */
export function selectHasWalletAdapters(state: KitState): boolean {
  return state.connectors.ids.some(
    (id) => state.connectors.entities[id]?.id !== WALLET_CONNECT_CONNECTOR_ID,
  )
}

/**
 * The view `open` shows, by the §2 opening rules in their order:
 * 1. no wallet adapters and no connected address: AllWallets on mobile, ConnectingWalletConnectBasic on desktop;
 * 2. an explicitly requested view;
 * 3. a connected address: Account;
 * 4. otherwise Connect.
 * @example
 * import { selectOpeningView } from 'gangway'
 * selectOpeningView(kit.getState(), undefined) // 'Connect'
 */
export function selectOpeningView(state: KitState, requested: ViewName | undefined): ViewName {
  const connected = selectIsAnyConnected(state)
  if (!selectHasWalletAdapters(state) && !connected) {
    const view =
      state.environment.device === 'mobile' ? 'AllWallets' : 'ConnectingWalletConnectBasic'
    // Those views are features'; a kit without them opens Connect, which lists what it has.
    if (state.kit.views.includes(view)) return view
  }
  if (requested) return requested
  if (connected) return 'Account'
  return 'Connect'
}

/** The view the modal rests on when closed in embedded mode (§2). */
export function selectRestingView(state: KitState): ViewName {
  return selectIsAnyConnected(state) ? 'Account' : 'Connect'
}
