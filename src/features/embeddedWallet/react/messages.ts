/**
 * The embedded wallet feature's copy, by BCP 47 language tag: English complete and inline (the
 * fallback, it loads with the feature's views); every other shipped language a module of its own
 * in `./locales/`, fetched only when a page shows the feature in that language.
 * @module
 */
import type { FeatureCopy } from '../../../ui/index.js'

/** The embedded wallet feature's copy. */
export const embeddedWalletMessages = {
  en: {
    'embeddedWallet.emailTitle': 'Continue with email',
    'embeddedWallet.emailLabel': 'Email',
    'embeddedWallet.continue': 'Continue',
    'embeddedWallet.sending': 'Sending a code…',
    'embeddedWallet.otpTitle': 'Enter the code',
    'embeddedWallet.otpExplain': 'We sent a code to {email}.',
    'embeddedWallet.otpLabel': 'Code',
    'embeddedWallet.verify': 'Verify',
    'embeddedWallet.deviceTitle': 'Approve this device',
    'embeddedWallet.deviceExplain': 'Open the link we sent to {email} to approve this device.',
    'embeddedWallet.socialTitle': 'Continue with a social account',
    'embeddedWallet.socialWith': 'Continue with {provider}',
    'embeddedWallet.socialWaiting': 'Finish signing in in the window that opened.',
    'embeddedWallet.approveTitle': 'Approve in your wallet',
    'embeddedWallet.approveExplain':
      'Your wallet asks for your approval. Closing this declines the request.',
    'embeddedWallet.updateEmailTitle': 'Update email',
    'embeddedWallet.updateEmailCurrent': 'Your email now: {email}',
    'embeddedWallet.updateEmailLabel': 'New email',
    'embeddedWallet.updatePrimaryTitle': 'Confirm your current email',
    'embeddedWallet.updatePrimaryExplain':
      'To change your email, enter the code we sent to {email}.',
    'embeddedWallet.updateSecondaryTitle': 'Confirm your new email',
    'notice.EMAIL_UPDATED': 'Your email is now {email}',
    'embeddedWallet.smartAccountLater':
      'Smart accounts are not available with email or social login yet: this account is a standard one (eoa).',
  },
  de: () => import('./locales/de.js').then((module) => module.de),
  es: () => import('./locales/es.js').then((module) => module.es),
  fr: () => import('./locales/fr.js').then((module) => module.fr),
  it: () => import('./locales/it.js').then((module) => module.it),
  pt: () => import('./locales/pt.js').then((module) => module.pt),
  ja: () => import('./locales/ja.js').then((module) => module.ja),
  'zh-CN': () => import('./locales/zh-CN.js').then((module) => module.zhCN),
  ko: () => import('./locales/ko.js').then((module) => module.ko),
  tr: () => import('./locales/tr.js').then((module) => module.tr),
  ru: () => import('./locales/ru.js').then((module) => module.ru),
  ar: () => import('./locales/ar.js').then((module) => module.ar),
} as const satisfies FeatureCopy
