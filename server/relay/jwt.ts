/**
 * The relay's client identity: the `auth` JWT every WalletConnect client sends (did:key, Ed25519,
 * as `@walletconnect/relay-auth` signs it), verified, so a socket can only act as the key it
 * holds. Before this, an unsigned JWT naming another client's did:key could fetch and acknowledge
 * that client's messages. The token must also name this relay as its audience and live at most a
 * day (decision 0301), so a token handed to another relay, or leaked from a log, is worth little.
 * @module
 */
import { createPublicKey, verify } from 'node:crypto'
import { networkInterfaces } from 'node:os'
import * as z from 'zod'

const headerSchema = z.object({ alg: z.literal('EdDSA'), typ: z.literal('JWT') })
const payloadSchema = z.object({
  iss: z.string().regex(/^did:key:z[1-9A-HJ-NP-Za-km-z]{40,60}$/),
  sub: z.string().max(256).optional(),
  aud: z.string().max(2_048).optional(),
  iat: z.number().int().optional(),
  exp: z.number().int(),
})

/** The multicodec prefix of an Ed25519 public key (0xed, varint-encoded). */
const ED25519_PREFIX = [0xed, 0x01] as const
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Clocks disagree a little; a token "from the future" by less than this is accepted. */
const CLOCK_SKEW_SECONDS = 300
/** The longest a token may live from now: what `@walletconnect/core` signs (`iat` + one day). */
export const MAX_TOKEN_LIFETIME_SECONDS = 86_400

function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/** The 32-byte Ed25519 key inside a `did:key:z…`, or `undefined`. */
export function publicKeyOfDidKey(did: string): Uint8Array | undefined {
  const bytes = base58Decode(did.slice('did:key:z'.length))
  if (bytes?.length !== 34) return undefined
  if (bytes[0] !== ED25519_PREFIX[0] || bytes[1] !== ED25519_PREFIX[1]) return undefined
  return bytes.slice(2)
}

/**
 * A relay URL as audiences are compared: `ws:` or `wss:`, host (lower case, default port
 * dropped), path without its trailing slash; query and fragment ignored.
 * @param url - what a token's `aud` or the configuration names.
 * @returns the normal form, or `undefined` for anything but a ws(s) URL.
 */
export function normalizeAudience(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') return undefined
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const

/**
 * The URLs a relay listening on `host:port` is reached at without a proxy in front: the host
 * itself, every loopback name for a loopback host, and every interface's address for `0.0.0.0`
 * or `::`. Behind a proxy (`wss://relay.example`) the operator names the public URL instead.
 * @param host - the interface the server listens on.
 * @param port - its port.
 * @returns `ws://` URLs.
 */
export function servedRelayUrls(host: string, port: number): string[] {
  const bracket = (name: string) => (name.includes(':') ? `[${name}]` : name)
  const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.')
  const wildcard = host === '0.0.0.0' || host === '::'
  const hosts = new Set<string>(loopback || wildcard ? LOOPBACK_HOSTS : [])
  if (!wildcard) hosts.add(bracket(host))
  if (wildcard) {
    for (const entries of Object.values(networkInterfaces())) {
      for (const entry of entries ?? []) {
        if (host === '0.0.0.0' && entry.family !== 'IPv4') continue
        // A link-local IPv6 address needs a zone id, which no URL a client dials carries.
        if (entry.family === 'IPv6' && entry.address.startsWith('fe80:')) continue
        hosts.add(bracket(entry.address))
      }
    }
  }
  return [...hosts].map((name) => `ws://${name}:${port}`)
}

/** A verified identity, or why the token was refused. */
export type JwtCheck =
  | { readonly ok: true; readonly clientId: string; readonly expiresAt: number }
  | { readonly ok: false; readonly reason: string }

/**
 * Verifies a relay auth JWT: EdDSA header, a did:key issuer holding an Ed25519 key, a signature
 * by that key over `header.payload`, an audience naming this relay, and an expiry in the future
 * but at most a day away.
 * @param token - the `auth` query parameter.
 * @param nowMs - the current time.
 * @param audiences - this relay's URLs, each in {@link normalizeAudience}'s form.
 * @returns the client id (the did:key) or the reason for refusing it.
 */
export function verifyRelayJwt(
  token: string,
  nowMs: number,
  audiences: ReadonlySet<string>,
): JwtCheck {
  if (token.length > 4_096) return { ok: false, reason: 'token too long' }
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'not a JWT' }
  const [headerText, payloadText, signatureText] = parts as [string, string, string]
  let header: unknown
  let payload: unknown
  try {
    header = JSON.parse(Buffer.from(headerText, 'base64url').toString('utf8'))
    payload = JSON.parse(Buffer.from(payloadText, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'undecodable JWT' }
  }
  if (!headerSchema.safeParse(header).success) return { ok: false, reason: 'not an EdDSA JWT' }
  const claims = payloadSchema.safeParse(payload)
  if (!claims.success) return { ok: false, reason: 'missing or malformed claims' }
  const nowSeconds = Math.floor(nowMs / 1000)
  if (claims.data.exp <= nowSeconds) return { ok: false, reason: 'expired' }
  if (claims.data.exp > nowSeconds + MAX_TOKEN_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'expires more than a day ahead' }
  }
  if (claims.data.iat !== undefined && claims.data.iat > nowSeconds + CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'issued in the future' }
  }
  if (claims.data.aud === undefined) return { ok: false, reason: 'missing audience' }
  const audience = normalizeAudience(claims.data.aud)
  if (audience === undefined || !audiences.has(audience)) {
    return { ok: false, reason: 'audience is not this relay' }
  }
  const publicKey = publicKeyOfDidKey(claims.data.iss)
  if (!publicKey) return { ok: false, reason: 'issuer is not an Ed25519 did:key' }
  const signature = Buffer.from(signatureText, 'base64url')
  if (signature.length !== 64) return { ok: false, reason: 'bad signature length' }
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  const signed = Buffer.from(`${headerText}.${payloadText}`, 'utf8')
  if (!verify(null, signed, key, signature)) return { ok: false, reason: 'bad signature' }
  return { ok: true, clientId: claims.data.iss, expiresAt: claims.data.exp * 1000 }
}
