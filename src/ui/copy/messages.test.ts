import { expect, test } from 'vitest'
import { ERROR_CODE_LIST } from '../../kernel/index.js'
import { errorText, MESSAGES, translate } from './messages.js'

test('behavior: every locale is complete: same ids as English, same placeholders', () => {
  const english = MESSAGES.en
  for (const [locale, messages] of Object.entries(MESSAGES)) {
    expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(english).sort())
    for (const [id, text] of Object.entries(messages)) {
      const placeholders = (value: string) =>
        [...value.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
      expect(placeholders(text), `${locale} ${id}`).toEqual(placeholders(english[id] ?? ''))
    }
  }
})

test('behavior: English error copy is the specification’s text for every code', () => {
  for (const code of ERROR_CODE_LIST) {
    expect(translate('en', `error.${code}`)).not.toBe(`error.${code}`)
  }
  expect(errorText('en', { code: 'USER_REJECTED', userMessage: 'x' })).toBe('Signature declined')
  expect(errorText('de', { code: 'USER_REJECTED', userMessage: 'x' })).toBe('Signatur abgelehnt')
})

test('behavior: values fill placeholders; unknown ids show the id', () => {
  expect(translate('en', 'connecting.title', { wallet: 'Demo' })).toBe('Continue in Demo')
  expect(translate('en', 'nope')).toBe('nope')
})

test('behavior: a templated error shows the error’s own filled text, never a raw placeholder', () => {
  const text = errorText('de', { code: 'HTTP_STATUS', userMessage: 'HTTP status code: 403' })
  expect(text).toBe('HTTP status code: 403')
  expect(text).not.toContain('{')
})
