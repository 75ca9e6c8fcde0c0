/**
 * The figures the kit and the Gangway server's convert API must agree on, to the base unit: a
 * slippage percentage read as basis points, and the minimum output it leaves of a quote. The server
 * writes that minimum into the swap it builds (`server/convert/service.ts`); the kit works it out
 * again from the quote it showed and refuses a transaction whose minimum is lower
 * (`checkSwapTransaction`). One rule in one place, next to the API's wire schemas
 * (`convertSchemas.ts`), so the two sides cannot round differently. Neither a client feature nor
 * the server: both import it.
 * @module
 */
import { fromScaledInteger, toScaledInteger } from '../../kernel/index.js'

/** Basis points in a whole: 10,000 (1 basis point is 0.01 %). */
export const BASIS_POINTS = 10_000n

/**
 * The least a swap may pay before it reverts (slippage protection), rounded down.
 * @example
 * import { minimumReceived } from '@gangway/kit/swap'
 * minimumReceived(1_000_000n, 100n) // 990000n (1 % slippage)
 * @param quoted - the quoted output in base units.
 * @param slippageBasisPoints - the tolerated slippage, 0 to 10,000.
 * @returns the minimum output; never above `quoted`.
 */
export function minimumReceived(quoted: bigint, slippageBasisPoints: bigint): bigint {
  if (slippageBasisPoints < 0n || slippageBasisPoints > BASIS_POINTS)
    throw new RangeError('minimumReceived: slippage must be between 0 and 10,000 basis points')
  return (quoted * (BASIS_POINTS - slippageBasisPoints)) / BASIS_POINTS
}

/**
 * A percentage written as decimal text with at most two decimals (`'1'`, `'0.5'`) in basis
 * points.
 * @example
 * import { percentToBasisPoints } from '@gangway/kit/swap'
 * percentToBasisPoints('0.85') // 85n
 * @param percent - the percentage.
 * @returns basis points, or `undefined` for text that is not such a percentage up to 100.
 */
export function percentToBasisPoints(percent: string): bigint | undefined {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(percent)) return undefined
  const points = toScaledInteger(percent, 2)
  return points === undefined || points > BASIS_POINTS ? undefined : points
}

/**
 * Basis points as a percentage in decimal text.
 * @example
 * import { basisPointsToPercent } from '@gangway/kit/swap'
 * basisPointsToPercent(85n) // '0.85'
 */
export function basisPointsToPercent(basisPoints: bigint): string {
  return fromScaledInteger(basisPoints, 2)
}

/** §9: EVM chain ids where swaps are offered (the convert API serves them; the kit offers them). */
export const SWAP_SUPPORTED_EIP155_CHAIN_IDS = Object.freeze([
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
] as const)

/** §9: the slippage a swap tolerates unless the site says, in percent. */
export const SWAP_DEFAULT_SLIPPAGE_PERCENT = 1

/** §9: the swap provider's fee, in percent of the input. */
export const SWAP_PROVIDER_FEE_PERCENT = 0.85

/** §9: the gas an approval is estimated at when the node cannot say. */
export const DEFAULT_APPROVAL_GAS_ESTIMATE = 150_000n
