/**
 * Display rules of §9: truncated addresses, balance precision and transaction titles.
 * @module
 */
import { LIMITS } from '../constants.js'

/**
 * §9 addresses are truncated to 4 start and 6 end characters.
 * @example
 * import { truncateAddress } from '@gangway/kit'
 * truncateAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // '0xab…5Bfcdb'
 * @param address - the address.
 * @returns the short form; short addresses come back whole.
 */
export function truncateAddress(address: string): string {
  const { addressStartChars: start, addressEndChars: end } = LIMITS
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${address.slice(-end)}`
}

/**
 * §9 transaction title: the month alone for the current year, otherwise month and year.
 * @example
 * import { transactionGroupTitle } from '@gangway/kit'
 * transactionGroupTitle('2026-03-02T10:00:00Z', 2026, 'en') // 'March'
 * @param minedAt - the ISO date the transaction was mined.
 * @param currentYear - the year now.
 * @param locale - a BCP 47 locale for month names.
 * @returns the title.
 */
export function transactionGroupTitle(minedAt: string, currentYear: number, locale = 'en'): string {
  const date = new Date(minedAt)
  const sameYear = date.getUTCFullYear() === currentYear
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date)
}

/**
 * An explorer page for an address or a transaction: the path goes before the explorer URL's query,
 * so explorers that name the cluster in it (`https://explorer.solana.com?cluster=devnet`) keep it.
 * @example
 * import { explorerLink } from '@gangway/kit'
 * explorerLink('https://explorer.solana.com?cluster=devnet', 'tx', 'abc')
 * // 'https://explorer.solana.com/tx/abc?cluster=devnet'
 * @param base - the network's explorer URL.
 * @param kind - `address` or `tx`.
 * @param id - the address or the transaction hash.
 * @returns the link, or `null` when `base` is not a URL.
 */
export function explorerLink(base: string, kind: 'address' | 'tx', id: string): string | null {
  let url: URL
  try {
    url = new URL(base)
  } catch {
    return null
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(id)}`
  return url.toString()
}
