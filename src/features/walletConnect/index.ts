/**
 * `gangway/walletconnect-pairing`: the WalletConnect pairing as a feature: the QR code and link
 * views, the §4 four-minute lifetime with its 10 s margin and a fresh link when one expires. The
 * WalletConnect client itself is `gangway/walletconnect`; a kit registers this feature by default.
 * @module gangway/walletconnect-pairing
 */
import { defineFeature, WALLET_CONNECT_CONNECTOR_ID } from '../../kernel/index.js'

export { selectPairing } from './selectors.js'
export type { WalletConnectPairing, WalletConnectState } from './slice.js'

/**
 * The WalletConnect pairing feature. Its code loads when the visitor points at or picks
 * WalletConnect, or one of its views is shown; a plugin's pairing link waits for it.
 * @example
 * import { createKit } from 'gangway'
 * import { walletConnectPairing } from 'gangway/walletconnect-pairing'
 * const kit = createKit({ plugins: [eip155({ walletConnect })], features: [walletConnectPairing()] })
 * @returns the feature.
 * @see /docs/walletconnect.md
 */
export const walletConnectPairing = () =>
  defineFeature({
    name: 'walletConnect',
    views: ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'],
    wakesOn: ({ event }) =>
      (event.type === 'connection/intended' || event.type === 'connection/requested') &&
      event.payload.connectorId === WALLET_CONNECT_CONNECTOR_ID,
    load: () => import('./module.js').then((module) => module.walletConnectModule),
  })
