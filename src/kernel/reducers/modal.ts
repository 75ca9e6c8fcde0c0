import type { Draft } from 'immer'
import type { KitEvent } from '../events/types.js'
import { selectActiveNetwork, selectIsAnyConnected } from '../selectors/chains.js'
import { selectHasSiwxSession, selectOpeningView, selectRestingView } from '../selectors/router.js'
import type { KitState } from '../state.js'
import type { View } from '../views.js'

type StateDraft = Draft<KitState>

const SEND_VIEWS: readonly View[] = ['Send', 'SendSelectToken', 'SendPreview']

function resetRouter(draft: StateDraft, view: View): void {
  if (draft.router.view === view && draft.router.history.length === 1) return
  draft.router.view = view
  draft.router.history = [view]
}

/** §2 close: an embedded modal goes to Account when connected, else Connect; a floating one closes. */
function closeModal(draft: StateDraft): void {
  if (draft.options.enableEmbedded) {
    resetRouter(draft, selectRestingView(draft as KitState))
    return
  }
  draft.modal.isOpen = false
  draft.modal.isShaking = false
}

function push(draft: StateDraft, view: View): void {
  if (draft.router.view === view) return
  draft.router.history.push(view)
  draft.router.view = view
}

function isUnsupportedShown(draft: StateDraft): boolean {
  return draft.router.history.includes('UnsupportedChain')
}

/**
 * §2: an unsupported network opens UnsupportedChain unless unsupported chains are allowed or basic
 * WalletConnect mode is on; once the network is supported again the view goes away.
 */
function applyNetworkSupport(draft: StateDraft): void {
  const network = selectActiveNetwork(draft as KitState)
  const { allowUnsupportedChain, walletConnectBasic } = draft.options
  if (network && !network.isSupported && !allowUnsupportedChain && !walletConnectBasic) {
    if (draft.modal.isOpen) push(draft, 'UnsupportedChain')
    else {
      draft.modal.isOpen = true
      resetRouter(draft, 'UnsupportedChain')
    }
    return
  }
  if (draft.modal.isOpen && isUnsupportedShown(draft)) closeModal(draft)
}

function afterDisconnect(draft: StateDraft, namespaces: readonly string[]): void {
  if (!namespaces.some((namespace) => draft.chains.entities[namespace])) return
  if (selectIsAnyConnected(draft as KitState)) {
    if (isUnsupportedShown(draft)) applyNetworkSupport(draft)
    return
  }
  if (draft.modal.isOpen) closeModal(draft)
  resetRouter(draft, 'Connect')
}

/**
 * Modal flags and the router (§2 opening, back and close rules; §4 modal, SIWX). Runs after the
 * chains reducer, so it sees the account state an event produced.
 */
export function modalReducer(draft: StateDraft, event: KitEvent): void {
  switch (event.type) {
    case 'modal/opened': {
      resetRouter(draft, selectOpeningView(draft as KitState, event.payload.view))
      draft.modal.isOpen = true
      return
    }
    case 'modal/closed':
      if (draft.modal.isOpen) closeModal(draft)
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
    case 'router/pushed':
      push(draft, event.payload.view)
      return
    case 'router/replaced':
      draft.router.history[draft.router.history.length - 1] = event.payload.view
      draft.router.view = event.payload.view
      return
    case 'router/reset':
      resetRouter(draft, event.payload.view)
      return
    case 'router/wentBack': {
      if (draft.router.history.length <= 1 || isUnsupportedShown(draft)) {
        closeModal(draft)
        return
      }
      draft.router.history.pop()
      draft.router.view = draft.router.history[draft.router.history.length - 1] ?? 'Connect'
      return
    }
    case 'connection/succeeded': {
      if (!draft.chains.entities[event.payload.namespace]) return
      // §4 SIWX: after connect, sign in unless a session exists.
      if (draft.options.siwx && !selectHasSiwxSession(draft as KitState)) {
        draft.modal.isOpen = true
        resetRouter(draft, 'SIWXSignMessage')
        return
      }
      const network = selectActiveNetwork(draft as KitState)
      if (network && !network.isSupported) {
        applyNetworkSupport(draft)
        return
      }
      if (draft.modal.isOpen) closeModal(draft)
      return
    }
    case 'siwx/sessionAdded':
      // §4: sign success closes the modal.
      if (
        draft.modal.isOpen &&
        draft.router.view === 'SIWXSignMessage' &&
        selectHasSiwxSession(draft as KitState)
      ) {
        closeModal(draft)
      }
      return
    case 'chain/changed':
    case 'namespace/activated':
    case 'account/changed':
      applyNetworkSupport(draft)
      return
    case 'networkSwitch/succeeded': {
      if (draft.router.view === 'Networks' && draft.router.history.length > 1) {
        draft.router.history.pop()
        draft.router.view = draft.router.history[draft.router.history.length - 1] ?? 'Connect'
      }
      applyNetworkSupport(draft)
      return
    }
    case 'wallet/disconnected':
      afterDisconnect(draft, [event.payload.namespace])
      return
    case 'disconnection/succeeded':
      afterDisconnect(draft, event.payload.namespaces)
      return
    case 'send/succeeded':
      // §4 send flow: after the transaction is sent the visitor is back on the account.
      if (draft.modal.isOpen && SEND_VIEWS.includes(draft.router.view))
        resetRouter(draft, 'Account')
      return
    case 'snack/shown':
      draft.snack.isOpen = true
      draft.snack.message = event.payload.message
      draft.snack.variant = event.payload.variant
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
