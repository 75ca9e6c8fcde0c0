/**
 * The send feature's copy, by BCP 47 language tag: English complete and inline (the fallback, it
 * loads with the feature's views); every other shipped language a module of its own in
 * `./locales/`, fetched only when a page shows the feature in that language.
 * @module
 */
import type { FeatureCopy } from '../../../ui/index.js'

/** The send feature's copy. */
export const sendMessages = {
  en: {
    'send.title': 'Send',
    'send.token': 'Token',
    'send.amount': 'Amount',
    'send.receiver': 'Receiver address',
    'send.max': 'Max',
    'send.fiat': '≈ {value}',
    'send.value': 'Value',
    'send.network': 'Network',
    'send.review': 'Review',
    'send.preview': 'Review the transfer',
    'send.previewLine': 'Send {amount} {symbol} to {receiver}',
    'send.confirm': 'Send now',
    'send.sending': 'Sending…',
    'send.speed': 'Confirmation speed',
    'send.speed.standard': 'Standard',
    'send.speed.fast': 'Fast',
    'send.speed.instant': 'Instant',
    'send.fee': 'Network fee',
    'send.total': 'Total',
    'send.quoting': 'Calculating the network fee…',
    'sent.pending': 'Transaction sent, waiting to be mined:',
    'sent.success': 'Transaction confirmed:',
    'sent.reverted': 'Transaction reverted:',
    'send.amountPlaceholder': '0.0',
    'send.receiverPlaceholder': 'Address',
    'send.receiverPlaceholder.eip155': '0x…',
    'send.receiverInvalid': 'This is not a valid address on this network',
    'send.receiverChecksum':
      'This address has a wrong capital letter (checksum): copy it again from its source',
    'send.receiverName': 'Names are not supported here: enter the address',
    'send.amountInvalid': 'Please enter a valid amount',
    'sent.copy': 'Copy transaction hash',
    'sent.copied': 'Hash copied',
    'error.INVALID_SEND_INPUT': 'Please enter a valid amount and receiver address',
    'error.SEND_FAILED': 'Failed to send transaction. Please try again.',
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
