/**
 * The eager part of the walletConnect feature: its name, views, wake rule and loader, all a page pays for
 * until the feature is used. Kept apart from the feature's public entry so that registering it
 * pulls in nothing else of the feature.
 * @module
 */
import { defineFeature, WALLET_CONNECT_CONNECTOR_ID } from '../../kernel/index.js'

/**
 * The WalletConnect pairing feature. Its code loads when the visitor points at or picks
 * WalletConnect, or one of its views is shown; a plugin's pairing link waits for it.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { walletConnectPairing } from '@gangway/kit/walletconnect-pairing'
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
    ui: { load: () => import('./react/index.js').then((module) => module.walletConnectUi) },
  })
