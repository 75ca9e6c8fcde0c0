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
      expect(shown).toBe(expected ? `${integer}.${expected}` : integer)
    }),
  )
})

test('behavior: what is not a decimal is shown as it is', () => {
  expect(formatAmount('de', 'n/a', 3)).toBe('n/a')
})
