/**
 * One connected Bitcoin wallet behind a single shape, whichever interface it speaks: Wallet
 * Standard (`bitcoin:connect`, and `bitcoin:signMessage` / `bitcoin:signTransaction` where it
 * offers them), sats-connect's `request(method, params)`, or a Unisat-style provider. Every answer
 * is untrusted and checked before use; the adapter never talks to a wallet directly.
 * @module
 */
import { base64, hex } from '@scure/base'
import type { Wallet } from '@wallet-standard/base'
import { KitError, untilAborted, WALLET_ACCOUNTS_MAX } from '../../kernel/index.js'
import type { Bip122WalletHandle } from './discovery.js'

/** An address the wallet exposes, and what it is for. @internal */
export interface Bip122Account {
  readonly address: string
  /** Hex public key (33 bytes, or 32 x-only), when the wallet gives one. */
  readonly publicKey: string | undefined
  readonly purpose: 'payment' | 'ordinals'
}

/** A connected wallet. @internal */
export interface Bip122WalletSession {
  readonly connectorId: string
  readonly name: string
  readonly icon: string | undefined
  /** The accounts exposed to the site: payment first, then ordinals. */
  accounts: readonly Bip122Account[]
  /**
   * Signs the PSBT (base64) for the inputs listed per address; resolves with the signed PSBT
   * (base64). Never broadcasts: the plugin checks and broadcasts it.
   */
  signPsbt(
    psbt: string,
    inputs: { readonly address: string; readonly indexes: readonly number[] },
  ): Promise<string>
  /** Signs a message with BIP-322 (the wallet's own format for legacy addresses); base64. */
  signMessage(address: string, message: string): Promise<string>
  /** Wallet-side account changes: the new accounts (empty: disconnected). */
  onChange(listener: (accounts: readonly Bip122Account[]) => void): () => void
  disconnect(): Promise<void>
}

const PURPOSES = ['payment', 'ordinals'] as const

/** Rejects with `CANCELLED` when `signal` aborts first; the wallet's late answer is ignored. */
export const abortable = <TValue>(promise: Promise<TValue>, signal: AbortSignal) =>
  untilAborted(promise, signal, 'The wallet request')

function unexpected(what: string): KitError {
  return new KitError('UNKNOWN_ERROR', {
    details: `The wallet answered ${what} with an unexpected value.`,
  })
}

const HEX_KEY = /^(?:[0-9a-fA-F]{64}|0[23][0-9a-fA-F]{64})$/
const ADDRESS = /^[A-Za-z0-9]{14,90}$/
const BASE64 = /^[A-Za-z0-9+/]{1,4000}={0,2}$/

const hexOf = (bytes: Uint8Array) => hex.encode(bytes)
const base64Of = (bytes: Uint8Array) => base64.encode(bytes)

/** Reads a property; a throwing getter reads as `undefined`. */
function read(target: unknown, key: string): unknown {
  try {
    return typeof target === 'object' && target !== null
      ? (target as Record<string, unknown>)[key]
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The accounts of a wallet's answer, each checked on its own (an address of letters and digits, a
 * hex key if any, a known purpose), payment first; at most {@link WALLET_ACCOUNTS_MAX} read.
 */
export function toAccounts(entries: unknown): Bip122Account[] {
  if (!Array.isArray(entries)) throw unexpected('the connect request')
  const accounts = entries.slice(0, WALLET_ACCOUNTS_MAX).flatMap((entry): Bip122Account[] => {
    const address = read(entry, 'address')
    const rawKey = read(entry, 'publicKey')
    const key = rawKey instanceof Uint8Array ? hexOf(rawKey) : rawKey
    const purpose = read(entry, 'purpose')
    if (typeof address !== 'string' || !ADDRESS.test(address)) return []
    if (!PURPOSES.includes(purpose as never)) return []
    return [
      {
        address,
        publicKey: typeof key === 'string' && HEX_KEY.test(key) ? key.toLowerCase() : undefined,
        purpose: purpose as Bip122Account['purpose'],
      },
    ]
  })
  const payment = accounts.filter((account) => account.purpose === 'payment')
  return [...payment, ...accounts.filter((account) => account.purpose === 'ordinals')]
}

/**
 * Wallet Standard accounts carry no purpose: `bitcoin:connect` answers one per purpose asked, in
 * the order asked (payment, ordinals); a wallet answering otherwise pays from its first.
 */
function purposeOfStandard(index: number, count: number): Bip122Account['purpose'] {
  return count === PURPOSES.length ? PURPOSES[index]! : index === 0 ? 'payment' : 'ordinals'
}

type Method = (...args: unknown[]) => Promise<unknown>

function featureOf(wallet: Wallet, name: string): Record<string, unknown> | undefined {
  const feature = read(read(wallet, 'features'), name)
  return typeof feature === 'object' && feature !== null
    ? (feature as Record<string, unknown>)
    : undefined
}

function call(target: Record<string, unknown> | undefined, name: string, ...args: unknown[]) {
  const method = target?.[name]
  if (typeof method !== 'function')
    throw new KitError('CAPABILITY_UNSUPPORTED', { details: `The wallet offers no ${name}.` })
  return (method as Method).apply(target, args)
}

/** The first output of a Wallet Standard method (they answer one output per input). */
const firstOutput = (answer: unknown) => (Array.isArray(answer) ? answer[0] : answer)

function bytesOf(value: unknown, what: string): Uint8Array {
  if (value instanceof Uint8Array && value.length > 0 && value.length < 4_000_000) return value
  throw unexpected(what)
}

async function connectStandard(
  handle: Extract<Bip122WalletHandle, { kind: 'standard' }>,
  silent: boolean,
  signal: AbortSignal,
): Promise<Bip122WalletSession> {
  const { wallet, connector } = handle
  const answer = await abortable(
    call(featureOf(wallet, 'bitcoin:connect'), 'connect', { purposes: [...PURPOSES], silent }),
    signal,
  )
  const accountsOf = (raw: unknown) => {
    const list = Array.isArray(raw) ? raw.slice(0, WALLET_ACCOUNTS_MAX) : raw
    return toAccounts(
      Array.isArray(list)
        ? list.map((account, index) => ({
            address: read(account, 'address'),
            publicKey: read(account, 'publicKey'),
            purpose: purposeOfStandard(index, list.length),
          }))
        : list,
    )
  }
  const accountOf = (address: string) => {
    const found = (Array.isArray(wallet.accounts) ? wallet.accounts : []).find(
      (account) => account.address === address,
    )
    if (!found)
      throw new KitError('NOT_CONNECTED', { details: 'The wallet no longer exposes this account.' })
    return found
  }
  const session: Bip122WalletSession = {
    connectorId: connector.id,
    name: connector.name,
    icon: connector.imageUrl,
    accounts: accountsOf(read(answer, 'accounts')),
    signPsbt: async (psbt, inputs) => {
      const output = firstOutput(
        await call(featureOf(wallet, 'bitcoin:signTransaction'), 'signTransaction', {
          psbt: base64.decode(psbt),
          inputsToSign: [
            { account: accountOf(inputs.address), signingIndexes: [...inputs.indexes] },
          ],
        }),
      )
      return base64Of(bytesOf(read(output, 'signedPsbt'), 'signTransaction'))
    },
    signMessage: async (address, message) => {
      const output = firstOutput(
        await call(featureOf(wallet, 'bitcoin:signMessage'), 'signMessage', {
          account: accountOf(address),
          message: new TextEncoder().encode(message),
        }),
      )
      return base64Of(bytesOf(read(output, 'signature'), 'signMessage'))
    },
    onChange: (listener) => {
      const events = featureOf(wallet, 'standard:events')
      if (typeof events?.on !== 'function') return () => undefined
      const off = call(events, 'on', 'change', (properties: { accounts?: unknown }) => {
        // A change without `accounts` is about chains or features only.
        if (!properties || !('accounts' in properties)) return
        session.accounts = accountsOf(properties.accounts)
        listener(session.accounts)
      }) as unknown
      return typeof off === 'function' ? (off as () => void) : () => undefined
    },
    disconnect: async () => {
      const feature = featureOf(wallet, 'standard:disconnect')
      if (typeof feature?.disconnect === 'function') await call(feature, 'disconnect')
    },
  }
  return session
}

/**
 * A sats-connect request: the provider answers a JSON-RPC response (`result` or `error`); an
 * error is thrown as it came (its `code` mapped by the plugin's errors).
 */
async function satsRequest(provider: object, method: string, params: unknown): Promise<unknown> {
  const response = await call(provider as Record<string, unknown>, 'request', method, params)
  const error = read(response, 'error')
  if (error !== undefined && error !== null) throw error
  const result = read(response, 'result')
  if (result === undefined) throw unexpected(method)
  return result
}

async function connectSats(
  handle: Extract<Bip122WalletHandle, { kind: 'sats' }>,
  silent: boolean,
  signal: AbortSignal,
): Promise<Bip122WalletSession> {
  const { provider, connector } = handle
  // `getAccounts` answers only for a site the wallet already trusts: the silent reconnect.
  const result = await abortable(
    satsRequest(provider, silent ? 'getAccounts' : 'getAddresses', { purposes: [...PURPOSES] }),
    signal,
  )
  const list = Array.isArray(result) ? result : read(result, 'addresses')
  return {
    connectorId: connector.id,
    name: connector.name,
    icon: connector.imageUrl,
    accounts: toAccounts(list),
    signPsbt: async (psbt, inputs) => {
      const signed = read(
        await satsRequest(provider, 'signPsbt', {
          psbt,
          signInputs: { [inputs.address]: [...inputs.indexes] },
          broadcast: false,
        }),
        'psbt',
      )
      if (typeof signed !== 'string' || !BASE64.test(signed.slice(0, 4000)))
        throw unexpected('signPsbt')
      return signed
    },
    signMessage: async (address, message) => {
      const signature = read(
        await satsRequest(provider, 'signMessage', { address, message, protocol: 'BIP322' }),
        'signature',
      )
      if (typeof signature !== 'string' || !BASE64.test(signature)) throw unexpected('signMessage')
      return signature
    },
    // sats-connect 4 has no account events a site can rely on across wallets.
    onChange: () => () => undefined,
    disconnect: async () => {
      await satsRequest(provider, 'wallet_renouncePermissions', undefined).catch(() => undefined)
    },
  }
}

async function connectUnisat(
  handle: Extract<Bip122WalletHandle, { kind: 'unisat' }>,
  silent: boolean,
  signal: AbortSignal,
): Promise<Bip122WalletSession> {
  const provider = handle.provider as Record<string, unknown>
  const { connector } = handle
  const addresses = await abortable(
    call(provider, silent ? 'getAccounts' : 'requestAccounts'),
    signal,
  )
  const [first] = Array.isArray(addresses) ? addresses : []
  const key =
    typeof first === 'string' ? await abortable(call(provider, 'getPublicKey'), signal) : undefined
  // A Unisat-style wallet shows one account: it pays and holds inscriptions alike.
  const toSession = (address: unknown, publicKey: unknown) =>
    toAccounts(typeof address === 'string' ? [{ address, publicKey, purpose: 'payment' }] : [])
  const session: Bip122WalletSession = {
    connectorId: connector.id,
    name: connector.name,
    icon: connector.imageUrl,
    accounts: toSession(first, key),
    signPsbt: async (psbt, inputs) => {
      const signed = await call(provider, 'signPsbt', hex.encode(base64.decode(psbt)), {
        autoFinalized: false,
        toSignInputs: inputs.indexes.map((index) => ({ index, address: inputs.address })),
      })
      if (typeof signed !== 'string' || !/^([0-9a-fA-F]{2}){10,4000000}$/.test(signed))
        throw unexpected('signPsbt')
      return base64.encode(hex.decode(signed))
    },
    signMessage: async (_address, message) => {
      const signature = await call(provider, 'signMessage', message, 'bip322-simple')
      if (typeof signature !== 'string' || !BASE64.test(signature)) throw unexpected('signMessage')
      return signature
    },
    onChange: (listener) => {
      const changed = (accounts: unknown) => {
        const [next] = Array.isArray(accounts) ? accounts : []
        if (next === undefined) {
          session.accounts = []
          listener([])
          return
        }
        // The key is the new account's; it arrives after the event, and the address decides.
        session.accounts = toSession(next, undefined)
        listener(session.accounts)
      }
      if (typeof provider.on !== 'function') return () => undefined
      call(provider, 'on', 'accountsChanged', changed)
      return () => {
        if (typeof provider.removeListener === 'function')
          call(provider, 'removeListener', 'accountsChanged', changed)
      }
    },
    disconnect: async () => {
      if (typeof provider.disconnect === 'function') await call(provider, 'disconnect')
    },
  }
  return session
}

/**
 * Connects the wallet behind a handle; `silent` never prompts (Wallet Standard `silent`,
 * sats-connect `getAccounts`, Unisat `getAccounts`).
 * @internal
 */
export function connectWallet(
  handle: Bip122WalletHandle,
  silent: boolean,
  signal: AbortSignal,
): Promise<Bip122WalletSession> {
  if (handle.kind === 'standard') return connectStandard(handle, silent, signal)
  if (handle.kind === 'sats') return connectSats(handle, silent, signal)
  return connectUnisat(handle, silent, signal)
}
