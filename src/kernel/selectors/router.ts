import { WALLET_CONNECT_CONNECTOR_ID } from '../constants.js'
import type { KitState } from '../state.js'
import type { ViewName } from '../views.js'
import { selectActiveCaipAddress, selectIsAnyConnected } from './chains.js'

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

/** The views where SIWX may block closing (§4). */
const SIWX_SIGN_VIEWS: readonly ViewName[] = ['SIWXSignMessage', 'ConnectingSiwe']

/**
 * Whether the visitor may close the modal now. §4: closing is disabled in the sign views when SIWX
 * is required and the connected address has no session.
 * @example
 * import { selectCanClose } from 'gangway'
 * selectCanClose(kit.getState()) // true
 */
export function selectCanClose(state: KitState): boolean {
  if (!state.options.siwx?.required) return true
  if (!SIWX_SIGN_VIEWS.includes(state.router.view)) return true
  return selectHasSiwxSession(state)
}

/** Whether the active address has a SIWX session. */
export function selectHasSiwxSession(state: KitState): boolean {
  const address = selectActiveCaipAddress(state)
  if (!address) return false
  return state.siwx.sessions.some(
    (session) =>
      `${session.data.chainId}:${session.data.accountAddress}`.toLowerCase() ===
      address.toLowerCase(),
  )
}

/** The view the modal rests on when closed in embedded mode (§2). */
export function selectRestingView(state: KitState): ViewName {
  return selectIsAnyConnected(state) ? 'Account' : 'Connect'
}
