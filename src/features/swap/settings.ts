/**
 * The swap feature's settings (`swap({ networks, slippagePercent, routers })`): checked when the
 * site registers the feature, recorded with the kit's configuration, read from state by the
 * Account view's gate and the flow. Part of the eager entry, so kept small.
 * @module
 */
import * as z from 'zod/mini'
import {
  type CaipNetworkId,
  caipNetworkIdSchema,
  type KitState,
  parseOrThrow,
} from '../../kernel/index.js'

/**
 * A swap contract a site trusts on one network.
 * @see /docs/swap.md
 */
export interface SwapRouter {
  /** The contract a swap calls and approvals name as spender, `0x` and 40 hex digits. */
  readonly router: string
  /** The router's wrapped native token (its `WETH()`), `0x` and 40 hex digits. */
  readonly wrappedNative: string
}

/** Parameters of the swap feature (`swap(parameters)`, or the preset's `createKit({ swap })`). */
export interface SwapParameters {
  /**
   * Networks where swaps are offered besides §9's twelve: a site running its own AMM on its own
   * network names it here.
   */
  readonly networks?: readonly CaipNetworkId[]
  /** The slippage a swap tolerates, in percent, above 0 and at most 50 (§9: 1). */
  readonly slippagePercent?: string
  /**
   * Per network: `router`, the contract a swap calls and approvals name as spender (a Uniswap V2
   * Router02, or a fee router in front of one with the same swap functions), and
   * `wrappedNative`, the router's wrapped native token (its `WETH()`). Swaps are offered only
   * where a router is named: the kit checks every transaction the swap service builds against it
   * before the wallet sees it.
   * @example { 'eip155:1': { router: '0x7a25…488D', wrappedNative: '0xC02a…6Cc2' } }
   */
  readonly routers?: Readonly<Record<CaipNetworkId, SwapRouter>>
}

/** The swap feature's settings as state holds them (`state.kit.settings.swap`). */
export interface SwapSettings {
  readonly networks: readonly CaipNetworkId[]
  readonly slippagePercent?: string | undefined
  readonly routers?: Readonly<Record<string, SwapRouter>> | undefined
}

const contractAddress = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address: 0x and 40 hex digits'))

const swapParametersSchema = z.object({
  networks: z.optional(z.array(caipNetworkIdSchema)),
  slippagePercent: z.optional(
    z.string().check(
      z.regex(/^\d{1,2}(\.\d{1,2})?$/),
      z.refine((value) => Number(value) > 0 && Number(value) <= 50, {
        error: 'Slippage is above 0 and at most 50 %',
      }),
    ),
  ),
  routers: z.optional(
    z.record(
      caipNetworkIdSchema,
      z.object({ router: contractAddress, wrappedNative: contractAddress }),
    ),
  ),
})

/**
 * The settings a site's parameters stand for, checked.
 * @throws VALIDATION_FAILED for a malformed router address, network id or slippage.
 * @internal
 */
export function toSwapSettings(parameters: SwapParameters): SwapSettings {
  const checked = parseOrThrow(swapParametersSchema, parameters)
  return {
    networks: checked.networks ?? [],
    ...(checked.slippagePercent === undefined ? {} : { slippagePercent: checked.slippagePercent }),
    ...(checked.routers === undefined ? {} : { routers: checked.routers }),
  }
}

/**
 * The swap feature's settings in this kit, or `undefined` when the kit does not register it.
 * @example
 * import { selectSwapSettings } from '@gangway/kit/swap'
 * selectSwapSettings(kit.getState())?.slippagePercent // '1'
 * @param state - the kit state.
 * @returns the settings.
 */
export function selectSwapSettings(state: KitState): SwapSettings | undefined {
  return state.kit.settings.swap as SwapSettings | undefined
}
