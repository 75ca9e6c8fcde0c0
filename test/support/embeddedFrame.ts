/**
 * A wallet frame without a browser: a real `MessageChannel` peer in Node that speaks the §7
 * protocol (decision 0700) exactly as the frame does, checking every request with the protocol's
 * own schemas. The page is an `EventTarget` standing for `window`; messages posted to it carry an
 * `origin` and a `source` like a browser's `MessageEvent`, so tests can post from other origins
 * and other windows.
 */
import type {
  AttachedFrame,
  FrameHost,
  FrameWindow,
} from '../../src/features/embeddedWallet/frameClient.js'
import {
  FRAME_PROTOCOL_VERSION,
  FRAME_READY,
  frameConnectSchema,
} from '../../src/services/gangway/embeddedWalletHandshake.js'
import {
  type FrameEvent,
  type FrameRequest,
  parseFrameRequest,
} from '../../src/services/gangway/embeddedWalletProtocol.js'

/**
 * The fake frame's answer to a request: its SUCCESS payload, `{ error }` for an ERROR reply with
 * that message, or `undefined` for none (the request is never answered). Loosely typed on purpose:
 * a frame is untrusted, and the kit checks whatever it answers.
 */
export type FakeFrameHandler = (
  request: FrameRequest,
) => object | Promise<object | undefined> | undefined

/** Parameters of {@link createFakeFrame}. */
export interface FakeFrameParameters {
  readonly walletOrigin: string
  readonly siteOrigin: string
  readonly answer: FakeFrameHandler
  /** The frame never says it is ready (a refused or broken frame). */
  readonly neverReady?: boolean
}

/** A window-like message for the fake page. */
export function windowMessage(data: unknown, origin: string, source: unknown): Event {
  const event = new Event('message')
  Object.defineProperties(event, {
    data: { value: data },
    origin: { value: origin },
    source: { value: source },
  })
  return event
}

/**
 * Builds the fake page and frame.
 * @returns the host to give the client, what the frame received, and ways to act as the frame.
 */
export function createFakeFrame(parameters: FakeFrameParameters) {
  const page = new EventTarget()
  const received: FrameRequest[] = []
  const connectTargets: string[] = []
  const srcs: string[] = []
  let port: MessagePort | null = null
  let attached = 0
  /** Where the frame is: out of sight, over the anchor a view gave, or centred on its own. */
  let placement: { readonly shown: false } | { readonly shown: true; readonly anchor: unknown } = {
    shown: false,
  }
  let focused = 0

  const frameWindow: FrameWindow = {
    postMessage: (message, targetOrigin, transfer) => {
      connectTargets.push(targetOrigin)
      // The frame's checks: the kit's exact origin and a valid connect message with its port.
      if (targetOrigin !== parameters.walletOrigin) return
      if (!frameConnectSchema.safeParse(message).success) return
      const [transferred] = transfer
      if (!(transferred instanceof MessagePort)) return
      port = transferred
      port.onmessage = async (event) => {
        const request = parseFrameRequest(event.data)
        if (!request) return
        received.push(request)
        const answer = await parameters.answer(request)
        if (answer === undefined) return
        port?.postMessage(
          'error' in answer
            ? { id: request.id, type: `${request.type}_ERROR`, payload: { message: answer.error } }
            : { id: request.id, type: `${request.type}_SUCCESS`, payload: answer },
        )
      }
    },
  }

  const ready = () =>
    page.dispatchEvent(
      windowMessage(
        { type: FRAME_READY, version: FRAME_PROTOCOL_VERSION },
        parameters.walletOrigin,
        frameWindow,
      ),
    )

  const host: FrameHost = {
    siteOrigin: parameters.siteOrigin,
    window: page,
    attach: (src): AttachedFrame => {
      attached += 1
      srcs.push(src)
      // The frame's page loads after the kit attached it: its ready message comes a task later.
      if (!parameters.neverReady) setTimeout(ready, 0)
      return {
        contentWindow: () => frameWindow,
        show: (anchor) => {
          placement = { shown: true, anchor }
        },
        hide: () => {
          placement = { shown: false }
        },
        focus: () => {
          focused += 1
        },
        remove: () => {
          attached -= 1
        },
      }
    },
  }

  return {
    host,
    /** The page's window: post hostile messages here. */
    page,
    /** The frame's window, as `event.source` carries it. */
    frameWindow,
    received,
    /** Every `targetOrigin` the kit posted the frame with. */
    connectTargets,
    /** Every frame URL the kit attached. */
    srcs,
    /** How many frames are in the page now. */
    attachedCount: () => attached,
    isVisible: () => placement.shown,
    /** The anchor the frame is shown over (`null`: centred on its own); `undefined` when hidden. */
    shownOver: () => (placement.shown ? placement.anchor : undefined),
    /** How many times the kit moved the focus into the frame. */
    focusCount: () => focused,
    /** Sends the ready message again (the frame reloaded). */
    ready,
    /** Posts a frame event, or any raw data, on the port. */
    post: (data: FrameEvent | unknown) => port?.postMessage(data),
    /** Sends a reply for a request the frame received (for replies a handler did not give). */
    reply: (request: FrameRequest, payload: unknown, kind: 'SUCCESS' | 'ERROR' = 'SUCCESS') =>
      port?.postMessage({ id: request.id, type: `${request.type}_${kind}`, payload }),
  }
}
