/**
 * The closed event catalogue: one zod schema per event type's payload. The log validates every
 * event against this table before it is appended; property tests generate events from it.
 *
 * If an event's meaning changes, add a new type; never redefine an old one.
 * @module
 */

import {
  accountEntrySchema,
  accountTypeSchema,
  caipAddressShapeSchema,
  caipNetworkIdSchema,
  connectorSchema,
  customWalletSchema,
  decimalStringSchema,
  embeddedUserSchema,
  namespaceSchema,
  networkDescriptorSchema,
  preparedTransactionSchema,
  recentWalletSchema,
  registryWalletSchema,
  siwxSessionSchema,
  socialProviderSchema,
  tokenBalanceSchema,
  tokenInfoSchema,
  transactionSchema,
  walletInfoSchema,
} from '../domain.js'
import { serializedKitErrorSchema } from '../errors/serialize.js'
import * as s from '../schema.js'
import {
  ACCOUNT_TABS,
  type AccountTab,
  SNACK_VARIANTS,
  type SnackVariant,
  VIEWS,
  type View,
} from '../views.js'

const viewSchema = s.enum(VIEWS as unknown as [View, ...View[]])
const tabSchema = s.enum(ACCOUNT_TABS as unknown as [AccountTab, ...AccountTab[]])
const snackVariantSchema = s.enum(SNACK_VARIANTS as unknown as [SnackVariant, ...SnackVariant[]])
const empty = s.object({})
const namespaceMap = <TOut>(value: s.Schema<TOut>) => s.record(s.string(), value)
const isHttpUrl = (value: string) => {
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
/** A wallet search as the visitor typed it, trimmed; longer text is cut (ours). */
const walletQuerySchema = s.string().check(s.maxLength(100))
/** Which registry listing a request is for (§7 `GET /getWallets`). */
const walletRegistryRequest = {
  /** `page`: the AllWallets list (40 per page); `featured`: the site's featured ids; `search`. */
  kind: s.enum(['page', 'featured', 'search']),
  page: s.number().check(s.int(), s.gte(1)),
  query: s.optional(walletQuerySchema),
}

/** Options as state holds them: the serializable part of what a site passes to `createKit`. */
export const optionsPayloadSchema = s.object({
  features: s.record(s.string(), s.boolean()),
  socials: s.array(socialProviderSchema),
  projectId: s.optional(s.string()),
  metadata: s.optional(
    s.object({
      name: s.string(),
      description: s.string(),
      url: s.string(),
      icons: s.array(s.string()),
    }),
  ),
  customWallets: s.array(customWalletSchema),
  includeWalletIds: s.array(s.string()),
  excludeWalletIds: s.array(s.string()),
  featuredWalletIds: s.array(s.string()),
  tokens: s.array(tokenInfoSchema),
  termsConditionsUrl: s.optional(s.string()),
  privacyPolicyUrl: s.optional(s.string()),
  /** SIWX on, and whether signing in is required to stay connected. */
  siwx: s.nullable(s.object({ required: s.boolean() })),
  /** The modal is embedded in the page rather than floating over it. */
  enableEmbedded: s.boolean(),
  allowUnsupportedChain: s.boolean(),
  /** Basic WalletConnect mode (QR only, no wallet-side network checks). */
  walletConnectBasic: s.boolean(),
  defaultAccountTypes: namespaceMap(accountTypeSchema),
  /**
   * The wallet registry's base URL; absent means the public registry, `null` means none (only
   * announced, custom and built-in wallets are listed).
   */
  walletRegistryUrl: s.optional(s.nullable(s.string().check(s.refine(isHttpUrl)))),
})

/** Facts about where the kit runs, needed by the §2 opening rules and §5 Telegram filter. */
export const environmentSchema = s.object({
  device: s.enum(['mobile', 'desktop']),
  telegramPlatform: s.nullable(s.enum(['ios', 'mac', 'android', 'other'])),
  isIosSafari: s.boolean(),
})

const capabilitiesSchema = s.object({
  connect: s.boolean(),
  disconnect: s.boolean(),
  balances: s.boolean(),
  send: s.boolean(),
  signMessage: s.boolean(),
  switchNetwork: s.boolean(),
})

const connectionTarget = {
  namespace: namespaceSchema,
  connectorId: s.string().check(s.minLength(1)),
}

/** Payload schema of every event type. */
export const eventPayloadSchemas = {
  // configuration
  'kit/configured': s.object({ options: optionsPayloadSchema, environment: environmentSchema }),
  'namespace/registered': s.object({
    namespace: namespaceSchema,
    networks: s.array(networkDescriptorSchema),
    defaultNetworkId: caipNetworkIdSchema,
    accountTypes: s.object({
      default: accountTypeSchema,
      supported: s.array(accountTypeSchema),
    }),
    nativeTokenAddress: s.string(),
    smartAccountNetworkIds: s.array(caipNetworkIdSchema),
    capabilities: capabilitiesSchema,
  }),
  'storage/restored': s.object({
    recentWallets: s.optional(s.array(recentWalletSchema)),
    connectorIds: s.optional(namespaceMap(s.string())),
    networkIds: s.optional(namespaceMap(caipNetworkIdSchema)),
    accountTypes: s.optional(namespaceMap(accountTypeSchema)),
    siwxSessions: s.optional(s.array(siwxSessionSchema)),
    walletConnectTopics: s.optional(s.array(s.string())),
    activeNamespace: s.optional(namespaceSchema),
  }),
  'storage/discarded': s.object({ key: s.string(), reason: s.string() }),

  // connectors
  'connectors/discovered': s.object({
    namespace: namespaceSchema,
    connectors: s.array(connectorSchema),
  }),
  'connectors/removed': s.object({ namespace: namespaceSchema, ids: s.array(s.string()) }),

  // connection (operation triples)
  'connection/requested': s.object({
    ...connectionTarget,
    networkId: s.optional(caipNetworkIdSchema),
    /** A reconnect after reload: no prompt, no error shown. */
    silent: s.boolean(),
  }),
  'connection/succeeded': s.object({
    ...connectionTarget,
    caipAddress: caipAddressShapeSchema,
    accounts: s.array(accountEntrySchema),
    networkId: caipNetworkIdSchema,
    walletInfo: s.optional(walletInfoSchema),
    /** The recent-wallet entry to record, if this connector is a listable wallet. */
    recentWallet: s.optional(recentWalletSchema),
  }),
  'connection/failed': s.object({
    ...connectionTarget,
    silent: s.boolean(),
    error: serializedKitErrorSchema,
  }),
  'disconnection/requested': s.object({ namespace: s.optional(namespaceSchema) }),
  'disconnection/succeeded': s.object({ namespaces: s.array(namespaceSchema) }),
  'disconnection/failed': s.object({
    namespaces: s.array(namespaceSchema),
    error: serializedKitErrorSchema,
  }),
  'networkSwitch/requested': s.object({ networkId: caipNetworkIdSchema }),
  'networkSwitch/succeeded': s.object({ networkId: caipNetworkIdSchema }),
  'networkSwitch/failed': s.object({
    networkId: caipNetworkIdSchema,
    error: serializedKitErrorSchema,
  }),

  // facts the wallet reports
  'account/changed': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    accounts: s.optional(s.array(accountEntrySchema)),
  }),
  'chain/changed': s.object({ namespace: namespaceSchema, networkId: caipNetworkIdSchema }),
  'wallet/disconnected': s.object({ namespace: namespaceSchema }),

  // account
  'namespace/activated': s.object({ namespace: namespaceSchema }),
  'accountType/changed': s.object({ namespace: namespaceSchema, accountType: accountTypeSchema }),
  'account/tabSelected': s.object({ tab: tabSchema }),
  'account/profileResolved': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    profileName: s.nullable(s.string()),
    profileImage: s.nullable(s.string()),
  }),
  'account/socialProviderChanged': s.object({
    namespace: namespaceSchema,
    provider: s.nullable(socialProviderSchema),
    isWindowOpen: s.boolean(),
  }),
  'account/farcasterUrlChanged': s.object({
    namespace: namespaceSchema,
    url: s.nullable(s.string()),
  }),
  'balance/requested': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
  }),
  'balance/succeeded': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    balance: decimalStringSchema,
    symbol: s.string(),
    tokens: s.array(tokenBalanceSchema),
  }),
  'balance/failed': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    error: serializedKitErrorSchema,
  }),
  /** A plugin learned that an address's balance changed (a transaction was mined): read again. */
  'balance/invalidated': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
  }),

  // modal and router
  'modal/opened': s.object({
    view: s.optional(viewSchema),
    namespace: s.optional(namespaceSchema),
  }),
  'modal/closed': empty,
  'modal/loadingChanged': s.object({ isLoading: s.boolean() }),
  'modal/shakeStarted': empty,
  'modal/shakeEnded': empty,
  'router/pushed': s.object({ view: viewSchema }),
  'router/replaced': s.object({ view: viewSchema }),
  'router/wentBack': empty,
  /** Replaces the whole history with one view. */
  'router/reset': s.object({ view: viewSchema }),

  // snack and alert
  'snack/requested': s.object({ message: s.string(), variant: snackVariantSchema }),
  'snack/shown': s.object({ message: s.string(), variant: snackVariantSchema }),
  'snack/hidden': empty,
  'alert/shown': s.object({ message: s.string() }),
  'alert/dismissed': empty,

  // send
  'send/tokenSelected': s.object({ token: s.nullable(tokenBalanceSchema) }),
  'send/amountChanged': s.object({ amount: s.string() }),
  'send/receiverChanged': s.object({
    address: s.string(),
    profileName: s.optional(s.string()),
    profileImageUrl: s.optional(s.string()),
  }),
  'send/gasEstimated': s.object({
    gasPrice: decimalStringSchema,
    gasPriceInUSD: s.number(),
    networkBalanceInUSD: s.number(),
  }),
  'send/requested': s.object({
    namespace: namespaceSchema,
    from: caipAddressShapeSchema,
    to: s.string(),
    amount: decimalStringSchema,
    token: s.nullable(tokenBalanceSchema),
  }),
  'send/succeeded': s.object({ namespace: namespaceSchema, hash: s.string() }),
  'send/failed': s.object({ namespace: namespaceSchema, error: serializedKitErrorSchema }),
  'send/reset': empty,

  // message signing
  'signature/requested': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    /** The text to sign, or for `typedData` the JSON of the typed data (EIP-712 on eip155). */
    message: s.string(),
    format: s.optional(s.enum(['text', 'typedData'])),
  }),
  'signature/succeeded': s.object({ namespace: namespaceSchema, signature: s.string() }),
  'signature/failed': s.object({ namespace: namespaceSchema, error: serializedKitErrorSchema }),

  // swap
  'swap/initialized': s.object({
    tokens: s.array(tokenInfoSchema),
    popularTokens: s.array(tokenInfoSchema),
    suggestedTokens: s.array(tokenInfoSchema),
    myTokensWithBalance: s.array(tokenBalanceSchema),
    sourceToken: s.nullable(tokenInfoSchema),
    networkPrice: s.number(),
    networkBalanceInUSD: s.number(),
  }),
  'swap/tokenSelected': s.object({ side: s.enum(['source', 'to']), token: tokenInfoSchema }),
  'swap/amountChanged': s.object({ amount: s.string() }),
  'swap/tokensSwitched': empty,
  'swap/quoteReceived': s.object({
    toAmount: decimalStringSchema,
    sourceTokenPriceInUSD: s.number(),
    toTokenPriceInUSD: s.number(),
    gasFee: decimalStringSchema,
    gasPriceInUSD: s.number(),
    priceImpact: s.number(),
  }),
  'swap/transactionPrepared': s.object({
    kind: s.enum(['approval', 'swap']),
    transaction: preparedTransactionSchema,
  }),
  'swap/failed': s.object({ error: serializedKitErrorSchema }),
  'swap/reset': empty,

  // activity
  'transactions/requested': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    cursor: s.optional(s.string()),
  }),
  'transactions/succeeded': s.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    transactions: s.array(transactionSchema),
    next: s.nullable(s.string()),
  }),
  'transactions/failed': s.object({
    namespace: namespaceSchema,
    error: serializedKitErrorSchema,
  }),

  // sign-in with X
  'siwx/sessionAdded': s.object({ session: siwxSessionSchema }),
  'siwx/sessionsCleared': s.object({ namespaces: s.optional(s.array(namespaceSchema)) }),

  // embedded wallet
  'embeddedWallet/emailLoginRequested': s.object({ email: s.string() }),
  'embeddedWallet/userChanged': s.object({ user: embeddedUserSchema }),
  'embeddedWallet/signedOut': empty,
  'embeddedWallet/reloadRequested': empty,

  // WalletConnect
  'walletConnect/pairingCreated': s.object({ uri: s.string(), expiresAt: s.number() }),
  'walletConnect/pairingExpired': s.object({ uri: s.string() }),
  'walletConnect/linkReset': empty,
  'walletConnect/sessionStored': s.object({ topic: s.string() }),
  'walletConnect/sessionRemoved': s.object({ topic: s.string() }),

  // wallet registry (§7 GET /getWallets); failures are silent: the built-in list stays
  'walletRegistry/requested': s.object(walletRegistryRequest),
  'walletRegistry/succeeded': s.object({
    ...walletRegistryRequest,
    /** The registry's total for this listing. */
    count: s.number().check(s.int(), s.gte(0)),
    /** Sanitised wallets (the schema rejects unsafe names and links), at most 100. */
    wallets: s.array(registryWalletSchema).check(s.maxLength(100)),
  }),
  'walletRegistry/failed': s.object({ ...walletRegistryRequest, error: serializedKitErrorSchema }),
  /** The visitor's search text in AllWallets changed. */
  'walletRegistry/searchChanged': s.object({ query: walletQuerySchema }),
  /** The visitor picked a registry wallet to connect over WalletConnect; `null` for none. */
  'walletRegistry/walletChosen': s.object({ walletId: s.nullable(s.string()) }),
} as const

/** Every event type. */
export type EventType = keyof typeof eventPayloadSchemas

/** Every event type, in catalogue order. */
export const EVENT_TYPES = Object.freeze(Object.keys(eventPayloadSchemas) as EventType[])

/** The payload of each event type. */
export type EventPayloads = {
  [TType in EventType]: s.infer<(typeof eventPayloadSchemas)[TType]>
}

/** Where an event came from. */
export const eventSourceSchema = s.union([
  s.enum(['kit', 'ui', 'effect', 'storage']),
  s.string().check(s.regex(/^plugin:[-a-z0-9]{3,8}$/)),
])

/** The metadata the log stamps on every event. */
export const eventMetaSchema = s.object({
  id: s.string(),
  seq: s.number().check(s.int(), s.gte(1)),
  at: s.number(),
  source: eventSourceSchema,
  correlationId: s.optional(s.string()),
})
