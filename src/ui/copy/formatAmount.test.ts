import fc from 'fast-check'
import { expect, test } from 'vitest'
import { formatAmount } from './formatAmount.js'

test('behavior: German groups thousands with a dot and writes decimals with a comma', () => {
  expect(formatAmount('de', '9998.4987', 3)).toBe('9.998,498')
  expect(formatAmount('en', '9998.4987', 3)).toBe('9,998.498')
  expect(formatAmount('en', '12', 3)).toBe('12')
})

test('behavior: a balance beyond float precision keeps every digit', () => {
  expect(formatAmount('en', '123456789012345678901.123', 3)).toBe('123,456,789,012,345,678,901.123')
})

test('property: without the grouping, the English text is the cut decimal itself', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat(9), (units, places) => {
      const text = `${units / 10n ** 6n}.${(units % 10n ** 6n).toString().padStart(6, '0')}`
      const shown = formatAmount('en', text, places).replaceAll(',', '')
      const [integer, fraction = ''] = text.split('.')
      const expected = fraction.slice(0, places).replace(/0+$/, '')
      const cut = expected ? `${integer}.${expected}` : integer
      // An amount above 0 that the places would cut to 0 reads as less than the smallest step.
      const smallest = places > 0 ? `0.${'1'.padStart(places, '0')}` : '1'
      expect(shown).toBe(cut === '0' && units > 0n ? `< ${smallest}` : cut)
    }),
  )
})

test('behavior: a balance too small for the places shown reads as less than the smallest step, never as 0', () => {
  expect(formatAmount('en', '0.000852', 3)).toBe('< 0.001')
  expect(formatAmount('de', '0.000852', 3)).toBe('< 0,001')
  expect(formatAmount('en', '0.4', 0)).toBe('< 1')
  expect(formatAmount('en', '0', 3)).toBe('0')
  expect(formatAmount('en', '0.000', 3)).toBe('0')
})

test('behavior: what is not a decimal is shown as it is', () => {
  expect(formatAmount('de', 'n/a', 3)).toBe('n/a')
})

test('behavior: a language writing its own digits shows every digit in them, decimals included', () => {
  expect(formatAmount('ar-EG', '1234.5', 3)).toBe('١٬٢٣٤٫٥')
  expect(formatAmount('fa', '0.25', 3)).toBe('۰٫۲۵')
  // The shipped Arabic (ar) writes Latin digits, as its CLDR default does.
  expect(formatAmount('ar', '1234.5', 3)).toBe('1,234.5')
  expect(formatAmount('ja', '1234.5', 3)).toBe('1,234.5')
})
