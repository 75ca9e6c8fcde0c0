/**
 * `@gangway/kit/react/walletconnect-pairing`: the WalletConnect views (QR code, copy link, deep link).
 * @module @gangway/kit/react/walletconnect-pairing
 */
import { defineViews } from '../../../ui/views/registry.js'

/** ConnectingWalletConnect and its basic mode: the pairing as a QR code and a link. */
export const walletConnectViews = defineViews({
  views: ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'],
  title: 'connect.section.walletConnect',
  feature: 'walletConnect',
  load: () =>
    import('./ConnectingWalletConnectView.js').then((module) => module.ConnectingWalletConnectView),
})
