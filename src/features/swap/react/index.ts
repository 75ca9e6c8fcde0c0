/**
 * `@gangway/kit/react/swap`: the Swap views for the modal. The feature's `ui.load()` brings them the
 * first time one of its views is shown; a site replacing a view passes its own to `KitProvider`. Their code loads when Swap first opens.
 * @module @gangway/kit/react/swap
 */

import { defineFeatureUi, defineViews } from '../../../ui/index.js'
import { swapMessages } from './messages.js'
import { SwapTransaction } from './SwapTransaction.js'

/** Swap, its token picker and its preview, shown when the swap feature is registered. */
export const swapViews = defineViews({
  views: ['Swap', 'SwapSelectToken', 'SwapPreview'],
  title: { Swap: 'swap.title', SwapSelectToken: 'swap.selectToken', SwapPreview: 'swap.preview' },
  feature: 'swap',
  load: () => import('./SwapView.js').then((module) => module.SwapView),
})

/** The swap feature's React part: its views and its copy in every shipped language. */
export const swapUi = defineFeatureUi({
  views: [swapViews],
  accountNotice: SwapTransaction,
  messages: swapMessages,
})
