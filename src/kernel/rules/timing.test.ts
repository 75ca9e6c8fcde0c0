import { describe, expect, test } from 'vitest'
import { ERROR_CODES, fillTemplate } from '../errors/codes.js'
import {
  emailCooldownSeconds,
  isBalanceRetryBlocked,
  isPairingExpired,
  reusesPendingPairing,
} from './timing.js'

describe('isPairingExpired', () => {
  const createdAt = 1_700_000_000_000
  // §4: a pairing lives four minutes.
  const expiresAt = createdAt + 4 * 60_000

  test('default', () => {
    expect(isPairingExpired(expiresAt, createdAt)).toBe(false)
    expect(isPairingExpired(expiresAt, expiresAt)).toBe(true)
  })

  test('behavior: counts as expired within 10 s of expiry', () => {
    expect(isPairingExpired(expiresAt, expiresAt - 10_001)).toBe(false)
    expect(isPairingExpired(expiresAt, expiresAt - 10_000)).toBe(true)
    expect(isPairingExpired(expiresAt, expiresAt - 9_999)).toBe(true)
  })

  test('behavior: stays expired after expiry', () => {
    expect(isPairingExpired(expiresAt, expiresAt + 1)).toBe(true)
    expect(isPairingExpired(expiresAt, expiresAt + 60_000)).toBe(true)
  })

  test('behavior: a fresh pairing is usable for 3 min 50 s', () => {
    expect(isPairingExpired(expiresAt, createdAt + 3 * 60_000 + 49_999)).toBe(false)
    expect(isPairingExpired(expiresAt, createdAt + 3 * 60_000 + 50_000)).toBe(true)
  })
})

describe('emailCooldownSeconds', () => {
  const last = 1_700_000_000_000

  test('default', () => {
    expect(emailCooldownSeconds(0, 12_000)).toBe(18)
  })

  test('behavior: no previous request', () => {
    expect(emailCooldownSeconds(null, last)).toBe(0)
  })

  test('behavior: blocked for 30 s after a request', () => {
    expect(emailCooldownSeconds(last, last)).toBe(30)
    expect(emailCooldownSeconds(last, last + 29_999)).toBe(1)
    expect(emailCooldownSeconds(last, last + 30_000)).toBe(0)
    expect(emailCooldownSeconds(last, last + 90_000)).toBe(0)
  })

  test('behavior: seconds are rounded up', () => {
    expect(emailCooldownSeconds(last, last + 1)).toBe(30)
    expect(emailCooldownSeconds(last, last + 999)).toBe(30)
    expect(emailCooldownSeconds(last, last + 1_000)).toBe(29)
    expect(emailCooldownSeconds(last, last + 1_001)).toBe(29)
    expect(emailCooldownSeconds(last, last + 28_500)).toBe(2)
  })

  test('behavior: the seconds fill the spec message', () => {
    const seconds = emailCooldownSeconds(last, last + 12_345)
    expect(fillTemplate(ERROR_CODES.EMAIL_LOGIN_COOLDOWN.userMessage, { seconds })).toBe(
      'Please try again after 18 seconds',
    )
  })
})

describe('isBalanceRetryBlocked', () => {
  const failedAt = 1_700_000_000_000

  test('default', () => {
    expect(isBalanceRetryBlocked(1_000, 20_000)).toBe(true)
  })

  test('behavior: no failure, no block', () => {
    expect(isBalanceRetryBlocked(null, failedAt)).toBe(false)
  })

  test('behavior: blocked for 30 s after a failure', () => {
    expect(isBalanceRetryBlocked(failedAt, failedAt)).toBe(true)
    expect(isBalanceRetryBlocked(failedAt, failedAt + 29_999)).toBe(true)
    expect(isBalanceRetryBlocked(failedAt, failedAt + 30_000)).toBe(false)
    expect(isBalanceRetryBlocked(failedAt, failedAt + 60_000)).toBe(false)
  })
})

describe('reusesPendingPairing', () => {
  test('rule §4: Telegram (any platform) and iOS Safari reuse a pending pairing; other browsers do not', () => {
    const base = { device: 'mobile', telegramPlatform: null, isIosSafari: false } as const
    expect(reusesPendingPairing(base)).toBe(false)
    expect(reusesPendingPairing({ ...base, device: 'desktop' })).toBe(false)
    expect(reusesPendingPairing({ ...base, isIosSafari: true })).toBe(true)
    for (const platform of ['ios', 'mac', 'android', 'other'] as const) {
      expect(reusesPendingPairing({ ...base, telegramPlatform: platform })).toBe(true)
    }
  })
})
