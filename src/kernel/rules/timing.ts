/**
 * §4, §5, §8 time windows as pure functions of "now", so reducers and effects agree and tests run
 * in virtual time.
 * @module
 */
import { TIMINGS } from '../constants.js'
import type { EnvironmentState } from '../state.js'

/**
 * §4 a WalletConnect pairing counts as expired within 10 s of its expiry.
 * @example
 * import { isPairingExpired } from '@gangway/kit'
 * isPairingExpired(100_000, 95_000) // true
 * @param expiresAt - when the pairing ends (ms).
 * @param now - the time now (ms).
 * @returns whether a new pairing is needed.
 */
export function isPairingExpired(expiresAt: number, now: number): boolean {
  return now >= expiresAt - TIMINGS.pairingExpiryMarginMs
}

/**
 * §4 on Telegram or iOS Safari a second connect reuses the pending WalletConnect pairing: there,
 * the wallet is opened from the same user gesture, and a fresh URI would not exist in time.
 * @example
 * import { reusesPendingPairing } from '@gangway/kit'
 * reusesPendingPairing({ device: 'mobile', telegramPlatform: 'ios', isIosSafari: false }) // true
 * @param environment - where the kit runs.
 * @returns whether a connect should reuse a pairing that has not expired.
 */
export function reusesPendingPairing(environment: EnvironmentState): boolean {
  return environment.telegramPlatform !== null || environment.isIosSafari
}

/**
 * §5 seconds left before another email login may be requested; 0 when allowed.
 * @example
 * import { emailCooldownSeconds } from '@gangway/kit'
 * emailCooldownSeconds(0, 12_000) // 18
 * @param lastRequestAt - when the previous request was made, or `null`.
 * @param now - the time now.
 * @returns whole seconds left, rounded up.
 */
export function emailCooldownSeconds(lastRequestAt: number | null, now: number): number {
  if (lastRequestAt === null) return 0
  const left = lastRequestAt + TIMINGS.emailLoginCooldownMs - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/**
 * §8 a failed token balance fetch blocks retries for 30 s.
 * @example
 * import { isBalanceRetryBlocked } from '@gangway/kit'
 * isBalanceRetryBlocked(1_000, 20_000) // true
 * @param failedAt - when the last fetch failed, or `null`.
 * @param now - the time now.
 * @returns whether a new fetch must wait.
 */
export function isBalanceRetryBlocked(failedAt: number | null, now: number): boolean {
  return failedAt !== null && now < failedAt + TIMINGS.balanceRetryGapMs
}
