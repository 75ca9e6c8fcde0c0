/**
 * `@gangway/kit/walletconnect-pairing`: the WalletConnect pairing as a feature: the QR code and link
 * views, the §4 four-minute lifetime with its 10 s margin and a fresh link when one expires. The
 * WalletConnect client itself is `@gangway/kit/walletconnect`; a kit registers this feature by default.
 * @module @gangway/kit/walletconnect-pairing
 */

export { walletConnectPairing } from './feature.js'
export type { WalletConnectIntents } from './intents.js'
export { selectLinkCopied, selectPairing } from './selectors.js'
export type { WalletConnectPairing, WalletConnectState } from './slice.js'
