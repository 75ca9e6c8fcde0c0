import type { KitState } from '../../kernel/index.js'
import type { WalletConnectPairing } from './slice.js'

/**
 * The WalletConnect pairing the modal shows as a QR code and link, once the feature has loaded and
 * while a WalletConnect connect waits for the phone.
 * @example
 * import { selectPairing } from '@gangway/kit/walletconnect-pairing'
 * selectPairing(kit.getState())?.uri // 'wc:…'
 */
export function selectPairing(state: KitState): WalletConnectPairing | null {
  return state.walletConnect?.pairing ?? null
}

/**
 * Whether the pairing link on screen is the one the visitor just copied ("Link copied").
 * @example
 * import { selectLinkCopied } from '@gangway/kit/walletconnect-pairing'
 * selectLinkCopied(kit.getState()) // false
 */
export function selectLinkCopied(state: KitState): boolean {
  const slice = state.walletConnect
  return Boolean(slice?.pairing && slice.copiedUri === slice.pairing.uri)
}
