import fc from 'fast-check'
import { expect, test } from 'vitest'
import { parseAmount, toAmountInput } from './parseAmount.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

// Dot, comma, space and apostrophe groups; Indian groups; Arabic and Persian digits.
const LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt-BR',
  'nl',
  'ru',
  'pl',
  'sv',
  'de-CH',
  'en-IN',
  'hi',
  'ar',
  'ar-EG',
  'fa',
  'ja',
  'tr',
] as const

/** A decimal as the kit holds it: integer digits, and maybe a fraction (trailing zeros kept). */
const decimalArbitrary = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.option(fc.stringMatching(/^\d{1,12}$/)))
  .map(([integer, fraction]) => (fraction === null ? `${integer}` : `${integer}.${fraction}`))

test('property: every amount Intl writes in a language, grouped or not, reads back exactly', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...LOCALES),
      decimalArbitrary,
      fc.boolean(),
      (tag, amount, useGrouping) => {
        const places = amount.includes('.') ? amount.length - amount.indexOf('.') - 1 : 0
        // A string keeps every digit: Intl formats it as an exact decimal, never as a float.
        const written = new Intl.NumberFormat(tag, {
          useGrouping,
          minimumFractionDigits: places,
          maximumFractionDigits: places,
        }).format(amount as unknown as number)
        expect(parseAmount(tag, written)).toBe(amount)
      },
    ),
    runs,
  )
})

test('property: the dot reads as the decimal point in every language where it groups nothing', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(
        ...LOCALES.filter((tag) => !new Intl.NumberFormat(tag).format(1e6).includes('.')),
      ),
      fc.bigInt({ min: 0n, max: 10n ** 24n }),
      fc.stringMatching(/^\d{1,12}$/),
      (tag, integer, fraction) => {
        expect(parseAmount(tag, `${integer}.${fraction}`)).toBe(`${integer}.${fraction}`)
      },
    ),
    runs,
  )
})

test('property: where the dot groups thousands, a dot that cannot be a group is the decimal point', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('de', 'es', 'it', 'pt-BR', 'nl', 'tr'),
      fc.bigInt({ min: 0n, max: 10n ** 24n }),
      fc.stringMatching(/^\d{1,12}$/).filter((fraction) => fraction.length !== 3),
      (tag, integer, fraction) => {
        expect(parseAmount(tag, `${integer}.${fraction}`)).toBe(`${integer}.${fraction}`)
      },
    ),
    runs,
  )
})

test('property: a separator in no place a group can be is no amount, never a guess', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 1n, max: 10n ** 12n }),
      fc.stringMatching(/^\d{1,2}$|^\d{4,6}$/),
      (integer, after) => {
        // English: ',' groups thousands only; '1,5' is neither one and a half nor fifteen.
        expect(parseAmount('en', `${integer},${after}`)).toBeUndefined()
        // German: '.' groups and ',' is the decimal point, so a ',' before a '.' is neither.
        expect(parseAmount('de', `${integer},${after}.5`)).toBeUndefined()
      },
    ),
    runs,
  )
})

test('property: what the input shows of an amount reads back as that amount', () => {
  fc.assert(
    fc.property(fc.constantFrom(...LOCALES), decimalArbitrary, (tag, amount) => {
      expect(parseAmount(tag, toAmountInput(tag, amount))).toBe(amount)
    }),
    runs,
  )
})

test('behavior: German decimal commas, groups and the dot; text that is no number', () => {
  expect(parseAmount('de', '1,5')).toBe('1.5')
  expect(parseAmount('de', '1.5')).toBe('1.5')
  expect(parseAmount('de', '1.500')).toBe('1500')
  expect(parseAmount('de', '1.500,25')).toBe('1500.25')
  expect(parseAmount('de', ',5')).toBe('0.5')
  expect(parseAmount('de', '1,')).toBe('1.')
  expect(parseAmount('fr', '1 500,5')).toBe('1500.5')
  expect(parseAmount('en', '1,500.5')).toBe('1500.5')
  expect(parseAmount('de', '')).toBe('')
  for (const text of ['abc', '1e3', '-1', '1,2,3', '1..5', ',', '1.5.5']) {
    expect(parseAmount('de', text)).toBeUndefined()
  }
})
