import {
  type Address,
  type EIP1193EventMap,
  type EIP1193Provider,
  type Hex,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

import {
  callNode,
  DEFAULT_ICON,
  DISCONNECTED,
  ETHER,
  EVENTS,
  INTERACTIVE_METHODS,
  INVALID_REQUEST,
  invalidParams,
  isRecord,
  type KnownChain,
  messageOf,
  parseAddedChain,
  parseChainId,
  parseTransactionRequest,
  parseTypedData,
  REFUSED_METHODS,
  rejected,
  signAndSubmit,
  TestWalletRpcError,
  UNAUTHORIZED,
  UNRECOGNIZED_CHAIN,
  UNSUPPORTED_METHOD,
} from './testWalletRpc.js'
import type { TestWallet, TestWalletFeatures, TestWalletParameters } from './testWalletTypes.js'

export type { TestWallet, TestWalletFeatures, TestWalletParameters } from './testWalletTypes.js'

type AnyListener = (payload: unknown) => void

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
    const typedData = parseTypedData(data)
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
    const request = parseTransactionRequest(tx)
    const requestedChainId = tx.chainId === undefined ? undefined : parseChainId(tx.chainId)
    if (requestedChainId !== undefined && requestedChainId !== chainId) {
      throw invalidParams(
        `chainId ${numberToHex(requestedChainId)} does not match the current chain ${chainHex()}`,
      )
    }
    const account = signer(from)
    checkRejection()

    const send = (): Promise<Hex> => signAndSubmit(account, chainId, currentChain(), request)
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
    const { id, rpcUrl, nativeCurrency } = parseAddedChain(chain)
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
