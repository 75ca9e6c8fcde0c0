import { readdirSync } from 'node:fs'
import { expect, test } from 'vitest'
import { ENTRIES } from '../../../packages/kit/entries.js'
import { copyProblems } from '../../../test/support/copyCompleteness.js'
import { ERROR_CODE_LIST, NOTICE_MESSAGES } from '../../kernel/index.js'
import { de } from './locales/de.js'
import { codeText, en, errorText, type MessageCatalogue, translate } from './messages.js'

const localesFolder = new URL('./locales/', import.meta.url)
const shipped = await Promise.all(
  readdirSync(localesFolder)
    .filter((file) => file.endsWith('.ts') && !file.includes('.test'))
    .map(async (file) => {
      const name = file.slice(0, -'.ts'.length)
      const module = (await import(new URL(file, localesFolder).href)) as Record<string, unknown>
      // `zh-CN.ts` exports `zhCN`: a tag's hyphen cannot stand in a name.
      return { file, name, catalogue: module[name.replace('-', '')] as MessageCatalogue }
    }),
)

/**
 * Texts that rightly read as in English: words the language has borrowed and uses in wallets.
 * Names and symbols (Ethereum, NFT, WalletConnect) need no entry.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  de: ['connect.methods.wallet', 'modal.label'],
  es: ['account.tab.tokens'],
  it: ['account.title'],
  pt: ['account.tab.tokens'],
}

test.each(shipped.map((entry) => entry.name))(
  'behavior: the %s catalogue is complete: every English id, its placeholders, its plural forms, nothing left in English',
  (name) => {
    const { catalogue } = shipped.find((entry) => entry.name === name)!
    expect(copyProblems(name, en.messages, catalogue.messages, SAME_AS_ENGLISH[name])).toEqual([])
  },
)

test('behavior: Arabic is written right to left; the other shipped languages left to right', () => {
  for (const { name, catalogue } of shipped)
    expect(catalogue.dir ?? 'ltr', name).toBe(name === 'ar' ? 'rtl' : 'ltr')
})

test('behavior: every shipped locale is named by its tag and has its own package entry', () => {
  for (const { file, name, catalogue } of shipped) {
    expect(catalogue.tag, file).toBe(name)
    expect(ENTRIES[`./react/locales/${name}` as keyof typeof ENTRIES], file).toBe(
      `ui/copy/locales/${file.replace(/\.ts$/, '')}`,
    )
  }
})

test('behavior: English error copy is the specification’s text for every code', () => {
  for (const code of ERROR_CODE_LIST) {
    expect(translate('en', `error.${code}`)).not.toBe(`error.${code}`)
  }
  expect(errorText('en', { code: 'USER_REJECTED', userMessage: 'x' })).toBe('Signature declined')
  expect(errorText(de, { code: 'USER_REJECTED', userMessage: 'x' })).toBe('Signatur abgelehnt')
})

test('parameters: locale', () => {
  expect(translate('en', 'connect.button')).toBe('Connect Wallet')
  expect(translate(en, 'connect.button')).toBe('Connect Wallet')
  expect(translate(de, 'connect.button')).toBe('Wallet verbinden')
})

test("behavior: a snack code reads in the visitor's language, with its values filled", () => {
  expect(codeText(de, 'AUTHENTICATING')).toBe('Authentifizierung…')
  expect(codeText('en', 'AUTHENTICATING')).toBe(NOTICE_MESSAGES.AUTHENTICATING)
  expect(codeText('en', 'EMAIL_LOGIN_COOLDOWN', { seconds: 7 })).toBe(
    'Please try again after 7 seconds',
  )
  expect(codeText(de, 'USER_REJECTED')).toBe('Signatur abgelehnt')
  // A code no catalogue knows (a feature that never loaded here) reads as itself, never blank.
  expect(codeText(de, 'NEVER_HEARD_OF')).toBe('NEVER_HEARD_OF')
})

test('behavior: a catalogue without an id shows English for that id only', () => {
  const partial: MessageCatalogue = { tag: 'fr', messages: { 'connect.button': 'Connecter' } }
  expect(translate(partial, 'connect.button')).toBe('Connecter')
  expect(translate(partial, 'connecting.title', { wallet: 'Demo' })).toBe('Continue in Demo')
  expect(errorText(partial, { code: 'USER_REJECTED', userMessage: 'Signature declined' })).toBe(
    'Signature declined',
  )
})

test('behavior: values fill placeholders; unknown ids show the id', () => {
  expect(translate('en', 'connecting.title', { wallet: 'Demo' })).toBe('Continue in Demo')
  expect(translate('en', 'nope')).toBe('nope')
})

test('behavior: a templated error shows the error’s own filled text, never a raw placeholder', () => {
  const text = errorText(de, { code: 'HTTP_STATUS', userMessage: 'HTTP status code: 403' })
  expect(text).toBe('HTTP status code: 403')
  expect(text).not.toContain('{')
})
