/**
 * `@gangway/kit/react/embedded-wallet`: the email, code, device and social login views.
 * @module @gangway/kit/react/embedded-wallet
 */

import { defineFeatureUi, defineViews } from '../../../ui/index.js'
import { embeddedWalletMessages } from './messages.js'

/** EmailLogin: the email field and its cooldown. */
export const emailLoginViews = defineViews({
  views: ['EmailLogin'],
  title: 'embeddedWallet.emailTitle',
  feature: 'embeddedWallet',
  load: () => import('./EmailLoginView.js').then((module) => module.EmailLoginView),
})

/** EmailVerifyOtp: the one-time code. */
export const emailVerifyOtpViews = defineViews({
  views: ['EmailVerifyOtp'],
  title: 'embeddedWallet.otpTitle',
  feature: 'embeddedWallet',
  load: () => import('./EmailVerifyOtpView.js').then((module) => module.EmailVerifyOtpView),
})

/** EmailVerifyDevice: approving a new device from the email. */
export const emailVerifyDeviceViews = defineViews({
  views: ['EmailVerifyDevice'],
  title: 'embeddedWallet.deviceTitle',
  feature: 'embeddedWallet',
  load: () => import('./EmailVerifyDeviceView.js').then((module) => module.EmailVerifyDeviceView),
})

/** ConnectingSocial: the social providers. */
export const connectingSocialViews = defineViews({
  views: ['ConnectingSocial'],
  title: 'embeddedWallet.socialTitle',
  feature: 'embeddedWallet',
  load: () => import('./ConnectingSocialView.js').then((module) => module.ConnectingSocialView),
})

/** The embedded wallet feature's React part: its views and its copy. */
export const embeddedWalletUi = defineFeatureUi({
  views: [emailLoginViews, emailVerifyOtpViews, emailVerifyDeviceViews, connectingSocialViews],
  messages: embeddedWalletMessages,
})
