/**
 * `gangway/send`: sending native currency and tokens (§4 send flow, §5 checks) as a feature. The
 * kit registers it by default (§9 `send` switch); this entry is for sites that list their features
 * themselves, and for its selectors and checks.
 * @module gangway/send
 */
import { defineFeature } from '../../kernel/index.js'

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
  selectSendToken,
  selectSentTransactionUrl,
} from './selectors.js'
export type { SendState, SentTransaction } from './slice.js'

/**
 * The send feature: the Send views, `kit.features.send.*`, and the send flow. Its code loads when
 * the visitor opens Send or the site calls one of its intents.
 * @example
 * import { createKit } from 'gangway'
 * import { send } from 'gangway/send'
 * const kit = createKit({ plugins: [eip155()], features: [send()] })
 * await kit.features.send.send({ to: '0xab16…', amount: '0.1' })
 * @returns the feature.
 * @see /docs/features.md
 */
export const send = () =>
  defineFeature({
    name: 'send',
    views: ['Send', 'SendSelectToken', 'SendPreview'],
    load: () => import('./module.js').then((module) => module.sendModule),
  })
