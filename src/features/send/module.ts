/**
 * The send feature's code, loaded the first time a visitor opens Send or a site calls one of its
 * intents.
 * @module
 */
import type { FeatureModule } from '../../kernel/index.js'
import {
  maxEffect,
  quoteEffect,
  receiptEffect,
  receiverCheckEffect,
  refreshAfterSendEffect,
  sendEffect,
  sendSnackEffect,
} from './effects.js'
import { sendErrors } from './errors.js'
import { sendEvents } from './events.js'
import { createSendIntents, type SendIntents } from './intents.js'
import { type SendState, sendSlice } from './slice.js'

const SEND_VIEWS: readonly string[] = ['Send', 'SendSelectToken', 'SendPreview']

/** Everything the send feature brings when it loads. */
export const sendModule: FeatureModule<SendState, SendIntents> = {
  events: sendEvents,
  slice: sendSlice,
  effects: [
    sendEffect,
    receiptEffect,
    refreshAfterSendEffect,
    sendSnackEffect,
    receiverCheckEffect,
    quoteEffect,
    maxEffect,
  ],
  errors: sendErrors.entries,
  notices: { TRANSACTION_STARTED: 'Transaction started' },
  routes: [
    // §4 send flow: once the transaction is sent, the visitor is back on the account.
    (event, root) =>
      event.type === 'send/succeeded' && root.modal.isOpen && SEND_VIEWS.includes(root.router.view)
        ? { reset: 'Account' }
        : undefined,
  ],
  intents: createSendIntents,
}
