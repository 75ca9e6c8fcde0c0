/**
 * The receive feature's copy, by BCP 47 language tag: English complete and inline (the fallback, it
 * loads with the feature's views); every other shipped language a module of its own in
 * `./locales/`, fetched only when a page shows the feature in that language.
 * @module
 */
import type { FeatureCopy } from '../../../ui/index.js'

/** The receive feature's copy. */
export const receiveMessages = {
  en: {
    'receive.title': 'Receive',
    'receive.address': 'Your address',
    'receive.qr': 'QR code of your address',
    'receive.copy': 'Copy address',
    'receive.copied': 'Address copied',
    'receive.network': 'Network: {network}',
    'receive.warning':
      'Send only {family} assets on {network} to this address. Assets sent from another network or chain family can be lost.',
    'receive.family.eip155': 'EVM',
    'receive.family.solana': 'Solana',
    'receive.family.polkadot': 'Polkadot',
    'receive.family.bip122': 'Bitcoin',
    'receive.disconnected': 'Connect a wallet to see where to receive.',
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
