import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { siwxDomainMatcher } from './domains.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}
const host = fc.domain()
const port = fc.integer({ min: 0, max: 65_535 })

describe('siwxDomainMatcher', () => {
  test('behavior: a site named exactly accepts that domain only, with no other port', () => {
    const matches = siwxDomainMatcher(['shop.example', 'localhost:5173'])
    expect(matches('shop.example')).toBe(true)
    expect(matches('localhost:5173')).toBe(true)
    for (const other of ['shop.example:443', 'evil.shop.example', 'localhost', 'localhost:5174'])
      expect(matches(other), other).toBe(false)
  })

  test('property: host:* accepts the host on any port or none, and nothing else', () => {
    fc.assert(
      fc.property(host, host, port, (allowed, other, anyPort) => {
        const matches = siwxDomainMatcher([`${allowed}:*`])
        expect(matches(allowed)).toBe(true)
        expect(matches(`${allowed}:${anyPort}`)).toBe(true)
        // A prefix, a suffix or a path is another site.
        expect(matches(`${allowed}.${other}`)).toBe(false)
        expect(matches(`${other}.${allowed}`)).toBe(false)
        expect(matches(`${allowed}:${anyPort}/x`)).toBe(false)
        expect(matches(`${allowed}:`)).toBe(false)
        if (other !== allowed) expect(matches(`${other}:${anyPort}`)).toBe(false)
      }),
      runs,
    )
  })

  test('behavior: a dot in host:* is a dot, not any character', () => {
    const matches = siwxDomainMatcher(['shop.example:*'])
    expect(matches('shopxexample:80')).toBe(false)
    expect(matches('shop.example:80')).toBe(true)
  })

  test('behavior: no domains accept nothing', () => {
    fc.assert(
      fc.property(host, (domain) => {
        expect(siwxDomainMatcher([])(domain)).toBe(false)
      }),
      runs,
    )
  })
})
