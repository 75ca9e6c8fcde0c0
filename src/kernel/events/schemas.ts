/**
 * The closed event catalogue: one zod schema per event type's payload. The log validates every
 * event against this table before it is appended; property tests generate events from it.
 *
 * If an event's meaning changes, add a new type; never redefine an old one.
 * @module
 */
import * as z from 'zod/mini'
import {
  accountEntrySchema,
  accountTypeSchema,
  caipAddressShapeSchema,
  caipNetworkIdSchema,
  connectorSchema,
  customWalletSchema,
  decimalStringSchema,
  namespaceSchema,
  networkDescriptorSchema,
  recentWalletSchema,
  registryWalletSchema,
  socialProviderSchema,
  tokenBalanceSchema,
  tokenInfoSchema,
  walletInfoSchema,
} from '../domain.js'
import { serializedKitErrorSchema } from '../errors/serialize.js'
import { SNACK_VARIANTS, type SnackVariant, type ViewName } from '../views.js'

// Which views a kit knows is per kit (its features add theirs): its catalogue checks the name.
const viewSchema = z.custom<ViewName>(
  (value) => typeof value === 'string' && value.length > 0 && value.length <= 64,
)
/** §2's tabs, or a feature's own (lowerCamel, like feature names). */
const tabSchema = z.string().check(z.regex(/^[a-z][a-zA-Z0-9]{0,31}$/))
const snackVariantSchema = z.enum(SNACK_VARIANTS as unknown as [SnackVariant, ...SnackVariant[]])
const empty = z.object({})
const namespaceMap = <TValue extends z.ZodMiniType>(value: TValue) => z.record(z.string(), value)
const isHttpUrl = (value: string) => {
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}
/**
 * A snack's message: a catalogue `code` (an error code or a notice id; the UI picks the copy in
 * the visitor's language and fills `params`), or a site's own `text` shown as it is.
 */
const snackMessageSchema = z
  .object({
    variant: snackVariantSchema,
    code: z.optional(z.string().check(z.regex(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/))),
    text: z.optional(z.string()),
    params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  })
  .check(z.refine((value) => (value.code === undefined) !== (value.text === undefined)))

/** Options as state holds them: the serializable part of what a site passes to `createKit`. */
export const optionsPayloadSchema = z.object({
  features: z.record(z.string(), z.boolean()),
  socials: z.array(socialProviderSchema),
  projectId: z.optional(z.string()),
  metadata: z.optional(
    z.object({
      name: z.string(),
      description: z.string(),
      url: z.string(),
      icons: z.array(z.string()),
    }),
  ),
  customWallets: z.array(customWalletSchema),
  includeWalletIds: z.array(z.string()),
  excludeWalletIds: z.array(z.string()),
  featuredWalletIds: z.array(z.string()),
  tokens: z.array(tokenInfoSchema),
  termsConditionsUrl: z.optional(z.string()),
  privacyPolicyUrl: z.optional(z.string()),
  /** The modal is embedded in the page rather than floating over it. */
  embedded: z.boolean(),
  allowUnsupportedNetworks: z.boolean(),
  /** Basic WalletConnect mode (QR only, no wallet-side network checks). */
  walletConnectBasic: z.boolean(),
  defaultAccountTypes: namespaceMap(accountTypeSchema),
  /**
   * The wallet registry's base URL; absent means the public registry, `null` means none (only
   * announced, custom and built-in wallets are listed).
   */
  /**
   * The Gangway server's data service (§7 paths: balances, prices, identity, history); absent:
   * the kit reads from the chain and offers nothing that needs the service.
   */
  serviceUrl: z.optional(z.string().check(z.refine(isHttpUrl))),
})

/** Facts about where the kit runs, needed by the §2 opening rules and §5 Telegram filter. */
export const environmentSchema = z.object({
  device: z.enum(['mobile', 'desktop']),
  telegramPlatform: z.nullable(z.enum(['ios', 'mac', 'android', 'other'])),
  isIosSafari: z.boolean(),
})

const capabilitiesSchema = z.object({
  connect: z.boolean(),
  disconnect: z.boolean(),
  balances: z.boolean(),
  send: z.boolean(),
  signMessage: z.boolean(),
  switchNetwork: z.boolean(),
})

const connectionTarget = {
  namespace: namespaceSchema,
  connectorId: z.string().check(z.minLength(1)),
}

/** Payload schema of every event type. */
export const eventPayloadSchemas = {
  // configuration
  'kit/configured': z.object({
    options: optionsPayloadSchema,
    environment: environmentSchema,
    /** The features this kit registered, by name. */
    features: z.optional(z.array(z.string())),
    /** Every view this kit knows: the core views and its features'. */
    views: z.optional(z.array(viewSchema)),
    /** The features' settings (plain JSON), by feature name. */
    settings: z.optional(z.record(z.string(), z.record(z.string(), z.unknown()))),
  }),
  'namespace/registered': z.object({
    namespace: namespaceSchema,
    networks: z.array(networkDescriptorSchema),
    defaultNetworkId: caipNetworkIdSchema,
    accountTypes: z.object({
      default: accountTypeSchema,
      supported: z.array(accountTypeSchema),
    }),
    nativeTokenAddress: z.string(),
    smartAccountNetworkIds: z.array(caipNetworkIdSchema),
    capabilities: capabilitiesSchema,
  }),
  'storage/restored': z.object({
    recentWallets: z.optional(z.array(recentWalletSchema)),
    connectorIds: z.optional(namespaceMap(z.string())),
    networkIds: z.optional(namespaceMap(caipNetworkIdSchema)),
    accountTypes: z.optional(namespaceMap(accountTypeSchema)),
    activeNamespace: z.optional(namespaceSchema),
  }),
  'storage/discarded': z.object({ key: z.string(), reason: z.string() }),

  // features (their own events join each kit's catalogue when their code has loaded)
  /**
   * A feature's code has loaded: its slice starts here, from the state at this moment and what
   * storage kept for it (each value already checked against the feature's schema).
   */
  'feature/loaded': z.object({
    name: z.string().check(z.minLength(1)),
    restored: z.record(z.string(), z.unknown()),
  }),
  /** A feature's code could not be loaded: one per intent that was waiting for it. */
  'feature/failed': z.object({
    name: z.string().check(z.minLength(1)),
    intent: z.string(),
    error: serializedKitErrorSchema,
  }),

  // connectors
  'connectors/discovered': z.object({
    namespace: namespaceSchema,
    connectors: z.array(connectorSchema),
  }),
  'connectors/removed': z.object({ namespace: namespaceSchema, ids: z.array(z.string()) }),
  /** Wallets a source (the wallet registry) reports, and, with `listed`, the order it lists them. */
  'walletCatalogue/updated': z.object({
    wallets: z.array(registryWalletSchema),
    listed: z.optional(z.array(z.string())),
  }),
  /**
   * A plugin made a WalletConnect pairing link (any plugin may: the link names no namespace). Part
   * of the plugin interface, so a site's types know it; the pairing feature shows it.
   */
  'walletConnect/pairingCreated': z.object({
    uri: z.string().check(z.minLength(1), z.maxLength(2_048)),
    expiresAt: z.number(),
  }),

  // connection (operation triples)
  /** The visitor pointed at a wallet: its plugin may start loading what the connect will need. */
  'connection/intended': z.object(connectionTarget),
  'connection/requested': z.object({
    ...connectionTarget,
    networkId: z.optional(caipNetworkIdSchema),
    /** A reconnect after reload: no prompt, no error shown. */
    silent: z.boolean(),
    /** With the WalletConnect connector: the registry wallet the visitor picked (already sanitised). */
    wallet: z.optional(registryWalletSchema),
  }),
  'connection/succeeded': z.object({
    ...connectionTarget,
    caipAddress: caipAddressShapeSchema,
    accounts: z.array(accountEntrySchema),
    networkId: caipNetworkIdSchema,
    walletInfo: z.optional(walletInfoSchema),
    /** The recent-wallet entry to record, if this connector is a listable wallet. */
    recentWallet: z.optional(recentWalletSchema),
    /** A reconnect after reload: it restores a session and does not pick the active namespace. */
    silent: z.optional(z.boolean()),
  }),
  'connection/failed': z.object({
    ...connectionTarget,
    silent: z.boolean(),
    error: serializedKitErrorSchema,
  }),
  'disconnection/requested': z.object({ namespace: z.optional(namespaceSchema) }),
  'disconnection/succeeded': z.object({ namespaces: z.array(namespaceSchema) }),
  'disconnection/failed': z.object({
    namespaces: z.array(namespaceSchema),
    error: serializedKitErrorSchema,
  }),
  'networkSwitch/requested': z.object({ networkId: caipNetworkIdSchema }),
  'networkSwitch/succeeded': z.object({ networkId: caipNetworkIdSchema }),
  'networkSwitch/failed': z.object({
    networkId: caipNetworkIdSchema,
    error: serializedKitErrorSchema,
  }),

  // facts the wallet reports
  'account/changed': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    accounts: z.optional(z.array(accountEntrySchema)),
  }),
  'network/changed': z.object({ namespace: namespaceSchema, networkId: caipNetworkIdSchema }),
  'wallet/disconnected': z.object({ namespace: namespaceSchema }),

  // account
  'namespace/activated': z.object({ namespace: namespaceSchema }),
  'accountType/changed': z.object({ namespace: namespaceSchema, accountType: accountTypeSchema }),
  'account/tabSelected': z.object({ tab: tabSchema }),
  'account/profileResolved': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    profileName: z.nullable(z.string()),
    profileImage: z.nullable(z.string()),
  }),
  'account/socialProviderChanged': z.object({
    namespace: namespaceSchema,
    provider: z.nullable(socialProviderSchema),
    isWindowOpen: z.boolean(),
  }),
  'account/farcasterUrlChanged': z.object({
    namespace: namespaceSchema,
    url: z.nullable(z.string()),
  }),
  'balance/requested': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
  }),
  'balance/succeeded': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    balance: decimalStringSchema,
    symbol: z.string(),
    tokens: z.array(tokenBalanceSchema),
  }),
  'balance/failed': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    error: serializedKitErrorSchema,
  }),
  /** A plugin learned that an address's balance changed (a transaction was mined): read again. */
  'balance/invalidated': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
  }),

  // modal and router
  'modal/opened': z.object({
    view: z.optional(viewSchema),
    namespace: z.optional(namespaceSchema),
  }),
  'modal/closed': empty,
  'modal/loadingChanged': z.object({ isLoading: z.boolean() }),
  'modal/shakeStarted': empty,
  'modal/shakeEnded': empty,
  /**
   * `networkId`: the network the pushed Connect view connects to (a family not connected yet,
   * picked in the network list; see `RouterState.network`).
   */
  'router/pushed': z.object({ view: viewSchema, networkId: z.optional(caipNetworkIdSchema) }),
  'router/replaced': z.object({ view: viewSchema }),
  'router/wentBack': empty,
  /** Replaces the whole history with one view. */
  'router/reset': z.object({ view: viewSchema }),

  // snack and alert
  'snack/requested': snackMessageSchema,
  'snack/shown': snackMessageSchema,
  'snack/hidden': empty,
  'alert/shown': z.object({ message: z.string() }),
  'alert/dismissed': empty,

  // message signing
  'signature/requested': z.object({
    namespace: namespaceSchema,
    caipAddress: caipAddressShapeSchema,
    /** The text to sign, or for `typedData` the JSON of the typed data (EIP-712 on eip155). */
    message: z.string(),
    format: z.optional(z.enum(['text', 'typedData'])),
  }),
  'signature/succeeded': z.object({ namespace: namespaceSchema, signature: z.string() }),
  'signature/failed': z.object({ namespace: namespaceSchema, error: serializedKitErrorSchema }),

  // §2: backing out of the Farcaster view while disconnected reloads the sign-in connector.
  'authConnector/reloadRequested': empty,
} as const

/** Every core event type (features add their own per kit). */
export type CoreEventType = keyof typeof eventPayloadSchemas

/** Every core event type, in catalogue order. */
export const EVENT_TYPES = Object.freeze(Object.keys(eventPayloadSchemas) as CoreEventType[])

/** The payload of each core event type. */
export type CoreEventPayloads = {
  [TType in CoreEventType]: z.infer<(typeof eventPayloadSchemas)[TType]>
}

/** Where an event came from. */
export const eventSourceSchema = z.union([
  z.enum(['kit', 'ui', 'effect', 'storage']),
  z.string().check(z.regex(/^plugin:[-a-z0-9]{3,8}$/)),
])

/** The metadata the log stamps on every event. */
export const eventMetaSchema = z.object({
  id: z.string(),
  seq: z.number().check(z.int(), z.gte(1)),
  at: z.number(),
  source: eventSourceSchema,
  correlationId: z.optional(z.string()),
})
