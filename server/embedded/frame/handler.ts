/**
 * The frame's handler of the §7 protocol, on the `MessageChannel` port the kit handed over:
 * every request is zod-checked (`parseFrameRequest`), answered once with `${type}_SUCCESS` (its
 * payload checked against the protocol before it leaves) or `${type}_ERROR` with §8's message.
 * §6: safe RPC methods go to the configured node, unsafe ones wait for the visitor's click in the
 * frame (announced with SHOW_APPROVAL) and are refused with 'Requested RPC call is not allowed'
 * where the site or the operator marks the context restricted.
 * @module
 */
import { bytesToHex, formatEther, type Hex, hexToBytes, hexToString, isAddress, isHex } from 'viem'
import * as z from 'zod/mini'
import {
  FRAME_REQUESTS,
  type FrameRequest,
  type FrameRequestType,
  type FrameUser,
  parseFrameRequest,
} from '../../../src/services/gangway/embeddedWalletProtocol.js'
import type { FrameBoot } from '../pages.js'
import { deriveKeys, type WalletKeys } from './accounts.js'
import { type FrameApi, WalletApiError } from './api.js'
import { type FrameLanguage, frameLanguage } from './copy.js'
import { classifyMethod, RPC_NOT_ALLOWED, sendCallsSchema } from './rpcPolicy.js'
import type { ReadSolanaTransaction } from './solana.js'
import { readSolanaTransaction, signatureText, UnsignableTransaction } from './solana.js'

/** §8 messages the frame answers with. */
const SESSION_EXPIRED = 'Session Expired'
const NETWORK_NOT_FOUND = 'Network Not Found'
const AN_ERROR_OCCURRED = 'An error occurred'
const SIGNATURE_DECLINED = 'Signature declined'
const NO_SMART_ACCOUNTS = 'This application might not support Smart Accounts'
/** §9: the embedded wallet's HTTP RPC timeout. */
const RPC_TIMEOUT_MS = 10_000

/** What the handler needs from the frame page around it. */
export interface FrameHandlerEnvironment {
  readonly boot: FrameBoot
  readonly api: FrameApi
  /** Keeps the session token (partitioned storage), or forgets it with `undefined`. */
  saveToken(token: string | undefined): void
  /** Opens the visitor's wallet for one use (passkey PRF + server share); the caller wipes it. */
  unlock(userId: string): Promise<Uint8Array>
  /**
   * Creates the wallet of a user who has none yet (passkey, shares, the recovery share shown to
   * the visitor); resolves with its accounts. The visitor clicks in the frame for it (a browser
   * creates a passkey in a cross-origin frame only after a click there): the handler shows the
   * frame meanwhile. `signal` aborts when the visitor leaves the view showing the frame: before
   * the passkey exists the creation stops (rejects); after, the recovery key's dialog just closes.
   */
  createWallet(userId: string, signal: AbortSignal): Promise<{ eip155: string; solana: string }>
  /**
   * Shows the approval for an unsafe request and resolves with the visitor's choice; `signal`
   * aborts when the visitor leaves the view showing the frame (the dialog goes, the answer is no).
   */
  approve(
    request: {
      readonly requestId: string
      readonly method: string
      readonly params: unknown
      readonly chainId: string
      readonly site: string
      /** What it does, read by the frame from what will be signed, one line each. */
      readonly summary: readonly string[]
    },
    signal: AbortSignal,
  ): Promise<boolean>
  /** Reloads the frame. */
  reload(): void
  /**
   * Shows the wallet's recovery phrase to the visitor in the frame (export) after asking them to
   * confirm; `unlock` then checks their passkey again. Resolves when they close it, or when
   * `signal` aborts (the visitor left the view showing the frame).
   */
  exportWallet?(
    userId: string,
    unlock: () => Promise<Uint8Array>,
    signal: AbortSignal,
  ): Promise<void>
  /** A random secret (social logins), base64url of 32 bytes. */
  secret(): string
  /**
   * The frame's own storage (partitioned by the site, as the browser keeps it): a social login
   * begun in redirect mode waits here for the page to come back, since the frame that began it is
   * gone with the page it was in. Without it a redirect login cannot be finished.
   */
  readonly store?: {
    get(key: string): string | undefined
    set(key: string, value: string | undefined): void
  }
  /** SHA-256 hex (to match a social result's state to the login this frame started). */
  sha256Hex(text: string): Promise<string>
  readonly fetch?: typeof fetch
  /** Shows the frame's dialogs in the site's theme (`SYNC_THEME`). */
  setTheme?(mode: 'dark' | 'light'): void
  /**
   * Shows the frame's dialogs, open ones too, in the kit's language (`SYNC_THEME`'s `locale`,
   * resolved against the languages the frame ships; English for one it does not).
   */
  setLanguage?(language: FrameLanguage): void
  /** Told of an error that is none of the §8 answers (the kit reads 'An error occurred'). */
  onUnexpectedError?(error: unknown): void
}

class FrameError extends Error {}

/** Where a redirect-mode social login waits for the page to come back (the frame's storage). */
const REDIRECT_LOGIN_KEY = 'gangway.socialRedirect'
const redirectLoginSchema = z.object({
  loginId: z.string().check(z.maxLength(128)),
  secret: z.string().check(z.maxLength(128)),
})

/** An unsafe request as read before the visitor's approval. */
interface Prepared {
  readonly summary: readonly string[]
  /** A Solana transaction: the bytes that were read are the bytes signed. */
  readonly solana?: ReadSolanaTransaction
}

const base64Bytes = (text: string): Uint8Array => {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    throw new FrameError('Invalid input')
  }
}
const bytesBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

const userAnswer = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  accounts: z.nullable(z.object({ eip155: z.string(), solana: z.string() })),
})
const sessionAnswer = z.object({ token: z.string(), expiresAt: z.number(), user: userAnswer })
const actionAnswer = z.object({ action: z.string() })

/**
 * Creates the handler.
 * @param environment - boot data, API client and the page's hooks.
 * @returns `handle(data)`: the reply to send for one message (or `undefined` for one that is no
 * valid request), and `attach(port)`.
 */
export function createFrameHandler(environment: FrameHandlerEnvironment) {
  const { boot, api } = environment
  const doFetch = environment.fetch ?? globalThis.fetch.bind(globalThis)
  let email: string | undefined
  let chainId = boot.networks[0]?.id
  let restrictedBySite = false
  const socialLogins = new Map<string, string>()
  /** The secret of the redirect login waiting in the frame's storage, when it is `loginId`'s. */
  const redirectSecret = (loginId: string): string | undefined => {
    const kept = redirectLoginSchema.safeParse(
      (() => {
        try {
          return JSON.parse(environment.store?.get(REDIRECT_LOGIN_KEY) ?? 'null')
        } catch {
          return null
        }
      })(),
    )
    return kept.success && kept.data.loginId === loginId ? kept.data.secret : undefined
  }
  let emit: (message: unknown) => void = () => undefined

  const network = (id: string) => {
    const found = boot.networks.find((candidate) => candidate.id === id)
    if (!found) throw new FrameError(NETWORK_NOT_FOUND)
    return found
  }
  const loggedIn = (answer: z.infer<typeof sessionAnswer>) => {
    api.options.token = answer.token
    environment.saveToken(answer.token)
  }
  const currentUser = async () => api.call('GET', '/embedded/api/user', userAnswer)
  /** What the frame shows for each request, ended by DISMISS_APPROVAL (decision 0716). */
  const showing = new Map<string, AbortController>()
  /**
   * Runs what needs the visitor's click in the frame, with the frame shown meanwhile. The kit
   * dismisses it when the visitor leaves the modal's view that shows the frame: `run` is told by
   * its signal, and a run that fails after that reads as declined.
   */
  const shown = async <T>(
    requestId: string,
    run: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> => {
    const controller = new AbortController()
    showing.set(requestId, controller)
    emit({ type: 'SHOW_APPROVAL', payload: { requestId } })
    try {
      return await run(controller.signal)
    } catch (error) {
      if (controller.signal.aborted) throw new FrameError(SIGNATURE_DECLINED)
      throw error
    } finally {
      showing.delete(requestId)
      emit({ type: 'HIDE_APPROVAL', payload: { requestId } })
    }
  }
  const frameUser = async (requestId: string, requested?: string): Promise<FrameUser> => {
    const user = await currentUser()
    const accounts =
      user.accounts ??
      (await shown(requestId, (signal) => environment.createWallet(user.id, signal)))
    const on = requested ?? chainId
    if (!on) throw new FrameError(NETWORK_NOT_FOUND)
    network(on)
    const address = on.startsWith('solana:') ? accounts.solana : accounts.eip155
    return {
      ...(user.email ? { email: user.email } : {}),
      address,
      chainId: on,
      accounts: [{ address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
  }
  const nodeCall = async (rpcUrl: string, method: string, params: unknown) => {
    const response = await doFetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    })
    if (!response.ok) throw new FrameError(`HTTP status code: ${response.status}`)
    const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } }
    if (body.error) {
      throw new FrameError(
        typeof body.error.message === 'string'
          ? body.error.message.slice(0, 256)
          : AN_ERROR_OCCURRED,
      )
    }
    return body.result
  }
  /**
   * Reads an unsafe request before the visitor is asked: what it does (from what will be signed,
   * never from what the page says about it), on this wallet's own account and the network's
   * family. Anything it cannot show, or that is not this wallet's to sign, is refused.
   */
  const prepare = (
    method: string,
    params: unknown,
    on: string,
    accounts: { readonly eip155: string; readonly solana: string },
  ): Prepared => {
    const family = on.split(':')[0]
    if (method.startsWith('solana_') !== (family === 'solana'))
      throw new FrameError(NETWORK_NOT_FOUND)
    const list = Array.isArray(params) ? params : []
    const record = (params ?? {}) as Record<string, unknown>
    switch (method) {
      case 'personal_sign': {
        const [message] = list as [unknown]
        return {
          summary: [
            'Sign this message:',
            typeof message === 'string' ? readableMessage(message).slice(0, 2_000) : '',
          ],
        }
      }
      case 'eth_signTypedData_v4': {
        const [, typed] = list as [unknown, unknown]
        const data = (typeof typed === 'string' ? JSON.parse(typed) : typed) as {
          domain?: { name?: unknown }
          primaryType?: unknown
        }
        return {
          summary: [
            `Sign ${String(data?.primaryType ?? 'data')} for ${String(data?.domain?.name ?? 'an app')}`,
          ],
        }
      }
      case 'eth_sendTransaction':
      case 'wallet_sendCalls': {
        const calls =
          method === 'wallet_sendCalls'
            ? sendCallsSchema.parse(list)[0].calls
            : [list[0] as { from?: unknown; to?: unknown; data?: unknown; value?: unknown }]
        const from = (list[0] as { from?: unknown } | undefined)?.from
        if (typeof from === 'string' && from.toLowerCase() !== accounts.eip155.toLowerCase())
          throw new FrameError(AN_ERROR_OCCURRED)
        return {
          summary: calls.map((call) => {
            if (!call || typeof call.to !== 'string' || !isAddress(call.to))
              throw new FrameError('Invalid input')
            const value = formatEther(BigInt(typeof call.value === 'string' ? call.value : '0x0'))
            const data = typeof call.data === 'string' && call.data !== '0x' ? call.data : undefined
            return data
              ? `Call the contract ${call.to} with ${value} ETH (data ${data.slice(0, 10)}…)`
              : `Send ${value} ETH to ${call.to}`
          }),
        }
      }
      case 'solana_signMessage':
        return {
          summary: [
            'Sign this message:',
            typeof record.message === 'string'
              ? readableMessage(record.message).slice(0, 2_000)
              : '',
          ],
        }
      case 'solana_signTransaction':
      case 'solana_signAndSendTransaction': {
        if (typeof record.transaction !== 'string' || record.transaction.length > 16_384)
          throw new FrameError('Invalid input')
        try {
          const read = readSolanaTransaction(base64Bytes(record.transaction), accounts.solana)
          return { summary: read.summary, solana: read }
        } catch (error) {
          if (error instanceof UnsignableTransaction) throw new FrameError('Invalid input')
          throw error
        }
      }
      default:
        throw new FrameError(RPC_NOT_ALLOWED)
    }
  }

  /** Signs or sends an approved request with keys that exist only for this call. */
  const runUnsafe = async (
    method: string,
    params: unknown,
    on: string,
    rpcUrl: string,
    userId: string,
    prepared: Prepared,
  ): Promise<unknown> => {
    const entropy = await environment.unlock(userId)
    let keys: WalletKeys
    try {
      keys = deriveKeys(entropy)
    } finally {
      entropy.fill(0)
    }
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'personal_sign': {
        const [message, address] = list as [unknown, unknown]
        if (typeof message !== 'string' || typeof address !== 'string')
          throw new FrameError('Invalid input')
        if (address.toLowerCase() !== keys.eip155.address.toLowerCase())
          throw new FrameError(AN_ERROR_OCCURRED)
        return keys.eip155.signMessage({
          message: isHex(message) ? { raw: message as Hex } : message,
        })
      }
      case 'eth_signTypedData_v4': {
        const [, typed] = list as [unknown, unknown]
        const data =
          typeof typed === 'string' ? (JSON.parse(typed) as Record<string, never>) : typed
        return keys.eip155.signTypedData(data as never)
      }
      case 'eth_sendTransaction':
      case 'wallet_sendCalls': {
        const calls =
          method === 'wallet_sendCalls'
            ? sendCallsSchema.parse(list)[0].calls
            : [list[0] as { to: string; data?: string; value?: string }]
        const reference = Number(on.split(':')[1])
        const hashes: string[] = []
        for (const call of calls) {
          const nonce = (await nodeCall(rpcUrl, 'eth_getTransactionCount', [
            keys.eip155.address,
            'pending',
          ])) as Hex
          const gasPrice = (await nodeCall(rpcUrl, 'eth_gasPrice', [])) as Hex
          const transaction = {
            to: call.to as Hex,
            data: (call.data ?? '0x') as Hex,
            value: BigInt(call.value ?? '0x0'),
            nonce: Number(BigInt(nonce)),
            gasPrice: BigInt(gasPrice),
            chainId: reference,
          }
          const gas = (await nodeCall(rpcUrl, 'eth_estimateGas', [
            {
              from: keys.eip155.address,
              to: call.to,
              data: transaction.data,
              value: call.value ?? '0x0',
            },
          ])) as Hex
          const raw = await keys.eip155.signTransaction({
            ...transaction,
            gas: BigInt(gas),
            type: 'legacy',
          })
          hashes.push((await nodeCall(rpcUrl, 'eth_sendRawTransaction', [raw])) as string)
        }
        return method === 'wallet_sendCalls' ? { id: hashes.at(-1) } : hashes[0]
      }
      case 'solana_signMessage': {
        const { message } = (params ?? {}) as { message?: unknown }
        if (typeof message !== 'string') throw new FrameError('Invalid input')
        const bytes = isHex(message)
          ? hexToBytes(message as Hex)
          : new TextEncoder().encode(message)
        return { signature: bytesToHex(keys.solana.sign(bytes)) }
      }
      case 'solana_signTransaction':
      case 'solana_signAndSendTransaction': {
        // The very bytes the visitor approved, read above.
        if (!prepared.solana) throw new FrameError(AN_ERROR_OCCURRED)
        const signed = prepared.solana.signWith(keys.solana.sign)
        const text = bytesBase64(signed)
        if (method === 'solana_signTransaction') return { transaction: text }
        await nodeCall(rpcUrl, 'sendTransaction', [
          text,
          { encoding: 'base64', preflightCommitment: 'confirmed' },
        ])
        return { signature: signatureText(signed, keys.solana.address) }
      }
      default:
        throw new FrameError(AN_ERROR_OCCURRED)
    }
  }

  const run = async (request: FrameRequest): Promise<unknown> => {
    switch (request.type) {
      case 'CONNECT_EMAIL': {
        email = request.payload.email
        return api.call('POST', '/embedded/api/email/connect', actionAnswer, { email })
      }
      case 'CONNECT_DEVICE': {
        if (!email) throw new FrameError(AN_ERROR_OCCURRED)
        const answer = await api.call('POST', '/embedded/api/email/device', actionAnswer, { email })
        if (answer.action !== 'VERIFY_OTP') throw new FrameError('Request was aborted')
        return {}
      }
      case 'CONNECT_OTP': {
        if (!email) throw new FrameError(AN_ERROR_OCCURRED)
        loggedIn(
          await api.call('POST', '/embedded/api/email/otp', sessionAnswer, {
            email,
            otp: request.payload.otp,
          }),
        )
        return {}
      }
      case 'GET_SOCIAL_REDIRECT_URI': {
        const secret = environment.secret()
        const started = await api.call(
          'POST',
          '/embedded/api/social/start',
          z.object({ uri: z.string(), loginId: z.string() }),
          { ...request.payload, secret },
        )
        socialLogins.set(started.loginId, secret)
        // One redirect login waits at a time: a newer one replaces it.
        if (request.payload.mode === 'redirect') {
          environment.store?.set(
            REDIRECT_LOGIN_KEY,
            JSON.stringify({ loginId: started.loginId, secret }),
          )
        }
        return { uri: started.uri }
      }
      case 'CONNECT_SOCIAL': {
        const uri = new URL(request.payload.uri)
        const state = uri.searchParams.get('state')
        if (
          uri.origin !== boot.walletOrigin ||
          uri.pathname !== '/embedded/social/callback' ||
          !state
        ) {
          throw new FrameError(AN_ERROR_OCCURRED)
        }
        const loginId = await environment.sha256Hex(state)
        const secret = socialLogins.get(loginId) ?? redirectSecret(loginId)
        if (!secret) throw new FrameError(AN_ERROR_OCCURRED)
        const answer = await api.call(
          'POST',
          '/embedded/api/social/connect',
          z.union([sessionAnswer, z.object({ status: z.literal('pending') })]),
          { loginId, secret },
        )
        if (!('token' in answer)) throw new FrameError('Request was aborted')
        socialLogins.delete(loginId)
        if (redirectSecret(loginId)) environment.store?.set(REDIRECT_LOGIN_KEY, undefined)
        loggedIn(answer)
        return frameUser(request.id, request.payload.chainId)
      }
      case 'GET_USER':
        return frameUser(request.id, request.payload.chainId)
      case 'IS_CONNECTED':
        try {
          await currentUser()
          return { isConnected: true }
        } catch (error) {
          if (error instanceof WalletApiError && error.message === SESSION_EXPIRED) {
            return { isConnected: false }
          }
          throw error
        }
      case 'SIGN_OUT':
        // Forgotten in storage first: a visitor leaving at once must not find it on return.
        environment.saveToken(undefined)
        try {
          await api.call('POST', '/embedded/api/signout', z.object({ signedOut: z.literal(true) }))
        } finally {
          api.options.token = undefined
        }
        return {}
      case 'GET_CHAIN_ID':
        if (!chainId) throw new FrameError(NETWORK_NOT_FOUND)
        return { chainId }
      case 'SWITCH_NETWORK':
        network(request.payload.chainId)
        chainId = request.payload.chainId
        return { chainId }
      case 'RPC_REQUEST': {
        const { method, params } = request.payload
        const on = network(request.payload.chainId)
        const kind = classifyMethod(method)
        if (kind === 'refused') throw new FrameError(RPC_NOT_ALLOWED)
        if (kind === 'safe') return { result: await nodeCall(on.rpcUrl, method, params) }
        if (boot.restricted || restrictedBySite || request.payload.restricted) {
          throw new FrameError(RPC_NOT_ALLOWED)
        }
        if (method === 'wallet_sendCalls' && !sendCallsSchema.safeParse(params).success) {
          throw new FrameError('Invalid input')
        }
        const user = await currentUser()
        if (!user.accounts) throw new FrameError(AN_ERROR_OCCURRED)
        const prepared = prepare(method, params, on.id, user.accounts)
        const approved = await shown(request.id, async (signal) => {
          const answer = await environment.approve(
            {
              requestId: request.id,
              method,
              params,
              chainId: on.id,
              site: boot.site,
              summary: prepared.summary,
            },
            signal,
          )
          // Dismissed is declined, whatever a late click in the frame says: nothing is signed.
          return answer && !signal.aborted
        })
        if (!approved) throw new FrameError(SIGNATURE_DECLINED)
        return {
          result: await runUnsafe(method, params, on.id, on.rpcUrl, user.id, prepared),
        }
      }
      case 'UPDATE_EMAIL':
        return api.call('POST', '/embedded/api/email/update', actionAnswer, request.payload)
      case 'UPDATE_EMAIL_PRIMARY_OTP':
        await api.call('POST', '/embedded/api/email/update/primary', actionAnswer, request.payload)
        return {}
      case 'UPDATE_EMAIL_SECONDARY_OTP': {
        const user = await api.call(
          'POST',
          '/embedded/api/email/update/secondary',
          userAnswer,
          request.payload,
        )
        return { email: user.email ?? '' }
      }
      case 'SYNC_THEME':
        environment.setTheme?.(request.payload.themeMode)
        if (request.payload.locale !== undefined)
          environment.setLanguage?.(frameLanguage([request.payload.locale]))
        return {}
      case 'SYNC_DAPP_DATA':
        return {}
      case 'GET_SMART_ACCOUNT_ENABLED_NETWORKS':
        return { smartAccountEnabledNetworks: [] }
      case 'INIT_SMART_ACCOUNT':
        throw new FrameError(NO_SMART_ACCOUNTS)
      case 'SET_PREFERRED_ACCOUNT': {
        if (request.payload.type !== 'eoa') throw new FrameError(NO_SMART_ACCOUNTS)
        const user = await frameUser(request.id)
        return { type: 'eoa', address: user.address }
      }
      case 'RELOAD':
        environment.reload()
        return {}
      case 'EXPORT_WALLET': {
        const exportWallet = environment.exportWallet
        if (!exportWallet) throw new FrameError(AN_ERROR_OCCURRED)
        // A fresh check: a live session (the server releases its share only then) and the
        // passkey, asked now, in the frame; the phrase never leaves it.
        const user = await currentUser()
        if (!user.accounts) throw new FrameError(AN_ERROR_OCCURRED)
        await shown(request.id, (signal) =>
          exportWallet(user.id, () => environment.unlock(user.id), signal),
        )
        return {}
      }
      case 'DISMISS_APPROVAL': {
        const controller = showing.get(request.payload.requestId)
        if (!controller || controller.signal.aborted) return { dismissed: false }
        controller.abort()
        return { dismissed: true }
      }
    }
  }

  /**
   * Answers one message. `undefined` for anything that is no valid request (dropped: there is
   * nobody to answer).
   */
  const handle = async (data: unknown): Promise<unknown> => {
    const request = parseFrameRequest(data)
    if (!request) return undefined
    const type: FrameRequestType = request.type
    try {
      const payload = await run(request)
      const checked = FRAME_REQUESTS[type].success.safeParse(payload)
      if (!checked.success) throw new FrameError(AN_ERROR_OCCURRED)
      return { id: request.id, type: `${type}_SUCCESS`, payload: checked.data }
    } catch (error) {
      const expected = error instanceof FrameError || error instanceof WalletApiError
      if (!expected) environment.onUnexpectedError?.(error)
      const message = expected ? error.message : AN_ERROR_OCCURRED
      if (message === SESSION_EXPIRED) emit({ type: 'SESSION_EXPIRED', payload: {} })
      return { id: request.id, type: `${type}_ERROR`, payload: { message } }
    }
  }

  return {
    handle,
    /** Marks unsafe methods refused for this site's context (the kit says so). */
    restrict: (restricted: boolean) => {
      restrictedBySite = restricted
    },
    /** Serves the kit on its port: each message answered on the same port. */
    attach: (port: MessagePort) => {
      emit = (message) => port.postMessage(message)
      port.onmessage = (event: MessageEvent) => {
        void handle(event.data).then((reply) => {
          if (reply) port.postMessage(reply)
        })
      }
    },
  }
}

/** Kept for the message a decoded personal_sign shows on the approval. */
export const readableMessage = (message: string): string =>
  isHex(message) ? hexToString(message as Hex) : message
