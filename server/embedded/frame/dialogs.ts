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
    readonly summary: readonly string[]
  }): DialogContent =>
  (language) => ({
    title: frameText(language, 'approve.title', { site: request.site, method: request.method }),
    detail: [
      ...request.summary,
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
