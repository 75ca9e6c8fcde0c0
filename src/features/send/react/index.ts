/**
 * `@gangway/kit/react/send`: the Send views for the modal. `KitProvider` registers them by default;
 * a site listing its own views passes `sendViews`.
 * @module @gangway/kit/react/send
 */
import { defineViews } from '../../../ui/views/registry.js'

/** The Send form, its token choice and its review, shown when the send feature is registered. */
export const sendViews = defineViews({
  views: ['Send', 'SendSelectToken', 'SendPreview'],
  title: { Send: 'send.title', SendSelectToken: 'send.token', SendPreview: 'send.preview' },
  feature: 'send',
  load: () => import('./SendView.js').then((module) => module.SendView),
})
