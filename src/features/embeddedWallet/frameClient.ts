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
  frameReadySchema,
  frameUrl,
} from '../../services/gangway/embeddedWalletHandshake.js'
import {
  type FrameEvent,
  type FrameRequestPayload,
  type FrameRequestType,
  type FrameSuccessPayload,
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

/**
 * ours (decision 0716): how long a shown approval waits for a view to host it (the modal's
 * ApproveTransaction view, whose code may still be loading) before the frame is shown centred
 * over the page on its own: a page without the kit's modal still gets its visitor's click.
 */
export const APPROVAL_HOST_WAIT_MS = 3_000

/**
 * ours (decision 0716): how long the frame may take to confirm a dismissed approval before the
 * kit declines the request itself (the frame is hidden by then: nobody can click in it).
 */
export const APPROVAL_DISMISS_TIMEOUT_MS = 5_000

/** The frame's window as the kit uses it: only to post the connect message to it. */
export interface FrameWindow {
  postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void
}

/** The frame in the page, as a {@link FrameHost} made it. */
export interface AttachedFrame {
  /** The frame's window; `null` until the browser made it. Compared with `event.source`. */
  contentWindow(): FrameWindow | null
  /**
   * Shows the frame for the visitor's click: exactly over `anchor` (the ApproveTransaction view's
   * slot), following it as it moves, or centred over the page when no view hosts it.
   */
  show(anchor: HTMLElement | null): void
  /** Hides the frame (nothing to click in it). */
  hide(): void
  /** Moves the keyboard focus into the frame. */
  focus(): void
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
  /**
   * Calls `listener` with every frame event (approvals, session expiry); returns an unsubscribe.
   * An approval counts only for a request of this client still waiting for its answer.
   */
  watchEvents(listener: (event: FrameEvent) => void): () => void
  /**
   * Shows the frame over `anchor` while the frame shows something for the visitor's click (the
   * ApproveTransaction view calls it with its slot); returns the release (the view unmounts).
   */
  hostApproval(anchor: HTMLElement): () => void
  /**
   * Marks the page's current context restricted (§6): while set, every RPC_REQUEST carries
   * `restricted`, so the frame refuses unsafe methods ('Requested RPC call is not allowed') and
   * shows nothing; safe reads still go to the nodes.
   */
  restrict(isRestricted: boolean): void
  /**
   * The visitor left the view showing the frame for `requestId`: the frame is hidden at once and
   * asked to dismiss it, so the request is answered as declined (USER_REJECTED, 'Signature
   * declined') unless the visitor's click in the frame came first. A frame that does not confirm
   * within {@link APPROVAL_DISMISS_TIMEOUT_MS} has the request declined by the kit.
   */
  dismissApproval(requestId: string): void
  /** Removes the frame and rejects what is pending ('Request was aborted'). */
  destroy(): void
}

interface Pending {
  readonly type: FrameRequestType
  resolve(payload: unknown): void
  reject(error: KitError): void
  /**
   * Stops (`true`) or starts again (`false`) the §9 bound of a timed request: while the frame
   * shows something for the visitor's click for it (a new wallet's passkey during a social login),
   * the wait is the visitor's, ended by leaving, not by the clock.
   */
  holdTimer(isHeld: boolean): void
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
  /** The requests the frame shows something for, that the visitor has not left. */
  const approvals = new Set<string>()
  /**
   * The view hosting the frame now. Each call hosts anew (a view mounted twice, as React's
   * StrictMode does, hosts the same slot twice): only the latest one's release takes it away.
   */
  let hosting: { readonly anchor: HTMLElement } | null = null
  let hostWait: Subscription | undefined
  /** Whether the frame is on screen now (over an anchor, or centred). */
  let isShown = false
  let frame: AttachedFrame | null = null
  let port: MessagePort | null = null
  let connecting: Promise<MessagePort> | null = null
  let isDestroyed = false
  let isRestricted = false

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
    if (frameEvent.type === 'SHOW_APPROVAL') {
      // Only for a request of ours still waiting: the frame cannot pop the modal up on its own.
      const entry = pending.get(frameEvent.payload.requestId)
      if (!entry) return
      approvals.add(frameEvent.payload.requestId)
      entry.holdTimer(true)
    }
    if (frameEvent.type === 'HIDE_APPROVAL') {
      if (!approvals.delete(frameEvent.payload.requestId)) return
      pending.get(frameEvent.payload.requestId)?.holdTimer(false)
    }
    placeFrame()
    for (const listener of listeners) listener(frameEvent)
  }

  /** Puts the frame where the approvals and their host say: over the anchor, centred, or away. */
  function placeFrame() {
    if (!frame || approvals.size === 0) {
      hostWait?.unsubscribe()
      hostWait = undefined
      if (isShown) frame?.hide()
      isShown = false
      return
    }
    const anchor = hosting?.anchor
    if (anchor) {
      hostWait?.unsubscribe()
      hostWait = undefined
      const wasShown = isShown
      frame.show(anchor)
      isShown = true
      if (!wasShown) frame.focus()
      return
    }
    // No view hosts it (yet): off screen while one may still come, then centred on its own.
    if (isShown) frame.hide()
    isShown = false
    hostWait ??= scheduler.schedule(() => {
      hostWait = undefined
      if (!frame || approvals.size === 0 || hosting) return
      frame.show(null)
      isShown = true
      frame.focus()
    }, APPROVAL_HOST_WAIT_MS)
  }

  const failPending = (error: () => KitError) => {
    const entries = [...pending.values()]
    pending.clear()
    for (const entry of entries) entry.reject(error())
  }

  const teardown = () => {
    approvals.clear()
    placeFrame()
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

  const request: FrameClient['request'] = async (type, payload, signal) => {
    if (isDestroyed) throw new KitError('KIT_DESTROYED')
    if (signal?.aborted) throw new CancelledError({ details: `${type} was aborted.` })
    const connected = await connect()
    if (signal?.aborted) throw new CancelledError({ details: `${type} was aborted.` })
    const id = nextId()
    return new Promise((resolve, reject) => {
      let timer: Subscription | undefined
      const startTimer = () => {
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
      const finish = () => {
        timer?.unsubscribe()
        signal?.removeEventListener('abort', onAbort)
        // Answered, aborted or failed while the frame still showed something for it: nothing is
        // left to click, and the view hosting it is told so.
        if (approvals.delete(id)) {
          placeFrame()
          const hidden: FrameEvent = { type: 'HIDE_APPROVAL', payload: { requestId: id } }
          for (const listener of listeners) listener(hidden)
        }
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
        holdTimer: (isHeld) => {
          if (!TIMED_FRAME_REQUESTS.has(type)) return
          timer?.unsubscribe()
          // Given back, the frame has its whole bound again for what is left of its work.
          if (!isHeld) startTimer()
        },
      })
      signal?.addEventListener('abort', onAbort, { once: true })
      if (TIMED_FRAME_REQUESTS.has(type)) startTimer()
      // The site marks where signing must not happen; the frame decides what that refuses.
      const sent =
        type === 'RPC_REQUEST' && isRestricted ? { ...payload, restricted: true } : payload
      connected.postMessage({ id, type, payload: sent })
    })
  }

  return {
    request,
    ready: async () => {
      if (isDestroyed) throw new KitError('KIT_DESTROYED')
      await connect()
    },
    watchEvents: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    restrict: (restricted) => {
      isRestricted = restricted
    },
    hostApproval: (anchor) => {
      const host = { anchor }
      hosting = host
      placeFrame()
      return () => {
        if (hosting !== host) return
        hosting = null
        placeFrame()
      }
    },
    dismissApproval: (requestId) => {
      if (!approvals.delete(requestId)) return
      placeFrame()
      const entry = pending.get(requestId)
      entry?.holdTimer(false)
      const decline = () => {
        if (pending.get(requestId) !== entry || !entry) return
        pending.delete(requestId)
        entry.reject(new UserRejectedError({ details: 'The visitor left the approval.' }))
      }
      let timer: Subscription | undefined
      const asked = new Promise<FrameSuccessPayload<'DISMISS_APPROVAL'>>((resolve, reject) => {
        timer = scheduler.schedule(
          () => reject(new KitError('EMBEDDED_WALLET_ERROR')),
          APPROVAL_DISMISS_TIMEOUT_MS,
        )
        request('DISMISS_APPROVAL', { requestId }).then(resolve, reject)
      })
      // Dismissed: the frame answers the request itself ('Signature declined'). Not dismissed: the
      // visitor's click came first and its answer stands. No answer: the kit declines it.
      asked.then(
        () => timer?.unsubscribe(),
        () => {
          timer?.unsubscribe()
          decline()
        },
      )
    },
    destroy: () => {
      isDestroyed = true
      failPending(() => new CancelledError({ details: 'The embedded wallet was closed.' }))
      teardown()
    },
  }
}

/** The frame while nothing is to be clicked in it: in the page, loaded, out of sight and reach. */
const HIDDEN_FRAME =
  'position:fixed;width:0;height:0;border:0;opacity:0;pointer-events:none;top:0;left:0'
/** Where no view hosts it: a card of its own, centred over the page. */
const CENTRED_FRAME =
  'position:fixed;z-index:2147483647;top:50%;left:50%;transform:translate(-50%,-50%);width:360px;max-width:100vw;height:480px;border:0;border-radius:16px;opacity:1'

/**
 * The part of `anchor`'s box that its scrolling ancestors let show (across shadow roots), so the
 * frame never lies over the card's header or outside the card when the card scrolls.
 */
function visibleBox(anchor: HTMLElement): DOMRect | null {
  const box = anchor.getBoundingClientRect()
  let top = box.top
  let left = box.left
  let right = box.right
  let bottom = box.bottom
  let node: Node | null = anchor.parentNode
  while (node) {
    if (node instanceof HTMLElement) {
      const style = getComputedStyle(node)
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const clip = node.getBoundingClientRect()
        top = Math.max(top, clip.top + node.clientTop)
        left = Math.max(left, clip.left + node.clientLeft)
        right = Math.min(right, clip.left + node.clientLeft + node.clientWidth)
        bottom = Math.min(bottom, clip.top + node.clientTop + node.clientHeight)
      }
    }
    node = node instanceof ShadowRoot ? node.host : node.parentNode
  }
  if (right <= left || bottom <= top) return null
  return new DOMRect(left, top, right - left, bottom - top)
}

/**
 * The browser's {@link FrameHost}: an iframe at the end of `<body>`, out of sight until the frame
 * asks for the visitor's click; then shown exactly over the anchor the kit gives (the modal's
 * ApproveTransaction view's slot), following it on every animation frame while shown (the card
 * animates, shakes, scrolls and resizes inside a shadow root, none of which one observer sees),
 * or centred over the page when no view hosts it (decision 0716). The frame, not the page, draws
 * what the visitor clicks, so the page cannot click it.
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
      let following = 0
      let placed = ''
      const place = (css: string) => {
        if (css === placed) return
        placed = css
        iframe.style.cssText = css
      }
      const stopFollowing = () => {
        if (following) cancelAnimationFrame(following)
        following = 0
      }
      const hide = () => {
        stopFollowing()
        place(HIDDEN_FRAME)
        iframe.tabIndex = -1
        iframe.setAttribute('aria-hidden', 'true')
      }
      const follow = (anchor: HTMLElement) => {
        const box = anchor.isConnected ? visibleBox(anchor) : null
        place(
          box
            ? `position:fixed;z-index:2147483647;top:${box.top}px;left:${box.left}px;width:${box.width}px;height:${box.height}px;border:0;border-radius:12px;opacity:1`
            : HIDDEN_FRAME,
        )
        following = requestAnimationFrame(() => follow(anchor))
      }
      hide()
      iframe.addEventListener('error', onError, { once: true })
      iframe.src = src
      document.body.appendChild(iframe)
      return {
        contentWindow: () => iframe.contentWindow,
        show: (anchor) => {
          stopFollowing()
          iframe.tabIndex = 0
          iframe.removeAttribute('aria-hidden')
          if (anchor) follow(anchor)
          else place(CENTRED_FRAME)
        },
        hide,
        focus: () => iframe.focus(),
        remove: () => {
          stopFollowing()
          iframe.remove()
        },
      }
    },
  }
}
