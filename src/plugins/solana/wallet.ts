/**
 * One connected Solana wallet, Wallet Standard or legacy, behind a single shape: the lazily loaded
 * adapter talks to this and never to a wallet directly. Every answer is checked before use.
 * @module
 */
import type { Transaction } from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { KitError, untilAborted, WALLET_ACCOUNTS_MAX } from '../../kernel/index.js'
import type { SolanaWalletHandle } from './discovery.js'
import type { SolanaNetwork } from './networks.js'
import { decodeSolanaAddress, toBase58 } from './schemas.js'

/** A connected wallet. @internal */
export interface SolanaWalletSession {
  readonly connectorId: string
  readonly name: string
  readonly icon: string | undefined
  /** Whether the wallet can sign for `network` (the Wallet Standard chains it declares). */
  supports(network: SolanaNetwork): boolean
  /** The base58 addresses exposed to the site, current first. */
  addresses: readonly string[]
  /**
   * Asks the wallet to sign and send; returns the base58 signature. A wallet that can only sign
   * gets `transaction` signed, and `submit` sends the signed bytes to the node.
   */
  signAndSend(
    address: string,
    transaction: Transaction,
    network: SolanaNetwork,
    submit: (signed: Uint8Array) => Promise<string>,
  ): Promise<string>
  /** Signs `message` (UTF-8) with `address`; returns the 64-byte signature. */
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>
  /**
   * Sign-In With Solana in one prompt (`solana:signIn`), when the wallet offers it: the wallet
   * builds the message from `input` and signs it. `undefined` without the feature.
   */
  signIn?(input: Readonly<Record<string, unknown>>): Promise<SolanaSignedIn>
  /** Listens for wallet-side changes: the new address list (empty: disconnected). */
  onChange(listener: (addresses: readonly string[]) => void): () => void
  disconnect(): Promise<void>
}

/** What a wallet's `solana:signIn` answered, checked: the account, the signed text and its signature. @internal */
export interface SolanaSignedIn {
  readonly address: string
  readonly signedMessage: Uint8Array
  readonly signature: Uint8Array
}

/** Rejects with `CANCELLED` when `signal` aborts first; the wallet's late answer is ignored. */
export const abortable = <TValue>(promise: Promise<TValue>, signal: AbortSignal) =>
  untilAborted(promise, signal, 'The wallet request')

function unexpected(what: string): KitError {
  return new KitError('UNKNOWN_ERROR', {
    details: `The wallet answered ${what} with an unexpected value.`,
  })
}

/**
 * The addresses of accounts whose address and public key agree and are a Solana key; only the
 * first {@link WALLET_ACCOUNTS_MAX} entries are read, so a wallet listing 100,000 accounts costs
 * what one listing a hundred does.
 */
function standardAddresses(accounts: unknown): string[] {
  if (!Array.isArray(accounts)) throw unexpected('the connect request')
  return accounts
    .slice(0, WALLET_ACCOUNTS_MAX)
    .flatMap((account: Partial<WalletAccount> | null) => {
      const address = typeof account?.address === 'string' ? account.address : ''
      const bytes = decodeSolanaAddress(address)
      const key = account?.publicKey
      const matches =
        bytes !== undefined &&
        key instanceof Uint8Array &&
        key.length === 32 &&
        key.every((byte, index) => byte === bytes[index])
      return matches ? [address] : []
    })
}

function bytesOf(value: unknown, length: number | undefined, what: string): Uint8Array {
  if (!(value instanceof Uint8Array) || (length !== undefined && value.length !== length))
    throw unexpected(what)
  return value
}

type Feature<TName extends string> = Record<string, (...args: never[]) => Promise<unknown>> & {
  readonly [key in TName]?: never
}

function featureOf(wallet: Wallet, name: string): Feature<never> | undefined {
  const feature = (wallet.features as Record<string, unknown>)[name]
  return typeof feature === 'object' && feature !== null ? (feature as Feature<never>) : undefined
}

async function connectStandard(
  wallet: Wallet,
  connectorId: string,
  name: string,
  icon: string | undefined,
  silent: boolean,
  signal: AbortSignal,
): Promise<SolanaWalletSession> {
  const connect = featureOf(wallet, 'standard:connect')?.connect as
    | ((input: { silent: boolean }) => Promise<{ accounts?: unknown }>)
    | undefined
  if (!connect) throw new KitError('CAPABILITY_UNSUPPORTED', { details: 'No standard:connect.' })
  const answer = await abortable(
    connect.call(featureOf(wallet, 'standard:connect'), { silent }),
    signal,
  )
  const account = (address: string) => {
    const found = wallet.accounts.find((entry) => entry.address === address)
    if (!found)
      throw new KitError('NOT_CONNECTED', { details: 'The wallet no longer exposes this account.' })
    return found
  }
  const chains = Array.isArray(wallet.chains)
    ? wallet.chains.filter((chain) => typeof chain === 'string')
    : []
  const session: SolanaWalletSession = {
    connectorId,
    name,
    icon,
    supports: (network) => chains.includes(network.walletChain),
    addresses: standardAddresses(answer?.accounts),
    signAndSend: async (address, transaction, network, submit) => {
      const bytes = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
      const send = featureOf(wallet, 'solana:signAndSendTransaction')
      if (send?.signAndSendTransaction) {
        const [output] = (await (
          send.signAndSendTransaction as (...inputs: unknown[]) => Promise<unknown[]>
        ).call(send, {
          account: account(address),
          transaction: bytes,
          chain: network.walletChain,
        })) as {
          signature?: unknown
        }[]
        return toBase58(bytesOf(output?.signature, 64, 'signAndSendTransaction'))
      }
      const sign = featureOf(wallet, 'solana:signTransaction')
      if (sign?.signTransaction) {
        const [output] = (await (
          sign.signTransaction as (...inputs: unknown[]) => Promise<unknown[]>
        ).call(sign, {
          account: account(address),
          transaction: bytes,
          chain: network.walletChain,
        })) as { signedTransaction?: unknown }[]
        return submit(bytesOf(output?.signedTransaction, undefined, 'signTransaction'))
      }
      throw new KitError('CAPABILITY_UNSUPPORTED', {
        details: 'Neither solana:signAndSendTransaction nor solana:signTransaction.',
      })
    },
    signMessage: async (address, message) => {
      const feature = featureOf(wallet, 'solana:signMessage')
      if (!feature?.signMessage)
        throw new KitError('CAPABILITY_UNSUPPORTED', { details: 'No solana:signMessage.' })
      const [output] = (await (
        feature.signMessage as (...inputs: unknown[]) => Promise<unknown[]>
      ).call(feature, { account: account(address), message })) as { signature?: unknown }[]
      return bytesOf(output?.signature, 64, 'signMessage')
    },
    ...(featureOf(wallet, 'solana:signIn')?.signIn
      ? {
          signIn: async (input: Readonly<Record<string, unknown>>) => {
            const feature = featureOf(wallet, 'solana:signIn')!
            const [output] = (await (
              feature.signIn as (...inputs: unknown[]) => Promise<unknown[]>
            ).call(feature, input)) as {
              account?: Partial<WalletAccount>
              signedMessage?: unknown
              signature?: unknown
            }[]
            const [address] = standardAddresses([output?.account])
            if (!address) throw unexpected('signIn')
            return {
              address,
              signedMessage: bytesOf(output?.signedMessage, undefined, 'signIn'),
              signature: bytesOf(output?.signature, 64, 'signIn'),
            }
          },
        }
      : {}),
    onChange: (listener) => {
      const events = featureOf(wallet, 'standard:events')
      const on = events?.on as
        | ((event: 'change', handler: (properties: { accounts?: unknown }) => void) => () => void)
        | undefined
      if (!on) return () => undefined
      return on.call(events, 'change', (properties) => {
        // A change without `accounts` is about chains or features only.
        if (!properties || !('accounts' in properties)) return
        session.addresses = standardAddresses(properties.accounts)
        listener(session.addresses)
      })
    },
    disconnect: async () => {
      const feature = featureOf(wallet, 'standard:disconnect')
      await (feature?.disconnect as (() => Promise<void>) | undefined)?.call(feature)
    },
  }
  return session
}

/** A legacy provider's public key (a web3.js PublicKey, or anything with `toBase58`) as base58. */
function legacyAddress(value: unknown): string | undefined {
  const key = (value as { publicKey?: unknown } | null)?.publicKey ?? value
  const text =
    typeof (key as { toBase58?: unknown })?.toBase58 === 'function'
      ? (key as { toBase58(): unknown }).toBase58()
      : key
  return typeof text === 'string' && decodeSolanaAddress(text) ? text : undefined
}

/**
 * Connects the wallet behind a handle; `silent` never prompts (Wallet Standard `silent`, legacy
 * `onlyIfTrusted`).
 * @internal
 */
export async function connectWallet(
  handle: SolanaWalletHandle,
  silent: boolean,
  signal: AbortSignal,
): Promise<SolanaWalletSession> {
  const { connector } = handle
  if (handle.kind === 'standard')
    return connectStandard(
      handle.wallet,
      connector.id,
      connector.name,
      connector.imageUrl,
      silent,
      signal,
    )
  const { provider } = handle
  const answer = await abortable(
    provider.connect(silent ? { onlyIfTrusted: true } : undefined),
    signal,
  )
  const address = legacyAddress(answer) ?? legacyAddress(provider.publicKey)
  const off = (event: string, listener: (...args: unknown[]) => void) =>
    (provider.off ?? provider.removeListener)?.call(provider, event, listener)
  const session: SolanaWalletSession = {
    connectorId: connector.id,
    name: connector.name,
    icon: undefined,
    // A legacy provider does not say which clusters it serves; it signs for whatever it is given.
    supports: () => true,
    addresses: address ? [address] : [],
    signAndSend: async (_address, transaction, _network, submit) => {
      if (!provider.signAndSendTransaction) {
        if (!provider.signTransaction)
          throw new KitError('CAPABILITY_UNSUPPORTED', { details: 'No signAndSendTransaction.' })
        const signed = (await provider.signTransaction(transaction)) as { serialize?: unknown }
        if (typeof signed?.serialize !== 'function') throw unexpected('signTransaction')
        return submit(bytesOf((signed as Transaction).serialize(), undefined, 'signTransaction'))
      }
      const output = (await provider.signAndSendTransaction(transaction)) as { signature?: unknown }
      if (
        typeof output?.signature !== 'string' ||
        !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(output.signature)
      )
        throw unexpected('signAndSendTransaction')
      return output.signature
    },
    signMessage: async (_address, message) => {
      if (!provider.signMessage)
        throw new KitError('CAPABILITY_UNSUPPORTED', { details: 'No signMessage.' })
      const output = (await provider.signMessage(message, 'utf8')) as { signature?: unknown }
      return bytesOf(output?.signature, 64, 'signMessage')
    },
    onChange: (listener) => {
      const onAccount = (key: unknown) => {
        // Phantom reports `null` for an account the site may not see yet: not a disconnect, and
        // nothing the site can use until the visitor connects it.
        const next = key ? legacyAddress(key) : undefined
        if (!next) return
        session.addresses = [next]
        listener(session.addresses)
      }
      const onDisconnect = () => {
        session.addresses = []
        listener([])
      }
      provider.on?.('accountChanged', onAccount)
      provider.on?.('disconnect', onDisconnect)
      return () => {
        off('accountChanged', onAccount)
        off('disconnect', onDisconnect)
      }
    },
    disconnect: () => provider.disconnect(),
  }
  return session
}
