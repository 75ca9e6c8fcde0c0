/**
 * The frame's handler of the §7 protocol, on the `MessageChannel` port the kit handed over:
 * every request is zod-checked (`parseFrameRequest`), answered once with `${type}_SUCCESS` (its
 * payload checked against the protocol before it leaves) or `${type}_ERROR` with §8's message.
 * §6: safe RPC methods go to the configured node, unsafe ones wait for the visitor's click in the
 * frame (announced with SHOW_APPROVAL) and are refused with 'Requested RPC call is not allowed'
 * where the site or the operator marks the context restricted. The session, what an approval
 * says and signing live in their own modules; this one routes and decides what is shown when.
 * @module
 */
import {
  FRAME_REQUESTS,
  type FrameRequest,
  type FrameRequestType,
  type FrameUser,
  parseFrameRequest,
} from '../../../src/services/gangway/embeddedWalletProtocol.js'
import { WalletApiError } from './api.js'
import { prepareApproval } from './approvalSummary.js'
import { frameLanguage } from './copy.js'
import type { FrameHandlerEnvironment } from './environment.js'
import {
  AN_ERROR_OCCURRED,
  FrameError,
  INVALID_INPUT,
  NETWORK_NOT_FOUND,
  NO_SMART_ACCOUNTS,
  SESSION_EXPIRED,
  SIGNATURE_DECLINED,
} from './frameErrors.js'
import { nodeCaller } from './nodeRpc.js'
import { classifyMethod, RPC_NOT_ALLOWED, sendCallsSchema } from './rpcPolicy.js'
import { createSession } from './session.js'
import { signApproved } from './signing.js'

export type { FrameHandlerEnvironment } from './environment.js'

/**
 * Creates the handler.
 * @param environment - boot data, API client and the page's hooks.
 * @returns `handle(data)`: the reply to send for one message (or `undefined` for one that is no
 * valid request), and `attach(port)`.
 */
export function createFrameHandler(environment: FrameHandlerEnvironment) {
  const { boot } = environment
  const nodeCall = nodeCaller(environment.fetch ?? globalThis.fetch.bind(globalThis))
  const session = createSession(environment)
  let chainId = boot.networks[0]?.id
  let restrictedBySite = false
  let emit: (message: unknown) => void = () => undefined

  const network = (id: string) => {
    const found = boot.networks.find((candidate) => candidate.id === id)
    if (!found) throw new FrameError(NETWORK_NOT_FOUND)
    return found
  }
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
    const user = await session.currentUser()
    const accounts =
      user.accounts ??
      (await shown(requestId, (signal) => environment.createWallet(user.id, signal)))
    const on = requested ?? chainId
    if (!on) throw new FrameError(NETWORK_NOT_FOUND)
    network(on)
    const address = on.startsWith('solana:') ? accounts.solana : accounts.eip155
    return {
      ...(user.email ? { email: user.email } : {}),
      ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
      address,
      chainId: on,
      accounts: [{ address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
  }
  const rpcRequest = async (request: Extract<FrameRequest, { type: 'RPC_REQUEST' }>) => {
    const { method, params } = request.payload
    const on = network(request.payload.chainId)
    const kind = classifyMethod(method)
    if (kind === 'refused') throw new FrameError(RPC_NOT_ALLOWED)
    if (kind === 'safe') return { result: await nodeCall(on.rpcUrl, method, params) }
    if (boot.restricted || restrictedBySite || request.payload.restricted) {
      throw new FrameError(RPC_NOT_ALLOWED)
    }
    if (method === 'wallet_sendCalls' && !sendCallsSchema.safeParse(params).success) {
      throw new FrameError(INVALID_INPUT)
    }
    const user = await session.currentUser()
    if (!user.accounts) throw new FrameError(AN_ERROR_OCCURRED)
    const prepared = prepareApproval(method, params, on.id, user.accounts)
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
    const entropy = await environment.unlock(user.id)
    return {
      result: await signApproved(
        entropy,
        { method, params, on: on.id, rpcUrl: on.rpcUrl, prepared },
        nodeCall,
      ),
    }
  }

  const run = async (request: FrameRequest): Promise<unknown> => {
    switch (request.type) {
      case 'CONNECT_EMAIL':
        return session.connectEmail(request.payload)
      case 'CONNECT_DEVICE':
        return session.connectDevice()
      case 'CONNECT_OTP':
        return session.connectOtp(request.payload)
      case 'GET_SOCIAL_REDIRECT_URI':
        return session.socialRedirectUri(request.payload)
      case 'CONNECT_SOCIAL':
        await session.connectSocial(request.payload)
        return frameUser(request.id, request.payload.chainId)
      case 'GET_USER':
        return frameUser(request.id, request.payload.chainId)
      case 'IS_CONNECTED':
        return session.isConnected()
      case 'SIGN_OUT':
        return session.signOut()
      case 'GET_CHAIN_ID':
        if (!chainId) throw new FrameError(NETWORK_NOT_FOUND)
        return { chainId }
      case 'SWITCH_NETWORK':
        network(request.payload.chainId)
        chainId = request.payload.chainId
        return { chainId }
      case 'RPC_REQUEST':
        return rpcRequest(request)
      case 'UPDATE_EMAIL':
        return session.updateEmail(request.payload)
      case 'UPDATE_EMAIL_PRIMARY_OTP':
        return session.updateEmailPrimaryOtp(request.payload)
      case 'UPDATE_EMAIL_SECONDARY_OTP':
        return session.updateEmailSecondaryOtp(request.payload)
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
        const user = await session.currentUser()
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
