import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../constants.js'
import { filterSocialsForTelegram, type TelegramPlatform } from './validation.js'
import { runs } from './validation.testSupport.js'

describe('filterSocialsForTelegram', () => {
  const socials = fc.subarray([...SOCIAL_PROVIDERS])
  const platform = fc.constantFrom<TelegramPlatform | null>('ios', 'mac', 'android', 'other', null)

  /** Whether `sub` is `list` with some entries left out, order kept. */
  function isSubsequence<TItem>(sub: readonly TItem[], list: readonly TItem[]): boolean {
    let i = 0
    for (const item of list) if (i < sub.length && sub[i] === item) i++
    return i === sub.length
  }

  test('default', () => {
    const all = [...SOCIAL_PROVIDERS]
    expect(filterSocialsForTelegram(all, 'ios')).toEqual([
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    expect(filterSocialsForTelegram(all, 'mac')).toEqual([
      'google',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    expect(filterSocialsForTelegram(all, 'android')).toEqual([
      'google',
      'discord',
      'farcaster',
      'github',
      'apple',
    ])
    expect(filterSocialsForTelegram(all, null)).toEqual(all)
  })

  test('behavior: iOS removes google only', () => {
    fc.assert(
      fc.property(socials, (list) => {
        expect(filterSocialsForTelegram(list, 'ios')).toEqual(list.filter((s) => s !== 'google'))
      }),
      runs,
    )
  })

  test('behavior: Mac removes x only', () => {
    fc.assert(
      fc.property(socials, (list) => {
        expect(filterSocialsForTelegram(list, 'mac')).toEqual(list.filter((s) => s !== 'x'))
      }),
      runs,
    )
  })

  test('behavior: Android removes facebook and x only', () => {
    fc.assert(
      fc.property(socials, (list) => {
        expect(filterSocialsForTelegram(list, 'android')).toEqual(
          list.filter((s) => s !== 'facebook' && s !== 'x'),
        )
      }),
      runs,
    )
  })

  test('behavior: outside Telegram the list is unchanged (a copy)', () => {
    fc.assert(
      fc.property(socials, (list) => {
        const result = filterSocialsForTelegram(list, null)
        expect(result).toEqual(list)
        expect(result).not.toBe(list)
      }),
      runs,
    )
  })

  test('behavior: the result is a subsequence of the input in the same order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<SocialProvider>(...SOCIAL_PROVIDERS), { maxLength: 14 }),
        platform,
        (list, where) => {
          const result = filterSocialsForTelegram(list, where)
          expect(isSubsequence(result, list)).toBe(true)
        },
      ),
      runs,
    )
  })

  test('behavior: does not mutate its input', () => {
    fc.assert(
      fc.property(socials, platform, (list, where) => {
        const before = [...list]
        filterSocialsForTelegram(Object.freeze(list), where)
        expect(list).toEqual(before)
      }),
      runs,
    )
  })
})
