/**
 * The siwx feature's copy, by BCP 47 language tag: English complete and inline (the fallback, it
 * loads with the feature's views); every other shipped language a module of its own in
 * `./locales/`, fetched only when a page shows the feature in that language.
 * @module
 */
import type { FeatureCopy } from '../../../ui/index.js'

/** The siwx feature's copy. */
export const siwxMessages = {
  en: {
    'siwx.title': 'Sign in',
    'siwx.cancel': 'Cancel sign-in',
    'siwx.explain': 'This site asks you to sign in with your wallet.',
    'siwx.site': 'Site',
    'siwx.account': 'Account',
    'siwx.network': 'Network',
    'siwx.statement': 'Message',
    'siwx.otherSite':
      'This message is for {domain}, not for {page}, the page you are on. Sign only if you trust it.',
    'siwx.free': 'Signing proves the account is yours. It costs nothing and sends no transaction.',
    'siwx.sign': 'Sign in',
    'siwx.signing': 'Waiting for your wallet…',
    'siwx.requiredNotice':
      'This site needs you to sign in. Sign in, or cancel sign-in to disconnect.',
    'siwx.signedIn': 'Signed in with this account',
    'siwx.signedOut': 'Not signed in',
    'siwx.signOut': 'Sign out',
    'siwx.signInAgain': 'Sign in',
    'error.SIWX_NOT_ENABLED': 'SIWX is not enabled',
    'error.SIWX_VERIFICATION_FAILED': 'The sign-in could not be verified',
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
