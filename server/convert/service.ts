/**
 * What the convert API does, apart from HTTP: the swap token list, quotes from the router's own
 * `getAmountsOut` along the best path (the provider fee taken once from the input), allowances,
 * gas prices from the node's fee history, and the approval and swap transactions (the minimum
 * output derived from the quote and the slippage). Amounts are bigint base units throughout.
 * @module
 */
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  maxUint256,
  type PublicClient,
} from 'viem'
import {
  basisPointsToPercent,
  DEFAULT_APPROVAL_GAS_ESTIMATE,
  minimumReceived,
  percentToBasisPoints,
  SWAP_DEFAULT_SLIPPAGE_PERCENT,
  SWAP_SUPPORTED_EIP155_CHAIN_IDS,
} from '../../src/services/gangway/convertRules.js'
import {
  CONVERT_NATIVE_ADDRESS,
  type ConvertBuiltSwap,
  type ConvertGasPrice,
  type ConvertQuote,
  type ConvertToken,
  type ConvertTransaction,
} from '../../src/services/gangway/convertSchemas.js'
import type { ServerConfig, TokenConfig } from '../config.js'
import { HttpError } from '../http.js'
import { type Amm, createAmm, onChain, routerAbi } from './amm.js'
import { gasPriceOf } from './gasPrice.js'
import { priceImpactOf, providerFeeOf } from './math.js'
import { estimateWithHeadroom, toConvertTransaction } from './transactions.js'

/** Gas a swap is expected to use before it is built: a pool costs about this much. */
const SWAP_GAS_PER_POOL = 90_000n
/** ...on top of this (the fee router's transfers and the call). */
const SWAP_GAS_BASE = 60_000n
/** How long a built swap stays valid, in seconds after the latest block or now, whichever is later. */
const DEADLINE_SECONDS = 1_200n

/** A token or account named by a CAIP-10 id. */
interface TokenRef {
  readonly chainId: string
  readonly address: Address
  readonly isNative: boolean
}

const parseAccount = (id: string, what: string): TokenRef => {
  const match = /^(eip155:\d{1,12}):(0x[0-9a-fA-F]{40})$/.exec(id)
  if (!match)
    throw new HttpError(400, 'INVALID_REQUEST', `${what}: ${id.slice(0, 120)} is not CAIP-10`)
  const address = getAddress(match[2]!)
  return { chainId: match[1]!, address, isNative: address.toLowerCase() === CONVERT_NATIVE_ADDRESS }
}

/** What a swap request names: one network, two different tokens, the visitor and the amount. */
interface SwapRequest {
  readonly userAddress: string
  readonly from: string
  readonly to: string
  readonly amount: string
}

/** The convert API's logic over the configured swap networks. */
export interface ConvertService {
  tokens(chainId: string): Promise<ConvertToken[]>
  quote(request: SwapRequest & { readonly gasPrice?: string | undefined }): Promise<ConvertQuote>
  allowance(tokenAddress: string, userAddress: string): Promise<string>
  gasPrice(chainId: string): Promise<ConvertGasPrice>
  buildApprove(request: SwapRequest): Promise<ConvertTransaction>
  buildTransaction(
    request: SwapRequest & { readonly slippage?: string | undefined },
  ): Promise<ConvertBuiltSwap>
  /**
   * The tokens with a pool on a swap network that the configured `tokens` do not list, for the
   * balance path; none elsewhere or when the node does not answer.
   */
  pooledTokens(chainId: string): Promise<TokenConfig[]>
  /** The USD price of a token from pool reserves (`native` or an address), or undefined. */
  poolPrice(chainId: string, address: string): Promise<string | undefined>
}

/**
 * Creates the service.
 * @param config - the server configuration (chains, tokens, swap networks).
 * @param clients - a client per chain.
 * @returns the service.
 */
export function createConvertService(
  config: Pick<ServerConfig, 'chains' | 'tokens' | 'swap'>,
  clients: ReadonlyMap<string, PublicClient>,
): ConvertService {
  const amms = new Map<string, Amm>()
  for (const network of config.swap.networks) {
    const chain = config.chains.find((entry) => entry.id === network.chainId)!
    amms.set(
      network.chainId,
      createAmm({ network, chain, client: clients.get(chain.id)!, tokens: config.tokens }),
    )
  }
  const swapChains = new Set(SWAP_SUPPORTED_EIP155_CHAIN_IDS.map((id) => `eip155:${id}`))
  /** §9's networks plus the operator's local one, where a router is configured. */
  const ammOf = (chainId: string, kind: 'swaps' | 'gas'): Amm => {
    const amm = amms.get(chainId)
    if (!amm || !(swapChains.has(chainId) || amm.network.local)) {
      throw kind === 'swaps'
        ? new HttpError(404, 'SWAP_NETWORK_UNSUPPORTED', 'Network not supported for Swaps')
        : new HttpError(404, 'GAS_PRICE_NETWORK_UNSUPPORTED', 'Network not supported for Gas Price')
    }
    return amm
  }
  const resolve = async (request: SwapRequest) => {
    const user = parseAccount(request.userAddress, 'userAddress')
    const from = parseAccount(request.from, 'from')
    const to = parseAccount(request.to, 'to')
    const amm = ammOf(from.chainId, 'swaps')
    if (to.chainId !== from.chainId || user.chainId !== from.chainId) {
      throw new HttpError(400, 'INVALID_REQUEST', 'userAddress, from and to must be on one network')
    }
    if (from.address === to.address) {
      throw new HttpError(400, 'INVALID_REQUEST', 'from and to must be different tokens')
    }
    const amountIn = BigInt(request.amount)
    // The wire schema takes up to 78 digits; what no uint256 holds is the request's fault, not the
    // node's (viem would refuse to encode it further down).
    if (amountIn > maxUint256) {
      throw new HttpError(400, 'INVALID_REQUEST', 'amount: larger than a uint256 can hold')
    }
    const weth = await amm.weth()
    return {
      amm,
      user,
      from,
      to,
      tokenIn: from.isNative ? weth : from.address,
      tokenOut: to.isNative ? weth : to.address,
      amountIn,
    }
  }
  const quoteOf = async (request: SwapRequest) => {
    const resolved = await resolve(request)
    const { amm, tokenIn, tokenOut, amountIn } = resolved
    const feeBasisPoints = await amm.feeBasisPoints()
    const fee = providerFeeOf(amountIn, feeBasisPoints)
    const netIn = amountIn - fee
    if (netIn <= 0n)
      throw new HttpError(400, 'AMOUNT_TOO_SMALL', 'Nothing is left to swap after the fee')
    const best = await amm.bestPath(tokenIn, tokenOut, netIn)
    if (!best) throw new HttpError(404, 'SWAP_NO_ROUTE', 'No pool path connects the two tokens')
    // The router's own answer: what the swap pays, whatever the server's arithmetic says.
    const amounts = await onChain(amm.chain, () =>
      amm.client.readContract({
        address: getAddress(amm.network.router),
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [netIn, [...best.path]],
      }),
    )
    const toAmount = amounts.at(-1)!
    return { ...resolved, best, fee, feeBasisPoints, netIn, toAmount }
  }
  const service: ConvertService = {
    tokens: async (chainId) => {
      const amm = ammOf(chainId, 'swaps')
      const [weth, pools] = await Promise.all([amm.weth(), amm.pools()])
      const listed = new Map<string, Address>()
      for (const token of config.tokens)
        if (token.chainId === chainId)
          listed.set(token.address.toLowerCase(), getAddress(token.address))
      const pooled = new Set<Address>()
      for (const pool of pools)
        for (const side of [pool.token0, pool.token1]) pooled.add(getAddress(side))
      const metas = await Promise.all(
        [...pooled]
          .filter((address) => !listed.has(address.toLowerCase()))
          .map((address) => amm.token(address)),
      )
      const configured = await Promise.all(
        [...listed.values()].map((address) => amm.token(address)),
      )
      const { nativeCurrency } = amm.chain
      return [
        { ...nativeCurrency, address: `${chainId}:${CONVERT_NATIVE_ADDRESS}` },
        ...[...configured, ...metas.sort((a, b) => a.symbol.localeCompare(b.symbol))]
          .filter((token) => token.address !== weth)
          .map((token) => ({
            name: token.name.slice(0, 64),
            symbol: token.symbol.slice(0, 16),
            address: `${chainId}:${token.address}`,
            decimals: token.decimals,
            ...(token.logoUri ? { logoUri: token.logoUri } : {}),
          })),
      ]
    },
    quote: async (request) => {
      const quoted = await quoteOf(request)
      const gasUnits = SWAP_GAS_BASE + SWAP_GAS_PER_POOL * BigInt(quoted.best.hops.length)
      return {
        fromAccount: request.from,
        toAccount: request.to,
        fromAmount: String(quoted.amountIn),
        toAmount: String(quoted.toAmount),
        path: [...quoted.best.path],
        fee: { amount: String(quoted.fee), percent: basisPointsToPercent(quoted.feeBasisPoints) },
        priceImpact: priceImpactOf(quoted.netIn, quoted.toAmount, quoted.best.hops),
        gas: String(gasUnits),
        gasPrice: request.gasPrice ?? (await gasPriceOf(quoted.amm)).standard,
      }
    },
    allowance: async (tokenAddress, userAddress) => {
      const token = parseAccount(tokenAddress, 'tokenAddress')
      const user = parseAccount(userAddress, 'userAddress')
      const amm = ammOf(token.chainId, 'swaps')
      if (user.chainId !== token.chainId) {
        throw new HttpError(
          400,
          'INVALID_REQUEST',
          'tokenAddress and userAddress must be on one network',
        )
      }
      // The native currency is sent along with the swap: there is nothing to approve.
      if (token.isNative) return String(maxUint256)
      const allowance = await onChain(amm.chain, async () => {
        try {
          return await amm.client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [user.address, amm.spender],
          })
        } catch (error) {
          // The node answered: no contract there (no data) or one without `allowance` (a revert)
          // is a token id that names no ERC20, the request's fault.
          if (
            error instanceof BaseError &&
            error.walk(
              (cause) =>
                cause instanceof ContractFunctionZeroDataError ||
                cause instanceof ContractFunctionRevertedError,
            )
          ) {
            throw new HttpError(
              400,
              'INVALID_REQUEST',
              `tokenAddress: ${token.address} is not an ERC20 token on ${token.chainId}`,
            )
          }
          throw error
        }
      })
      return String(allowance)
    },
    gasPrice: (chainId) => gasPriceOf(ammOf(chainId, 'gas')),
    buildApprove: async (request) => {
      const { amm, user, from, amountIn } = await resolve(request)
      if (from.isNative)
        throw new HttpError(400, 'INVALID_REQUEST', 'The native currency needs no approval')
      const tx = {
        from: user.address,
        to: from.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [amm.spender, amountIn],
        }),
        value: 0n,
      }
      // §9's default approval estimate when the node cannot estimate (a token that reverts on it).
      const gas = await estimateWithHeadroom(amm, tx).catch(() => DEFAULT_APPROVAL_GAS_ESTIMATE)
      return toConvertTransaction(amm, tx, gas, (await gasPriceOf(amm)).standard)
    },
    buildTransaction: async (request) => {
      const slippage = percentToBasisPoints(
        request.slippage ?? String(SWAP_DEFAULT_SLIPPAGE_PERCENT),
      )
      if (slippage === undefined || slippage > 5_000n) {
        throw new HttpError(
          400,
          'INVALID_REQUEST',
          'eip155.slippage: expected a percentage up to 50',
        )
      }
      const quoted = await quoteOf(request)
      const { amm, user, from, to, amountIn, toAmount } = quoted
      const minimum = minimumReceived(toAmount, slippage)
      const latest = await onChain(amm.chain, () => amm.client.getBlock())
      // A chain quiet for a while (or a node whose state was loaded) has an old latest block; the
      // next one is stamped with the time now.
      const now = BigInt(Math.floor(Date.now() / 1_000))
      const deadline = (latest.timestamp > now ? latest.timestamp : now) + DEADLINE_SECONDS
      const path = [...quoted.best.path]
      const data = from.isNative
        ? encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactETHForTokens',
            args: [minimum, path, user.address, deadline],
          })
        : encodeFunctionData({
            abi: routerAbi,
            functionName: to.isNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
            args: [amountIn, minimum, path, user.address, deadline],
          })
      const tx = { from: user.address, to: amm.spender, data, value: from.isNative ? amountIn : 0n }
      let gas: bigint
      try {
        gas = await estimateWithHeadroom(amm, tx)
      } catch (error) {
        // Too little balance or allowance, or a pool that moved: the swap would revert now.
        throw new HttpError(
          422,
          'SWAP_NOT_EXECUTABLE',
          `The swap would revert: ${(error as Error).message.split('\n')[0]?.slice(0, 200)}`,
        )
      }
      return {
        tx: toConvertTransaction(amm, tx, gas, (await gasPriceOf(amm)).standard),
        toAmount: String(toAmount),
        minimumToAmount: String(minimum),
      }
    },
    pooledTokens: async (chainId) => {
      const amm = amms.get(chainId)
      if (!amm) return []
      try {
        const listed = await service.tokens(chainId)
        return listed
          .map((token) => ({ ...token, address: token.address.split(':')[2]! }))
          .filter(
            (token) =>
              token.address !== CONVERT_NATIVE_ADDRESS &&
              !config.tokens.some(
                (entry) =>
                  entry.chainId === chainId &&
                  entry.address.toLowerCase() === token.address.toLowerCase(),
              ),
          )
          .map(({ logoUri: _logo, ...token }) => ({ ...token, chainId }))
      } catch {
        return []
      }
    },
    poolPrice: async (chainId, address) => {
      const amm = amms.get(chainId)
      if (!amm) return undefined
      const native = address === 'native' || address.toLowerCase() === CONVERT_NATIVE_ADDRESS
      try {
        return await amm.midPriceUsd(native ? await amm.weth() : getAddress(address))
      } catch {
        // No price is better than an invented one: a node that does not answer prices nothing.
        return undefined
      }
    },
  }
  return service
}
