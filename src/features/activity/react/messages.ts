/**
 * The activity feature's copy, by BCP 47 language tag: English complete and inline (the fallback, it
 * loads with the feature's views); every other shipped language a module of its own in
 * `./locales/`, fetched only when a page shows the feature in that language.
 * @module
 */
import type { FeatureCopy } from '../../../ui/index.js'

/** The activity feature's copy. */
export const activityMessages = {
  en: {
    'account.noActivity': 'No activity yet.',
    'activity.title': 'Activity',
    'activity.loading': 'Loading activity…',
    'activity.more': 'Load more',
    'activity.retry': 'Try again',
    'activity.status.pending': 'Pending',
    'activity.status.confirmed': 'Confirmed',
    'activity.status.failed': 'Failed',
    'activity.operation.send': 'Sent',
    'activity.operation.receive': 'Received',
    'activity.operation.execute': 'Contract call',
    'activity.kind.swap': 'Swapped',
    'activity.kind.mint': 'Minted',
    'activity.kind.approve': 'Approved {amount} {symbol}',
    'activity.kind.approveUnlimited': 'Approved unlimited {symbol}',
    'activity.operation.approve': 'Approved',
    'activity.copyHash': 'Copy hash',
    'activity.hashCopied': 'Hash copied',
    'activity.to': 'to',
    'activity.from': 'from',
    'error.TRANSACTIONS_FETCH_FAILED': 'Failed to fetch transactions',
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
