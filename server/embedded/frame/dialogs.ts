/**
 * What the frame's dialogs say, in a language (decision 0717): built afresh from ids and values
 * whenever the language changes, so a dialog already open when the kit names its language reads
 * in it at once. The page around (`main.ts`) only draws them.
 * @module
 */
import { type FrameLanguage, type FrameMessageId, frameText } from './copy.js'

/** One dialog as drawn: its title, its body (preformatted), its buttons by choice. */
export interface FrameDialog {
  readonly title: string
  readonly detail: string
  readonly buttons: readonly { readonly choice: string; readonly label: string }[]
}

/**
 * One line of what an approval says a request does, kept as ids and values rather than text so it
 * reads in whichever language the kit names, even after it was shown.
 */
export type SummaryLine =
  | {
      readonly id: FrameMessageId
      /** Shown as they are: addresses, names, symbols. */
      readonly values?: Readonly<Record<string, string>>
      /** Exact decimal strings (never floats), written as the language writes numbers. */
      readonly amounts?: Readonly<Record<string, string>>
    }
  /** The request's own words (a message to sign), shown as they are in every language. */
  | { readonly text: string }

// U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE: an address or amount inside
// right-to-left text keeps its own order instead of taking its neighbours' direction.
const isolate = (language: FrameLanguage, value: string) =>
  language.dir === 'rtl' ? `\u2068${value}\u2069` : value

/** Intl's most fraction digits everywhere (ES2023 allows 100, older engines 20). */
const MOST_INTL_PLACES = 20

/**
 * An exact decimal string as the language writes numbers. Intl formats the string itself (no
 * float on the way) with as many places as it has: the visitor approves the exact sum, not a
 * rounded one. Beyond what every engine's Intl shows, the digits are shown as they are.
 */
const amountText = (language: FrameLanguage, amount: string): string => {
  if (!/^\d+(\.\d+)?$/.test(amount)) return amount
  const places = amount.includes('.') ? amount.length - amount.indexOf('.') - 1 : 0
  if (places > MOST_INTL_PLACES) return amount
  // A string, not a number: Intl reads it exactly (ES2023); TypeScript's lib does not list it yet.
  return new Intl.NumberFormat(language.tag, { maximumFractionDigits: places }).format(
    amount as unknown as number,
  )
}

/**
 * One summary line in a language.
 * @param language - the language.
 * @param line - the line.
 * @returns its text; every digit an amount shows, none rounded away.
 */
export function summaryText(language: FrameLanguage, line: SummaryLine): string {
  if ('text' in line) return line.text
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(line.values ?? {}))
    values[name] = isolate(language, value)
  for (const [name, amount] of Object.entries(line.amounts ?? {}))
    values[name] = isolate(language, amountText(language, amount))
  return frameText(language, line.id, values)
}

/** A dialog in whichever language is current. */
export type DialogContent = (language: FrameLanguage) => FrameDialog

const buttons = (
  language: FrameLanguage,
  entries: readonly (readonly [string, FrameMessageId])[],
): FrameDialog['buttons'] =>
  entries.map(([choice, id]) => ({ choice, label: frameText(language, id) }))

/** The passkey's dialog before a new wallet is created (choice `create`). */
export const createWalletDialog =
  (site: string, walletOrigin: string): DialogContent =>
  (language) => ({
    title: frameText(language, 'create.title'),
    detail: frameText(language, 'create.body', { site, walletOrigin }),
    buttons: buttons(language, [['create', 'create.button']]),
  })

/** The new wallet's recovery key, shown once (choice `saved`). */
export const recoveryKeyDialog =
  (walletOrigin: string, recoveryKit: string): DialogContent =>
  (language) => ({
    title: frameText(language, 'recoveryKey.title'),
    detail: `${frameText(language, 'recoveryKey.body', { recoverUrl: `${walletOrigin}/embedded/recover` })}\n\n${recoveryKit}`,
    buttons: buttons(language, [['saved', 'recoveryKey.button']]),
  })

/**
 * The approval of an unsafe request (choices `approve`, `reject`). The summary is what the frame
 * read from what will be signed, never the page's own description.
 */
export const approvalDialog =
  (request: {
    readonly site: string
    readonly method: string
    readonly chainId: string
    readonly summary: readonly SummaryLine[]
  }): DialogContent =>
  (language) => ({
    title: frameText(language, 'approve.title', { site: request.site, method: request.method }),
    detail: [
      ...request.summary.map((line) => summaryText(language, line)),
      '',
      frameText(language, 'approve.network', { chainId: request.chainId }),
    ]
      .join('\n')
      .slice(0, 4_000),
    buttons: buttons(language, [
      ['approve', 'approve.approve'],
      ['reject', 'approve.reject'],
    ]),
  })

/** The warning before an export (choices `continue`, `cancel`). */
export const exportDialog: DialogContent = (language) => ({
  title: frameText(language, 'export.title'),
  detail: frameText(language, 'export.body'),
  buttons: buttons(language, [
    ['continue', 'export.continue'],
    ['cancel', 'export.cancel'],
  ]),
})

/** The recovery phrase itself (choice `done`). */
export const phraseDialog =
  (phrase: string): DialogContent =>
  (language) => ({
    title: frameText(language, 'phrase.title'),
    detail: phrase,
    buttons: buttons(language, [['done', 'phrase.done']]),
  })
