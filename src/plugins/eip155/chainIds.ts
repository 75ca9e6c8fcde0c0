/**
 * Chain ids as wallets report them: untrusted input, read into safe positive integers only.
 * @module
 */

/**
 * Hex chain ids are read up to 14 digits (`0x1fffffffffffff` is 2^53 - 1): anything longer
 * cannot be a safe integer, and a bounded pattern keeps a 1 MB string from being scanned twice.
 */
const HEX_CHAIN_ID = /^0x[0-9a-fA-F]{1,14}$/
/** Decimal chain ids, without sign, exponent or leading zero, up to 16 digits (2^53 - 1 has 16). */
const DECIMAL_CHAIN_ID = /^[1-9][0-9]{0,15}$/

/**
 * A chain id as a wallet sends it (EIP-1193 hex `0x1`, a number, a decimal string, or a CAIP-2
 * `eip155:1`) as a safe positive integer; `undefined` for anything else. `0xfff…` (2^256 - 1)
 * would otherwise become `7.92e+28` or `Infinity` in a CAIP-2 id, and `0` is no chain.
 * @example
 * toEip155ChainId('0x2105') // 8453
 * toEip155ChainId(`0x${'f'.repeat(64)}`) // undefined
 * @param value - what the wallet sent.
 * @returns the chain id, or `undefined`.
 * @internal
 */
export function toEip155ChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined
  if (typeof value !== 'string') return undefined
  const text = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value
  const parsed = HEX_CHAIN_ID.test(text)
    ? Number.parseInt(text.slice(2), 16)
    : DECIMAL_CHAIN_ID.test(text)
      ? Number(text)
      : Number.NaN
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}
