/**
 * `@gangway/kit/send`: sending native currency and tokens (§4 send flow, §5 checks) as a feature. The
 * kit registers it by default (§9 `send` switch); this entry is for sites that list their features
 * themselves, and for its selectors and checks.
 * @module @gangway/kit/send
 */

export { send } from './feature.js'
export type { SendIntents, SendParameters } from './intents.js'
export {
  checkSendForm,
  checkSendInput,
  type SendFormProblems,
  type SendInputCheck,
} from './rules.js'
export {
  selectIsSending,
  selectSendForm,
  selectSendProblems,
  selectSendQuote,
  selectSendToken,
  selectSentTransactionUrl,
} from './selectors.js'
export type { SendQuoteState, SendState, SentTransaction } from './slice.js'
