import { describe, expect, test } from 'vitest'
import {
  CARD_PAY_NETWORKS,
  CONNECTOR_SECTION_ORDER,
  DEFAULT_FEATURES,
  DEFAULT_LAST_USED_CHAIN_ID,
  FEES,
  LIMITS,
  ONRAMP_FALLBACK_LIMITS,
  SOCIAL_PROVIDERS,
  SWAP_SUGGESTED_TOKEN_SYMBOLS,
  SWAP_SUPPORTED_EIP155_CHAIN_IDS,
  TIMINGS,
  WALLET_FEATURE_ORDER,
} from './constants.js'

describe('TIMINGS', () => {
  test('behavior: §4 and §9 pairing', () => {
    expect(TIMINGS.pairingLifetimeMs).toBe(240_000)
    expect(TIMINGS.pairingExpiryMarginMs).toBe(10_000)
  })

  test('behavior: §8 and §9 balance retry gap', () => {
    expect(TIMINGS.balanceRetryGapMs).toBe(30_000)
  })

  test('behavior: §9 cache lifetimes', () => {
    expect(TIMINGS.portfolioCacheMs).toBe(30_000)
    expect(TIMINGS.nativeBalanceCacheMs).toBe(30_000)
    expect(TIMINGS.ensCacheMs).toBe(300_000)
    expect(TIMINGS.identityCacheMs).toBe(300_000)
  })

  test('behavior: §9 UI timings', () => {
    expect(TIMINGS.snackReshowGapMs).toBe(150)
    expect(TIMINGS.shakeMs).toBe(500)
    expect(TIMINGS.imagePreloadWaitMs).toBe(2_000)
  })

  test('behavior: §5 and §9 embedded login', () => {
    expect(TIMINGS.emailLoginCooldownMs).toBe(30_000)
    expect(TIMINGS.embeddedFrameEventTimeoutMs).toBe(30_000)
  })

  test('behavior: §9 embedded-wallet RPC transport', () => {
    expect(TIMINGS.rpcHttpTimeoutMs).toBe(10_000)
    expect(TIMINGS.fallbackPollMs).toBe(4_000)
    expect(TIMINGS.fallbackPingTimeoutMs).toBe(1_000)
  })
})

describe('LIMITS', () => {
  test('behavior: §9 wallet lists', () => {
    expect(LIMITS.recentWalletsKept).toBe(2)
    expect(LIMITS.walletPageSize).toBe(40)
    expect(LIMITS.recommendedWallets).toBe(4)
    expect(LIMITS.walletSearchMaxResults).toBe(100)
  })

  test('behavior: §9 RPC transport', () => {
    expect(LIMITS.rpcBatchSize).toBe(1_000)
    expect(LIMITS.fallbackSampleCount).toBe(10)
  })

  test('behavior: §9 display precision', () => {
    expect(LIMITS.quoteDecimals).toBe(6)
    expect(LIMITS.quoteMessageDecimals).toBe(3)
    expect(LIMITS.balanceDecimals).toBe(3)
    expect(LIMITS.transactionAmountDecimals).toBe(3)
    expect(LIMITS.addressStartChars).toBe(4)
    expect(LIMITS.addressEndChars).toBe(6)
  })

  test('behavior: §5 name registration', () => {
    expect(LIMITS.nameMinLength).toBe(4)
    expect(LIMITS.registrationChainIdLimit).toBe(2147483648)
    expect(LIMITS.registrationChainIdLimit).toBe(2 ** 31)
  })
})

describe('FEES', () => {
  test('behavior: §9 swap', () => {
    expect(FEES.swapDefaultSlippagePercent).toBe(1)
    expect(FEES.swapProviderFeePercent).toBe(0.85)
    expect(FEES.defaultApprovalGasEstimate).toBe(150000n)
  })

  test('behavior: §9 onramp fee range 1-2%', () => {
    expect(FEES.onrampFeeRangePercent).toEqual([1, 2])
  })

  test('behavior: §9 fallback weights sum to 1', () => {
    expect(FEES.fallbackStabilityWeight).toBe(0.7)
    expect(FEES.fallbackLatencyWeight).toBe(0.3)
    expect(FEES.fallbackStabilityWeight + FEES.fallbackLatencyWeight).toBeCloseTo(1)
  })
})

describe('DEFAULT_FEATURES', () => {
  test('behavior: §9 on by default', () => {
    for (const feature of [
      'swaps',
      'onramp',
      'receive',
      'send',
      'email',
      'emailShowWallets',
      'history',
      'analytics',
      'allWallets',
    ] as const) {
      expect(DEFAULT_FEATURES[feature], feature).toBe(true)
    }
  })

  test('behavior: §9 off by default', () => {
    for (const feature of ['legalCheckbox', 'smartSessions', 'collapseWallets'] as const) {
      expect(DEFAULT_FEATURES[feature], feature).toBe(false)
    }
  })

  test('behavior: no other features', () => {
    expect(Object.keys(DEFAULT_FEATURES)).toHaveLength(12)
  })
})

describe('orders and lists', () => {
  test('SOCIAL_PROVIDERS', () => {
    expect(SOCIAL_PROVIDERS).toEqual([
      'google',
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
  })

  test('CONNECTOR_SECTION_ORDER', () => {
    expect(CONNECTOR_SECTION_ORDER).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
  })

  test('WALLET_FEATURE_ORDER', () => {
    expect(WALLET_FEATURE_ORDER).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  test('SWAP_SUPPORTED_EIP155_CHAIN_IDS', () => {
    expect(SWAP_SUPPORTED_EIP155_CHAIN_IDS).toEqual([
      1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
    ])
    expect(new Set(SWAP_SUPPORTED_EIP155_CHAIN_IDS).size).toBe(12)
  })

  test('SWAP_SUGGESTED_TOKEN_SYMBOLS', () => {
    expect(SWAP_SUGGESTED_TOKEN_SYMBOLS).toHaveLength(27)
    expect(new Set(SWAP_SUGGESTED_TOKEN_SYMBOLS).size).toBe(27)
    for (const symbol of SWAP_SUGGESTED_TOKEN_SYMBOLS) expect(symbol).toMatch(/^[A-Z0-9]+$/)
  })

  test('ONRAMP_FALLBACK_LIMITS', () => {
    expect(ONRAMP_FALLBACK_LIMITS).toEqual({
      card: { min: 10, max: 7_500 },
      bankAccount: { min: 10, max: 25_000 },
    })
  })

  test('CARD_PAY_NETWORKS', () => {
    expect(CARD_PAY_NETWORKS).toEqual([
      'ethereum',
      'arbitrum',
      'polygon',
      'berachain',
      'avalanche-c-chain',
      'optimism',
      'celo',
      'base',
    ])
  })

  test('DEFAULT_LAST_USED_CHAIN_ID', () => {
    expect(DEFAULT_LAST_USED_CHAIN_ID).toBe(1)
  })
})

test('behavior: constants are frozen', () => {
  for (const value of [
    TIMINGS,
    LIMITS,
    FEES,
    FEES.onrampFeeRangePercent,
    DEFAULT_FEATURES,
    SOCIAL_PROVIDERS,
    CONNECTOR_SECTION_ORDER,
    WALLET_FEATURE_ORDER,
    SWAP_SUPPORTED_EIP155_CHAIN_IDS,
    SWAP_SUGGESTED_TOKEN_SYMBOLS,
    ONRAMP_FALLBACK_LIMITS,
    ONRAMP_FALLBACK_LIMITS.card,
    ONRAMP_FALLBACK_LIMITS.bankAccount,
    CARD_PAY_NETWORKS,
  ]) {
    expect(Object.isFrozen(value)).toBe(true)
  }
})
