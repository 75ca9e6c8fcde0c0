/**
 * The §7 embedded-wallet frame protocol, both directions: the handshake over `window.postMessage`
 * and the requests, replies and frame events that then run over a `MessageChannel` port. The kit
 * (the embeddedWallet feature) and the wallet frame (served by the Gangway server) both check every message with
 * these schemas; neither trusts the other's shapes. Decision 0700 explains the choices.
 *
 * Imports nothing but zod, so the frame's bundle takes it as it is.
 * @module
 */
import * as z from 'zod/mini'

import { EMBEDDED_SOCIAL_PROVIDERS } from './embeddedWalletHandshake.js'

// Bounds keep a hostile or broken peer from making either side hold megabytes per message.
const text = (max: number) => z.string().check(z.maxLength(max))
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** A CAIP-2 network id (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
const chainIdSchema = z.string().check(z.regex(CAIP2))
const accountTypeSchema = z.enum(['eoa', 'smartAccount'])
const empty = z.object({})

/** §3 embedded-wallet user, as the frame reports it for one network's namespace. */
export const frameUserSchema = z.object({
  email: z.optional(text(320)),
  /** The active account's address as its chain writes it (no CAIP prefix). */
  address: text(128),
  /** CAIP-2 network id the user is on. */
  chainId: chainIdSchema,
  accounts: z
    .array(z.object({ address: text(128), type: accountTypeSchema }))
    .check(z.minLength(1), z.maxLength(16)),
  userName: z.optional(text(256)),
  preferredAccountType: z.optional(accountTypeSchema),
  smartAccountDeployed: z.optional(z.boolean()),
  /**
   * ours: the social provider the session logged in with, from the wallet origin's session;
   * absent for an email code or a passkey. The kit offers the email update only without it.
   */
  socialProvider: z.optional(z.enum(EMBEDDED_SOCIAL_PROVIDERS)),
})
/** §3 embedded-wallet user. */
export type FrameUser = z.infer<typeof frameUserSchema>

/**
 * Every request type with the schema of its payload (`request`) and of its SUCCESS reply's
 * payload (`success`). An ERROR reply's payload is always `frameErrorPayloadSchema`.
 */
export const FRAME_REQUESTS = {
  /** Move the wallet to a network of the site's list. */
  SWITCH_NETWORK: {
    request: z.object({ chainId: chainIdSchema }),
    success: z.object({ chainId: chainIdSchema }),
  },
  /** §5 valid email; starts a login. §4 result: a new device, a code sent, or already signed in. */
  CONNECT_EMAIL: {
    request: z.object({ email: z.email().check(z.maxLength(320)) }),
    success: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  },
  /** Waits for the visitor to approve this device (the link in the email); then GET_USER. */
  CONNECT_DEVICE: { request: empty, success: empty },
  /** §5 the one-time code is a string; on success, GET_USER gives the user. */
  CONNECT_OTP: { request: z.object({ otp: text(64) }), success: empty },
  /**
   * Finishes a social login: `uri` is where the popup (or the redirect) came back to, with the
   * provider's answer in its query; the frame checks it against the login it started.
   */
  CONNECT_SOCIAL: {
    request: z.object({ uri: text(4096), chainId: z.optional(chainIdSchema) }),
    success: frameUserSchema,
  },
  /**
   * Where to send the visitor for a social login; `uri` is an https (or loopback) URL on the
   * wallet origin or the provider's. `mode` `popup` (default): the wallet's callback page posts
   * `SOCIAL_RESULT` to `window.opener`. `redirect` (popups blocked): the callback sends the browser
   * to `returnTo` (which the frame requires to be on the `site` origin) with
   * `#gangway-social=<encoded uri>`.
   */
  GET_SOCIAL_REDIRECT_URI: {
    request: z.object({
      provider: z.enum(EMBEDDED_SOCIAL_PROVIDERS),
      mode: z.optional(z.enum(['popup', 'redirect'])),
      returnTo: z.optional(text(2048)),
    }),
    success: z.object({ uri: text(4096) }),
  },
  /** The signed-in user on a network (its namespace's accounts). */
  GET_USER: {
    request: z.object({
      chainId: z.optional(chainIdSchema),
      preferredAccountType: z.optional(accountTypeSchema),
    }),
    success: frameUserSchema,
  },
  /** Ends the session (§4 disconnect). */
  SIGN_OUT: { request: empty, success: empty },
  /** Whether a session exists (a reload restores it without asking the visitor). */
  IS_CONNECTED: { request: empty, success: z.object({ isConnected: z.boolean() }) },
  GET_CHAIN_ID: { request: empty, success: z.object({ chainId: chainIdSchema }) },
  /**
   * A JSON-RPC call on a network. §6 safe methods go to the configured nodes; unsafe ones wait for
   * the visitor's click in the frame, and are refused ('Requested RPC call is not allowed') when
   * `restricted` is set: the site marks where signing must not happen.
   */
  RPC_REQUEST: {
    request: z.object({
      chainId: chainIdSchema,
      method: text(128),
      params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
      restricted: z.optional(z.boolean()),
    }),
    success: z.object({ result: z.unknown() }),
  },
  /** §4 email update: a code goes to the current address first, or straight to the new one. */
  UPDATE_EMAIL: {
    request: z.object({ email: z.email().check(z.maxLength(320)) }),
    success: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: { request: z.object({ otp: text(64) }), success: empty },
  UPDATE_EMAIL_SECONDARY_OTP: {
    request: z.object({ otp: text(64) }),
    success: z.object({ email: text(320) }),
  },
  /**
   * The modal's theme, so the approval the frame shows matches it; and its language (a BCP 47
   * tag), so the frame's dialogs read in it (decision 0717; one it does not speak reads English).
   */
  SYNC_THEME: {
    request: z.object({
      themeMode: z.enum(['dark', 'light']),
      locale: z.optional(z.string().check(z.regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,6}$/))),
      themeVariables: z.optional(z.record(text(64), z.union([text(256), z.number()]))),
    }),
    success: empty,
  },
  /** Who is asking, shown on the frame's approvals (display only: the frame trusts its `site`). */
  SYNC_DAPP_DATA: {
    request: z.object({
      projectId: text(128),
      sdkVersion: text(64),
      metadata: z.optional(
        z.object({
          name: text(128),
          description: z.optional(text(512)),
          url: z.optional(text(2048)),
          icons: z.optional(z.array(text(2048)).check(z.maxLength(4))),
        }),
      ),
    }),
    success: empty,
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    request: empty,
    success: z.object({
      smartAccountEnabledNetworks: z.array(chainIdSchema).check(z.maxLength(256)),
    }),
  },
  /** Smart accounts come in a later issue: until then the frame answers ERROR. */
  INIT_SMART_ACCOUNT: {
    request: empty,
    success: z.object({ address: text(128), isDeployed: z.boolean() }),
  },
  SET_PREFERRED_ACCOUNT: {
    request: z.object({ type: accountTypeSchema }),
    success: z.object({ type: accountTypeSchema, address: text(128) }),
  },
  /** Reloads the frame (after a session change in another tab). */
  RELOAD: { request: empty, success: empty },
  /**
   * Ours, beyond §7 (decision 0715): shows the wallet's recovery phrase inside the frame, after the
   * visitor's passkey checks them again there. Nothing of it ever reaches the kit: the reply is
   * empty, whether they looked or not.
   */
  EXPORT_WALLET: { request: empty, success: empty },
  /**
   * Ours, beyond §7 (decision 0716): the visitor left the modal's ApproveTransaction view (closed
   * it, went back) while the frame showed something for request `requestId`. The frame takes its
   * dialog away and answers that request as declined ('Signature declined'); `dismissed` is
   * `false` when nothing was shown for it any more (the visitor's click in the frame came first,
   * and that answer stands).
   */
  DISMISS_APPROVAL: {
    request: z.object({ requestId: z.uuid() }),
    success: z.object({ dismissed: z.boolean() }),
  },
} as const

/** A request type. */
export type FrameRequestType = keyof typeof FRAME_REQUESTS

/** Every request type, in the order of §7. */
export const FRAME_REQUEST_TYPES = Object.freeze(
  Object.keys(FRAME_REQUESTS),
) as readonly FrameRequestType[]

/** A request's payload by type. */
export type FrameRequestPayload<TType extends FrameRequestType> = z.infer<
  (typeof FRAME_REQUESTS)[TType]['request']
>

/** A SUCCESS reply's payload by request type. */
export type FrameSuccessPayload<TType extends FrameRequestType> = z.infer<
  (typeof FRAME_REQUESTS)[TType]['success']
>

/**
 * The requests whose wait is bounded by §9's 30 s (connect email, device, otp, social and the
 * social redirect uri): the others wait on the visitor (an approval) or are quick reads.
 */
export const TIMED_FRAME_REQUESTS: ReadonlySet<FrameRequestType> = new Set<FrameRequestType>([
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
])

/** A request, kit → frame. */
export type FrameRequest = {
  readonly [TType in FrameRequestType]: {
    /** A fresh UUID per request; the reply carries it back. */
    readonly id: string
    readonly type: TType
    readonly payload: FrameRequestPayload<TType>
  }
}[FrameRequestType]

/** An ERROR reply's payload: the §8 message (`'Session Expired'`, `'Network Not Found'`, …). */
export const frameErrorPayloadSchema = z.object({ message: text(512) })

/** A reply, frame → kit: `${type}_SUCCESS` with its payload, or `${type}_ERROR` with a message. */
export type FrameReply<TType extends FrameRequestType = FrameRequestType> =
  | {
      readonly id: string
      readonly type: `${TType}_SUCCESS`
      readonly payload: FrameSuccessPayload<TType>
    }
  | {
      readonly id: string
      readonly type: `${TType}_ERROR`
      readonly payload: z.infer<typeof frameErrorPayloadSchema>
    }

/**
 * Messages the frame sends on its own (no `id`): it needs to be seen for the visitor's click on
 * something it shows for the pending request `requestId` (`SHOW_APPROVAL`: an unsafe RPC_REQUEST's
 * approval, the passkey of a wallet being created, an export), no longer does (`HIDE_APPROVAL`),
 * or the session ended on the server (`SESSION_EXPIRED`). The kit shows the frame over the modal's
 * ApproveTransaction view meanwhile (decision 0716).
 */
export const FRAME_EVENTS = {
  SHOW_APPROVAL: z.object({ requestId: z.uuid() }),
  HIDE_APPROVAL: z.object({ requestId: z.uuid() }),
  SESSION_EXPIRED: empty,
} as const

/** A frame event type. */
export type FrameEventType = keyof typeof FRAME_EVENTS

/** An event, frame → kit. */
export type FrameEvent = {
  readonly [TType in FrameEventType]: {
    readonly type: TType
    readonly payload: z.infer<(typeof FRAME_EVENTS)[TType]>
  }
}[FrameEventType]

const requestEnvelope = z.object({ id: z.uuid(), type: text(64), payload: z.unknown() })
const eventEnvelope = z.object({ type: text(64), payload: z.unknown() })

const isRequestType = (type: string): type is FrameRequestType =>
  Object.hasOwn(FRAME_REQUESTS, type)

/**
 * Checks a message the frame received on its port: a known type, a UUID id and that type's
 * payload. The frame answers `undefined` with nothing (it cannot know whom to answer).
 * @param data - `event.data` as received.
 * @returns the request, or `undefined` when it is not a valid one.
 */
export function parseFrameRequest(data: unknown): FrameRequest | undefined {
  const envelope = requestEnvelope.safeParse(data)
  if (!envelope.success || !isRequestType(envelope.data.type)) return undefined
  const payload = FRAME_REQUESTS[envelope.data.type].request.safeParse(envelope.data.payload ?? {})
  if (!payload.success) return undefined
  return { id: envelope.data.id, type: envelope.data.type, payload: payload.data } as FrameRequest
}

/**
 * Checks a reply the kit received for its request of `type`: the SUCCESS payload against that
 * type's schema, the ERROR payload against `{ message }`. A reply of another type, or with a bad
 * payload, is `undefined` (the kit then keeps waiting, bounded by its timeout).
 * @param data - `event.data` as received.
 * @param type - the type of the request with this reply's id.
 * @returns the reply, or `undefined`.
 */
export function parseFrameReply<TType extends FrameRequestType>(
  data: unknown,
  type: TType,
): FrameReply<TType> | undefined {
  const envelope = requestEnvelope.safeParse(data)
  if (!envelope.success) return undefined
  const schema =
    envelope.data.type === `${type}_SUCCESS`
      ? FRAME_REQUESTS[type].success
      : envelope.data.type === `${type}_ERROR`
        ? frameErrorPayloadSchema
        : undefined
  const payload = schema?.safeParse(envelope.data.payload ?? {})
  if (!payload?.success) return undefined
  return {
    id: envelope.data.id,
    type: envelope.data.type,
    payload: payload.data,
  } as FrameReply<TType>
}

/**
 * Checks a frame event (a message without an `id`, of a `FRAME_EVENTS` type).
 * @param data - `event.data` as received.
 * @returns the event, or `undefined`.
 */
export function parseFrameEvent(data: unknown): FrameEvent | undefined {
  if (typeof data === 'object' && data !== null && 'id' in data) return undefined
  const envelope = eventEnvelope.safeParse(data)
  if (!envelope.success || !Object.hasOwn(FRAME_EVENTS, envelope.data.type)) return undefined
  const type = envelope.data.type as FrameEventType
  const payload = FRAME_EVENTS[type].safeParse(envelope.data.payload ?? {})
  return payload.success ? ({ type, payload: payload.data } as FrameEvent) : undefined
}
