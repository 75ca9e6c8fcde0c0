/**
 * The frame's side of the §7 handshake: it tells its parent it is ready, with `targetOrigin` the
 * exact site it was loaded for (which the server checked against the project's list), and takes
 * the kit's `MessageChannel` port only from that origin and from its parent window, once.
 * Anything else posted to the frame is dropped unread.
 * @module
 */
import {
  FRAME_PROTOCOL_VERSION,
  FRAME_READY,
  frameConnectSchema,
} from '../../../src/services/gangway/embeddedWalletHandshake.js'

/** What the handshake needs of the frame's window. */
export interface FrameWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

/**
 * Posts the ready message and waits for the kit's port.
 * @param win - the frame's window.
 * @param site - the site's exact origin (from the boot data).
 * @param onPort - called once with the port.
 * @returns a function that stops listening.
 */
export function listenForConnect(
  win: FrameWindow,
  site: string,
  onPort: (port: MessagePort) => void,
): () => void {
  const parent = win.parent
  if (!parent || (parent as unknown) === win) return () => undefined
  const listener = (event: MessageEvent) => {
    if (event.origin !== site || event.source !== parent) return
    if (!frameConnectSchema.safeParse(event.data).success) return
    const port = event.ports[0]
    if (!port) return
    win.removeEventListener('message', listener)
    onPort(port)
  }
  win.addEventListener('message', listener)
  parent.postMessage({ type: FRAME_READY, version: FRAME_PROTOCOL_VERSION }, site)
  return () => win.removeEventListener('message', listener)
}
