/**
 * The server's secrets about visitors: one-time codes kept only as keyed hashes and compared in
 * constant time, session and device tokens kept only as SHA-256, and server shares sealed at rest
 * with AES-256-GCM under a key derived from the operator's at-rest key.
 * @module
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'

/** Keys derived from the operator's at-rest key, one per use. */
export interface ServerKeys {
  /** Keyed hash of a one-time code: a stolen table cannot be brute-forced without the key. */
  hashCode(code: string, id: string): string
  /** Whether a code matches its stored hash, in constant time. */
  codeMatches(code: string, id: string, stored: string): boolean
  /** Seals a server share for the database. */
  sealAtRest(plain: Uint8Array, userId: string): string
  /** Opens what `sealAtRest` sealed for this user; throws when it was tampered with or moved. */
  openAtRest(sealed: string, userId: string): Uint8Array
}

/**
 * Derives the server's keys.
 * @param atRestKey - the operator's 32 bytes, base64.
 * @returns the keys.
 */
export function createServerKeys(atRestKey: string): ServerKeys {
  const master = Buffer.from(atRestKey, 'base64')
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `gangway/embedded/${info}`, 32))
  const otpKey = derive('otp')
  const shareKey = derive('server-share')
  const hashCode = (code: string, id: string) =>
    createHmac('sha256', otpKey).update(`${id}\n${code}`).digest('hex')
  return {
    hashCode,
    codeMatches: (code, id, stored) => {
      const actual = Buffer.from(hashCode(code, id), 'hex')
      const expected = Buffer.from(stored, 'hex')
      return actual.length === expected.length && timingSafeEqual(actual, expected)
    },
    sealAtRest: (plain, userId) => {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', shareKey, iv)
      // The user id is bound in: a share copied onto another user's row does not open.
      cipher.setAAD(Buffer.from(userId))
      const body = Buffer.concat([cipher.update(plain), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
    },
    openAtRest: (sealed, userId) => {
      const bytes = Buffer.from(sealed, 'base64')
      const decipher = createDecipheriv('aes-256-gcm', shareKey, bytes.subarray(0, 12))
      decipher.setAAD(Buffer.from(userId))
      decipher.setAuthTag(bytes.subarray(12, 28))
      return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]))
    },
  }
}

/** A six-digit code, uniformly drawn. */
export const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0')

/** A bearer token: 32 random bytes, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url')

/** An id for a row. */
export const newId = (): string => randomBytes(16).toString('base64url')

/** SHA-256 (hex) of a token: what the database keeps instead of it. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex')
