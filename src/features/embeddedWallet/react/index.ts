/**
 * `@gangway/kit/react/embedded-wallet`: the email, code, device and social login views, the email
 * update's three views, and ApproveTransaction, which shows the wallet's frame for the visitor's click.
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

/** UpdateEmailWallet: the new address for an email-login account (§4 email update). */
export const updateEmailViews = defineViews({
  views: ['UpdateEmailWallet'],
  title: 'embeddedWallet.updateEmailTitle',
  feature: 'embeddedWallet',
  load: () => import('./UpdateEmailWalletView.js').then((module) => module.UpdateEmailWalletView),
})

/** UpdateEmailPrimaryOtp: §4 VERIFY_PRIMARY_OTP, the code sent to the current address. */
export const updateEmailPrimaryOtpViews = defineViews({
  views: ['UpdateEmailPrimaryOtp'],
  title: 'embeddedWallet.updatePrimaryTitle',
  feature: 'embeddedWallet',
  load: () => import('./UpdateEmailOtpView.js').then((module) => module.UpdateEmailPrimaryOtpView),
})

/** UpdateEmailSecondaryOtp: §4 VERIFY_SECONDARY_OTP, the code sent to the new address. */
export const updateEmailSecondaryOtpViews = defineViews({
  views: ['UpdateEmailSecondaryOtp'],
  title: 'embeddedWallet.updateSecondaryTitle',
  feature: 'embeddedWallet',
  load: () =>
    import('./UpdateEmailOtpView.js').then((module) => module.UpdateEmailSecondaryOtpView),
})

/**
 * ApproveTransaction: the wallet's frame, shown over this view while it asks for the visitor's
 * click (decision 0716).
 */
export const approveTransactionViews = defineViews({
  views: ['ApproveTransaction'],
  title: 'embeddedWallet.approveTitle',
  feature: 'embeddedWallet',
  load: () => import('./ApproveTransactionView.js').then((module) => module.ApproveTransactionView),
})

/** The embedded wallet feature's React part: its views and its copy. */
export const embeddedWalletUi = defineFeatureUi({
  views: [
    emailLoginViews,
    emailVerifyOtpViews,
    emailVerifyDeviceViews,
    connectingSocialViews,
    approveTransactionViews,
    updateEmailViews,
    updateEmailPrimaryOtpViews,
    updateEmailSecondaryOtpViews,
  ],
  messages: embeddedWalletMessages,
})
