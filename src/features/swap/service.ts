/**
 * What the swap operations read from the kit and the Gangway server: the clients for the kit's
 * `serviceUrl`, the account and network a request is for, and the conversions between the
 * server's wire shapes (CAIP-10 ids, base units, decimal prices) and the kit's tokens.
 * @module
 */
import {
  type EffectContext,
  fromScaledInteger,
  KitError,
  type KitState,
  type Namespace,
  type PreparedTransaction,
  type TokenBalance,
  type TokenInfo,
} from '../../kernel/index.js'
import type { ConvertToken, ConvertTransaction } from '../../services/gangway/convertSchemas.js'
import {
  type ConvertClient,
  createConvertClient,
} from '../../services/gangway/createConvertClient.js'
import {
  createServiceClient,
  type ServiceClient,
} from '../../services/gangway/createServiceClient.js'
import type { BalanceResponse } from '../../services/gangway/schemas.js'
import { multiplyDecimal } from './amounts.js'
import { swapErrors } from './errors.js'

/** The clients of the kit's Gangway server; none without a `serviceUrl`. */
export function clientsOf(context: Pick<EffectContext, 'getState' | 'env'>): {
  readonly convert: ConvertClient
  readonly data: ServiceClient
} {
  const baseUrl = context.getState().options.serviceUrl
  if (!baseUrl)
    throw swapErrors.create('SWAP_INIT_FAILED', { details: 'The kit has no serviceUrl.' })
  const fetch = context.env.fetch
  return {
    convert: createConvertClient({ baseUrl, ...(fetch ? { fetch } : {}) }),
    // A client per use: its 30 s balance cache must not hide what a swap just changed.
    data: createServiceClient({ baseUrl, ...(fetch ? { fetch } : {}) }),
  }
}

/** The connected account of a namespace: what a wallet call needs. */
export function connectedAccountOf(state: KitState, namespace: Namespace) {
  const account = state.namespaces.entities[namespace]?.accountState
  if (!account?.caipAddress || account.status !== 'connected' || !account.connectorId) {
    throw new KitError('NO_ACTIVE_ADDRESS', { details: `"${namespace}" is not connected.` })
  }
  return { caipAddress: account.caipAddress, connectorId: account.connectorId }
}

/** The native currency's decimals on a network (18 when the descriptor does not say). */
export function nativeDecimalsOf(state: KitState, namespace: Namespace, networkId: string): number {
  return (
    state.namespaces.entities[namespace]?.caipNetworks.find((network) => network.id === networkId)
      ?.nativeCurrency.decimals ?? 18
  )
}

/** A token of the server's list as the kit keeps it (plain address, CAIP-2 network). */
export function toTokenInfo(token: ConvertToken): TokenInfo {
  const [namespace, reference, address] = token.address.split(':') as [string, string, string]
  return {
    address:
      address.toLowerCase() === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
        ? address.toLowerCase()
        : address,
    chainId: `${namespace}:${reference}` as TokenInfo['chainId'],
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    ...(token.logoUri ? { iconUrl: token.logoUri } : {}),
  }
}

/** The id the price path takes: `native` for the native currency. */
export function priceIdOf(token: TokenInfo, nativeAddress: string): string {
  return `${token.chainId}:${token.address.toLowerCase() === nativeAddress.toLowerCase() ? 'native' : token.address}`
}

/**
 * The account's balances among the swap's tokens, above 0 (§3 myTokensWithBalance); the server's
 * `native` entry under the plugin's native token address.
 */
export function myTokensOf(
  balances: BalanceResponse['balances'],
  tokens: readonly TokenInfo[],
  nativeAddress: string,
): TokenBalance[] {
  const held: TokenBalance[] = []
  for (const balance of balances) {
    const address = balance.address === 'native' ? nativeAddress : balance.address
    const token = tokens.find(
      (entry) =>
        entry.chainId === balance.chainId && entry.address.toLowerCase() === address.toLowerCase(),
    )
    if (!token || !/[1-9]/.test(balance.quantity.numeric)) continue
    held.push({
      name: token.name,
      symbol: token.symbol,
      chainId: token.chainId,
      address: token.address,
      // Display figures (§3's token balance has numbers); amounts stay in `quantity`.
      price: Number(balance.price ?? 0),
      ...(balance.value === undefined ? {} : { value: Number(balance.value) }),
      quantity: balance.quantity,
      ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}),
    })
  }
  return held
}

/** A network cost: gas × price in whole native units, and in USD at the network price. */
export function networkCostOf(
  gas: string,
  gasPrice: string,
  nativeDecimals: number,
  networkPrice: string,
): { gasFee: string; gasPriceInUSD: string } {
  const gasFee = fromScaledInteger(BigInt(gas) * BigInt(gasPrice), nativeDecimals)
  return { gasFee, gasPriceInUSD: multiplyDecimal(gasFee, networkPrice, 2) }
}

/** A transaction the server built, as the swap state keeps it. */
export function toPrepared(tx: ConvertTransaction, toAmount: string): PreparedTransaction {
  return {
    data: tx.data,
    to: tx.to.split(':')[2]!,
    gas: tx.eip155.gas,
    gasPrice: tx.eip155.gasPrice,
    value: tx.value,
    toAmount,
  }
}
