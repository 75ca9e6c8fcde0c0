/**
 * `@gangway/kit/react/walletconnect-pairing`: the WalletConnect views (QR code, copy link, deep link).
 * @module @gangway/kit/react/walletconnect-pairing
 */

import { defineFeatureUi, defineViews } from '../../../ui/index.js'
import { walletConnectMessages } from './messages.js'

/** ConnectingWalletConnect and its basic mode: the pairing as a QR code and a link. */
export const walletConnectViews = defineViews({
  views: ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'],
  title: 'connect.section.walletConnect',
  feature: 'walletConnect',
  load: () =>
    import('./ConnectingWalletConnectView.js').then((module) => module.ConnectingWalletConnectView),
})

/** The walletConnect feature's React part: its views and its copy in every shipped language. */
export const walletConnectUi = defineFeatureUi({
  views: [walletConnectViews],
  messages: walletConnectMessages,
})
