/**
 * Every business constant of the behaviour specification (§9, plus the timings of §2, §4 and §8)
 * in one module, so a rule never carries its own magic number.
 *
 * Values marked "ours" are not in the specification; they fill a gap the way a user of a wallet
 * toolkit would expect and are recorded in `docs/decisions/`.
 * @module
 */

/** Timings in milliseconds. */
export const TIMINGS = Object.freeze({
  /** §4, §9: a WalletConnect pairing lives four minutes. */
  pairingLifetimeMs: 4 * 60_000,
  /** §4, §9: a pairing counts as expired this long before its real expiry. */
  pairingExpiryMarginMs: 10_000,
  /** §8, §9: a failed token balance fetch blocks retries for this long. */
  balanceRetryGapMs: 30_000,
  /** §9 cache lifetimes. */
  portfolioCacheMs: 30_000,
  nativeBalanceCacheMs: 30_000,
  ensCacheMs: 5 * 60_000,
  identityCacheMs: 5 * 60_000,
  /** §4, §9: a snack that is re-shown is hidden first, then shown after this gap. */
  snackReshowGapMs: 150,
  /** ours: non-loading snacks hide by themselves after this long. */
  snackAutoHideMs: 2_200,
  /** §4, §9: the modal shakes this long. */
  shakeMs: 500,
  /** §9: how long an image preload is awaited. */
  imagePreloadWaitMs: 2_000,
  /** §2: after backing out of the Farcaster view while disconnected, reload the sign-in connector after this. */
  farcasterReloadDelayMs: 100,
  /** §5, §9: a new email login within this window is blocked. */
  emailLoginCooldownMs: 30_000,
  /** §9: timeout for connect email, device, otp, social and redirect-uri frame events. */
  embeddedFrameEventTimeoutMs: 30_000,
  /** §9 embedded-wallet RPC transport. */
  rpcHttpTimeoutMs: 10_000,
  /**
   * ours: a WalletConnect connect that has no pairing link after this long (the relay cannot be
   * reached) fails, so the visitor gets the failure and its retry instead of an endless spinner.
   */
  walletConnectRelayTimeoutMs: 10_000,
  /**
   * ours (decision 0017): how long a connect waits for the wallet's answer before it fails and the
   * view offers its retry; a WalletConnect connect has the pairing's own lifetime instead.
   */
  connectTimeoutMs: 120_000,
  /** ours: how long a sent transaction is watched for its receipt (its result on Account). */
  receiptWaitMs: 5 * 60_000,
  /**
   * ours (decision 0017): how long a signature or a send waits for the wallet's answer; long
   * enough to read a typed-data prompt and confirm on a hardware wallet.
   */
  walletRequestTimeoutMs: 5 * 60_000,
  /**
   * ours (decision 0017): how long a disconnect waits for the wallet; past it the kit forgets the
   * session on its side anyway, which is what the visitor asked for.
   */
  walletDisconnectTimeoutMs: 10_000,
  /** ours (decision 0017): a silent reconnect (no prompt) that takes longer is given up. */
  silentReconnectTimeoutMs: 10_000,
  /** ours: the wallet search asks the registry once typing pauses this long. */
  walletSearchDebounceMs: 300,
  /** ours: a wallet registry request that takes longer is abandoned (the built-in list stays). */
  walletRegistryTimeoutMs: 10_000,
  fallbackPollMs: 4_000,
  fallbackPingTimeoutMs: 1_000,
})

/** Counts, sizes and display precisions (§9). */
export const LIMITS = Object.freeze({
  recentWalletsKept: 2,
  walletPageSize: 40,
  recommendedWallets: 4,
  walletSearchMaxResults: 100,
  rpcBatchSize: 1_000,
  fallbackSampleCount: 10,
  balanceDecimals: 3,
  transactionAmountDecimals: 3,
  addressStartChars: 4,
  addressEndChars: 6,
  /** §5: name to register needs at least this many characters. */
  nameMinLength: 4,
  /** §5: chain id for name registration must be below this (2^31). */
  registrationChainIdLimit: 2_147_483_648,
  /** ours: how many events the in-memory log retains for replay and devtools by default. */
  eventLogRetained: 10_000,
})

/** Fees and ratios (§9). Percentages are plain numbers: 1 means 1 %. */
export const FEES = Object.freeze({
  fallbackStabilityWeight: 0.7,
  fallbackLatencyWeight: 0.3,
})

/** §9: features on or off when a site does not say. */
export const DEFAULT_FEATURES = Object.freeze({
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  emailShowWallets: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
})

/** A feature switch name. */
export type FeatureName = keyof typeof DEFAULT_FEATURES

/** §3, §9: social login providers, in display order. */
export const SOCIAL_PROVIDERS = Object.freeze([
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
] as const)

/** A social login provider. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** §9: order of the connector sections in the Connect view. */
export const CONNECTOR_SECTION_ORDER = Object.freeze([
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const)

/** A section of the connector list. */
export type ConnectorSection = (typeof CONNECTOR_SECTION_ORDER)[number]

/** §9: order of the wallet features in the Account view. */
export const WALLET_FEATURE_ORDER = Object.freeze(['onramp', 'swaps', 'receive', 'send'] as const)

/** §2: connect methods. */
export const CONNECT_METHODS = Object.freeze(['email', 'social', 'wallet'] as const)

/** A connect method. */
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

/** §9: namespaces whose balances the data service reads. */
export const BALANCE_NAMESPACES = Object.freeze(['eip155', 'solana'] as const)
/** §9: namespaces whose activity the data service reads. */
export const ACTIVITY_NAMESPACES = BALANCE_NAMESPACES

/** §9: the default last-used chain (eip155 reference). */
export const DEFAULT_LAST_USED_CHAIN_ID = 1

/** §6: the account types. */
export const ACCOUNT_TYPES = Object.freeze(['eoa', 'smartAccount', 'payment', 'ordinals'] as const)

/** An account type. `ordinals` is the second bip122 address kind (taproot) beside `payment`. */
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/** §3: connector types. */
export const CONNECTOR_TYPES = Object.freeze([
  'ANNOUNCED',
  'INJECTED',
  'EXTERNAL',
  'MULTI_CHAIN',
  'AUTH',
] as const)

/** A connector type. */
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

/** The id of the WalletConnect connector in every namespace. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'
