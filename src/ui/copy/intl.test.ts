import { expect, test } from 'vitest'
import { formatDateTime, formatRelativeTime, pluralCategory, textDirection } from './intl.js'
import { ar } from './locales/ar.js'
import { ja } from './locales/ja.js'
import { ru } from './locales/ru.js'
import { codeText, type MessageCatalogue, translate } from './messages.js'

test('behavior: a language written right to left is read as such from its script', () => {
  for (const tag of ['ar', 'ar-EG', 'he', 'fa', 'ur', 'ckb', 'yi', 'dv'])
    expect(textDirection(tag), tag).toBe('rtl')
  for (const tag of ['en', 'de', 'ja', 'zh-CN', 'ru', 'tr', 'az', 'sr-Latn', 'pa'])
    expect(textDirection(tag), tag).toBe('ltr')
  // Arabic written in Latin letters reads left to right; a tag that is no tag reads as English.
  expect(textDirection('ar-Latn')).toBe('ltr')
  expect(textDirection('not a tag')).toBe('ltr')
})

test('behavior: a count takes the plural form its language’s rules name', () => {
  const wallets: MessageCatalogue = {
    tag: 'ru',
    messages: {
      'found#one': '{count} кошелёк',
      'found#few': '{count} кошелька',
      'found#many': '{count} кошельков',
      'found#other': '{count} кошелька',
    },
  }
  expect([1, 3, 5, 21, 1.5].map((count) => translate(wallets, 'found', { count }))).toEqual([
    '1 кошелёк',
    '3 кошелька',
    '5 кошельков',
    '21 кошелёк',
    '1.5 кошелька',
  ])
  expect(pluralCategory('ar', 2)).toBe('two')
  expect(pluralCategory('ja', 1)).toBe('other')
  expect(pluralCategory('not a tag', 1)).toBe('one')
})

test('behavior: a snack with a count reads in the language’s plural; English keeps the specification’s text', () => {
  expect(codeText(ru, 'EMAIL_LOGIN_COOLDOWN', { seconds: 1 })).toBe(
    'Повторите попытку через 1 секунду',
  )
  expect(codeText(ru, 'EMAIL_LOGIN_COOLDOWN', { seconds: 3 })).toBe(
    'Повторите попытку через 3 секунды',
  )
  expect(codeText(ru, 'EMAIL_LOGIN_COOLDOWN', { seconds: 30 })).toBe(
    'Повторите попытку через 30 секунд',
  )
  expect(codeText(ar, 'EMAIL_LOGIN_COOLDOWN', { seconds: 2 })).toBe(
    'يُرجى المحاولة مرة أخرى بعد 2 ثانيتين',
  )
  expect(codeText(ja, 'EMAIL_LOGIN_COOLDOWN', { seconds: 30 })).toBe(
    '30秒後にもう一度お試しください',
  )
  expect(codeText('en', 'EMAIL_LOGIN_COOLDOWN', { seconds: 1 })).toBe(
    'Please try again after 1 seconds',
  )
})

test('behavior: relative times read in the language, in the largest whole unit', () => {
  const now = Date.parse('2026-11-26T12:00:00Z')
  expect(formatRelativeTime('en', '2026-11-26T11:55:00Z', now)).toBe('5 minutes ago')
  expect(formatRelativeTime('de', '2026-11-26T11:55:00Z', now)).toBe('vor 5 Minuten')
  expect(formatRelativeTime('en', '2026-11-25T12:00:00Z', now)).toBe('yesterday')
  expect(formatRelativeTime('ja', '2026-11-26T09:00:00Z', now)).toBe('3 時間前')
  expect(formatRelativeTime('ar', '2026-11-26T11:59:58Z', now)).toBe('قبل ثانيتين')
  expect(formatRelativeTime('en', now, now)).toBe('now')
  expect(formatRelativeTime('en', 'not a date', now)).toBe('')
})

test('behavior: dates read as the language writes them', () => {
  const at = '2026-03-02T10:00:00Z'
  const options = { dateStyle: 'medium', timeZone: 'UTC' } as const
  expect(formatDateTime('en', at, options)).toBe('Mar 2, 2026')
  expect(formatDateTime('de', at, options)).toBe('02.03.2026')
  expect(formatDateTime('ja', at, options)).toBe('2026/03/02')
  expect(formatDateTime('en', 'not a date')).toBe('')
})
