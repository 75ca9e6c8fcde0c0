import type { Namespace } from '../caip.js'
import type { ChainPlugin } from './types.js'

/**
 * Declares a chain plugin. An identity function that exists for type inference (viem
 * `defineChain`, wagmi `createConnector`): the namespace literal flows into network ids.
 * @example
 * import { definePlugin } from '@gangway/kit'
 * const plugin = definePlugin({ namespace: 'mychain', networks: [...], ... })
 * @param plugin - the plugin.
 * @returns the same plugin.
 * @see /docs/plugins.md
 */
export function definePlugin<const TNamespace extends Namespace>(
  plugin: ChainPlugin<TNamespace>,
): ChainPlugin<TNamespace> {
  return plugin
}
