/**
 * Base58 helpers for validator property tests, written out here so the oracles do not lean on the
 * code under test.
 */

/** The Bitcoin base58 alphabet. */
export const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Replaces one character. */
export const replaceAt = (value: string, index: number, character: string) =>
  value.slice(0, index) + character + value.slice(index + 1)

/** Base58 to bytes, written out here so the oracle does not lean on the code under test. */
export function base58ToBytes(value: string): number[] {
  let number = 0n
  for (const character of value) number = number * 58n + BigInt(base58Alphabet.indexOf(character))
  const bytes: number[] = []
  for (; number > 0n; number >>= 8n) bytes.unshift(Number(number & 0xffn))
  const leadingZeros = value.length - value.replace(/^1+/, '').length
  return [...new Array<number>(leadingZeros).fill(0), ...bytes]
}

/**
 * Changes one of the last two characters of a base58 string by `offset` places in the alphabet
 * such that only the trailing `checksumBytes` bytes change; `undefined` when the change would carry
 * into the bytes before them.
 */
export function changeChecksumCharacter(
  value: string,
  fromEnd: 0 | 1,
  offset: number,
  checksumBytes: number,
): string | undefined {
  const position = value.length - 1 - fromEnd
  const before = base58Alphabet.indexOf(value[position]!)
  const after = (before + offset) % 58
  const delta = BigInt(after - before) * 58n ** BigInt(fromEnd)
  const modulus = 256n ** BigInt(checksumBytes)
  let low = 0n
  for (const character of value)
    low = (low * 58n + BigInt(base58Alphabet.indexOf(character))) % modulus
  if (low + delta < 0n || low + delta >= modulus) return undefined
  return replaceAt(value, position, base58Alphabet[after]!)
}
