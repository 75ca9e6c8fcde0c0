import type { FeatureSlice, KitEvent, RouteRule } from '../../kernel/index.js'
import type { FrameUser } from '../../services/gangway/embeddedWalletProtocol.js'

/** The embedded wallet's state: the email login in progress and the §3 user per namespace. */
export interface EmbeddedWalletState {
  /** The email a code was last asked for. */
  email: string | null
  /** §4 the frame's answer to the last email login. */
  action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' | null
  /** §5 when the last email login was asked (ms), for the 30 s cooldown. */
  lastEmailRequestAt: number | null
  /** §3 embedded-wallet user, by namespace. */
  users: Record<string, FrameUser>
}

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
    case 'embeddedWallet/userChanged':
      return { ...state, users: { ...state.users, [event.payload.namespace]: event.payload.user } }
    case 'embeddedWallet/signedOut':
    case 'disconnection/succeeded':
      // §4 disconnect: the user goes with the session; the cooldown stays (it guards the inbox).
      return state.email === null && state.action === null && Object.keys(state.users).length === 0
        ? undefined
        : { ...state, email: null, action: null, users: {} }
    default:
      return undefined
  }
}

/** The embedded wallet's slice. */
export const embeddedWalletSlice: FeatureSlice<EmbeddedWalletState> = {
  initial: () => ({ email: null, action: null, lastEmailRequestAt: null, users: {} }),
  handles: [
    'embeddedWallet/emailRequested',
    'embeddedWallet/emailAnswered',
    'embeddedWallet/userChanged',
    'embeddedWallet/signedOut',
    'disconnection/succeeded',
  ],
  recipe: reduce,
}

/** §4: a code sent opens the code view; a new device opens the device view. */
export const embeddedWalletRoute: RouteRule = (event) => {
  if (event.type !== 'embeddedWallet/emailAnswered') return undefined
  if (event.payload.action === 'VERIFY_OTP') return { push: 'EmailVerifyOtp' }
  if (event.payload.action === 'VERIFY_DEVICE') return { push: 'EmailVerifyDevice' }
  return undefined
}
