/**
 * Sign-in nonces: random, alphanumeric (EIP-4361 asks for at least 8 such characters; SIWS takes
 * the same), from the platform's cryptographic random source, in a browser and on a server alike.
 * Part of the sign-in core: the kit's siwx feature, `@gangway/kit/siwx-server` and the Gangway
 * server's session paths make and read nonces with this one rule.
 * @module
 */

/** What a sign-in nonce may be: 8 to 128 letters and digits (EIP-4361's alphabet). */
export const NONCE_PATTERN = /^[A-Za-z0-9]{8,128}$/

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** 22 characters of 62: about 131 bits, more than a UUID. */
const LENGTH = 22

/**
 * A fresh sign-in nonce: 22 alphanumeric characters from `crypto.getRandomValues`.
 * A nonce made by the page only names the message; only a nonce the site's server issued and
 * accepts once protects against a replayed sign-in (see docs/siwx.md).
 * @example
 * import { createNonce } from '@gangway/kit/siwx-server'
 * createNonce() // 'q3L0bV9xTzR1aW4wNm5oZk'
 * @returns the nonce.
 * @see /docs/siwx.md
 */
export function createNonce(): string {
  let nonce = ''
  // Rejection sampling: 248 = 4 × 62 keeps every character equally likely.
  while (nonce.length < LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(LENGTH * 2))
    for (const byte of bytes) {
      if (byte < 248 && nonce.length < LENGTH) nonce += ALPHABET[byte % 62]
    }
  }
  return nonce
}

/** Whether a text can be a sign-in nonce: 8 to 128 letters and digits. */
export function isNonce(value: string): boolean {
  return NONCE_PATTERN.test(value)
}
