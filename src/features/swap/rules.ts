/**
 * Pure swap rules, shared by the slice, the effects, the intents, the selectors and the Account
 * view: where swaps are offered (§9's networks and the site's own), the slippage in force, the §5
 * input checks, token ids and the split of the token list into suggested and popular tokens.
 * @module
 */
import {
  amountSchema,
  compareDecimals,
  type ErrorCode,
  hasInsufficientBalance,
  hasInsufficientGas,
  type KitError,
  type TokenBalance,
  type TokenInfo,
  toScaledInteger,
} from '../../kernel/index.js'
import { SWAP_DEFAULT_SLIPPAGE_PERCENT } from '../../services/gangway/convertRules.js'
import { SWAP_SUGGESTED_TOKEN_SYMBOLS } from './constants.js'
import { swapErrors } from './errors.js'
import { swapCandidateNetworksOf } from './offered.js'
import type { SwapSettings } from './settings.js'

/** ours: a call to the swap service (initialization, quote, preparation) fails after this long. */
export const SWAP_SERVICE_TIMEOUT_MS = 10_000

/** The views of the swap flow. */
export const SWAP_VIEWS: readonly string[] = ['Swap', 'SwapSelectToken', 'SwapPreview']

/**
 * The slippage a swap tolerates, in percent: the site's, else §9's 1 %.
 * @example
 * import { swapSlippageOf } from '@gangway/kit/swap'
 * swapSlippageOf(undefined) // '1'
 */
export function swapSlippageOf(settings: SwapSettings | undefined): string {
  return settings?.slippagePercent ?? String(SWAP_DEFAULT_SLIPPAGE_PERCENT)
}

/** The most slippage a visitor may set, in percent (the site's setting has the same bound). */
export const SWAP_MAX_SLIPPAGE_PERCENT = 50

/**
 * Whether a slippage the visitor typed can be used: a decimal with at most two places, above 0
 * and at most {@link SWAP_MAX_SLIPPAGE_PERCENT} %.
 * @example
 * import { isValidSlippage } from '@gangway/kit/swap'
 * isValidSlippage('0.5') // true
 * isValidSlippage('51') // false
 */
export function isValidSlippage(value: string): boolean {
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(value)) return false
  const hundredths = toScaledInteger(value, 2)
  return (
    hundredths !== undefined &&
    hundredths > 0n &&
    hundredths <= BigInt(SWAP_MAX_SLIPPAGE_PERCENT) * 100n
  )
}

/** A price impact above this (percent) is shown as a warning. */
export const PRICE_IMPACT_WARNING_PERCENT = '5'
/** A price impact above this (percent) needs the visitor's explicit confirmation. */
export const PRICE_IMPACT_CONFIRM_PERCENT = '15'

/**
 * How serious a quote's price impact is: `high` above 15 % (the visitor must confirm it),
 * `warning` above 5 %, else `low`; `low` for text that is not a decimal.
 * @example
 * import { priceImpactLevelOf } from '@gangway/kit/swap'
 * priceImpactLevelOf('33.1') // 'high'
 */
export function priceImpactLevelOf(
  priceImpact: string | null | undefined,
): 'low' | 'warning' | 'high' {
  if (!priceImpact) return 'low'
  if (compareDecimals(priceImpact, PRICE_IMPACT_CONFIRM_PERCENT) === 1) return 'high'
  if (compareDecimals(priceImpact, PRICE_IMPACT_WARNING_PERCENT) === 1) return 'warning'
  return 'low'
}

/**
 * The router the site names for a network (`swap.routers`): the contract every swap transaction
 * must call and every approval must name as spender.
 * @example
 * import { swapRouterOf } from '@gangway/kit/swap'
 * swapRouterOf(selectSwapSettings(kit.getState()), 'eip155:31337')?.router // '0x…'
 * @returns the router and its wrapped native token, or `undefined` when the site names none.
 */
export function swapRouterOf(
  settings: SwapSettings | undefined,
  networkId: string,
): { readonly router: string; readonly wrappedNative: string } | undefined {
  const routers = settings?.routers
  return routers && Object.hasOwn(routers, networkId) ? routers[networkId] : undefined
}

/**
 * 'Network not supported for Swaps' for a network where the kit does not swap, saying to the
 * developer why: not a swap network, or one whose router the site does not name.
 * @internal
 */
export function swapNetworkUnsupported(
  settings: SwapSettings | undefined,
  networkId: string,
): KitError {
  return swapErrors.create('SWAP_NETWORK_UNSUPPORTED', {
    details: swapCandidateNetworksOf(settings).includes(networkId as `${string}:${string}`)
      ? `No swap router is named for ${networkId}: the kit checks every swap against the one in its swap.routers option, and swaps nowhere else.`
      : `${networkId} is not a swap network.`,
  })
}

/**
 * A token as the convert API names it: CAIP-10, `<chainId>:<address>`.
 * @example
 * import { swapTokenId } from '@gangway/kit/swap'
 * swapTokenId({ chainId: 'eip155:1', address: '0xa0b8…' }) // 'eip155:1:0xa0b8…'
 */
export function swapTokenId(token: Pick<TokenInfo, 'chainId' | 'address'>): string {
  return `${token.chainId}:${token.address}`
}

/** Whether two tokens are the same one (addresses compared case-insensitively). */
export function isSameToken(
  left: Pick<TokenInfo, 'chainId' | 'address'> | null | undefined,
  right: Pick<TokenInfo, 'chainId' | 'address'> | null | undefined,
): boolean {
  return (
    !!left &&
    !!right &&
    left.chainId === right.chainId &&
    left.address.toLowerCase() === right.address.toLowerCase()
  )
}

/**
 * An amount in whole units as base units, exactly: `undefined` for text that is not an amount
 * above 0 or has more decimals than the token.
 * @example
 * import { toBaseUnits } from '@gangway/kit/swap'
 * toBaseUnits('1.5', 6) // 1500000n
 */
export function toBaseUnits(amount: string, decimals: number): bigint | undefined {
  if (!amountSchema.safeParse(amount).success) return undefined
  const places = amount.includes('.') ? amount.length - amount.indexOf('.') - 1 : 0
  if (places > decimals) return undefined
  return toScaledInteger(amount, decimals)
}

/**
 * §5 the swap's input error: an amount that is not above 0 or has more decimals than the token
 * reads 'Incorrect amount', a source balance below the amount reads 'Insufficient balance'. An
 * empty amount is no error yet.
 * @example
 * import { swapInputErrorOf } from '@gangway/kit/swap'
 * swapInputErrorOf('2', eth, [{ ...ethBalance, quantity: { decimals: '18', numeric: '1' } }]) // 'INSUFFICIENT_BALANCE'
 * @returns the catalogue code, or `null`.
 */
export function swapInputErrorOf(
  amount: string,
  source: TokenInfo | null,
  balances: readonly TokenBalance[],
): ErrorCode | null {
  if (amount === '' || !source) return null
  if (toBaseUnits(amount, source.decimals) === undefined) return 'INVALID_AMOUNT'
  const held = balances.find((balance) => isSameToken(balance, source))
  return hasInsufficientBalance(held?.quantity.numeric ?? '0', amount)
    ? 'INSUFFICIENT_BALANCE'
    : null
}

/**
 * §9 suggested tokens (the 27 symbols, in that order) and the rest of the list, the popular ones.
 * @example
 * import { splitSwapTokens } from '@gangway/kit/swap'
 * splitSwapTokens(tokens).suggested.map((token) => token.symbol) // ['ETH', 'USDC', …]
 */
export function splitSwapTokens(tokens: readonly TokenInfo[]): {
  suggested: TokenInfo[]
  popular: TokenInfo[]
} {
  const order: readonly string[] = SWAP_SUGGESTED_TOKEN_SYMBOLS
  const suggested = tokens
    .filter((token) => order.includes(token.symbol))
    .sort((a, b) => order.indexOf(a.symbol) - order.indexOf(b.symbol))
  return { suggested, popular: tokens.filter((token) => !suggested.includes(token)) }
}

/** The token fields a swap needs (§5). */
export interface SwapTokenCheck {
  readonly address?: string | null
  readonly decimals?: number | null
}

/**
 * §5 swap preconditions: amount above 0, destination price above 0, both tokens with an address
 * and decimals. Returns the catalogue code of the first problem.
 * @example
 * import { checkSwapInput } from '@gangway/kit/swap'
 * checkSwapInput({ amount: '0', toTokenPrice: 1, source: { address: 'a', decimals: 6 }, to: { address: 'b', decimals: 6 } })
 * // 'INVALID_AMOUNT'
 * @returns the code, or `null`.
 */
export function checkSwapInput(input: {
  readonly amount: string
  readonly toTokenPrice: number
  readonly source: SwapTokenCheck | null
  readonly to: SwapTokenCheck | null
}): ErrorCode | null {
  if (!amountSchema.safeParse(input.amount).success) return 'INVALID_AMOUNT'
  for (const token of [input.source, input.to]) {
    if (!token?.address || token.decimals === null || token.decimals === undefined) {
      return 'TRANSACTION_BUILD_FAILED'
    }
  }
  if (!(input.toTokenPrice > 0)) return 'TRANSACTION_BUILD_FAILED'
  return null
}

/**
 * §5's gas rule applied to a swap's approval or swap transaction: refused when the native balance
 * is zero, or when what the transaction spends of it (its value) leaves less than its gas costs.
 * Both sides are in the native currency, so the comparison holds at any USD price. Smart accounts
 * skip the check; an unknown balance is no reason to refuse (the wallet still checks).
 * @example
 * import { leavesNoGasFor } from '@gangway/kit/swap'
 * leavesNoGasFor({ gas: '150000', gasPrice: '1000000000', value: '0' }, { balance: '0', isSmartAccount: false, decimals: 18 }) // true
 * @param transaction - base units: gas, gas price and value (integer text).
 * @param account - the native balance (decimal text, whole units) and whether it is a smart account.
 * @returns whether the transaction must be refused before the wallet.
 */
export function leavesNoGasFor(
  transaction: { readonly gas: string; readonly gasPrice: string; readonly value: string },
  account: {
    readonly balance: string | null
    readonly isSmartAccount: boolean
    readonly decimals: number
  },
): boolean {
  if (account.isSmartAccount || account.balance === null) return false
  const balance = toScaledInteger(account.balance, account.decimals)
  const units = [transaction.gas, transaction.gasPrice, transaction.value]
  if (balance === undefined || !units.every((unit) => /^\d{1,78}$/.test(unit))) return false
  const [gas, gasPrice, value] = units.map(BigInt) as [bigint, bigint, bigint]
  const left = balance - value
  const cost = gas * gasPrice
  return (
    hasInsufficientGas({
      nativeBalance: left > 0n ? left.toString() : '0',
      nativeBalanceUsd: 0,
      gasCostUsd: 0,
      isSmartAccount: false,
    }) || cost > left
  )
}
