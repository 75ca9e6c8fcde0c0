/**
 * The wallet origin's own words (the frame's dialogs, the login popup, the recovery page) in the
 * twelve languages the kit ships, and how a page picks one (decision 0717). All of them travel in
 * the pinned bundle: the frame cannot fetch a language later without a second pinned script, and
 * the recovery page must work from a static copy with the server down.
 * @module
 */

import { ar } from './locales/ar.js'
import { de } from './locales/de.js'
import { es } from './locales/es.js'
import { fr } from './locales/fr.js'
import { it } from './locales/it.js'
import { ja } from './locales/ja.js'
import { ko } from './locales/ko.js'
import { pt } from './locales/pt.js'
import { ru } from './locales/ru.js'
import { tr } from './locales/tr.js'
import { zhCN } from './locales/zh-CN.js'
import { type PageLanguage, pickLanguage } from './pageLanguage.js'
import { POPUP_ENGLISH } from './popupCopy.js'

/** Text by message id in one language; `{name}` placeholders are filled by {@link frameText}. */
export type FrameMessages = Readonly<Record<FrameMessageId, string>>

const en = {
  ...POPUP_ENGLISH,
  'frame.title': 'Gangway wallet',
  'create.title': 'Create your wallet',
  'create.body':
    'Your wallet on {site} is protected by a passkey on this device. Nobody else, not even {walletOrigin}, can use it without the passkey.',
  'create.button': 'Create passkey',
  'recoveryKey.title': 'Keep your recovery key',
  'recoveryKey.body':
    'With it and this passkey you can recover your wallet at {recoverUrl}, even while the wallet’s server is down. Keep it somewhere safe, like a password manager:',
  'recoveryKey.button': 'I saved it',
  'approve.title': '{site} asks: {method}',
  'approve.network': 'Network: {chainId}',
  'approve.approve': 'Approve',
  'approve.reject': 'Reject',
  'summary.signMessage': 'Sign this message:',
  'summary.signTypedData': 'Sign {primaryType} for {app}',
  'summary.signTypedDataNoApp': 'Sign {primaryType}',
  'summary.send': 'Send {amount} {symbol} to {to}',
  'summary.callContract': 'Call the contract {to} with {amount} {symbol} (data {selector}…)',
  'summary.createAccount': 'Create the account {account} with {amount} {symbol}',
  'summary.sendToken': 'Send {amount} of the token {mint} to the token account {to}',
  'summary.sendTokenBaseUnits': 'Send {amount} base units of a token to the token account {to}',
  'summary.createTokenAccount':
    'Create the token account {account} of {owner} for the token {mint}',
  'summary.computeBudget': 'Set the transaction’s fee and compute limit',
  'summary.memo': 'Memo: {memo}',
  'summary.callProgram': 'Call the program {program} (accounts: {count})',
  'export.title': 'Show your recovery phrase',
  'export.body':
    'Anyone with these words can spend from your wallet. Make sure nobody can see your screen. Your passkey confirms it is you.',
  'export.continue': 'Continue',
  'export.cancel': 'Cancel',
  'phrase.title': 'Your recovery phrase',
  'phrase.done': 'Done',
  'recover.title': 'Recover your wallet',
  'recover.intro':
    'Paste the recovery key you saved when you created your wallet, then use the passkey of this wallet. Nothing leaves this page.',
  'recover.keyLabel': 'Recovery key',
  'recover.submit': 'Recover with my passkey',
  'recover.usePasskey': 'Use your passkey…',
  'recover.done': 'Recovered.',
  'recover.notAKey': 'This is not a Gangway recovery key.',
  'recover.wrongPasskey': 'This recovery key does not open with this passkey.',
  'recover.yourWallet': 'Your wallet',
  'recover.ethereumAddress': 'Ethereum address',
  'recover.solanaAddress': 'Solana address',
  'recover.phrase': 'Recovery phrase',
  'recover.warning':
    'Anyone with the recovery phrase can spend from this wallet. Import it only into a wallet you trust, then close this page.',
} as const

/** The id of one of the wallet origin's texts. */
export type FrameMessageId = keyof typeof en

/** Every language the wallet origin speaks, by the tag the kit ships it under. */
export const FRAME_COPY: Readonly<Record<string, FrameMessages>> = {
  en,
  de,
  es,
  fr,
  it,
  pt,
  ja,
  'zh-CN': zhCN,
  ko,
  tr,
  ru,
  ar,
}

/** A language the wallet origin speaks: its tag, its texts and the direction they run in. */
export type FrameLanguage = PageLanguage<FrameMessages>

/**
 * The language to show for the visitor's preferences, in order (the kit's language, or the
 * browser's `navigator.languages`): the first one the wallet origin speaks, else English. Anything
 * that is no language tag is passed over.
 * @param requested - BCP 47 tags, most preferred first.
 * @returns the language.
 */
export const frameLanguage = (requested: readonly unknown[]): FrameLanguage =>
  pickLanguage(FRAME_COPY, requested)

/**
 * One text in a language, its `{name}` placeholders filled (a value is never read as a pattern).
 * @param language - the language.
 * @param id - the text's id.
 * @param values - the placeholders' values.
 * @returns the text.
 */
export function frameText(
  language: FrameLanguage,
  id: FrameMessageId,
  values: Readonly<Record<string, string>> = {},
): string {
  const text = language.messages[id] ?? en[id]
  return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match)
}
