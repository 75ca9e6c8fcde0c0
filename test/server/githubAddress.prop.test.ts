/**
 * Which GitHub address may link to an email account (decision 0718): only the primary entry of
 * `/user/emails`, only when GitHub says `verified: true`, whatever else the untrusted list holds.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { verifiedPrimaryAddress } from '../../server/embedded/oauth.js'

const address = fc.stringMatching(/^[A-Za-z0-9]{1,12}@[a-z]{1,10}\.(test|example)$/)
const wellFormed = fc.record({
  email: address,
  primary: fc.boolean(),
  verified: fc.boolean(),
  visibility: fc.constantFrom('public', 'private', null),
})
/** Entries no check may read as an address: wrong types, truthy look-alikes of `true`. */
const malformed = fc.oneof(
  fc.constantFrom(null, 0, 'carol@mail.test', true),
  fc.record({
    email: address,
    primary: fc.constant(true),
    verified: fc.constantFrom('true', 1, null, 'yes'),
  }),
  fc.record({ email: address, primary: fc.constantFrom('true', 1), verified: fc.constant(true) }),
  fc.record({
    email: fc.constantFrom('', 'not an address', 42),
    primary: fc.constant(true),
    verified: fc.constant(true),
  }),
)

describe('the GitHub address that links', () => {
  test('only ever a primary entry GitHub marked verified', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(wellFormed, malformed), { maxLength: 12 }), (listed) => {
        const found = verifiedPrimaryAddress(listed)
        if (found === undefined) return
        expect(
          listed.some(
            (entry) =>
              typeof entry === 'object' &&
              entry !== null &&
              'primary' in entry &&
              entry.primary === true &&
              entry.verified === true &&
              typeof entry.email === 'string' &&
              entry.email.toLowerCase() === found,
          ),
        ).toBe(true)
      }),
    )
  })

  test('malformed entries anywhere neither hide nor stand in for the primary address', () => {
    fc.assert(
      fc.property(
        fc.array(
          wellFormed.map((entry) => ({ ...entry, primary: false })),
          { maxLength: 5 },
        ),
        fc.option(wellFormed.map((entry) => ({ ...entry, primary: true }))),
        fc.array(fc.tuple(fc.nat(), malformed), { maxLength: 6 }),
        (others, primary, noise) => {
          const clean = primary ? [...others, primary] : others
          const noisy: unknown[] = [...clean]
          for (const [at, entry] of noise) noisy.splice(at % (noisy.length + 1), 0, entry)
          const expected = primary?.verified === true ? primary.email.toLowerCase() : undefined
          expect(verifiedPrimaryAddress(clean)).toBe(expected)
          expect(verifiedPrimaryAddress(noisy)).toBe(expected)
        },
      ),
    )
  })

  test('an answer that is not a list is refused', () => {
    expect(() => verifiedPrimaryAddress({ email: 'carol@mail.test', verified: true })).toThrow()
    expect(() => verifiedPrimaryAddress(Array.from({ length: 101 }, () => null))).toThrow()
  })
})
