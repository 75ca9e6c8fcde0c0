/**
 * Guards for text and URLs that come from outside the site (the wallet registry, wallets, name
 * services): what may be rendered as an image, what may be linked, and which deep links may be
 * opened. Each function returns the value to use, or `undefined` when it must be dropped.
 * @module
 */

/** Image MIME types an `<img>` may load from a `data:` URL; an `<img>` never runs scripts. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i

/**
 * A wallet's own scheme, as wallets register them (`metamask`, `cbwallet`, `imtokenv2`): letters
 * and digits only. Operating-system handlers with a punctuated name (`ms-msdt`, `search-ms`,
 * `ms-officecmd`, `itms-services`, `x-apple-…`, `com.apple.…`) are not of this form.
 */
const WALLET_SCHEME = /^[a-z][a-z0-9]{1,31}$/

/**
 * Schemes of the plain form that are no wallet's: the browser's own, and the handlers an
 * operating system or a common desktop app registers (a shell, network shares and logins, stores,
 * settings, calls). A registry entry naming one would open that, not a wallet.
 */
const SYSTEM_SCHEMES: ReadonlySet<string> = new Set([
  // Browsers and documents.
  'about',
  'blob',
  'chrome',
  'data',
  'edge',
  'file',
  'filesystem',
  'ftp',
  'ftps',
  'http',
  'intent',
  'jar',
  'javascript',
  'mhtml',
  'res',
  'vbscript',
  'wss',
  'ws',
  // Operating systems.
  'shell',
  'microsoft',
  'ms',
  'msdt',
  'calculator',
  'explorer',
  'launcher',
  'settings',
  'prefs',
  'app',
  'itms',
  'itmss',
  'itmsapps',
  'macappstore',
  'cydia',
  'shortcuts',
  'workflow',
  'help',
  'applescript',
  'x',
  'market',
  'content',
  'android',
  'package',
  // Network shares, logins and remote desktops.
  'smb',
  'cifs',
  'nfs',
  'afp',
  'ssh',
  'sftp',
  'telnet',
  'rlogin',
  'vnc',
  'rdp',
  'ldap',
  'ldaps',
  'dav',
  'davs',
  'webdav',
  'git',
  'svn',
  // Calls, mail and messaging.
  'mailto',
  'tel',
  'sms',
  'mms',
  'sip',
  'sips',
  'callto',
  'facetime',
  'skype',
  'xmpp',
  'irc',
  'news',
  'nntp',
  'gopher',
  'webcal',
  // Editors and developer tools that run what a link says.
  'vscode',
  'vscodeinsiders',
  'jetbrains',
  'idea',
  'steam',
  'zoommtg',
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
 * The link as a wallet deep link (`mobile_link`, `desktop_link`), by an allow-list: an `https:`
 * universal link, or `<scheme>://…` where the scheme is a plain wallet scheme (letters and digits,
 * `metamask://`, `okex://main`; `metamask:` alone too) and none the browser or the operating system handles. Everything
 * else is dropped: `javascript:`, `data:`, `file:`, OS protocol handlers (`ms-msdt:`,
 * `search-ms:`, `ms-officecmd:`, `shell:`, `itms-services:`, `smb:`, `ssh:`), a scheme without
 * `//`, and links with whitespace, quotes or controls.
 * @example
 * import { toSafeDeepLink } from '@gangway/kit'
 * toSafeDeepLink('metamask://') // 'metamask://'
 * toSafeDeepLink('ms-msdt:/id PCWDiagnostic') // undefined
 * @param link - an untrusted link.
 * @returns the link, or `undefined`.
 * @see /docs/decisions/0102-wallet-deep-links-allow-list.md
 */
export function toSafeDeepLink(link: string | null | undefined): string | undefined {
  if (!link || link.length > 2_048 || UNSAFE_LINK_CHARACTERS.test(link)) return undefined
  const match = /^([^:/?#]+):(\/\/)?/.exec(link)
  if (!match) return undefined
  const scheme = match[1]!
  if (scheme.toLowerCase() === 'https') return toSafeHttpsUrl(link)
  // Case-sensitive on purpose: wallets register their schemes lower-case, and an odd case is a
  // disguise, not a wallet.
  // `metamask:` alone is the scheme as some registry entries write it (the WalletConnect link
  // adds the `//`); anything else after the colon must start with `//`.
  const bare = link === `${scheme}:`
  if ((!match[2] && !bare) || !WALLET_SCHEME.test(scheme) || SYSTEM_SCHEMES.has(scheme)) {
    return undefined
  }
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
