/**
 * The budgets per network source the HTTP paths share: how a source is told (IPv4, an IPv6 /64),
 * and a token bucket per source in virtual time, bounded in the sources it remembers.
 */
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createSourceBudget } from '../../server/http.js'
import { sourceKeyOf as sourceKey } from '../../server/source.js'

test('behavior: an IPv4 address is its own source, also when mapped into IPv6', () => {
  expect(sourceKey('203.0.113.7')).toBe('203.0.113.7')
  expect(sourceKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
})

test('behavior: every address of one IPv6 /64 is one source; another /64 is another', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }),
      fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 }),
      (groups, host) => {
        const hex = (parts: number[]) => parts.map((part) => part.toString(16)).join(':')
        const address = hex(groups)
        const sibling = hex([...groups.slice(0, 4), ...host])
        expect(sourceKey(address)).toBe(sourceKey(sibling))
        expect(sourceKey(address)).toMatch(/\/64$/)
        const other = [...groups]
        other[3] = (other[3]! + 1) % 0x10000
        expect(sourceKey(hex(other))).not.toBe(sourceKey(address))
      },
    ),
  )
  expect(sourceKey('2001:db8::1')).toBe('2001:db8::/64')
  expect(sourceKey('2001:db8:0:0:ffff::1')).toBe(sourceKey('2001:db8::2'))
  expect(sourceKey('2001:db8:0:1::1')).not.toBe(sourceKey('2001:db8::1'))
})

test('behavior: a source spends its burst, then earns one unit per share of the hour; others are not touched', () => {
  let now = 0
  const budget = createSourceBudget({ perHour: 60, burst: 2, now: () => now })
  expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([0, 0, 60])
  expect(budget.take('b')).toBe(0)
  now += 30_000
  expect(budget.take('a')).toBe(30)
  now += 30_000
  expect(budget.take('a')).toBe(0)
})

test('behavior: the budget remembers at most maxSources sources, the least recently seen go first', () => {
  let now = 0
  const budget = createSourceBudget({ perHour: 1, burst: 1, maxSources: 2, now: () => now })
  expect(budget.take('a')).toBe(0)
  expect(budget.take('b')).toBe(0)
  expect(budget.take('a')).toBeGreaterThan(0)
  // A third source pushes out the least recently seen (b), which then starts afresh.
  expect(budget.take('c')).toBe(0)
  expect(budget.take('b')).toBe(0)
  now += 1
  expect(budget.take('c')).toBeGreaterThan(0)
})
