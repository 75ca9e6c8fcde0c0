/**
 * EIP-6963 announcements are written by whatever extensions the visitor installed: untrusted
 * input, read here one at a time into plain, bounded values before anything else sees them.
 * @module
 */
import type { EIP1193Provider } from 'viem'
import {
  toPlainText,
  toSafeImageUrl,
  WALLET_ICON_MAX_LENGTH,
  WALLET_NAME_MAX_LENGTH,
} from '../../kernel/index.js'

/** A name is read from this many code units at most: enough for the capped name after cleaning. */
const NAME_READ_LIMIT = WALLET_NAME_MAX_LENGTH * 16

/**
 * EIP-6963 `rdns`: reverse domain name notation, so at least two dot-separated labels. The
 * built-in connector ids (`injected`, `walletConnect`) have no dot, so an announced wallet can
 * never take one of them.
 */
const REVERSE_DNS = /^[A-Za-z0-9_-]{1,63}(\.[A-Za-z0-9_-]{1,63})+$/
/** The longest domain name (RFC 1035). */
const RDNS_MAX_LENGTH = 253

/** An announced wallet after validation: every field plain, clean and bounded. @internal */
export interface AnnouncedWallet {
  /** The reverse-DNS id; the connector id too. */
  readonly rdns: string
  /** The display name, cleaned and capped. */
  readonly name: string
  /** An `https:` or `data:image` icon, when the wallet gave a safe one. */
  readonly icon?: string
  /** The wallet's EIP-1193 provider, as announced. */
  readonly provider: EIP1193Provider
}

/**
 * A wallet-supplied name as shown: control and bidirectional characters removed (`\u202E` would
 * disguise a name), whitespace collapsed, cut at {@link WALLET_NAME_MAX_LENGTH} code points.
 * @example
 * toWalletName('\u202EksaMateM') // 'ksaMateM'
 * @param value - untrusted.
 * @returns the name, or `undefined` when nothing printable is left.
 * @internal
 */
export function toWalletName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return toPlainText(value.slice(0, NAME_READ_LIMIT)) || undefined
}

/**
 * A wallet-supplied icon URL as loaded: only `https:` or a `data:image` URL, at most
 * {@link WALLET_ICON_MAX_LENGTH} long (`javascript:`, `data:text/html` and plain `http:` are
 * dropped).
 * @example
 * toWalletIcon('javascript:alert(1)') // undefined
 * @param value - untrusted.
 * @returns the URL, or `undefined`.
 * @internal
 */
export function toWalletIcon(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > WALLET_ICON_MAX_LENGTH) return undefined
  const safe = toSafeImageUrl(value)
  return safe && (safe.startsWith('https:') || /^data:image\//i.test(safe)) ? safe : undefined
}

/** Whether `value` is an EIP-6963 reverse-DNS id. @internal */
export function isReverseDns(value: unknown): value is string {
  return typeof value === 'string' && value.length <= RDNS_MAX_LENGTH && REVERSE_DNS.test(value)
}

function isProvider(value: unknown): value is EIP1193Provider {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  const candidate = value as Record<string, unknown>
  return (
    typeof candidate.request === 'function' &&
    typeof candidate.on === 'function' &&
    typeof candidate.removeListener === 'function'
  )
}

/**
 * One EIP-6963 announcement (`event.detail`) as a wallet the kit can list, or `undefined` when it
 * cannot be listed: no object, an `rdns` that is not reverse-DNS, no printable name, or no
 * EIP-1193 provider. A bad icon is dropped and the wallet kept. Never throws: a getter or a Proxy
 * in the detail that throws makes the announcement count as malformed.
 * @example
 * toAnnouncedWallet({ info: { rdns: 'io.example', name: 'Example', icon: 'javascript:x' }, provider })
 * // { rdns: 'io.example', name: 'Example', provider }
 * @param detail - the announcement, untrusted.
 * @returns the wallet, or `undefined`.
 * @see https://eips.ethereum.org/EIPS/eip-6963
 * @internal
 */
export function toAnnouncedWallet(detail: unknown): AnnouncedWallet | undefined {
  try {
    if (typeof detail !== 'object' || detail === null) return undefined
    const { info, provider } = detail as { info?: unknown; provider?: unknown }
    if (typeof info !== 'object' || info === null || !isProvider(provider)) return undefined
    // Each field is read once: a getter could answer differently the second time.
    const { rdns, name: rawName, icon: rawIcon } = info as Record<string, unknown>
    if (!isReverseDns(rdns)) return undefined
    const name = toWalletName(rawName)
    if (!name) return undefined
    const icon = toWalletIcon(rawIcon)
    return { rdns, name, ...(icon ? { icon } : {}), provider }
  } catch {
    return undefined
  }
}
