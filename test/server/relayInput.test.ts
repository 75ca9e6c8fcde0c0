import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { normalizeAudience } from '../../server/relay/jwt.js'
import { parseParams } from '../../server/relay/protocol.js'
import { sourceKeyOf } from '../../server/source.js'

const INT4_MIN = -(2 ** 31)
const INT4_MAX = 2 ** 31 - 1
const publish = (fields: Record<string, unknown>) => () =>
  parseParams('irn_publish', { topic: 'a'.repeat(64), message: 'text', ttl: 300, ...fields })

describe('publish parameters fit the database columns', () => {
  test('property: a tag is accepted exactly when it is an int4', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: INT4_MIN, max: INT4_MAX }), fc.double()), (tag) => {
        const fits = Number.isInteger(tag) && tag >= INT4_MIN && tag <= INT4_MAX
        if (fits) expect(publish({ tag })().tag).toBe(tag)
        else expect(publish({ tag })).toThrow('tag: ')
      }),
    )
    for (const tag of [INT4_MAX + 1, INT4_MIN - 1, Number.MAX_SAFE_INTEGER]) {
      expect(publish({ tag })).toThrow('tag: ')
    }
  })

  test('property: a ttl is accepted exactly when it is a positive whole number of seconds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: false })), (ttl) => {
        if (Number.isSafeInteger(ttl) && ttl > 0) expect(publish({ ttl })().ttl).toBe(ttl)
        else expect(publish({ ttl })).toThrow('ttl: ')
      }),
    )
  })

  test('property: text with a NUL or a lone surrogate is refused, any other text is kept as is', () => {
    fc.assert(
      fc.property(
        // Any code point but NUL: well-formed by construction.
        fc
          .string({ unit: 'binary', minLength: 1, maxLength: 64 })
          .filter((text) => !text.includes('\u0000')),
        (text) => {
          expect(publish({ message: text })().message).toBe(text)
        },
      ),
    )
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('\u0000', '\ud800', '\udfff'),
        fc.string({ maxLength: 20 }),
        (before, bad, after) => {
          expect(publish({ message: `${before}${bad}${after}` })).toThrow('message: ')
          expect(publish({ topic: `${before}${bad}${after}` })).toThrow('topic: ')
        },
      ),
    )
  })
})

describe('network sources', () => {
  const hextet = fc.integer({ min: 0, max: 0xffff }).map((value) => value.toString(16))

  test('property: every address of one IPv6 /64 is one source; another /64 is another', () => {
    fc.assert(
      fc.property(
        fc.array(hextet, { minLength: 4, maxLength: 4 }),
        fc.array(hextet, { minLength: 4, maxLength: 4 }),
        fc.array(hextet, { minLength: 4, maxLength: 4 }),
        (prefix, one, two) => {
          const key = sourceKeyOf([...prefix, ...one].join(':'))
          expect(sourceKeyOf([...prefix, ...two].join(':'))).toBe(key)
          const other = [...prefix]
          other[3] = ((Number.parseInt(prefix[3]!, 16) + 1) % 0x10000).toString(16)
          expect(sourceKeyOf([...other, ...one].join(':'))).not.toBe(key)
        },
      ),
    )
  })

  test('property: an IPv4 address is its own source, written either way', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(sourceKeyOf(address)).toBe(address)
        expect(sourceKeyOf(`::ffff:${address}`)).toBe(address)
      }),
    )
  })
})

describe('relay audiences', () => {
  test('property: a relay URL names the same audience with or without trailing slashes, query or fragment; other URLs do not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ws', 'wss'),
        fc.domain(),
        fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
        fc.constantFrom('', '/relay', '/a/b'),
        (scheme, host, port, path) => {
          const base = `${scheme}://${host}${port === undefined ? '' : `:${port}`}${path}`
          const audience = normalizeAudience(base)
          expect(audience).toBeDefined()
          expect(normalizeAudience(`${base}/`)).toBe(audience)
          expect(normalizeAudience(`${base}/?auth=x#y`)).toBe(audience)
          const shouted = `${scheme}://${host.toUpperCase()}${port === undefined ? '' : `:${port}`}${path}`
          expect(normalizeAudience(shouted)).toBe(audience)
          expect(
            normalizeAudience(`${scheme === 'ws' ? 'wss' : 'ws'}${base.slice(scheme.length)}`),
          ).not.toBe(audience)
          expect(normalizeAudience(`https${base.slice(scheme.length)}`)).toBeUndefined()
        },
      ),
    )
  })
})
