import { createPrivateKey, sign } from 'node:crypto'
import { createSignInMessage } from '@solana/wallet-standard-util'
import { Connection, type Keypair, VersionedTransaction } from '@solana/web3.js'
import type { Wallet } from '@wallet-standard/base'
import {
  type InstallSolanaTestWalletOptions,
  installSolanaTestWallet,
  type SolanaTestWalletAccount,
  type SolanaTestWalletAnswer,
  type SolanaTestWalletRequest,
} from './installSolanaTestWallet.js'

/**
 * The test wallet's failure switches; change them on {@link SolanaTestWallet.features} at any time.
 * @example
 * wallet.features.rejectRequests = true // the next prompt fails like a wallet whose user said no
 */
export interface SolanaTestWalletFeatures {
  /**
   * Prompts (a connect that is not silent, signMessage, signTransaction, signAndSendTransaction,
   * signIn) fail with the wallet-adapter error of the method (`WalletConnectionError`,
   * `WalletSignMessageError`, `WalletSignTransactionError`, `WalletSendTransactionError`,
   * `WalletSignInError`) carrying code 4001, as a user's "no" does.
   */
  rejectRequests: boolean
  /** Prompts never answer, like a wallet popup left open. */
  hangRequests: boolean
}

/**
 * What {@link createSolanaTestWallet} needs.
 * @example
 * const parameters: SolanaTestWalletParameters = { keypairs: [Keypair.generate()], rpcUrls: { 'solana:localnet': node.url } }
 */
export interface SolanaTestWalletParameters {
  /** The keys the wallet holds; the first is current. */
  readonly keypairs: readonly Keypair[]
  /** A node per Wallet Standard chain (`solana:localnet`, `solana:devnet`, ...); the wallet's chains. */
  readonly rpcUrls: Readonly<Record<`solana:${string}`, string>>
  /** The wallet's name (default 'Gangway Solana Test Wallet'). */
  readonly name?: string
  /** A data URI icon (default: a labelled SVG). */
  readonly icon?: `data:image/${string}`
  /** The bridge's global name in a page (default `__gangwaySolanaWallet`). */
  readonly bridge?: string
  /** Whether the site is already authorized, as an extension remembers trusted sites. */
  readonly authorized?: boolean
  /** Initial failure switches (all off by default). */
  readonly features?: Partial<SolanaTestWalletFeatures>
  /** Wallet Standard features to leave out (see `InstallSolanaTestWalletOptions.omitFeatures`). */
  readonly omitFeatures?: readonly string[]
}

/**
 * A Wallet Standard Solana wallet backed by local key pairs, with wallet-side controls.
 * @example
 * const wallet = createSolanaTestWallet({ keypairs, rpcUrls: { 'solana:localnet': node.url } })
 * const unregister = wallet.register() // listed by every Wallet Standard app on `window`
 * wallet.switchAccount(1) // the app sees a `change` event
 */
export interface SolanaTestWallet {
  /** Registers the wallet on `window` (Node: a window shim); returns a function that unregisters it. */
  register(): () => void
  /** The last wallet `register()` made, for calling features directly; `undefined` before. */
  readonly wallet: Wallet | undefined
  /** The backend a page's bridge calls (`page.exposeFunction(bridge, wallet.handle)`). */
  handle(request: SolanaTestWalletRequest): Promise<SolanaTestWalletAnswer>
  /** Receives the wallet-side account changes (a page test forwards them to `window[bridge + 'Changed']`). */
  onChange(listener: (accounts: readonly SolanaTestWalletAccount[]) => void): () => void
  /** What `installSolanaTestWallet` needs in a page, apart from the bridge function. */
  readonly pageOptions: Omit<InstallSolanaTestWalletOptions, 'call'>
  /** Mutable failure switches. */
  readonly features: SolanaTestWalletFeatures
  /** The base58 addresses the wallet holds. */
  readonly addresses: readonly string[]
  /** Every request received, in order. */
  readonly requests: readonly SolanaTestWalletRequest[]
  /** Wallet-side account switch; the site sees it when authorized. */
  switchAccount(index: number): void
  /** Wallet-side disconnect: deauthorizes and reports no accounts. */
  disconnect(): void
}

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#7c3aed"/>' +
  '<text x="16" y="20" font-family="sans-serif" font-size="10" font-weight="bold" text-anchor="middle" fill="#fff">TEST</text></svg>'
const DEFAULT_ICON: `data:image/${string}` = `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`
/** DER prefix of a PKCS#8 ed25519 private key; the 32-byte seed follows. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')
const REJECTION_NAMES: Readonly<Record<string, string>> = {
  connect: 'WalletConnectionError',
  signMessage: 'WalletSignMessageError',
  signTransaction: 'WalletSignTransactionError',
  signAndSendTransaction: 'WalletSendTransactionError',
  signIn: 'WalletSignInError',
}

class WalletFailure extends Error {
  constructor(
    override readonly name: string,
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Creates a Solana test wallet: Wallet Standard in front, local key pairs behind, sending through
 * the node of the chain a dapp names. In Node it registers on a `window` shim; in a browser test
 * the page runs `installSolanaTestWallet` and calls {@link SolanaTestWallet.handle} through
 * `page.exposeFunction`.
 * @example
 * import { createSolanaTestWallet, startSolanaNode } from '@gangway/kit/testing/node'
 * const node = await startSolanaNode()
 * const wallet = createSolanaTestWallet({ keypairs: [node.keypairs[1]!], rpcUrls: { 'solana:localnet': node.url } })
 * wallet.register()
 * @param parameters - key pairs, nodes per chain, name, icon, bridge name and failure switches.
 * @returns the wallet and its controls.
 * @throws Error when no key pair or chain is given.
 * @see /docs/solana.md
 */
export function createSolanaTestWallet(parameters: SolanaTestWalletParameters): SolanaTestWallet {
  const { keypairs } = parameters
  if (keypairs.length === 0) throw new Error('createSolanaTestWallet: at least one key pair')
  const chains = Object.keys(parameters.rpcUrls) as `solana:${string}`[]
  if (chains.length === 0) throw new Error('createSolanaTestWallet: at least one chain')
  const features: SolanaTestWalletFeatures = {
    rejectRequests: parameters.features?.rejectRequests ?? false,
    hangRequests: parameters.features?.hangRequests ?? false,
  }
  const connections = new Map<string, Connection>()
  const requests: SolanaTestWalletRequest[] = []
  const listeners = new Set<(accounts: readonly SolanaTestWalletAccount[]) => void>()
  let current = 0
  let authorized = parameters.authorized ?? false
  let registered: Wallet | undefined
  const pageOptions = {
    bridge: parameters.bridge ?? '__gangwaySolanaWallet',
    name: parameters.name ?? 'Gangway Solana Test Wallet',
    icon: parameters.icon ?? DEFAULT_ICON,
    chains,
    ...(parameters.omitFeatures ? { omitFeatures: parameters.omitFeatures } : {}),
  }

  const describe = (keypair: Keypair): SolanaTestWalletAccount => ({
    address: keypair.publicKey.toBase58(),
    publicKey: keypair.publicKey.toBuffer().toString('base64'),
  })
  const exposed = () => (authorized ? [describe(keypairs[current]!)] : [])
  const changed = () => {
    for (const listener of [...listeners]) listener(exposed())
  }
  const signBytes = (keypair: Keypair, bytes: Uint8Array) => {
    const key = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519, keypair.secretKey.subarray(0, 32)]),
      format: 'der',
      type: 'pkcs8',
    })
    return sign(null, bytes, key)
  }
  const signer = (address: string) => {
    const keypair = keypairs[current]!
    if (!authorized || keypair.publicKey.toBase58() !== address) {
      throw new WalletFailure('WalletAccountError', 4100, 'The account is not authorized.')
    }
    return keypair
  }
  const connectionFor = (chain: string | undefined) => {
    const url = parameters.rpcUrls[(chain ?? chains[0]) as `solana:${string}`]
    if (!url)
      throw new WalletFailure('WalletSendTransactionError', -32602, `Unknown chain ${chain}`)
    let connection = connections.get(url)
    if (!connection) {
      connection = new Connection(url, 'confirmed')
      connections.set(url, connection)
    }
    return connection
  }
  const prompt = (method: string) => {
    if (features.hangRequests) return new Promise<never>(() => undefined)
    if (features.rejectRequests) {
      throw new WalletFailure(REJECTION_NAMES[method]!, 4001, 'User rejected the request.')
    }
    return undefined
  }
  const signTransaction = (address: string, transaction: string) => {
    const keypair = signer(address)
    const parsed = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64'))
    parsed.sign([keypair])
    return parsed
  }

  const run = async (request: SolanaTestWalletRequest): Promise<Record<string, unknown>> => {
    switch (request.method) {
      case 'connect':
        // A silent connect never prompts: it answers with what is already authorized, or nothing.
        if (request.silent) return { accounts: exposed() }
        await prompt('connect')
        authorized = true
        return { accounts: exposed() }
      case 'disconnect':
        authorized = false
        return {}
      case 'signMessage': {
        const keypair = signer(request.address)
        await prompt('signMessage')
        return {
          signature: signBytes(keypair, Buffer.from(request.message, 'base64')).toString('base64'),
        }
      }
      case 'signTransaction': {
        signer(request.address)
        await prompt('signTransaction')
        const signed = signTransaction(request.address, request.transaction)
        return { signedTransaction: Buffer.from(signed.serialize()).toString('base64') }
      }
      case 'signAndSendTransaction': {
        signer(request.address)
        await prompt('signAndSendTransaction')
        const signed = signTransaction(request.address, request.transaction)
        await connectionFor(request.chain).sendRawTransaction(signed.serialize())
        return { signature: Buffer.from(signed.signatures[0]!).toString('base64') }
      }
      case 'signIn': {
        await prompt('signIn')
        authorized = true
        const keypair = keypairs[current]!
        const input = request.input
        // The wallet fills what the dapp left out (SIWS): the domain it sees and the account.
        const message = createSignInMessage({
          ...input,
          domain: typeof input.domain === 'string' ? input.domain : 'localhost',
          address: keypair.publicKey.toBase58(),
        })
        return {
          accounts: [describe(keypair)],
          signedMessage: Buffer.from(message).toString('base64'),
          signature: signBytes(keypair, message).toString('base64'),
        }
      }
    }
  }

  return {
    register: () => {
      const installed = installSolanaTestWallet({ ...pageOptions, call: handle })
      registered = installed.wallet
      const forward = (window as unknown as Record<string, unknown>)[
        `${pageOptions.bridge}Changed`
      ] as (accounts: readonly SolanaTestWalletAccount[]) => void
      listeners.add(forward)
      return () => {
        listeners.delete(forward)
        installed.unregister()
      }
    },
    get wallet() {
      return registered
    },
    handle,
    onChange: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    pageOptions,
    features,
    addresses: keypairs.map((keypair) => keypair.publicKey.toBase58()),
    requests,
    switchAccount: (index) => {
      if (!Number.isInteger(index) || index < 0 || index >= keypairs.length)
        throw new RangeError(`switchAccount: no account ${index}`)
      if (index === current) return
      current = index
      if (authorized) changed()
    },
    disconnect: () => {
      authorized = false
      changed()
    },
  }

  async function handle(request: SolanaTestWalletRequest): Promise<SolanaTestWalletAnswer> {
    requests.push(request)
    try {
      return { ok: true, result: await run(request) }
    } catch (error) {
      const failure =
        error instanceof WalletFailure
          ? error
          : new WalletFailure(
              'WalletError',
              -32603,
              error instanceof Error ? error.message : String(error),
            )
      return {
        ok: false,
        error: { name: failure.name, code: failure.code, message: failure.message },
      }
    }
  }
}
