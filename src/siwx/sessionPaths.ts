/**
 * The wire shapes of the Gangway server's session paths (§7), shared by the kit's client
 * (`createGangwaySessions` in the siwx feature) and the server (`server/sessions`), so neither
 * sends what the other refuses. Part of the sign-in core, outside any client feature.
 * @module
 */
import * as z from 'zod/mini'
import { caipNetworkIdSchema, siwxSessionSchema } from '../kernel/index.js'
import { NONCE_PATTERN } from './nonce.js'

/** A sign-in nonce: 8 to 128 letters and digits (EIP-4361's alphabet; SIWS takes the same). */
export const sessionNonceSchema = z.string().check(z.regex(NONCE_PATTERN))

/**
 * An account in a session path: an eip155 address (`0x` and 40 hex digits), a solana one (32 to
 * 44 base58 characters), a polkadot one (SS58: 47 to 49 base58 characters for a 32-byte account),
 * or a bip122 one (base58, 25 to 35 characters; or bech32 `bc1…`, `tb1…`, `bcrt1…` in lower case,
 * as wallets give them).
 */
export const sessionAddressSchema = z
  .string()
  .check(
    z.regex(
      /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{25,49}|(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$/,
    ),
  )

/**
 * A CAIP-2 network id as a session path takes it: namespace and reference in CAIP-2's own
 * alphabet, so nothing else (a NUL, a second colon) reaches the server's database.
 */
export const sessionChainIdSchema = z
  .string()
  .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Expected a CAIP-2 network id'))

/** The revocation token the server hands out for an accepted sign-in (base64url). */
export const sessionTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/))

/** `POST /v1/sessions/nonce`: a nonce the server accepts once, until it expires. */
export const nonceResponseSchema = z.object({
  nonce: sessionNonceSchema,
  /** When the nonce stops being accepted, in milliseconds since the epoch. */
  expiresAt: z.number(),
})

/** `POST /v1/sessions` answers an accepted session with what it proves and a revocation token. */
export const signInResponseSchema = z.object({
  token: sessionTokenSchema,
  address: z.string(),
  chainId: caipNetworkIdSchema,
  expiresAt: z.number(),
})

/** `GET /v1/sessions/{address}`'s query: one network only, or all of the account's. */
export const sessionsQuerySchema = z.object({ chainId: z.optional(sessionChainIdSchema) })

/** `GET /v1/sessions/{address}`: the account's live sessions, each verified again, newest first. */
export const sessionsResponseSchema = z.object({
  sessions: z.array(siwxSessionSchema).check(z.maxLength(64)),
})

/**
 * `POST /v1/sessions/{address}/revoke`'s body, sent with `authorization: Bearer <token>`: the
 * token's session by default; with `all`, every session of the account (on `chainId` only, if
 * given), as signing out everywhere.
 */
export const revokeRequestSchema = z.object({
  chainId: z.optional(sessionChainIdSchema),
  all: z.optional(z.boolean()),
})

/** `POST /v1/sessions/{address}/revoke`: how many sessions stopped counting. */
export const revokeResponseSchema = z.object({ revoked: z.number() })

/** Every session path's refusal: a stable code and a message for developers. */
export const sessionErrorSchema = z.object({ code: z.string(), message: z.string() })
