/**
 * The §7 embedded-wallet frame protocol's handshake: the version, the messages over
 * `window.postMessage` before the `MessageChannel` port takes over (frame ready, kit connect, the
 * social login popup's result), the frame's address and the social providers. The requests that
 * then run over the port are in `embeddedWalletProtocol.ts`, which re-exports all of this.
 *
 * Imports nothing but zod, so the frame's bundle takes it as it is.
 * @module
 */
import * as z from 'zod/mini'

/** The protocol version both sides speak; a message with another version is dropped. */
export const FRAME_PROTOCOL_VERSION = 1

/** The frame's first message, to `window.parent` with `targetOrigin` = the site's origin. */
export const FRAME_READY = '@gangway/frame-ready'

/** The kit's answer to `FRAME_READY`, with `port2` of a new `MessageChannel` transferred. */
export const FRAME_CONNECT = '@gangway/frame-connect'

/**
 * The social login popup's last message, to `window.opener` with `targetOrigin` = the site's
 * origin: `{ type, version: 1, uri }`, `uri` being the callback URL to pass to CONNECT_SOCIAL. The
 * kit accepts it only from the wallet origin and the popup it opened.
 */
export const SOCIAL_RESULT = '@gangway/social-result'

/** The fragment key a redirect-mode social login comes back with (`#gangway-social=<uri>`). */
export const SOCIAL_REDIRECT_FRAGMENT = 'gangway-social'

/**
 * The iframe's `allow` attribute: the frame creates and uses passkeys (WebAuthn with PRF) from
 * inside a cross-origin frame, which browsers allow only when the embedder delegates it.
 */
export const FRAME_ALLOW = 'publickey-credentials-get *; publickey-credentials-create *'

/** The frame's path on the wallet origin. */
export const FRAME_PATH = '/embedded/frame'

/**
 * §3 social providers the wallet origin signs in with (OpenID Connect, or GitHub's and X's own
 * OAuth 2.0); farcaster comes later.
 */
export const EMBEDDED_SOCIAL_PROVIDERS = Object.freeze([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
] as const)

/** A §3 social provider the frame accepts. */
export type EmbeddedSocialProvider = (typeof EMBEDDED_SOCIAL_PROVIDERS)[number]

/** `{ type: '@gangway/frame-ready', version: 1 }`: posted by the frame once its code runs. */
export const frameReadySchema = z.object({
  type: z.literal(FRAME_READY),
  version: z.literal(FRAME_PROTOCOL_VERSION),
})

/** `{ type: '@gangway/frame-connect', version: 1 }`: posted by the kit, `port2` in the transfer list. */
export const frameConnectSchema = z.object({
  type: z.literal(FRAME_CONNECT),
  version: z.literal(FRAME_PROTOCOL_VERSION),
})

/**
 * The frame's address for a site: `${walletOrigin}/embedded/frame?site=…&projectId=…`. The frame
 * posts its ready message only to `site`, and only when `site` is on the operator's allow list.
 * @example
 * import { frameUrl } from '@gangway/kit/embedded-wallet'
 * frameUrl('https://wallet.example', { site: 'https://shop.example', projectId: 'p1' })
 * @param walletOrigin - the wallet origin (`https://wallet.example`), no path.
 * @param parameters - `site`: the embedding page's origin; `projectId`: the site's project.
 * @returns the frame's URL.
 */
export function frameUrl(
  walletOrigin: string,
  parameters: { readonly site: string; readonly projectId: string },
): string {
  const url = new URL(FRAME_PATH, walletOrigin)
  url.searchParams.set('site', parameters.site)
  url.searchParams.set('projectId', parameters.projectId)
  return url.href
}

/** `{ type: '@gangway/social-result', version: 1, uri }`: posted by the popup to its opener. */
export const socialResultSchema = z.object({
  type: z.literal(SOCIAL_RESULT),
  version: z.literal(FRAME_PROTOCOL_VERSION),
  uri: z.string().check(z.maxLength(4096)),
})
