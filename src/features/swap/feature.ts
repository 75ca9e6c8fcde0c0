/**
 * The eager part of the swap feature: its name, views and loader, all a page pays for until the
 * visitor opens Swap. Kept apart from the feature's public entry so that registering it pulls in
 * nothing else of the feature.
 * @module
 */
import { defineFeature } from '../../kernel/index.js'

/**
 * The swap feature: the Swap views, `kit.features.swap.*`, and the §4 swap flow against the
 * Gangway server's convert API (the kit's `serviceUrl`). Its code loads when the visitor opens
 * Swap or the site calls one of its intents. The kit registers it by default (§9 `swaps` switch);
 * the `swap` option of `createKit` names further networks and the slippage.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { swap } from '@gangway/kit/swap'
 * const kit = createKit({ plugins: [eip155()], serviceUrl: 'http://127.0.0.1:8787', features: [swap()] })
 * await kit.features.swap.initialize()
 * @returns the feature.
 * @see /docs/swap.md
 */
export const swap = () =>
  defineFeature({
    name: 'swap',
    views: ['Swap', 'SwapSelectToken', 'SwapPreview'],
    load: () => import('./module.js').then((module) => module.swapModule),
  })
