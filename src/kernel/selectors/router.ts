import type { KitState } from '../state.js'
import type { ViewName } from '../views.js'
import { selectActiveAccount, selectIsAnyConnected } from './namespaces.js'

/**
 * The current view.
 * @example
 * import { selectView } from '@gangway/kit'
 * selectView(kit.getState()) // 'Connect'
 */
export function selectView(state: KitState): ViewName {
  return state.router.view
}

/**
 * Whether the kit has chain adapters (a plugin registered for some namespace). §2 rule 1 is about
 * a kit without any; with adapters the modal opens on Connect and lists what the visitor can use
 * (decision 0003, revised by issue #11).
 */
export function selectHasWalletAdapters(state: KitState): boolean {
  return state.namespaces.ids.length > 0
}

/**
 * The view `open` shows, by the §2 opening rules in their order:
 * 1. no wallet adapters and no connected address: AllWallets on mobile, ConnectingWalletConnectBasic on desktop;
 * 2. an explicitly requested view;
 * 3. a connected address: Account. With several families that is the active namespace's address:
 *    after the visitor picked a network of a family not connected yet, the button says Connect
 *    Wallet and the modal opens on Connect, not on another family's account;
 * 4. otherwise Connect.
 * @example
 * import { selectOpeningView } from '@gangway/kit'
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
  if (selectActiveAccount(state)?.caipAddress) return 'Account'
  return 'Connect'
}

/** The view the modal rests on when closed in embedded mode (§2). */
export function selectRestingView(state: KitState): ViewName {
  return selectActiveAccount(state)?.caipAddress ? 'Account' : 'Connect'
}
