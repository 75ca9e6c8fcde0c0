/**
 * `@gangway/kit/react/siwx`: the sign-in views.
 * @module @gangway/kit/react/siwx
 */
import { defineViews } from '../../../ui/views/registry.js'

/** SIWXSignMessage and ConnectingSiwe: the sign-in the site asks for after connect. */
export const siwxViews = defineViews({
  views: ['SIWXSignMessage', 'ConnectingSiwe'],
  title: 'siwx.title',
  feature: 'siwx',
  load: () => import('./SignInView.js').then((module) => module.SignInView),
})
