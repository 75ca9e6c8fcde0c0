/**
 * The eager part of the swap feature: its name, views and loader, all a page pays for until the
 * visitor opens Swap. Kept apart from the feature's public entry so that registering it pulls in
 * nothing else of the feature.
 * @module
 */
import { defineFeature, WALLET_FEATURE_ORDER } from '../../kernel/index.js'
import { selectIsSwapOffered } from './offered.js'
import { type SwapParameters, toSwapSettings } from './settings.js'

/**
 * The swap feature: the Swap views, `kit.features.swap.*`, and the §4 swap flow against the
 * Gangway server's convert API (the kit's `serviceUrl`). Its code loads when the visitor opens
 * Swap or the site calls one of its intents. The kit registers it by default (§9 `swaps` switch);
 * the `swap` option of `createKit` names further networks and the slippage.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { swap } from '@gangway/kit/swap'
 * const routers = { 'eip155:1': { router: '0x7a25…488D', wrappedNative: '0xC02a…6Cc2' } }
 * const kit = createKit({ plugins: [eip155()], serviceUrl, features: [swap({ routers })] })
 * await kit.features.swap.initialize()
 * @param parameters - extra networks, the slippage and the router the site trusts per network.
 * @returns the feature.
 * @throws VALIDATION_FAILED for a malformed router address, network id or slippage.
 * @see /docs/swap.md
 */
export const swap = (parameters: SwapParameters = {}) =>
  defineFeature({
    name: 'swap',
    views: ['Swap', 'SwapSelectToken', 'SwapPreview'],
    settings: { ...toSwapSettings(parameters) },
    load: () => import('./module.js').then((module) => module.swapModule),
    ui: {
      load: () => import('./react/index.js').then((module) => module.swapUi),
      accountActions: [
        {
          id: 'swaps',
          view: 'Swap',
          order: WALLET_FEATURE_ORDER.indexOf('swaps'),
          label: {
            en: 'Swap',
            de: 'Tauschen',
            es: 'Intercambiar',
            fr: 'Échanger',
            it: 'Scambia',
            pt: 'Trocar',
            ja: 'スワップ',
            'zh-CN': '兑换',
            ko: '스왑',
            tr: 'Takas',
            ru: 'Обмен',
            ar: 'مبادلة',
          },
          // Where the feature, the switch, the server and the network allow it (docs/swap.md).
          isOffered: selectIsSwapOffered,
        },
      ],
    },
  })
