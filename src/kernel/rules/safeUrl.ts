/**
 * Guards for text and URLs that come from outside the site (the wallet registry, wallets, name
 * services): what may be rendered as an image, what may be linked, and which deep links may be
 * opened. Each function returns the value to use, or `undefined` when it must be dropped.
 * @module
 */

/** Image MIME types an `<img>` may load from a `data:` URL; an `<img>` never runs scripts. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i

/**
 * Schemes a wallet deep link may never use: they run code (`javascript:`, `vbscript:`), carry a
 * document (`data:`, `blob:`, `about:`, `file:`), or belong to something other than the wallet
 * (`http:` is not encrypted; `intent:` starts any Android activity).
 */
const FORBIDDEN_LINK_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'vbscript',
  'data',
  'blob',
  'about',
  'file',
  'filesystem',
  'http',
  'ftp',
  'ws',
  'wss',
  'mailto',
  'tel',
  'sms',
  'intent',
  'chrome',
  'view-source',
  'jar',
])

/** Whitespace, controls and characters that break out of an attribute or a URL. */
const UNSAFE_LINK_CHARACTERS = /[\s\p{Cc}"'<>\\`]/u

/** Control characters and bidirectional overrides, which can disguise a name. */
const HIDDEN_CHARACTERS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu

/** ours: the longest wallet name shown, in code points. */
export const WALLET_NAME_MAX_LENGTH = 64

/**
 * ours (decision 0100): the most accounts kept from one wallet, its connected account first.
 * A wallet exposing more to a site is either hostile or unusual enough that a list of a hundred
 * serves its visitor; every account past it would be state, storage and work on each change.
 */
export const WALLET_ACCOUNTS_MAX = 100

/**
 * ours (decision 0100): the longest wallet-supplied icon URL kept, in UTF-16 code units. Real
 * icons are data URIs of a few KB; a longer one is dropped, not cut (a cut data URI is a broken
 * image), and the wallet is listed without an icon.
 */
export const WALLET_ICON_MAX_LENGTH = 65_536

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/**
 * The URL as it may be linked or loaded: plain `https:` or `http:` only, normalised.
 * @example
 * import { toSafeLinkUrl } from '@gangway/kit'
 * toSafeLinkUrl('javascript:alert(1)') // undefined
 * @param url - an untrusted URL.
 * @returns the normalised URL, or `undefined` when it must not be used.
 */
export function toSafeLinkUrl(url: string | null | undefined): string | undefined {
  if (!url || UNSAFE_LINK_CHARACTERS.test(url)) return undefined
  const parsed = parseUrl(url)
  return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:')
    ? parsed.toString()
    : undefined
}

/**
 * The URL as a page link a wallet may send visitors to (homepage, web app): `https:` only.
 * @example
 * import { toSafeHttpsUrl } from '@gangway/kit'
 * toSafeHttpsUrl('http://wallet.example') // undefined
 * @param url - an untrusted URL.
 * @returns the normalised URL, or `undefined`.
 */
export function toSafeHttpsUrl(url: string | null | undefined): string | undefined {
  const safe = toSafeLinkUrl(url)
  return safe?.startsWith('https:') ? safe : undefined
}

/**
 * The URL as an image source: `https:`, `http:`, or a `data:` URL of a PNG, JPEG, GIF, WebP or SVG
 * image (an `<img>` never runs an SVG's scripts). Anything else (`javascript:`, `data:text/html`,
 * ...) is dropped.
 * @example
 * import { toSafeImageUrl } from '@gangway/kit'
 * toSafeImageUrl('data:text/html,<script>') // undefined
 * @param url - an untrusted URL.
 * @returns the URL to load, or `undefined`.
 */
export function toSafeImageUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  if (DATA_IMAGE.test(url)) return /[\s"'<>`\\]/.test(url.slice(0, 64)) ? undefined : url
  return toSafeLinkUrl(url)
}

/**
 * The link as a wallet deep link (`mobile_link`, `desktop_link`): the wallet's own custom scheme
 * (`metamask://`, `okex://main`) or an `https:` universal link. Schemes that run code or open
 * something other than the wallet (`javascript:`, `data:`, `vbscript:`, `file:`, `blob:`,
 * `about:`, `http:`, `intent:`, ...) and links with whitespace, quotes or controls are dropped.
 * @example
 * import { toSafeDeepLink } from '@gangway/kit'
 * toSafeDeepLink('metamask://') // 'metamask://'
 * toSafeDeepLink('javascript:alert(1)//') // undefined
 * @param link - an untrusted link.
 * @returns the link, or `undefined`.
 */
export function toSafeDeepLink(link: string | null | undefined): string | undefined {
  if (!link || link.length > 2_048 || UNSAFE_LINK_CHARACTERS.test(link)) return undefined
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link)?.[1]?.toLowerCase()
  // One letter would be a Windows drive (`c:`), not a wallet.
  if (!scheme || scheme.length < 2 || FORBIDDEN_LINK_SCHEMES.has(scheme)) return undefined
  if (scheme === 'https') return toSafeHttpsUrl(link)
  return parseUrl(link) ? link : undefined
}

/**
 * The text as a plain name: control characters and bidirectional overrides removed, runs of
 * whitespace collapsed, trimmed, and cut at {@link WALLET_NAME_MAX_LENGTH} code points. Markup
 * stays as literal characters; React renders it as text.
 * @example
 * import { toPlainText } from '@gangway/kit'
 * toPlainText('  Rain\u202Ebow\n') // 'Rainbow'
 * @param text - untrusted text.
 * @param maxLength - the longest result, in code points.
 * @returns the cleaned text (possibly empty).
 */
export function toPlainText(text: string, maxLength = WALLET_NAME_MAX_LENGTH): string {
  const cleaned = text.replace(HIDDEN_CHARACTERS, ' ').replace(/\s+/g, ' ').trim()
  const points = [...cleaned]
  return points.length > maxLength ? points.slice(0, maxLength).join('').trimEnd() : cleaned
}

/**
 * The link that opens a WalletConnect pairing in a wallet: `{link}wc?uri={uri}` with the URI
 * encoded, after a `/` is added to a link that lacks one (`metamask:` becomes `metamask://`).
 * The link is checked again with {@link toSafeDeepLink}.
 * @example
 * import { toWalletConnectDeepLink } from '@gangway/kit'
 * toWalletConnectDeepLink('metamask://', 'wc:a@2') // 'metamask://wc?uri=wc%3Aa%402'
 * @param link - the wallet's `mobile_link` or `desktop_link`.
 * @param uri - the pairing URI.
 * @returns the link to open, or `undefined` when the wallet's link is unsafe.
 */
export function toWalletConnectDeepLink(
  link: string | null | undefined,
  uri: string,
): string | undefined {
  const safe = toSafeDeepLink(link)
  if (!safe) return undefined
  const base = safe.endsWith('/') ? safe : safe.endsWith(':') ? `${safe}//` : `${safe}/`
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}
