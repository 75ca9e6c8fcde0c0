import type { FeatureSlice, KitEvent, KitState, RouteRule } from '../../kernel/index.js'
import type { FrameUser } from '../../services/gangway/embeddedWalletProtocol.js'
import { UPDATE_EMAIL_VIEWS } from './feature.js'

/** The embedded wallet's state: the email login in progress and the §3 user per namespace. */
export interface EmbeddedWalletState {
  /** The email a code was last asked for. */
  email: string | null
  /** §4 the frame's answer to the last email login. */
  action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' | null
  /** §4 the new address of the email update in progress (a code went to one of the two). */
  newEmail: string | null
  /** §5 when the last email login was asked (ms), for the 30 s cooldown. */
  lastEmailRequestAt: number | null
  /** §3 embedded-wallet user, by namespace. */
  users: Record<string, FrameUser>
  /**
   * The requests the frame shows something for the visitor's click for (an approval, a new
   * wallet's passkey, an export), in the order shown; the ApproveTransaction view hosts the frame
   * while there is one (decision 0716).
   */
  approvals: string[]
}

/** The §2 view that hosts the frame's approvals. */
export const APPROVE_VIEW = 'ApproveTransaction'

/** Whether the modal shows the view hosting the frame's approvals now. */
export const isHostingApproval = (root: KitState): boolean =>
  root.modal.isOpen && root.router.view === APPROVE_VIEW

function reduce(state: EmbeddedWalletState, event: KitEvent): EmbeddedWalletState | undefined {
  switch (event.type) {
    case 'embeddedWallet/emailRequested':
      return {
        ...state,
        email: event.payload.email,
        action: null,
        lastEmailRequestAt: event.meta.at,
      }
    case 'embeddedWallet/emailAnswered':
      return { ...state, email: event.payload.email, action: event.payload.action }
    case 'embeddedWallet/emailUpdateAnswered':
      return { ...state, newEmail: event.payload.email }
    case 'embeddedWallet/emailUpdated':
      return { ...state, newEmail: null }
    case 'embeddedWallet/userChanged':
      return { ...state, users: { ...state.users, [event.payload.namespace]: event.payload.user } }
    case 'embeddedWallet/approvalShown':
      return state.approvals.includes(event.payload.requestId)
        ? undefined
        : { ...state, approvals: [...state.approvals, event.payload.requestId] }
    case 'embeddedWallet/approvalHidden':
    case 'embeddedWallet/approvalLeft':
      return state.approvals.includes(event.payload.requestId)
        ? { ...state, approvals: state.approvals.filter((id) => id !== event.payload.requestId) }
        : undefined
    case 'embeddedWallet/signedOut':
    case 'disconnection/succeeded':
      // §4 disconnect: the user goes with the session; the cooldown stays (it guards the inbox).
      return state.email === null &&
        state.action === null &&
        state.newEmail === null &&
        Object.keys(state.users).length === 0
        ? undefined
        : { ...state, email: null, action: null, newEmail: null, users: {} }
    default:
      return undefined
  }
}

/** The embedded wallet's slice. */
export const embeddedWalletSlice: FeatureSlice<EmbeddedWalletState> = {
  initial: () => ({
    email: null,
    action: null,
    newEmail: null,
    lastEmailRequestAt: null,
    users: {},
    approvals: [],
  }),
  handles: [
    'embeddedWallet/emailRequested',
    'embeddedWallet/emailAnswered',
    'embeddedWallet/emailUpdateAnswered',
    'embeddedWallet/emailUpdated',
    'embeddedWallet/userChanged',
    'embeddedWallet/signedOut',
    'embeddedWallet/approvalShown',
    'embeddedWallet/approvalHidden',
    'embeddedWallet/approvalLeft',
    'disconnection/succeeded',
  ],
  recipe: reduce,
}

/**
 * §4: a code sent opens the code view; a new device opens the device view. The frame asking for
 * the visitor's click opens ApproveTransaction on top of where they are (the modal opens on it
 * when closed); once nothing is left to click they are back where they were (or the modal closes
 * again). An email update goes from the new address to the code sent to the current one, then to
 * the code sent to the new one, then back to Account, where the new address shows.
 */
export const embeddedWalletRoute: RouteRule = (event, root) => {
  switch (event.type) {
    case 'embeddedWallet/emailAnswered':
      if (event.payload.action === 'VERIFY_OTP') return { push: 'EmailVerifyOtp' }
      if (event.payload.action === 'VERIFY_DEVICE') return { push: 'EmailVerifyDevice' }
      return undefined
    case 'embeddedWallet/emailUpdateAnswered':
      return {
        push:
          event.payload.action === 'VERIFY_PRIMARY_OTP'
            ? UPDATE_EMAIL_VIEWS[1]
            : UPDATE_EMAIL_VIEWS[2],
      }
    case 'embeddedWallet/emailUpdated':
      return root.modal.isOpen ? { reset: 'Account' } : undefined
    case 'embeddedWallet/approvalShown':
      return root.modal.isOpen ? { push: APPROVE_VIEW } : { open: APPROVE_VIEW }
    case 'embeddedWallet/approvalHidden':
      if ((root.embeddedWallet?.approvals.length ?? 0) > 0 || !isHostingApproval(root))
        return undefined
      return root.router.history.length > 1 ? { back: true } : { close: true }
    default:
      return undefined
  }
}
