import type { Draft } from 'immer'
import { WALLET_CONNECT_CONNECTOR_ID } from '../constants.js'
import type { KitEvent } from '../events/types.js'
import type { RouteCommand } from '../featureHost/types.js'
import { selectActiveNetwork, selectIsAnyConnected } from '../selectors/namespaces.js'
import { selectOpeningView, selectRestingView } from '../selectors/router.js'
import type { KitState } from '../state.js'
import type { ViewName } from '../views.js'
import { defineSliceReducer } from './defineSliceReducer.js'

type StateDraft = Draft<Pick<KitState, 'modal' | 'router' | 'snack' | 'alert'>>

/** The part of the state a router rule moves: the modal flags and the router. */
export type RouterDraft = Draft<Pick<KitState, 'modal' | 'router'>>

/** The network a Connect view was opened for belongs to that visit of it (see `RouterState`). */
function clearNetwork(draft: RouterDraft): void {
  if (draft.router.network !== undefined) delete draft.router.network
}

function resetRouter(draft: RouterDraft, view: ViewName): void {
  if (draft.router.wallet !== null) draft.router.wallet = null
  clearNetwork(draft)
  if (draft.router.view === view && draft.router.history.length === 1) return
  draft.router.view = view
  draft.router.history = [view]
}

/** §2 close: an embedded modal goes to Account when connected, else Connect; a floating one closes. */
function closeModal(draft: RouterDraft, root: KitState): void {
  if (root.options.embedded) {
    resetRouter(draft, selectRestingView(root))
    return
  }
  draft.modal.isOpen = false
  draft.modal.isShaking = false
  clearNetwork(draft)
}

function push(draft: RouterDraft, view: ViewName): void {
  if (draft.router.view === view) return
  // The wallet belongs to the view it was picked for.
  if (draft.router.wallet !== null) draft.router.wallet = null
  draft.router.history.push(view)
  draft.router.view = view
}

function isUnsupportedShown(draft: RouterDraft): boolean {
  return draft.router.history.includes('UnsupportedChain')
}

/**
 * §2: an unsupported network opens UnsupportedChain unless unsupported chains are allowed or basic
 * WalletConnect mode is on; once the network is supported again the view goes away.
 */
function applyNetworkSupport(draft: StateDraft, root: KitState): void {
  const network = selectActiveNetwork(root)
  const { allowUnsupportedNetworks, walletConnectBasic } = root.options
  if (network && !network.isSupported && !allowUnsupportedNetworks && !walletConnectBasic) {
    if (draft.modal.isOpen) push(draft, 'UnsupportedChain')
    else {
      draft.modal.isOpen = true
      resetRouter(draft, 'UnsupportedChain')
    }
    return
  }
  if (draft.modal.isOpen && isUnsupportedShown(draft)) closeModal(draft, root)
}

function afterDisconnect(draft: StateDraft, root: KitState, namespaces: readonly string[]): void {
  if (!namespaces.some((namespace) => root.namespaces.entities[namespace])) return
  if (selectIsAnyConnected(root)) {
    if (isUnsupportedShown(draft)) applyNetworkSupport(draft, root)
    return
  }
  if (draft.modal.isOpen) closeModal(draft, root)
  resetRouter(draft, 'Connect')
}

/**
 * Carries out a feature's router rule (see `RouteRule`), with the same §2 close rule as the core.
 * @internal
 */
export function applyRouteCommand(draft: RouterDraft, command: RouteCommand, root: KitState): void {
  if ('push' in command) push(draft, command.push as ViewName)
  else if ('reset' in command) resetRouter(draft, command.reset as ViewName)
  else if ('open' in command) {
    draft.modal.isOpen = true
    resetRouter(draft, command.open as ViewName)
  } else if ('back' in command) {
    if (draft.modal.isOpen) goBack(draft, root)
  } else if (draft.modal.isOpen) closeModal(draft, root)
}

/** §2 back: the view under the top one, or the modal closes (always, over UnsupportedChain). */
function goBack(draft: RouterDraft, root: KitState): void {
  if (draft.router.history.length <= 1 || isUnsupportedShown(draft)) {
    closeModal(draft, root)
    return
  }
  const left = draft.router.history.pop()
  draft.router.view = draft.router.history[draft.router.history.length - 1] ?? 'Connect'
  if (draft.router.wallet !== null) draft.router.wallet = null
  if (left === 'Connect') clearNetwork(draft)
}

function reduceModal(draft: StateDraft, event: KitEvent, root: KitState): void {
  switch (event.type) {
    case 'kit/configured':
      // An embedded modal is part of the page: always shown, it only moves between views.
      if (event.payload.options.embedded) draft.modal.isOpen = true
      return
    case 'modal/opened': {
      resetRouter(draft, selectOpeningView(root, event.payload.view))
      draft.modal.isOpen = true
      return
    }
    case 'modal/closed':
      if (draft.modal.isOpen) closeModal(draft, root)
      return
    case 'modal/loadingChanged':
      draft.modal.isLoading = event.payload.isLoading
      return
    case 'modal/shakeStarted':
      draft.modal.isShaking = true
      return
    case 'modal/shakeEnded':
      draft.modal.isShaking = false
      return
    case 'router/pushed': {
      const { view, networkId } = event.payload
      push(draft, view)
      // Only a configured network of a family the kit has: anything else connects as usual.
      const namespace = networkId?.slice(0, networkId.indexOf(':'))
      const known =
        networkId &&
        namespace &&
        root.namespaces.entities[namespace]?.caipNetworks.some(
          (network) => network.id === networkId,
        )
      if (view === 'Connect' && known) draft.router.network = networkId
      return
    }
    case 'router/replaced':
      if (draft.router.view !== event.payload.view && draft.router.wallet !== null)
        draft.router.wallet = null
      draft.router.history[draft.router.history.length - 1] = event.payload.view
      draft.router.view = event.payload.view
      return
    case 'router/reset':
      resetRouter(draft, event.payload.view)
      return
    case 'router/wentBack':
      goBack(draft, root)
      return
    case 'connection/requested': {
      // The visitor picked a wallet in the open modal: its connecting view shows the progress
      // (a reconnect after reload, or a connect made from the site's own UI, moves nothing).
      if (event.payload.silent || !draft.modal.isOpen) return
      if (!root.namespaces.entities[event.payload.namespace]) return
      const view =
        event.payload.connectorId === WALLET_CONNECT_CONNECTOR_ID
          ? 'ConnectingWalletConnect'
          : 'ConnectingExternal'
      // The WalletConnect views are a feature's; without it there is nothing to show.
      if (draft.router.view === 'ConnectingWalletConnectBasic' || !root.kit.views.includes(view))
        return
      const { wallet } = event.payload
      if (draft.router.view !== view) {
        push(draft, view)
        draft.router.wallet = wallet ?? null
      } else if (wallet) {
        // A retry or a fresh pairing keeps the wallet the view is about; a new pick replaces it.
        draft.router.wallet = wallet
      }
      return
    }
    case 'connection/succeeded': {
      if (!root.namespaces.entities[event.payload.namespace]) return
      const network = selectActiveNetwork(root)
      if (network && !network.isSupported) {
        applyNetworkSupport(draft, root)
        return
      }
      if (draft.modal.isOpen) closeModal(draft, root)
      return
    }
    case 'network/changed':
    case 'namespace/activated':
    case 'account/changed':
      applyNetworkSupport(draft, root)
      return
    case 'networkSwitch/succeeded': {
      // One rule wherever the picker was opened from: once a network is picked, the picker goes
      // away (back to the view under it, or closed when it was opened on its own).
      if (draft.router.view === 'Networks') {
        if (draft.router.history.length > 1) {
          draft.router.history.pop()
          draft.router.view = draft.router.history[draft.router.history.length - 1] ?? 'Connect'
        } else if (draft.modal.isOpen) {
          closeModal(draft, root)
        }
      }
      applyNetworkSupport(draft, root)
      return
    }
    case 'wallet/disconnected':
      afterDisconnect(draft, root, [event.payload.namespace])
      return
    case 'disconnection/succeeded':
      afterDisconnect(draft, root, event.payload.namespaces)
      return
    case 'snack/shown':
      draft.snack = {
        isOpen: true,
        variant: event.payload.variant,
        code: event.payload.code ?? null,
        text: event.payload.text ?? null,
        params: event.payload.params ?? null,
      }
      return
    case 'snack/hidden':
      draft.snack.isOpen = false
      return
    case 'alert/shown':
      draft.alert = { message: event.payload.message }
      return
    case 'alert/dismissed':
      draft.alert = null
      return
    default:
      return
  }
}

/**
 * Modal flags, the router, snack and alert (§2 opening, back and close rules; §4 modal).
 * Runs last, so it sees the account state an event produced.
 */
export const modalReducer = defineSliceReducer({
  keys: ['modal', 'router', 'snack', 'alert'],
  handles: [
    'kit/configured',
    'modal/opened',
    'modal/closed',
    'modal/loadingChanged',
    'modal/shakeStarted',
    'modal/shakeEnded',
    'router/pushed',
    'router/replaced',
    'router/reset',
    'router/wentBack',
    'connection/requested',
    'connection/succeeded',
    'network/changed',
    'namespace/activated',
    'account/changed',
    'networkSwitch/succeeded',
    'wallet/disconnected',
    'disconnection/succeeded',
    'snack/shown',
    'snack/hidden',
    'alert/shown',
    'alert/dismissed',
  ],
  recipe: reduceModal,
})
