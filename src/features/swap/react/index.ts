/**
 * `@gangway/kit/react/swap`: the Swap views for the modal. `KitProvider` registers them by default;
 * a site listing its own views passes `swapViews`. Their code loads when Swap first opens.
 * @module @gangway/kit/react/swap
 */
import { defineViews } from '../../../ui/views/registry.js'

/** Swap, its token picker and its preview, shown when the swap feature is registered. */
export const swapViews = defineViews({
  views: ['Swap', 'SwapSelectToken', 'SwapPreview'],
  title: { Swap: 'swap.title', SwapSelectToken: 'swap.selectToken', SwapPreview: 'swap.preview' },
  feature: 'swap',
  load: () => import('./SwapView.js').then((module) => module.SwapView),
})
