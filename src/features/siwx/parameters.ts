import type { CaipAddress, SiwxSession } from '../../kernel/index.js'

/**
 * What a site configures about signing in with the wallet (`siwx(parameters)`, or the preset's
 * `createKit({ siwx: parameters })`, which registers the feature and so turns sign-in on). Every call to the site is bounded (30 s) and given up with its `signal` when
 * the visitor leaves.
 * @example
 * import { siwx } from '@gangway/kit/siwx'
 * siwx({
 *   statement: 'Sign in to the shop.',
 *   getNonce: ({ signal }) => fetch('/api/nonce', { method: 'POST', signal }).then((r) => r.text()),
 *   onSignIn: (session, { signal }) =>
 *     fetch('/api/sign-in', { method: 'POST', body: JSON.stringify(session), signal }).then((r) => {
 *       if (!r.ok) throw new Error(`sign-in refused: ${r.status}`)
 *     }),
 * })
 * @see /docs/siwx.md
 */
export interface SiwxParameters {
  /**
   * Visitors stay out until they sign: closing the sign views shakes, and cancelling disconnects
   * (§4). `false` by default: the visitor may dismiss the prompt.
   */
  readonly required?: boolean
  /** A sentence the wallet shows above the fields (one line on eip155); none by default. */
  readonly statement?: string
  /**
   * The domain the message names (RFC 3986 authority); the page's host by default. The sign view
   * warns when it is not the page's.
   */
  readonly domain?: string
  /** The resource the sign-in is for; the page's origin by default. */
  readonly uri?: string
  /** How long a session counts, in milliseconds; 24 hours by default. */
  readonly expiresInMs?: number
  /** Resources the message lists (URIs). */
  readonly resources?: readonly string[]
  /**
   * The nonce for a sign-in, from the site's server, which accepts each once. Without it the kit
   * makes one in the page: the message is then unique, but nothing stops its replay (docs/siwx.md).
   */
  readonly getNonce?: (parameters: {
    readonly caipAddress: CaipAddress
    readonly signal: AbortSignal
  }) => Promise<string>
  /**
   * Hands a session the kit verified to the site (its server verifies it again with
   * `@gangway/kit/siwx-server` and uses the nonce up). A rejection fails the sign-in: nothing is stored.
   */
  readonly onSignIn?: (
    session: SiwxSession,
    context: { readonly signal: AbortSignal },
  ) => Promise<void>
  /**
   * The site's sessions of an account, so a visitor who signed in on another device is not asked
   * again. Each one is verified like a stored one; the invalid are ignored.
   */
  readonly getSessions?: (parameters: {
    readonly caipAddress: CaipAddress
    readonly signal: AbortSignal
  }) => Promise<readonly SiwxSession[]>
  /** The sessions a disconnect dropped (§4 disconnect, step 1), so the site can revoke them. */
  readonly onSignOut?: (
    sessions: readonly SiwxSession[],
    context: { readonly signal: AbortSignal },
  ) => Promise<void>
}
