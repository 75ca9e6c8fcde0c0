import { catalogueText, ERROR_CODES, type ErrorCode, NOTICE_MESSAGES } from '../../kernel/index.js'
import { pluralCategory } from './intl.js'

/** The id of a UI string (`'connect.button'`, `'error.USER_REJECTED'`, `'notice.<ID>'`). */
export type MessageId = string

/**
 * The UI strings of one language. Only English ships with `@gangway/kit/react`; every other catalogue
 * is a module of its own (`@gangway/kit/react/locales/<tag>`) or the site's own object, so a page
 * carries the languages it imports and no more.
 * @example
 * import type { MessageCatalogue } from '@gangway/kit/react'
 * export const fr: MessageCatalogue = { tag: 'fr', messages: { 'connect.button': 'Connecter' } }
 * @see /docs/react.md#languages
 */
export interface MessageCatalogue {
  /** The BCP 47 language tag of the texts (`'de'`, `'pt-BR'`); the modal's `lang` attribute. */
  readonly tag: string
  /**
   * The direction the language is written in; left out, it follows from the tag's script
   * (`textDirection`: `ar`, `he`, `fa`, `ur` read right to left).
   */
  readonly dir?: 'ltr' | 'rtl'
  /**
   * Text by message id; `{name}` marks a value filled in at render. An id left out shows the
   * English text, so a partial catalogue is valid (the shipped ones are complete, by test).
   * A text that counts something may come in plural forms, one id per `Intl.PluralRules`
   * category of the language: `'<id>#one'`, `'<id>#few'`, `'<id>#other'`; the form is chosen by
   * the `count` value (or the only number among the values).
   */
  readonly messages: Readonly<Record<MessageId, string>>
}

/** Where a text may come from: a language tag (for its plural rules) and its texts. @internal */
export type MessageSource = readonly [
  tag: string,
  messages: Readonly<Record<MessageId, string>> | undefined,
]

/** The number a text's plural form is chosen by: `count`, else the only number among the values. */
function countOf(values: Readonly<Record<string, string | number>>): number | undefined {
  if (typeof values.count === 'number') return values.count
  const numbers = Object.values(values).filter((value) => typeof value === 'number')
  return numbers.length === 1 ? numbers[0] : undefined
}

/**
 * The unfilled text of an id from the first source that has it: that source's plural form for
 * the count (by its own language's rules) when it has plural forms of the id, else its plain text.
 * @internal
 */
export function textOf(
  sources: readonly MessageSource[],
  id: MessageId,
  values: Readonly<Record<string, string | number>> = {},
): string | undefined {
  const count = countOf(values)
  for (const [tag, messages] of sources) {
    if (!messages) continue
    if (count !== undefined) {
      const plural = messages[`${id}#${pluralCategory(tag, count)}`] ?? messages[`${id}#other`]
      if (plural !== undefined) return plural
    }
    const text = messages[id]
    if (text !== undefined) return text
  }
  return undefined
}

/**
 * The language of the UI: `'en'` (built in, the default) or a catalogue the site imports, such as
 * `de` from `@gangway/kit/react/locales/de`.
 */
export type Locale = 'en' | MessageCatalogue

const englishMessages = {
  'connect.button': 'Connect Wallet',
  'connect.reconnecting': 'Reconnecting…',
  'connect.title': 'Connect a wallet',
  'connect.methods.wallet': 'Wallets',
  'connect.methods.email': 'Continue with email',
  'connect.methods.social': 'Continue with a social account',
  'connect.methods.moreWallets': 'Continue with a wallet',
  'connect.section.walletConnect': 'WalletConnect',
  'connect.section.recent': 'Recent',
  'connect.section.injected': 'Installed',
  'connect.section.featured': 'Featured',
  'connect.section.custom': 'More wallets',
  'connect.section.external': 'Other wallets',
  'connect.section.recommended': 'Recommended',
  'connect.allWallets': 'All wallets',
  'connect.getWallet': 'Get {wallet}',
  'connect.noWallets': 'No wallet found in this browser.',
  'connect.forNetwork': 'To use {network}, connect a {family} wallet.',
  'connect.legal': 'By connecting you agree to the {terms} and the {privacy}.',
  'connect.terms': 'Terms of Service',
  'connect.privacy': 'Privacy Policy',
  'connecting.title': 'Continue in {wallet}',
  'connecting.waiting': 'Accept the connection request in your wallet.',
  'connecting.failed': 'Connection failed',
  'connecting.retry': 'Try again',
  'account.title': 'Account',
  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.explorer': 'View on block explorer',
  'account.disconnect': 'Disconnect',
  'account.network': 'Network: {network}',
  'account.tabs': 'Account sections',
  'account.tab.tokens': 'Tokens',
  'account.tab.nfts': 'NFTs',
  'account.noTokens': 'No tokens yet.',
  'account.noNfts': 'No NFTs yet.',
  'account.balanceUnknown': 'Balance unavailable',
  'networks.title': 'Choose a network',
  'namespace.eip155': 'Ethereum',
  'namespace.solana': 'Solana',
  'namespace.polkadot': 'Polkadot',
  'namespace.bip122': 'Bitcoin',
  'account.wallet': 'Connected with {wallet}',
  'networks.current': 'current',
  'networks.inUse': 'in use',
  'networks.button': 'Switch network',
  'unsupported.title': 'Unsupported network',
  'unsupported.body': 'Your wallet is on a network this site does not support. Pick one of these:',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.label': 'Wallet',
  'theme.dark': 'Dark',
  'theme.light': 'Light',
  ...Object.fromEntries(
    Object.entries(ERROR_CODES).map(([code, entry]) => [`error.${code}`, entry.userMessage]),
  ),
  // The send feature's codes (its code loads on first use; its copy is the UI's).
  ...Object.fromEntries(
    Object.entries(NOTICE_MESSAGES).map(([id, text]) => [`notice.${id}`, text]),
  ),
} as Record<MessageId, string>

/**
 * The built-in English catalogue: complete, the default, and the fallback for any id another
 * catalogue leaves out. Its error texts are the kernel's `userMessage`s.
 * @example
 * import { en, translate } from '@gangway/kit/react'
 * translate(en, 'connect.button') // 'Connect Wallet'
 * @see /docs/react.md#languages
 */
export const en: MessageCatalogue = Object.freeze({
  tag: 'en',
  messages: Object.freeze(englishMessages),
})

/**
 * The catalogue a locale stands for: the built-in English one for `'en'`, else the catalogue
 * itself. @internal
 */
export function toMessageCatalogue(locale: Locale): MessageCatalogue {
  return locale === 'en' ? en : locale
}

/**
 * Looks a message up in a locale (falling back to English per id) and fills its `{name}` values.
 * @example
 * import { translate } from '@gangway/kit/react'
 * import { de } from '@gangway/kit/react/locales/de'
 * translate(de, 'connect.button') // 'Wallet verbinden'
 * @param locale - `'en'` or a catalogue.
 * @param id - the message id; an id no catalogue has is returned as it is.
 * @param values - values for the `{name}` placeholders; an unknown placeholder stays as written.
 * @returns the filled text.
 * @see /docs/react.md#languages
 */
export function translate(
  locale: Locale,
  id: MessageId,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const catalogue = toMessageCatalogue(locale)
  return fill(
    textOf(
      [
        [catalogue.tag, catalogue.messages],
        ['en', en.messages],
      ],
      id,
      values,
    ) ?? id,
    values,
  )
}

/**
 * The visitor-facing text of a kit error: the locale's copy of its code, else the error's own
 * `userMessage`. Never `details`.
 * @example
 * import { errorText } from '@gangway/kit/react'
 * errorText('en', { code: 'USER_REJECTED', userMessage: 'Signature declined' })
 * @param locale - `'en'` or a catalogue.
 * @param error - a `KitError` or its serialized record: anything with `code` and `userMessage`.
 * @returns the text to show.
 * @see /docs/react.md#languages
 */
export function errorText(
  locale: Locale,
  error: { readonly code: ErrorCode; readonly userMessage: string },
): string {
  const template = toMessageCatalogue(locale).messages[`error.${error.code}`]
  // A template with values ('HTTP status code: {status}') cannot be filled from a code alone; the
  // error's own text already has them.
  if (!template || template.includes('{')) return error.userMessage
  return template
}

/**
 * The visitor-facing text of a catalogue code (a notice id or an error code), in the locale, with
 * its values filled; a code no catalogue knows reads as the kernel's English text.
 * @example
 * import { codeText } from '@gangway/kit/react'
 * codeText('en', 'TRANSACTION_STARTED') // 'Transaction started'
 * @param locale - `'en'` or a catalogue.
 * @param code - a notice id or error code (what snack events carry).
 * @param params - values for the `{name}` placeholders.
 * @returns the text to show.
 * @see /docs/react.md#languages
 */
export function codeText(
  locale: Locale,
  code: string,
  params?: Readonly<Record<string, string | number>> | null,
): string {
  const catalogue = toMessageCatalogue(locale)
  const sources: MessageSource[] = [
    [catalogue.tag, catalogue.messages],
    ['en', en.messages],
  ]
  const template =
    textOf(sources, `notice.${code}`, params ?? {}) ??
    textOf(sources, `error.${code}`, params ?? {})
  return template === undefined ? catalogueText(code, params) : fill(template, params ?? {})
}

/**
 * Fills a text's `{name}` placeholders; an unknown one stays as written.
 * @internal
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}
