/**
 * Where swaps are offered, and whether the Account view offers Swap now: the only part of the
 * swap feature the Account view loads, kept apart so its first open carries nothing else.
 * @module
 */
import {
  type CaipNetworkId,
  type KitState,
  selectActiveAccount,
  selectActiveNetwork,
} from '../../kernel/index.js'
import { SWAP_SUPPORTED_EIP155_CHAIN_IDS } from '../../services/gangway/convertRules.js'
import { type SwapSettings, selectSwapSettings } from './settings.js'

/**
 * The networks where swaps may run: §9's twelve and those the site names in its `swap` option,
 * whether or not a router is named for them.
 * @internal
 */
export function swapCandidateNetworksOf(settings: SwapSettings | undefined): CaipNetworkId[] {
  return [
    ...SWAP_SUPPORTED_EIP155_CHAIN_IDS.map((id): CaipNetworkId => `eip155:${id}`),
    ...(settings?.networks ?? []),
  ]
}

/**
 * The networks where swaps are offered: §9's twelve and those the site names in its `swap` option,
 * where the site names the router (`swap.routers`) the kit checks each transaction against.
 * @example
 * import { swapNetworksOf } from '@gangway/kit/swap'
 * swapNetworksOf({ networks: [], routers: { 'eip155:8453': router } }) // ['eip155:8453']
 */
export function swapNetworksOf(settings: SwapSettings | undefined): CaipNetworkId[] {
  const routers = settings?.routers
  if (!routers) return []
  return swapCandidateNetworksOf(settings).filter((id) => Object.hasOwn(routers, id))
}

/**
 * Whether the Account view offers Swap now (§9 wallet features): the kit registers the swap
 * feature and its `swaps` switch is on, it has the Gangway server, and the connected account is
 * on a swap network whose router the site names.
 * @example
 * import { selectIsSwapOffered } from '@gangway/kit/swap'
 * selectIsSwapOffered(kit.getState()) // true on eip155:1 with a serviceUrl
 */
export function selectIsSwapOffered(state: KitState): boolean {
  if (!state.kit.features.includes('swap') || !state.options.features.swaps) return false
  if (!state.options.serviceUrl || selectActiveAccount(state)?.status !== 'connected') return false
  const network = selectActiveNetwork(state)?.id
  return network !== undefined && swapNetworksOf(selectSwapSettings(state)).includes(network)
}
