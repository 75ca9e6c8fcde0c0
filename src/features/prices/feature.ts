/**
 * The eager part of the prices feature: its name and the rule saying which balance reads it joins,
 * all a page pays for until the first of them.
 * @module
 */
import { defineFeature } from '../../kernel/index.js'
import { SERVICE_BALANCE_NAMESPACES } from './constants.js'

/**
 * The prices feature (§7 data service, decision 0306): with a `serviceUrl`, each balance read of an
 * account on a chain the service prices is joined by the service's USD prices and token icons, and
 * by the tokens the service knows the account holds that the chain plugin does not read (tokens
 * swapped into). The Account total, the Tokens tab, Send, Swap and the connect button show USD
 * values from these. Its code loads with the first such read; a kit without a `serviceUrl` never
 * loads it.
 * @example
 * import { createKit } from '@gangway/kit/core'
 * import { prices } from '@gangway/kit/prices'
 * const kit = createKit({ plugins: [eip155()], serviceUrl: 'http://127.0.0.1:8787', features: [prices()] })
 * @returns the feature.
 * @see /docs/server.md
 */
export const prices = () =>
  defineFeature({
    name: 'prices',
    joinsBalances: (state, namespace) =>
      Boolean(state.options.serviceUrl) && SERVICE_BALANCE_NAMESPACES.includes(namespace),
    load: () => import('./module.js').then((module) => module.pricesModule),
  })
