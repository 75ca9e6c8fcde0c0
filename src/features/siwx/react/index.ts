/**
 * `@gangway/kit/react/siwx`: the sign-in views.
 * @module @gangway/kit/react/siwx
 */

import { defineFeatureUi, defineViews } from '../../../ui/index.js'
import { siwxMessages } from './messages.js'
import { SignInStatus } from './SignInStatus.js'

/** SIWXSignMessage and ConnectingSiwe: the sign-in the site asks for after connect. */
export const siwxViews = defineViews({
  views: ['SIWXSignMessage', 'ConnectingSiwe'],
  title: 'siwx.title',
  feature: 'siwx',
  load: () => import('./SignInView.js').then((module) => module.SignInView),
})

/** The siwx feature's React part: its views and its copy in every shipped language. */
export const siwxUi = defineFeatureUi({
  views: [siwxViews],
  accountNotice: SignInStatus,
  messages: siwxMessages,
})
