/**
 * `@gangway/kit/react/send`: the Send views for the modal. The feature's `ui.load()` brings them the
 * first time one of its views is shown; a site replacing a view passes its own to `KitProvider`.
 * @module @gangway/kit/react/send
 */

import { defineFeatureUi, defineViews } from '../../../ui/index.js'
import { sendMessages } from './messages.js'
import { SentTransaction } from './SentTransaction.js'

/** The Send form, its token choice and its review, shown when the send feature is registered. */
export const sendViews = defineViews({
  views: ['Send', 'SendSelectToken', 'SendPreview'],
  title: { Send: 'send.title', SendSelectToken: 'send.token', SendPreview: 'send.preview' },
  feature: 'send',
  load: () => import('./SendView.js').then((module) => module.SendView),
})

/** The send feature's React part: its views and its copy in every shipped language. */
export const sendUi = defineFeatureUi({
  views: [sendViews],
  accountNotice: SentTransaction,
  messages: sendMessages,
})
