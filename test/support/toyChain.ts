/**
 * "toychain": an invented chain family written only against Gangway's public API, proving a site
 * can add its own namespace. It keeps a ledger in memory and a wallet with switches to inject
 * failures, so kernel tests and the terminal demo exercise every effect without a real node.
 * @module
 */
import { type SchedulerLike, Subject, timer } from 'rxjs'
import * as z from 'zod/mini'
import {
  type CaipAddress,
  type CaipNetworkId,
  type Connector,
  definePlugin,
  fromScaledInteger,
  KitError,
  type NetworkDescriptor,
  type PluginEventInput,
  parseCaipAddress,
  type SiwxAdapter,
  type SiwxMessageFields,
  siwxMessageFieldsSchema,
  toScaledInteger,
  UserRejectedError,
} from '../../src/kernel/index.js'
import { createPluginErrors } from '../../src/plugins/kit/index.js'

/** Toychain addresses: `ty` and 38 lower-case hex digits. */
export const toyAddressSchema = z.string().check(z.regex(/^ty[0-9a-f]{38}$/))

/** Builds a valid toychain address from a small number, for fixtures. */
export function toyAddress(seed: number): string {
  return `ty${seed.toString(16).padStart(38, '0')}`
}

/** The two networks of a toy namespace: `<namespace>:main` and `<namespace>:test`. */
export function toyNetworks(namespace = 'toychain'): [NetworkDescriptor, NetworkDescriptor] {
  return [
    {
      id: `${namespace}:main`,
      name: 'Toy Mainnet',
      nativeCurrency: { name: 'Toy', symbol: 'TOY', decimals: 6 },
      rpcUrls: [],
      blockExplorers: [{ name: 'Toyscan', url: 'https://toyscan.example' }],
      testnet: false,
      namespace,
    },
    {
      id: `${namespace}:test`,
      name: 'Toy Testnet',
      nativeCurrency: { name: 'Toy', symbol: 'tTOY', decimals: 6 },
      rpcUrls: [],
      testnet: true,
      namespace,
    },
  ]
}

export const [TOY_MAIN, TOY_TEST] = toyNetworks()

const DECIMALS = 6

/** The error codes only toychain raises, declared with the plugin (see docs/plugins.md). */
export const toyErrors = createPluginErrors({
  TOY_WALLET_LOCKED: {
    surface: 'thrown',
    userMessage: 'Unlock your wallet to continue',
    shortMessage: 'The toy wallet is locked ({attempts} attempts left).',
  },
})

declare module '../../src/kernel/index.js' {
  interface PluginErrorCodes {
    TOY_WALLET_LOCKED: true
  }
}

/** A wallet error with a structured code, as real wallets raise them. */
export class ToyWalletError extends Error {
  constructor(
    readonly code: 'REJECTED' | 'BROKEN',
    message: string,
  ) {
    super(message)
  }
}

/** Failure switches of the toy wallet. */
export interface ToyFeatures {
  /** `locked`: the wallet is locked, raised as toychain's own `TOY_WALLET_LOCKED`. */
  connectError?: 'reject' | 'fail' | 'locked' | undefined
  switchError?: 'reject' | undefined
  sendError?: 'reject' | 'fail' | undefined
  signError?: 'reject' | undefined
  disconnectError?: boolean | undefined
  balanceError?: boolean | undefined
  /** Virtual-time delay before the wallet answers a connect. */
  connectDelayMs?: number | undefined
  /** The wallet never answers a disconnect, a sign request or a send. */
  disconnectHangs?: boolean | undefined
  signHangs?: boolean | undefined
  sendHangs?: boolean | undefined
  /** The wallet answers connect with this instead of a real account. */
  connectAnswer?: { caipAddress: string; networkId: string } | undefined
}

/** Options of {@link toyChain}. */
export interface ToyChainOptions {
  /** The namespace; `toychain` by default. A second namespace makes multi-chain tests possible. */
  readonly namespace?: string
  /** Accounts the wallet holds, first one is used; balances in TOY. */
  readonly accounts?: readonly { address: string; balance: string }[]
  /** Failure switches; mutable through the controller. */
  readonly features?: ToyFeatures
  /** Wallets the page "announces". */
  readonly connectors?: readonly Connector[]
  /** Connector ids the wallet already trusts (a silent reconnect succeeds for them). */
  readonly authorized?: readonly string[]
}

/** The default announced toy wallet. */
export const TOY_WALLET: Connector = Object.freeze({
  id: 'toywallet',
  name: 'Toy Wallet',
  type: 'ANNOUNCED',
  namespace: 'toychain',
  rdns: 'org.example.toywallet',
}) as Connector

const TOY_SIWX_HEADER = 'toychain sign-in\n'
const TOY_SIWX_KEYS = [
  'domain',
  'accountAddress',
  'chainId',
  'uri',
  'version',
  'nonce',
  'statement',
  'issuedAt',
  'expirationTime',
  'notBefore',
  'requestId',
  'resources',
] as const

/**
 * The toychain sign-in family: the fields as JSON under a header, signed as the toy wallet signs
 * any message (`toysig:<caip address>:<length>`). Forgeable by design: it tests the kit's rules;
 * signatures are tested on the real families.
 */
export function toySiwx(namespace: string, sign: SiwxAdapter['signIn']): SiwxAdapter {
  const createMessage = (fields: SiwxMessageFields) =>
    TOY_SIWX_HEADER +
    JSON.stringify(
      Object.fromEntries(
        TOY_SIWX_KEYS.flatMap((key) => (fields[key] === undefined ? [] : [[key, fields[key]]])),
      ),
    )
  return {
    namespace,
    createMessage,
    parseMessage: (message) => {
      if (!message.startsWith(TOY_SIWX_HEADER)) return undefined
      try {
        const parsed = siwxMessageFieldsSchema.safeParse(
          JSON.parse(message.slice(TOY_SIWX_HEADER.length)),
        )
        return parsed.success && parsed.data.chainId.startsWith(`${namespace}:`)
          ? parsed.data
          : undefined
      } catch {
        return undefined
      }
    },
    verifySignature: async ({ message, signature, fields }) =>
      signature === `toysig:${fields.chainId}:${fields.accountAddress}:${message.length}`,
    signIn: sign,
  }
}

/**
 * Creates the toychain plugin and a controller for the wallet behind it.
 * @example
 * const { plugin, wallet } = toyChain({ accounts: [{ address: toyAddress(1), balance: '10' }] })
 * const kit = createKit({ plugins: [plugin] })
 */
export function toyChain(options: ToyChainOptions = {}) {
  const namespace = options.namespace ?? 'toychain'
  const [main, test] = toyNetworks(namespace)
  const features: ToyFeatures = { ...options.features }
  const ledger = new Map<string, bigint>()
  const accounts = (options.accounts ?? [{ address: toyAddress(1), balance: '100' }]).map(
    (account) => {
      ledger.set(account.address, toScaledInteger(account.balance, DECIMALS) ?? 0n)
      return account.address
    },
  )
  const authorized = new Set(options.authorized ?? [])
  const wallet$ = new Subject<PluginEventInput>()
  let networkId: CaipNetworkId = main.id
  let current = accounts[0] ?? toyAddress(1)
  const calls: string[] = []
  const signed: string[] = []

  const fail = (kind: 'reject' | 'fail' | 'locked' | true | undefined, what: string) => {
    if (kind === 'reject') throw new ToyWalletError('REJECTED', `User rejected ${what}`)
    if (kind === 'locked') throw toyErrors.create('TOY_WALLET_LOCKED', { params: { attempts: 2 } })
    if (kind) throw new ToyWalletError('BROKEN', `${what} broke`)
  }
  const abortable = (signal: AbortSignal, delayMs: number | undefined, scheduler: SchedulerLike) =>
    new Promise<void>((resolve, reject) => {
      if (!delayMs) return resolve()
      const subscription = timer(delayMs, scheduler).subscribe(() => resolve())
      signal.addEventListener('abort', () => {
        subscription.unsubscribe()
        reject(new Error('aborted'))
      })
    })

  const plugin = definePlugin({
    namespace,
    networks: [main, test],
    schemas: { address: toyAddressSchema },
    accountTypes: { default: 'eoa', supported: ['eoa', 'smartAccount'] },
    nativeTokenAddress: 'ty0000000000000000000000000000000000000000',
    smartAccountNetworkIds: [test.id],
    errors: toyErrors.entries,
    toKitError: (error) =>
      error instanceof ToyWalletError && error.code === 'REJECTED'
        ? new UserRejectedError({ cause: error, details: error.message })
        : undefined,
    createAdapter: ({ env }) => ({
      connectors: () => options.connectors ?? [{ ...TOY_WALLET, namespace }],
      prepare: (connectorId) => {
        wallet.prepared.push(connectorId)
      },
      connect: async ({ connectorId, networkId: picked, currentNetworkId, silent }, signal) => {
        calls.push(`connect:${connectorId}${silent ? ':silent' : ''}`)
        await abortable(signal, features.connectDelayMs, env.scheduler)
        if (silent && !authorized.has(connectorId)) {
          throw new ToyWalletError('BROKEN', 'Not authorized')
        }
        fail(features.connectError, 'connect')
        authorized.add(connectorId)
        // Like a WalletConnect session serving every network it approved, the toy wallet starts on
        // the network the visitor picked, else on the one the kit is on.
        const start = picked ?? currentNetworkId
        if (start === main.id || start === test.id) networkId = start
        if (features.connectAnswer) {
          return features.connectAnswer as { caipAddress: CaipAddress; networkId: CaipNetworkId }
        }
        const caipAddress: CaipAddress = `${networkId}:${current}`
        return {
          caipAddress,
          networkId,
          accounts: accounts.map((address) => ({
            caipAddress: `${networkId}:${address}` as CaipAddress,
            type: 'eoa' as const,
          })),
          walletInfo: { name: 'Toy Wallet', rdns: 'org.example.toywallet' },
          recentWallet: { id: connectorId, name: 'Toy Wallet', rdns: 'org.example.toywallet' },
        }
      },
      disconnect: async ({ connectorId }) => {
        calls.push(`disconnect:${connectorId}`)
        if (features.disconnectHangs) await new Promise<never>(() => undefined)
        if (features.disconnectError) throw new ToyWalletError('BROKEN', 'disconnect broke')
        authorized.delete(connectorId)
      },
      switchNetwork: async ({ networkId: next }) => {
        calls.push(`switch:${next}`)
        fail(features.switchError, 'switch')
        networkId = next
      },
      getBalance: async ({ caipAddress }) => {
        calls.push(`balance:${caipAddress}`)
        if (features.balanceError) throw new ToyWalletError('BROKEN', 'node down')
        const address = parseCaipAddress(caipAddress)?.address ?? ''
        return {
          balance: fromScaledInteger(ledger.get(address) ?? 0n, DECIMALS),
          symbol: networkId === test.id ? 'tTOY' : 'TOY',
          tokens: [],
        }
      },
      send: async ({ from, to, amount }) => {
        calls.push(`send:${amount}`)
        if (features.sendHangs) await new Promise<never>(() => undefined)
        fail(features.sendError, 'send')
        const sender = parseCaipAddress(from)?.address ?? ''
        const value = toScaledInteger(amount, DECIMALS) ?? 0n
        const held = ledger.get(sender) ?? 0n
        if (held < value) throw new KitError('INSUFFICIENT_BALANCE')
        ledger.set(sender, held - value)
        ledger.set(to, (ledger.get(to) ?? 0n) + value)
        return { hash: `toyhash-${calls.length}` }
      },
      signMessage: async ({ message, caipAddress }) => {
        if (features.signHangs) await new Promise<never>(() => undefined)
        fail(features.signError, 'sign')
        const signature = `toysig:${caipAddress}:${message.length}`
        signed.push(message)
        return { signature }
      },
      loadSiwx: async () => {
        const family: SiwxAdapter = toySiwx(namespace, async ({ caipAddress, fields }) => {
          fail(features.signError, 'sign')
          const message = family.createMessage(fields)
          signed.push(message)
          return { message, signature: `toysig:${caipAddress}:${message.length}` }
        })
        return family
      },
      watch: () => wallet$.asObservable(),
    }),
  })

  const wallet = {
    features,
    calls,
    /** Connectors the kit asked the adapter to prepare for (load code ahead of a connect). */
    prepared: [] as string[],
    signed,
    balanceOf: (address: string) => fromScaledInteger(ledger.get(address) ?? 0n, DECIMALS),
    /** The wallet switches account on its side. */
    switchAccount(address: string) {
      current = address
      wallet$.next({
        type: 'account/changed',
        payload: { namespace, caipAddress: `${networkId}:${address}` },
      })
    },
    /** The wallet moves to a network, configured or not. */
    moveToNetwork(next: CaipNetworkId) {
      networkId = next
      wallet$.next({ type: 'network/changed', payload: { namespace, networkId: next } })
    },
    /** The wallet ends the connection on its side. */
    disconnectFromWallet() {
      wallet$.next({ type: 'wallet/disconnected', payload: { namespace } })
    },
    /** Another wallet announces itself. */
    announce(connector: Connector) {
      wallet$.next({
        type: 'connectors/discovered',
        payload: { namespace, connectors: [connector] },
      })
    },
    /** Money arrives from outside the kit (a transfer the wallet did not send through it). */
    credit(address: string, amount: string) {
      ledger.set(address, (ledger.get(address) ?? 0n) + (toScaledInteger(amount, DECIMALS) ?? 0n))
    },
    /** The wallet tells the kit a balance changed. */
    invalidate(address: string) {
      wallet$.next({
        type: 'balance/invalidated',
        payload: { namespace, caipAddress: `${networkId}:${address}` },
      })
    },
    /** Sends a raw report, for ingress validation tests. */
    report(event: unknown) {
      wallet$.next(event as PluginEventInput)
    },
  }
  return { plugin, wallet }
}
