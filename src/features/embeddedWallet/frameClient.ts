/**
 * The kit's side of the §7 frame protocol: puts the wallet frame in the page, shakes hands with
 * exact origins, then sends requests over a `MessageChannel` port and settles each by its id.
 * Loaded only when the visitor picks email or social login (or a stored session is restored).
 * @module
 */
import type { SchedulerLike, Subscription } from 'rxjs'
import {
  CancelledError,
  type ErrorCode,
  KitError,
  TIMINGS,
  UserRejectedError,
} from '../../kernel/index.js'
import {
  FRAME_ALLOW,
  FRAME_CONNECT,
  FRAME_PROTOCOL_VERSION,
  type FrameEvent,
  type FrameRequestPayload,
  type FrameRequestType,
  type FrameSuccessPayload,
  frameReadySchema,
  frameUrl,
  parseFrameEvent,
  parseFrameReply,
  TIMED_FRAME_REQUESTS,
} from '../../services/gangway/embeddedWalletProtocol.js'

/**
 * ours (decision 0700): how long the frame may take to load and say it is ready before the kit
 * gives 'Unable to load email login dependency'. A refused frame (`frame-ancestors`, a network
 * error, a blocked origin) fires no reliable event in browsers, so the missing ready message is
 * the signal.
 */
export const FRAME_LOAD_TIMEOUT_MS = 15_000

/** The frame's window as the kit uses it: only to post the connect message to it. */
export interface FrameWindow {
  postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void
}

/** The frame in the page, as a {@link FrameHost} made it. */
export interface AttachedFrame {
  /** The frame's window; `null` until the browser made it. Compared with `event.source`. */
  contentWindow(): FrameWindow | null
  /** Shows the frame (an approval the visitor clicks in it) or hides it. */
  setVisible(isVisible: boolean): void
  /** Takes the frame out of the page. */
  remove(): void
}

/**
 * Where the frame lives: the page's window (its messages) and how to put an iframe in the page.
 * The browser's is {@link createDocumentFrameHost}; tests pass a host with a fake frame window.
 */
export interface FrameHost {
  /** The site's own origin (`location.origin`), sent to the frame as `site`. */
  readonly siteOrigin: string
  /** Where the frame's ready message arrives. */
  readonly window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
  /** Puts `<iframe src allow>` in the page; `onError` when the browser reports it failed. */
  attach(src: string, allow: string, onError: () => void): AttachedFrame
}

/** Parameters of {@link createFrameClient}. */
export interface FrameClientParameters {
  /** The wallet origin exactly (`https://wallet.example`): the only origin whose messages count. */
  readonly walletOrigin: string
  /** The site's project id on the Gangway server. */
  readonly projectId: string
  /** Every timer (§9 timeouts, the load bound) runs here, so tests use virtual time. */
  readonly scheduler: SchedulerLike
  /** The page: its window and iframes. */
  readonly host: FrameHost
  /** Request ids; random UUIDs by default. */
  readonly ids?: () => string
}

/** The kit's client of the wallet frame. */
export interface FrameClient {
  /**
   * Sends a request and resolves with its SUCCESS payload. Loads the frame on first use.
   * @throws EMBEDDED_WALLET_LOAD_FAILED when the frame does not load; CANCELLED when `signal`
   * aborts ('Request was aborted'); EMBEDDED_WALLET_ERROR when a timed request (§9: connect email,
   * device, otp, social, redirect uri) has no answer in 30 s; the §8 code of an ERROR reply.
   */
  request<TType extends FrameRequestType>(
    type: TType,
    payload: FrameRequestPayload<TType>,
    signal?: AbortSignal,
  ): Promise<FrameSuccessPayload<TType>>
  /**
   * Puts the frame in the page and waits for its handshake (what every first request does).
   * @throws EMBEDDED_WALLET_LOAD_FAILED when the frame does not load.
   */
  ready(): Promise<void>
  /** Calls `listener` with every frame event (approvals, session expiry); returns an unsubscribe. */
  watchEvents(listener: (event: FrameEvent) => void): () => void
  /** Removes the frame and rejects what is pending ('Request was aborted'). */
  destroy(): void
}

interface Pending {
  readonly type: FrameRequestType
  resolve(payload: unknown): void
  reject(error: KitError): void
}

/** §8 texts the frame answers with, to their codes: the protocol's contract (decision 0700). */
const ERROR_MESSAGES: Readonly<Record<string, ErrorCode>> = {
  'Session Expired': 'SESSION_EXPIRED',
  'Network Not Found': 'EMBEDDED_NETWORK_NOT_FOUND',
  'Invalid App Configuration': 'INVALID_APP_CONFIGURATION',
  'Project ID Not Configured': 'PROJECT_ID_NOT_CONFIGURED',
  'Requested RPC call is not allowed': 'RPC_NOT_ALLOWED',
  'Request was aborted': 'CANCELLED',
  'User rejected the request': 'USER_REJECTED',
  // The visitor clicked Reject on the frame's approval (§8 USER_REJECTED's own words).
  'Signature declined': 'USER_REJECTED',
}
const COOLDOWN = /^Please try again after (\d{1,3}) seconds$/

/** The kit error for an ERROR reply's message; unknown texts read 'An error occurred'. */
export function toFrameError(message: string): KitError {
  const cooldown = COOLDOWN.exec(message)
  if (cooldown)
    return new KitError('EMAIL_LOGIN_COOLDOWN', { params: { seconds: Number(cooldown[1]) } })
  const code = ERROR_MESSAGES[message]
  if (code === 'CANCELLED') return new CancelledError({ details: 'The wallet frame aborted it.' })
  if (code === 'USER_REJECTED') return new UserRejectedError({ details: message })
  return new KitError(code ?? 'EMBEDDED_WALLET_ERROR', { details: message })
}

function randomUuid(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  // randomUUID needs a secure context; getRandomValues does not (an http site on a LAN address).
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Builds the client. Nothing happens until the first request: then the frame is put in the page
 * and the handshake runs (decision 0700). Messages on the window count only when their origin is
 * the wallet origin exactly and their source is this frame's window; after the handshake only the
 * port is read, which no other window holds.
 * @param parameters - the wallet origin, project, scheduler and host.
 * @returns the client.
 * @throws INVALID_APP_CONFIGURATION when the wallet origin is not an origin, or is the site's own.
 */
export function createFrameClient(parameters: FrameClientParameters): FrameClient {
  const { walletOrigin, projectId, scheduler, host } = parameters
  const nextId = parameters.ids ?? randomUuid
  if (walletOrigin === host.siteOrigin) {
    // The wallet's storage and keys would be the site's: exactly what the frame exists to prevent.
    throw new KitError('INVALID_APP_CONFIGURATION', {
      details: 'The wallet origin must not be the site’s own origin.',
    })
  }
  const pending = new Map<string, Pending>()
  const listeners = new Set<(event: FrameEvent) => void>()
  let frame: AttachedFrame | null = null
  let port: MessagePort | null = null
  let connecting: Promise<MessagePort> | null = null
  let isDestroyed = false

  const onPortMessage = (event: MessageEvent) => {
    const data: unknown = event.data
    const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined
    if (typeof id === 'string') {
      const entry = pending.get(id)
      if (!entry) return
      const reply = parseFrameReply(data, entry.type)
      // A malformed reply is dropped: the request keeps waiting, bounded by its timeout or signal.
      if (!reply) return
      pending.delete(id)
      if (reply.type.endsWith('_SUCCESS')) entry.resolve(reply.payload)
      else entry.reject(toFrameError((reply.payload as { message: string }).message))
      return
    }
    const frameEvent = parseFrameEvent(data)
    if (!frameEvent) return
    if (frameEvent.type === 'SHOW_APPROVAL') frame?.setVisible(true)
    if (frameEvent.type === 'HIDE_APPROVAL') frame?.setVisible(false)
    for (const listener of listeners) listener(frameEvent)
  }

  const failPending = (error: () => KitError) => {
    const entries = [...pending.values()]
    pending.clear()
    for (const entry of entries) entry.reject(error())
  }

  const teardown = () => {
    host.window.removeEventListener('message', onWindowMessage)
    port?.close()
    port = null
    frame?.remove()
    frame = null
    connecting = null
  }

  let settleConnect: ((port: MessagePort) => void) | null = null
  function onWindowMessage(event: Event) {
    const message = event as MessageEvent
    // Exact origin and this frame's window: another origin, another frame or the page itself
    // posting a look-alike is ignored and changes nothing.
    if (message.origin !== walletOrigin) return
    const source = frame?.contentWindow()
    if (!source || message.source !== (source as unknown)) return
    if (!frameReadySchema.safeParse(message.data).success) return
    // A second ready from the same frame is a reload: requests sent to the old page are lost.
    if (port) {
      port.close()
      failPending(() => new KitError('EMBEDDED_WALLET_ERROR', { details: 'The frame reloaded.' }))
    }
    const channel = new MessageChannel()
    channel.port1.onmessage = onPortMessage
    source.postMessage({ type: FRAME_CONNECT, version: FRAME_PROTOCOL_VERSION }, walletOrigin, [
      channel.port2,
    ])
    port = channel.port1
    settleConnect?.(channel.port1)
    settleConnect = null
  }

  const connect = (): Promise<MessagePort> => {
    if (port) return Promise.resolve(port)
    if (connecting) return connecting
    connecting = new Promise<MessagePort>((resolve, reject) => {
      let loadTimer: Subscription | undefined
      const fail = (details: string) => {
        loadTimer?.unsubscribe()
        settleConnect = null
        teardown()
        reject(new KitError('EMBEDDED_WALLET_LOAD_FAILED', { details }))
      }
      settleConnect = (connected) => {
        loadTimer?.unsubscribe()
        resolve(connected)
      }
      host.window.addEventListener('message', onWindowMessage)
      frame = host.attach(
        frameUrl(walletOrigin, { site: host.siteOrigin, projectId }),
        FRAME_ALLOW,
        () => fail('The wallet frame failed to load.'),
      )
      loadTimer = scheduler.schedule(
        () => fail(`The wallet frame was not ready within ${FRAME_LOAD_TIMEOUT_MS} ms.`),
        FRAME_LOAD_TIMEOUT_MS,
      )
    })
    return connecting
  }

  return {
    request: async (type, payload, signal) => {
      if (isDestroyed) throw new KitError('KIT_DESTROYED')
      if (signal?.aborted) throw new CancelledError({ details: `${type} was aborted.` })
      const connected = await connect()
      if (signal?.aborted) throw new CancelledError({ details: `${type} was aborted.` })
      const id = nextId()
      return new Promise((resolve, reject) => {
        let timer: Subscription | undefined
        const finish = () => {
          timer?.unsubscribe()
          signal?.removeEventListener('abort', onAbort)
        }
        const onAbort = () => {
          if (!pending.delete(id)) return
          finish()
          reject(new CancelledError({ details: `${type} was aborted.` }))
        }
        pending.set(id, {
          type,
          resolve: (value) => {
            finish()
            resolve(value as FrameSuccessPayload<typeof type>)
          },
          reject: (error) => {
            finish()
            reject(error)
          },
        })
        signal?.addEventListener('abort', onAbort, { once: true })
        if (TIMED_FRAME_REQUESTS.has(type)) {
          timer = scheduler.schedule(() => {
            if (!pending.delete(id)) return
            finish()
            reject(
              new KitError('EMBEDDED_WALLET_ERROR', {
                details: `The wallet frame did not answer ${type} within ${TIMINGS.embeddedFrameEventTimeoutMs} ms.`,
              }),
            )
          }, TIMINGS.embeddedFrameEventTimeoutMs)
        }
        connected.postMessage({ id, type, payload })
      })
    },
    ready: async () => {
      if (isDestroyed) throw new KitError('KIT_DESTROYED')
      await connect()
    },
    watchEvents: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy: () => {
      isDestroyed = true
      failPending(() => new CancelledError({ details: 'The embedded wallet was closed.' }))
      teardown()
    },
  }
}

/**
 * The browser's {@link FrameHost}: a hidden iframe at the end of `<body>`, shown as a centred
 * dialog while the frame asks the visitor to approve (the frame, not the page, draws the approval,
 * so the page cannot click it).
 * @returns the host, or `undefined` outside a browser.
 */
export function createDocumentFrameHost(): FrameHost | undefined {
  if (typeof document === 'undefined' || typeof window === 'undefined') return undefined
  return {
    siteOrigin: window.location.origin,
    window,
    attach: (src, allow, onError) => {
      const iframe = document.createElement('iframe')
      iframe.title = 'Wallet'
      iframe.allow = allow
      iframe.setAttribute('data-gangway-wallet-frame', '')
      const hide = () => {
        iframe.style.cssText =
          'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none;top:0;left:0'
        iframe.tabIndex = -1
        iframe.setAttribute('aria-hidden', 'true')
      }
      hide()
      iframe.addEventListener('error', onError, { once: true })
      iframe.src = src
      document.body.appendChild(iframe)
      return {
        contentWindow: () => iframe.contentWindow,
        setVisible: (isVisible) => {
          if (!isVisible) return hide()
          iframe.style.cssText =
            'position:fixed;z-index:2147483647;top:50%;left:50%;transform:translate(-50%,-50%);width:360px;max-width:100vw;height:480px;border:0;border-radius:16px;opacity:1'
          iframe.tabIndex = 0
          iframe.removeAttribute('aria-hidden')
          iframe.focus()
        },
        remove: () => iframe.remove(),
      }
    },
  }
}
