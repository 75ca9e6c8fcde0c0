/**
 * A connected Polkadot wallet as the adapter uses it, whatever is behind it: a browser extension
 * (`window.injectedWeb3[name].enable(origin)`) or a WalletConnect session. Everything an
 * extension hands over is untrusted and checked as it arrives.
 * @module
 */
import type { SignerPayloadJSON, SignerPayloadRaw, SignerResult } from '@polkadot/types/types'
import { KitError, untilAborted } from '../../kernel/index.js'
import { type PolkadotAccount, readAccounts } from './accounts.js'
import type { InjectedWindowProvider } from './discovery.js'
import type { PolkadotNetwork } from './networks.js'

/** What signs for a session: the extension's signer, or WalletConnect's requests. @internal */
export interface PolkadotSigner {
  signPayload(payload: SignerPayloadJSON): Promise<SignerResult>
  signRaw(raw: SignerPayloadRaw): Promise<SignerResult>
}

/** A connected wallet. @internal */
export interface PolkadotWalletSession {
  readonly connectorId: string
  readonly name: string
  readonly icon?: string | undefined
  /** The checked accounts, in the wallet's order (never empty once connected). */
  readonly accounts: readonly PolkadotAccount[]
  readonly signer: PolkadotSigner
  /** Whether the wallet serves the network (a WalletConnect session approves some). */
  supports(network: PolkadotNetwork): boolean
  /** Listens for the wallet's account list; an empty list means the site lost access. */
  onChange(listener: (accounts: readonly PolkadotAccount[]) => void): () => void
  disconnect(): Promise<void>
}

/** Rejects with `CANCELLED` when `signal` aborts first; the wallet's late answer is ignored. @internal */
export const abortable = <TValue>(promise: Promise<TValue>, signal: AbortSignal) =>
  untilAborted(promise, signal, 'The wallet request')

const SIGNATURE = /^0x[0-9a-fA-F]{128,132}$/

function unexpected(what: string): KitError {
  return new KitError('UNKNOWN_ERROR', {
    details: `The extension answered ${what} with an unexpected value.`,
  })
}

/**
 * A signer's answer, checked: a hex signature of 64 to 66 bytes (with or without its key-type
 * byte), and a signed transaction only as hex (`@polkadot/api` checks it is the call it built).
 * @internal
 */
export function checkSignerResult(result: unknown, what: string): SignerResult {
  const { id, signature, signedTransaction } = (result ?? {}) as Record<string, unknown>
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) throw unexpected(what)
  if (
    signedTransaction !== undefined &&
    !(typeof signedTransaction === 'string' && /^0x[0-9a-fA-F]*$/.test(signedTransaction))
  )
    throw unexpected(what)
  return {
    id: typeof id === 'number' ? id : 0,
    signature: signature as `0x${string}`,
    ...(signedTransaction ? { signedTransaction: signedTransaction as `0x${string}` } : {}),
  }
}

/** Reads a member of an untrusted object; a throwing getter reads as `undefined`. */
function member(target: unknown, key: string): unknown {
  try {
    return typeof target === 'object' && target !== null
      ? (target as Record<string, unknown>)[key]
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Enables an extension for the site and reads its accounts. `wait` bounds the wait for the
 * extension (a silent reconnect gives up rather than waiting on a prompt nobody asked for).
 * @throws NOT_CONNECTED (no usable account, or the wait ran out), CANCELLED, the extension's own
 * rejection (mapped by the plugin's errors)
 * @internal
 */
export async function connectExtension(
  parameters: {
    readonly connectorId: string
    readonly name: string
    readonly provider: InjectedWindowProvider
    readonly appName: string
  },
  signal: AbortSignal,
): Promise<PolkadotWalletSession> {
  let enabled: unknown
  try {
    enabled = await abortable(
      Promise.resolve().then(() => parameters.provider.enable(parameters.appName)),
      signal,
    )
  } catch (error) {
    if (error instanceof TypeError) throw unexpected('enable')
    throw error
  }
  const accountsApi = member(enabled, 'accounts')
  const signerApi = member(enabled, 'signer')
  const get = member(accountsApi, 'get')
  const subscribe = member(accountsApi, 'subscribe')
  const signPayload = member(signerApi, 'signPayload')
  const signRaw = member(signerApi, 'signRaw')
  if (typeof get !== 'function') throw unexpected('enable')
  // `@polkadot/extension-inject` makes both signer methods optional: a missing one fails when used.
  const missing = (what: string) =>
    new KitError('CAPABILITY_UNSUPPORTED', { details: `The extension has no ${what}.` })
  const accounts = readAccounts(
    await abortable(
      Promise.resolve().then(() => get.call(accountsApi)),
      signal,
    ),
  )
  if (accounts.length === 0) {
    throw new KitError('NOT_CONNECTED', { details: 'The extension exposes no usable account.' })
  }
  return {
    connectorId: parameters.connectorId,
    name: parameters.name,
    accounts,
    signer: {
      signPayload: async (payload) => {
        if (typeof signPayload !== 'function') throw missing('signPayload')
        return checkSignerResult(await signPayload.call(signerApi, payload), 'signPayload')
      },
      signRaw: async (raw) => {
        if (typeof signRaw !== 'function') throw missing('signRaw')
        return checkSignerResult(await signRaw.call(signerApi, raw), 'signRaw')
      },
    },
    supports: () => true,
    onChange: (listener) => {
      if (typeof subscribe !== 'function') return () => undefined
      let unsubscribe: unknown
      try {
        unsubscribe = subscribe.call(accountsApi, (list: unknown) => listener(readAccounts(list)))
      } catch {
        return () => undefined
      }
      return () => {
        try {
          if (typeof unsubscribe === 'function') unsubscribe()
        } catch {
          // The extension's own unsubscribe failed: nothing listens on our side any more anyway.
        }
      }
    },
    // Extensions have no disconnect: the site stops listening and forgets the session.
    disconnect: async () => undefined,
  }
}
