/**
 * JSON-RPC plumbing of the eip155 test wallet: EIP-1193 error codes and errors, parameter
 * parsing, and calls forwarded to the chain's node. Kept apart so the wallet itself reads as
 * its behaviour.
 * @module
 */
import {
  type Address,
  type Chain,
  createWalletClient,
  custom,
  defineChain,
  type EIP1193EventMap,
  EIP1193ProviderRpcError,
  type Hex,
  isAddress,
  isHex,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { prepareTransactionRequest } from 'viem/actions'

/** Methods that prompt the wallet's user (and so honour the reject switch). */
export const INTERACTIVE_METHODS: ReadonlySet<string> = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_requestPermissions',
])

/**
 * Signing methods the wallet does not implement. They are refused (4200) rather than forwarded,
 * because anvil would answer them with its own unlocked dev accounts behind the wallet's back.
 */
export const REFUSED_METHODS: ReadonlySet<string> = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
])

/** The EIP-1193 events the provider emits. */
export const EVENTS: readonly (keyof EIP1193EventMap)[] = [
  'accountsChanged',
  'chainChanged',
  'connect',
  'disconnect',
  'message',
]

const DEFAULT_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="6" fill="#b45309"/>' +
  '<text x="16" y="20" font-family="sans-serif" font-size="10" font-weight="bold" ' +
  'text-anchor="middle" fill="#fff">TEST</text></svg>'

/** The icon announced when none is given: an orange TEST tile. */
export const DEFAULT_ICON: `data:image/${string}` = `data:image/svg+xml,${encodeURIComponent(DEFAULT_ICON_SVG)}`

/** A chain the wallet can switch to, and the node it forwards reads to. */
export interface KnownChain {
  readonly rpcUrl: string
  readonly name: string
  readonly nativeCurrency: {
    readonly name: string
    readonly symbol: string
    readonly decimals: number
  }
}

/** The native currency a chain added without one is given. */
export const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const
/** An EIP-1193 `ProviderRpcError` that may carry JSON-RPC `data` (revert data, for instance). */
export class TestWalletRpcError extends EIP1193ProviderRpcError {
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(code, message)
    this.name = 'ProviderRpcError'
    if (data !== undefined) this.data = data
  }
}

export const USER_REJECTED = 4001
export const UNAUTHORIZED = 4100
export const UNSUPPORTED_METHOD = 4200
export const DISCONNECTED = 4900
export const CHAIN_DISCONNECTED = 4901
export const UNRECOGNIZED_CHAIN = 4902
export const INVALID_REQUEST = -32600
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603

/** A user's "Reject" in the wallet (EIP-1193 4001). */
export function rejected(): TestWalletRpcError {
  return new TestWalletRpcError(USER_REJECTED, 'User rejected the request.')
}

export function invalidParams(detail: string): TestWalletRpcError {
  return new TestWalletRpcError(INVALID_PARAMS, `Invalid params: ${detail}`)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Parses an EIP-1193 chain id: a 0x-prefixed hex string (numbers are tolerated). */
export function parseChainId(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && isHex(value, { strict: true }) && value.length > 2) {
    const id = Number.parseInt(value.slice(2), 16)
    if (Number.isSafeInteger(id) && id > 0) return id
  }
  throw invalidParams(`expected a chain id as a 0x-prefixed hex string, got ${String(value)}`)
}

/** Parses a JSON-RPC quantity (hex string; numbers and bigints are tolerated) or passes undefined. */
export function parseQuantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && isHex(value, { strict: true }) && value.length > 2) {
    return BigInt(value)
  }
  throw invalidParams(`${field} must be a hex quantity, got ${String(value)}`)
}

/** Reads the first error in a (viem) cause chain that carries a numeric EIP-1193/JSON-RPC code. */
export function toRpcError(error: unknown): TestWalletRpcError {
  let current: unknown = error
  for (let depth = 0; depth < 16 && isRecord(current); depth++) {
    if (current instanceof TestWalletRpcError) return current
    current = current.cause
  }
  current = error
  for (let depth = 0; depth < 16 && isRecord(current); depth++) {
    if (typeof current.code === 'number') {
      const message =
        typeof current.details === 'string' && current.details !== ''
          ? current.details
          : messageOf(current)
      return new TestWalletRpcError(current.code, message, current.data)
    }
    current = current.cause
  }
  return new TestWalletRpcError(INTERNAL_ERROR, messageOf(error))
}

let nextRpcId = 1

/** One JSON-RPC call over HTTP; JSON-RPC errors become {@link TestWalletRpcError}s with their code. */
export async function callNode(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: nextRpcId++,
    method,
    params: params === undefined ? [] : params,
  })
  let response: Response
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
  } catch (error) {
    throw new TestWalletRpcError(
      CHAIN_DISCONNECTED,
      `Could not reach the chain's node at ${rpcUrl}: ${messageOf(error)}`,
    )
  }
  const text = await response.text()
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    throw new TestWalletRpcError(
      INTERNAL_ERROR,
      `The node at ${rpcUrl} answered HTTP ${response.status} with a non-JSON body: ${text.slice(0, 200)}`,
    )
  }
  if (!isRecord(payload)) {
    throw new TestWalletRpcError(
      INTERNAL_ERROR,
      `The node at ${rpcUrl} answered ${text.slice(0, 200)}`,
    )
  }
  if (payload.error !== undefined) {
    const error = isRecord(payload.error) ? payload.error : {}
    const code = typeof error.code === 'number' ? error.code : INTERNAL_ERROR
    const message =
      typeof error.message === 'string' ? error.message : JSON.stringify(payload.error)
    throw new TestWalletRpcError(code, message, error.data)
  }
  return payload.result === undefined ? null : payload.result
}

/** Reads an `eth_sendTransaction` object into viem's request shape, rejecting malformed fields. */
export function parseTransactionRequest(tx: Record<string, unknown>) {
  const to = tx.to
  if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to))) {
    throw invalidParams(`to must be an address, got ${String(to)}`)
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data))) {
    throw invalidParams('data must be hex')
  }
  const types: Record<string, 'legacy' | 'eip2930' | 'eip1559'> = {
    '0x0': 'legacy',
    '0x1': 'eip2930',
    '0x2': 'eip1559',
  }
  const type = typeof tx.type === 'string' ? types[tx.type] : undefined
  if (tx.type !== undefined && tx.type !== null && type === undefined) {
    throw invalidParams(`unsupported transaction type ${String(tx.type)}`)
  }
  const nonce = parseQuantity(tx.nonce, 'nonce')
  return {
    to: (to ?? undefined) as Address | undefined,
    data: (data ?? undefined) as Hex | undefined,
    value: parseQuantity(tx.value, 'value'),
    gas: parseQuantity(tx.gas, 'gas'),
    gasPrice: parseQuantity(tx.gasPrice, 'gasPrice'),
    maxFeePerGas: parseQuantity(tx.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: parseQuantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
    nonce: nonce === undefined ? undefined : Number(nonce),
    accessList: Array.isArray(tx.accessList) ? tx.accessList : undefined,
    type,
  }
}

/** Reads a `wallet_addEthereumChain` parameter: chain id, first http(s) RPC URL, native currency. */
export function parseAddedChain(chain: Record<string, unknown>) {
  const id = parseChainId(chain.chainId)
  const rpcUrl = Array.isArray(chain.rpcUrls) ? chain.rpcUrls[0] : undefined
  if (typeof rpcUrl !== 'string' || !/^https?:\/\//.test(rpcUrl)) {
    throw invalidParams('rpcUrls must hold at least one http(s) URL')
  }
  const currency = chain.nativeCurrency
  const nativeCurrency =
    isRecord(currency) &&
    typeof currency.name === 'string' &&
    typeof currency.symbol === 'string' &&
    typeof currency.decimals === 'number'
      ? { name: currency.name, symbol: currency.symbol, decimals: currency.decimals }
      : ETHER
  return { id, rpcUrl, nativeCurrency }
}

/** Reads `eth_signTypedData_v4` data (an object or its JSON text) far enough for viem to check it. */
export function parseTypedData(data: unknown): Record<string, unknown> {
  let typedData: unknown = data
  if (typeof data === 'string') {
    try {
      typedData = JSON.parse(data)
    } catch {
      throw invalidParams('eth_signTypedData_v4 expects typed data as a JSON string')
    }
  }
  if (
    !isRecord(typedData) ||
    !isRecord(typedData.types) ||
    typeof typedData.primaryType !== 'string' ||
    !isRecord(typedData.message)
  ) {
    throw invalidParams('typed data needs types, primaryType and message')
  }
  return typedData
}

/**
 * Fills a transaction from the node (nonce, gas, fees), signs it locally with `account` and
 * submits it raw, so the node never signs on the wallet's behalf.
 */
export async function signAndSubmit(
  account: PrivateKeyAccount,
  chainId: number,
  { rpcUrl, name, nativeCurrency }: KnownChain,
  request: ReturnType<typeof parseTransactionRequest>,
): Promise<Hex> {
  const chain: Chain = defineChain({
    id: chainId,
    name,
    nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createWalletClient({
    account,
    chain,
    transport: custom(
      { request: ({ method, params }) => callNode(rpcUrl, method, params) },
      { retryCount: 0 },
    ),
  })
  let serialized: Hex
  try {
    const prepared = await prepareTransactionRequest(
      client,
      request as Parameters<typeof prepareTransactionRequest>[1],
    )
    serialized = await account.signTransaction(
      prepared as Parameters<typeof account.signTransaction>[0],
    )
  } catch (error) {
    throw toRpcError(error)
  }
  return (await callNode(rpcUrl, 'eth_sendRawTransaction', [serialized])) as Hex
}
