import {
  type Address,
  type Chain,
  createWalletClient,
  custom,
  defineChain,
  type EIP1193EventMap,
  type EIP1193Provider,
  EIP1193ProviderRpcError,
  type Hex,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { prepareTransactionRequest } from 'viem/actions'

/**
 * The test wallet's failure switches; mutate them on {@link TestWallet.features} at any time.
 * @example
 * wallet.features.rejectRequests = true // the next eth_requestAccounts fails with code 4001
 * wallet.features.unknownChainIds.push(1337) // switching to 0x539 now fails with 4902
 */
export interface TestWalletFeatures {
  /**
   * Interactive requests (eth_requestAccounts, personal_sign, eth_signTypedData_v4,
   * eth_sendTransaction, wallet_switchEthereumChain, wallet_addEthereumChain,
   * wallet_requestPermissions) fail with EIP-1193 code 4001 'User rejected the request.', even
   * when a real wallet would not have prompted (already authorized, already on the chain). Checks
   * a wallet makes without the user come first: bad params (-32602), an unauthorized account
   * (4100), an unknown chain (4902).
   */
  rejectRequests: boolean
  /**
   * Chain ids the wallet does not know until wallet_addEthereumChain adds them (switching to them
   * fails with 4902 'Unrecognized chain ID').
   */
  unknownChainIds: number[]
}

/**
 * What {@link createTestWallet} needs: the keys it holds and the local nodes it talks to.
 * @example
 * const parameters: TestWalletParameters = {
 *   privateKeys: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
 *   chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }, { id: 1337, rpcUrl: 'http://127.0.0.1:8546' }],
 *   features: { unknownChainIds: [1337] },
 * }
 */
export interface TestWalletParameters {
  /** Private keys (hex) of the accounts the wallet holds; the first is current. */
  readonly privateKeys: readonly `0x${string}`[]
  /** Chains the wallet can talk to: id and an HTTP RPC URL (a local anvil node). */
  readonly chains: readonly {
    readonly id: number
    readonly rpcUrl: string
    readonly name?: string
  }[]
  /** Chain to start on (first chain by default). */
  readonly chainId?: number
  /**
   * EIP-6963 provider info; defaults to a clearly labelled test wallet: a random v4 uuid, name
   * 'Gangway Test Wallet', a small SVG data URI icon and rdns 'dev.gangway.testwallet'.
   */
  readonly info?: { uuid: string; name: string; icon: `data:image/${string}`; rdns: string }
  /** Initial failure switches (both off / empty by default). */
  readonly features?: Partial<TestWalletFeatures>
  /**
   * Whether the site is already authorized when the wallet starts, as a browser extension
   * remembers the sites it trusts across page loads.
   */
  readonly authorized?: boolean
}

/**
 * A scriptable EIP-1193 wallet backed by local keys and local nodes, with wallet-side controls.
 * @example
 * const wallet: TestWallet = createTestWallet(parameters)
 * await wallet.provider.request({ method: 'eth_requestAccounts' })
 * wallet.switchAccount(1) // the site sees accountsChanged
 * wallet.disconnect() // the site sees disconnect (code 4900)
 */
export interface TestWallet {
  /** The EIP-1193 provider (viem's EIP1193Provider type: request, on, removeListener). */
  readonly provider: EIP1193Provider
  /** The EIP-6963 provider info it announces. */
  readonly info: { uuid: string; name: string; icon: string; rdns: string }
  /** Mutable failure switches. */
  readonly features: TestWalletFeatures
  /** Addresses the wallet holds (checksummed). */
  readonly addresses: readonly Address[]
  /**
   * Announces the provider with EIP-6963 on `target` (a window or any EventTarget): answers every
   * 'eip6963:requestProvider' and announces once now. Returns a function that stops answering.
   */
  announce(target: EventTarget): () => void
  /** Wallet-side account switch: current account becomes addresses[index]; emits accountsChanged when authorized. */
  switchAccount(index: number): void
  /** Wallet-side chain switch to a known chain; emits chainChanged (hex) when the chain changes. */
  switchChain(chainId: number): void
  /** Wallet-side disconnect: deauthorizes and emits 'disconnect' with a ProviderRpcError-shaped error (code 4900). */
  disconnect(): void
  /** Every request received, in order: { method, params }. */
  readonly requests: readonly { method: string; params?: unknown }[]
}

/** An EIP-1193 `ProviderRpcError` that may carry JSON-RPC `data` (revert data, for instance). */
class TestWalletRpcError extends EIP1193ProviderRpcError {
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(code, message)
    this.name = 'ProviderRpcError'
    if (data !== undefined) this.data = data
  }
}

const USER_REJECTED = 4001
const UNAUTHORIZED = 4100
const UNSUPPORTED_METHOD = 4200
const DISCONNECTED = 4900
const CHAIN_DISCONNECTED = 4901
const UNRECOGNIZED_CHAIN = 4902
const INVALID_REQUEST = -32600
const INVALID_PARAMS = -32602
const INTERNAL_ERROR = -32603

const INTERACTIVE_METHODS: ReadonlySet<string> = new Set([
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
const REFUSED_METHODS: ReadonlySet<string> = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
])

const EVENTS: readonly (keyof EIP1193EventMap)[] = [
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

const DEFAULT_ICON: `data:image/${string}` = `data:image/svg+xml,${encodeURIComponent(DEFAULT_ICON_SVG)}`

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

interface KnownChain {
  readonly rpcUrl: string
  readonly name: string
  readonly nativeCurrency: {
    readonly name: string
    readonly symbol: string
    readonly decimals: number
  }
}

type AnyListener = (payload: unknown) => void

function rejected(): TestWalletRpcError {
  return new TestWalletRpcError(USER_REJECTED, 'User rejected the request.')
}

function invalidParams(detail: string): TestWalletRpcError {
  return new TestWalletRpcError(INVALID_PARAMS, `Invalid params: ${detail}`)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Parses an EIP-1193 chain id: a 0x-prefixed hex string (numbers are tolerated). */
function parseChainId(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string' && isHex(value, { strict: true }) && value.length > 2) {
    const id = Number.parseInt(value.slice(2), 16)
    if (Number.isSafeInteger(id) && id > 0) return id
  }
  throw invalidParams(`expected a chain id as a 0x-prefixed hex string, got ${String(value)}`)
}

/** Parses a JSON-RPC quantity (hex string; numbers and bigints are tolerated) or passes undefined. */
function parseQuantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && isHex(value, { strict: true }) && value.length > 2) {
    return BigInt(value)
  }
  throw invalidParams(`${field} must be a hex quantity, got ${String(value)}`)
}

/** Reads the first error in a (viem) cause chain that carries a numeric EIP-1193/JSON-RPC code. */
function toRpcError(error: unknown): TestWalletRpcError {
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
async function callNode(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
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

/**
 * Creates an EIP-1193 test wallet: it holds local private keys, signs with viem, and forwards
 * every read to the current chain's node (a local anvil), so dapps, demos and tests talk to it
 * as they would to an injected browser wallet.
 * @example
 * import { createWalletClient, custom } from 'viem'
 * import { createTestWallet } from './createTestWallet.js'
 * const wallet = createTestWallet({
 *   privateKeys: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
 *   chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }],
 * })
 * const stop = wallet.announce(window)
 * const client = createWalletClient({ transport: custom(wallet.provider) })
 * const [address] = await client.requestAddresses()
 * wallet.features.rejectRequests = true // the next prompt is "rejected" with code 4001
 * stop()
 * @param parameters - keys, chains (id and RPC URL), optional start chain, EIP-6963 info and failure switches.
 * @returns the wallet: its provider, info, mutable features and wallet-side controls.
 * @throws Error when there are no keys or chains, a chain id repeats, or `chainId` is not among `chains`.
 */
export function createTestWallet(parameters: TestWalletParameters): TestWallet {
  if (parameters.privateKeys.length === 0) {
    throw new Error('createTestWallet: at least one private key is required')
  }
  if (parameters.chains.length === 0) {
    throw new Error('createTestWallet: at least one chain is required')
  }
  const accounts: readonly PrivateKeyAccount[] = parameters.privateKeys.map((key) =>
    privateKeyToAccount(key),
  )
  const addresses: readonly Address[] = Object.freeze(accounts.map((account) => account.address))

  const chains = new Map<number, KnownChain>()
  for (const chain of parameters.chains) {
    if (chains.has(chain.id)) throw new Error(`createTestWallet: chain ${chain.id} is listed twice`)
    chains.set(chain.id, {
      rpcUrl: chain.rpcUrl,
      name: chain.name ?? `Chain ${chain.id}`,
      nativeCurrency: ETHER,
    })
  }
  const firstChain = parameters.chains[0]!
  let chainId = parameters.chainId ?? firstChain.id
  if (!chains.has(chainId)) {
    throw new Error(`createTestWallet: chainId ${chainId} is not among the wallet's chains`)
  }

  const info = Object.freeze({
    uuid: parameters.info?.uuid ?? crypto.randomUUID(),
    name: parameters.info?.name ?? 'Gangway Test Wallet',
    icon: parameters.info?.icon ?? DEFAULT_ICON,
    rdns: parameters.info?.rdns ?? 'dev.gangway.testwallet',
  })
  const features: TestWalletFeatures = {
    rejectRequests: parameters.features?.rejectRequests ?? false,
    unknownChainIds: [...(parameters.features?.unknownChainIds ?? [])],
  }
  const requests: { method: string; params?: unknown }[] = []

  let accountIndex = 0
  let authorized = parameters.authorized ?? false
  let authorizedAt = 0
  let connected = true
  /** Serializes eth_sendTransaction so concurrent sends never pick the same nonce. */
  let sending: Promise<unknown> = Promise.resolve()

  const listeners = new Map<keyof EIP1193EventMap, Set<AnyListener>>(
    EVENTS.map((event) => [event, new Set<AnyListener>()]),
  )

  function emit<E extends keyof EIP1193EventMap>(
    event: E,
    payload: Parameters<EIP1193EventMap[E]>[0],
  ): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        // A throwing listener must not break the wallet's state; surface it like an event handler would.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  const currentAccount = (): PrivateKeyAccount => accounts[accountIndex]!
  const currentChain = (): KnownChain => chains.get(chainId)!
  const chainHex = (): Hex => numberToHex(chainId)
  const isKnownChain = (id: number): boolean =>
    chains.has(id) && !features.unknownChainIds.includes(id)
  const exposedAccounts = (): Address[] => (authorized ? [currentAccount().address] : [])

  function authorize(): void {
    if (!connected) {
      connected = true
      emit('connect', { chainId: chainHex() })
    }
    if (authorized) return
    authorized = true
    authorizedAt = Date.now()
    emit('accountsChanged', exposedAccounts())
  }

  function deauthorize(): void {
    if (!authorized) return
    authorized = false
    emit('accountsChanged', [])
  }

  function permissions(): unknown[] {
    if (!authorized) return []
    return [
      {
        invoker: typeof location === 'undefined' ? 'http://localhost' : location.origin,
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: exposedAccounts() }],
        date: authorizedAt,
        id: `${info.uuid}:eth_accounts`,
      },
    ]
  }

  /** The account that may sign for `address`: only the account the dapp can see (eth_accounts). */
  function signer(address: unknown): PrivateKeyAccount {
    if (address === undefined) {
      throw new TestWalletRpcError(
        UNAUTHORIZED,
        'Unauthorized: no account is authorized for the site',
      )
    }
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
      throw invalidParams(`expected an address, got ${String(address)}`)
    }
    const account = currentAccount()
    if (!authorized || !isAddressEqual(address, account.address)) {
      throw new TestWalletRpcError(
        UNAUTHORIZED,
        `Unauthorized: ${address} is not an account this wallet has authorized for the site`,
      )
    }
    return account
  }

  function checkRejection(): void {
    if (features.rejectRequests) throw rejected()
  }

  function changeChain(id: number): void {
    if (id === chainId) return
    chainId = id
    emit('chainChanged', chainHex())
  }

  async function personalSign(params: readonly unknown[]): Promise<Hex> {
    const [message, address] = params
    if (typeof message !== 'string') throw invalidParams('personal_sign expects [message, address]')
    const account = signer(address)
    checkRejection()
    // Hex is signed as bytes (what dapps send); any other string as UTF-8 text, as wallets do.
    return account.signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  async function signTypedData(params: readonly unknown[]): Promise<Hex> {
    const [address, data] = params
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
    const account = signer(address)
    checkRejection()
    try {
      // viem validates the data against its types and derives EIP712Domain from `domain`.
      return await account.signTypedData(typedData as Parameters<typeof account.signTypedData>[0])
    } catch (error) {
      throw invalidParams(messageOf(error))
    }
  }

  async function sendTransaction(params: readonly unknown[]): Promise<Hex> {
    const tx = params[0]
    if (!isRecord(tx)) throw invalidParams('eth_sendTransaction expects [transaction]')
    const from = tx.from ?? (authorized ? currentAccount().address : undefined)
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
    const request = {
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
    const requestedChainId = tx.chainId === undefined ? undefined : parseChainId(tx.chainId)
    if (requestedChainId !== undefined && requestedChainId !== chainId) {
      throw invalidParams(
        `chainId ${numberToHex(requestedChainId)} does not match the current chain ${chainHex()}`,
      )
    }
    const account = signer(from)
    checkRejection()

    const { rpcUrl, name, nativeCurrency } = currentChain()
    const chain: Chain = defineChain({
      id: chainId,
      name,
      nativeCurrency,
      rpcUrls: { default: { http: [rpcUrl] } },
    })
    const send = async (): Promise<Hex> => {
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
        // Fills nonce, gas (eth_estimateGas), fees and chainId from the node, then signs locally.
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
    const result = sending.then(send)
    sending = result.catch(() => undefined)
    return result
  }

  function switchEthereumChain(params: readonly unknown[]): null {
    const [target] = params
    if (!isRecord(target)) throw invalidParams('wallet_switchEthereumChain expects [{ chainId }]')
    const id = parseChainId(target.chainId)
    if (!isKnownChain(id)) {
      throw new TestWalletRpcError(
        UNRECOGNIZED_CHAIN,
        `Unrecognized chain ID "${numberToHex(id)}". Try adding the chain using wallet_addEthereumChain first.`,
      )
    }
    checkRejection()
    changeChain(id)
    return null
  }

  function addEthereumChain(params: readonly unknown[]): null {
    const [chain] = params
    if (!isRecord(chain)) {
      throw invalidParams('wallet_addEthereumChain expects [{ chainId, chainName, rpcUrls }]')
    }
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
    checkRejection()
    // A chain the wallet already knows keeps its node: a dapp re-adding it with a public RPC URL
    // must not pull the test wallet off the local node.
    if (isKnownChain(id)) return null
    chains.set(id, {
      rpcUrl,
      name: typeof chain.chainName === 'string' ? chain.chainName : `Chain ${id}`,
      nativeCurrency,
    })
    features.unknownChainIds = features.unknownChainIds.filter((unknown) => unknown !== id)
    // EIP-3085 lets a wallet switch to the added chain; this one does not, so a dapp has to call
    // wallet_switchEthereumChain next (what MetaMask-style flows do anyway) and tests see exactly one
    // chainChanged, from the switch.
    return null
  }

  function requestPermissions(params: readonly unknown[]): unknown[] {
    const [requested] = params
    if (!isRecord(requested) || Object.keys(requested).length === 0) {
      throw invalidParams('wallet_requestPermissions expects [{ eth_accounts: {} }]')
    }
    const unsupported = Object.keys(requested).filter((name) => name !== 'eth_accounts')
    if (unsupported.length > 0) {
      throw invalidParams(`unsupported permissions: ${unsupported.join(', ')}`)
    }
    checkRejection()
    authorize()
    return permissions()
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    const list: readonly unknown[] = Array.isArray(params) ? params : []
    if (INTERACTIVE_METHODS.has(method) && params !== undefined && !Array.isArray(params)) {
      throw invalidParams(`${method} expects params to be an array`)
    }
    switch (method) {
      case 'eth_requestAccounts':
        checkRejection()
        authorize()
        return exposedAccounts()
      case 'eth_accounts':
        return exposedAccounts()
      case 'eth_chainId':
        return chainHex()
      case 'net_version':
        return String(chainId)
      case 'personal_sign':
        return personalSign(list)
      case 'eth_signTypedData_v4':
        return signTypedData(list)
      case 'eth_sendTransaction':
        return sendTransaction(list)
      case 'wallet_switchEthereumChain':
        return switchEthereumChain(list)
      case 'wallet_addEthereumChain':
        return addEthereumChain(list)
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_requestPermissions':
        return requestPermissions(list)
      case 'wallet_revokePermissions':
        deauthorize()
        return null
      default:
        if (REFUSED_METHODS.has(method) || method.startsWith('wallet_')) {
          throw new TestWalletRpcError(
            UNSUPPORTED_METHOD,
            `Unsupported method: the Gangway test wallet does not implement ${method}`,
          )
        }
        return callNode(currentChain().rpcUrl, method, params)
    }
  }

  async function request(args: unknown): Promise<unknown> {
    if (!isRecord(args) || typeof args.method !== 'string' || args.method === '') {
      throw new TestWalletRpcError(INVALID_REQUEST, 'Invalid request: expected { method, params? }')
    }
    const { method, params } = args
    requests.push(params === undefined ? { method } : { method, params })
    return handle(method, params)
  }

  const provider = {
    request,
    on(event: keyof EIP1193EventMap, listener: AnyListener): void {
      listeners.get(event)?.add(listener)
    },
    removeListener(event: keyof EIP1193EventMap, listener: AnyListener): void {
      listeners.get(event)?.delete(listener)
    },
  } as unknown as EIP1193Provider

  return {
    provider,
    info,
    features,
    addresses,
    requests,
    announce(target) {
      const detail = Object.freeze({ info, provider })
      const announceOnce = (): void => {
        target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      }
      target.addEventListener('eip6963:requestProvider', announceOnce)
      announceOnce()
      return () => target.removeEventListener('eip6963:requestProvider', announceOnce)
    },
    switchAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= accounts.length) {
        throw new RangeError(
          `switchAccount: index ${index} is outside the wallet's ${accounts.length} account(s)`,
        )
      }
      if (index === accountIndex) return
      accountIndex = index
      if (authorized) emit('accountsChanged', exposedAccounts())
    },
    switchChain(id) {
      if (!isKnownChain(id)) {
        throw new Error(`switchChain: chain ${id} is not known to the wallet (add it first)`)
      }
      changeChain(id)
    },
    disconnect() {
      authorized = false
      connected = false
      emit(
        'disconnect',
        new TestWalletRpcError(
          DISCONNECTED,
          'Disconnected: the wallet disconnected from the site.',
        ),
      )
    },
  }
}
