/**
 * `@gangway/kit/react/receive`: the receive feature's React part, loaded when the visitor first
 * opens Receive.
 * @module @gangway/kit/react/receive
 */
import { defineFeatureUi, defineViews } from '../../../ui/index.js'
import { receiveMessages } from './messages.js'

/** The Receive view's registration. */
export const receiveViews = defineViews({
  views: ['Receive'],
  title: 'receive.title',
  feature: 'receive',
  load: () => import('./ReceiveView.js').then((module) => module.ReceiveView),
})

/** The receive feature's React part: its view and its copy in every shipped language. */
export const receiveUi = defineFeatureUi({ views: [receiveViews], messages: receiveMessages })
