/**
 * Zod schemas of the §3 entities as events and storage carry them, and their types.
 * Every value is plain JSON: amounts are decimal strings, never `bigint` or `number` that could lose
 * precision.
 * @module
 */

import {
  type CaipAddress,
  type CaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.js'
import {
  ACCOUNT_TYPES,
  type AccountType,
  CONNECTOR_TYPES,
  type ConnectorType,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from './constants.js'
import {
  toPlainText,
  toSafeDeepLink,
  toSafeHttpsUrl,
  toSafeImageUrl,
  WALLET_NAME_MAX_LENGTH,
} from './rules/safeUrl.js'
import * as s from './schema.js'

const nonEmpty = () => s.string().check(s.minLength(1))

/** A namespace name: lower-case letters, digits and hyphens, 3 to 8 long (CAIP-2). */
export const namespaceSchema = s.string().check(s.regex(/^[-a-z0-9]{3,8}$/))

/** A CAIP-2 network id. */
export const caipNetworkIdSchema = s.custom<CaipNetworkId>(
  (value) => typeof value === 'string' && parseCaipNetworkId(value) !== undefined,
)

/** A CAIP-10 account id with three non-empty parts; whether its namespace is known is checked elsewhere. */
export const caipAddressShapeSchema = s.custom<CaipAddress>(
  (value) => typeof value === 'string' && parseCaipAddress(value) !== undefined,
)

/** A non-negative decimal amount as text, for example `"1.5"`. */
export const decimalStringSchema = s.string().check(s.regex(/^\d+(\.\d+)?$/))

/** An account type. */
export const accountTypeSchema = s.enum(ACCOUNT_TYPES as unknown as [AccountType, ...AccountType[]])

/** A connector type. */
export const connectorTypeSchema = s.enum(
  CONNECTOR_TYPES as unknown as [ConnectorType, ...ConnectorType[]],
)

/** A social provider. */
export const socialProviderSchema = s.enum(
  SOCIAL_PROVIDERS as unknown as [SocialProvider, ...SocialProvider[]],
)

/** §3 network descriptor. */
export const networkDescriptorSchema = s.object({
  /** CAIP-2 id, for example `eip155:1`. */
  id: caipNetworkIdSchema,
  name: nonEmpty(),
  nativeCurrency: s.object({
    name: nonEmpty(),
    symbol: nonEmpty(),
    decimals: s.number().check(s.int(), s.gte(0), s.lte(255)),
  }),
  rpcUrls: s.array(s.string()),
  blockExplorers: s.optional(s.array(s.object({ name: nonEmpty(), url: s.string() }))),
  testnet: s.boolean(),
  namespace: namespaceSchema,
})
/** §3 network descriptor. */
export type NetworkDescriptor = s.infer<typeof networkDescriptorSchema>

/** §3 connector. */
export const connectorSchema = s.object({
  id: nonEmpty(),
  name: nonEmpty(),
  type: connectorTypeSchema,
  /** The namespace this connector connects. */
  chain: namespaceSchema,
  /** EIP-6963 reverse-DNS id, when the wallet announced one. */
  rdns: s.optional(s.string()),
  /** The wallet's id in the WalletConnect registry. */
  explorerId: s.optional(s.string()),
  imageUrl: s.optional(s.string()),
  imageId: s.optional(s.string()),
})
/** §3 connector. */
export type Connector = s.infer<typeof connectorSchema>

/** §3 recent wallet. */
export const recentWalletSchema = s.object({
  id: nonEmpty(),
  rdns: s.optional(s.string()),
  name: nonEmpty(),
})
/** §3 recent wallet. */
export type RecentWallet = s.infer<typeof recentWalletSchema>

/** A wallet the site lists by hand (options.customWallets). */
export const customWalletSchema = s.object({
  id: nonEmpty(),
  name: nonEmpty(),
  homepage: s.optional(s.string()),
  imageUrl: s.optional(s.string()),
  mobileLink: s.optional(s.string()),
  desktopLink: s.optional(s.string()),
  webappLink: s.optional(s.string()),
})
/** A wallet the site lists by hand. */
export type CustomWallet = s.infer<typeof customWalletSchema>

const safeText = (check: (value: string) => string | undefined) =>
  s.string().check(s.refine((value) => value.length > 0 && check(value) !== undefined))

/**
 * A wallet from the WalletConnect registry (or the built-in list), as events and state hold it:
 * already sanitised. The name is plain text; `imageUrl` is an http(s) or `data:image` URL;
 * `mobileLink` and `desktopLink` use the wallet's own scheme or https; `homepage` and
 * `webappLink` are https. The schema rejects anything else, so no event can carry an unsafe link.
 */
export const registryWalletSchema = s.object({
  /** The wallet's registry id (a 64-hex-digit string on the public registry). */
  id: s.string().check(s.minLength(1), s.maxLength(128)),
  name: s.string().check(
    s.minLength(1),
    s.refine(
      (value) => toPlainText(value) === value && [...value].length <= WALLET_NAME_MAX_LENGTH,
    ),
  ),
  imageUrl: s.optional(safeText(toSafeImageUrl)),
  homepage: s.optional(safeText(toSafeHttpsUrl)),
  mobileLink: s.optional(safeText(toSafeDeepLink)),
  desktopLink: s.optional(safeText(toSafeDeepLink)),
  webappLink: s.optional(safeText(toSafeHttpsUrl)),
  appStore: s.optional(safeText(toSafeHttpsUrl)),
  playStore: s.optional(safeText(toSafeHttpsUrl)),
  /** EIP-6963 reverse-DNS id, to match an announced wallet. */
  rdns: s.optional(s.string().check(s.maxLength(256))),
})
/** A sanitised registry wallet. */
export type RegistryWallet = s.infer<typeof registryWalletSchema>

/** §3 token balance. */
export const tokenBalanceSchema = s.object({
  name: s.string(),
  symbol: s.string(),
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  /** Token address, or the namespace's native token address. */
  address: s.string(),
  /** Value in USD. */
  value: s.optional(s.number()),
  /** Price in USD. */
  price: s.number(),
  quantity: s.object({
    decimals: s.string().check(s.regex(/^\d+$/)),
    numeric: decimalStringSchema,
  }),
  iconUrl: s.optional(s.string()),
})
/** §3 token balance. */
export type TokenBalance = s.infer<typeof tokenBalanceSchema>

/** An account of a connected wallet. */
export const accountEntrySchema = s.object({
  /** CAIP-10 id. */
  caipAddress: caipAddressShapeSchema,
  type: accountTypeSchema,
})
/** An account of a connected wallet. */
export type AccountEntry = s.infer<typeof accountEntrySchema>

/** What a wallet says about itself once connected. */
export const walletInfoSchema = s.object({
  name: s.string(),
  icon: s.optional(s.string()),
  rdns: s.optional(s.string()),
})
/** What a wallet says about itself once connected. */
export type WalletInfo = s.infer<typeof walletInfoSchema>

/** §3 transaction. */
export const transactionSchema = s.object({
  id: nonEmpty(),
  metadata: s.object({
    /** ISO date. */
    minedAt: s.string(),
    /** CAIP-2 network id. */
    chain: s.string(),
    operationType: s.string(),
    status: s.string(),
    sentFrom: s.string(),
    sentTo: s.string(),
  }),
  transfers: s.array(
    s.object({
      nft_info: s.optional(
        s.object({
          name: s.optional(s.string()),
          flags: s.object({ is_spam: s.boolean() }),
          content: s.optional(s.object({ preview: s.optional(s.object({ url: s.string() })) })),
        }),
      ),
      fungible_info: s.optional(
        s.object({
          symbol: s.optional(s.string()),
          icon: s.optional(s.object({ url: s.string() })),
        }),
      ),
      quantity: s.object({ numeric: s.string() }),
    }),
  ),
})
/** §3 transaction. */
export type Transaction = s.infer<typeof transactionSchema>

/** §3 SIWX session (CAIP-122). */
export const siwxSessionSchema = s.object({
  data: s.object({
    accountAddress: s.string(),
    /** CAIP-2 network id. */
    chainId: caipNetworkIdSchema,
    domain: s.string(),
    uri: s.string(),
    version: s.string(),
    nonce: s.string(),
    statement: s.optional(s.string()),
    issuedAt: s.optional(s.string()),
    expirationTime: s.optional(s.string()),
  }),
  message: s.string(),
  signature: s.string(),
  cacao: s.optional(s.record(s.string(), s.unknown())),
})
/** §3 SIWX session. */
export type SiwxSession = s.infer<typeof siwxSessionSchema>

/** §3 embedded-wallet user. */
export const embeddedUserSchema = s.object({
  email: s.optional(s.string()),
  address: s.string(),
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  accounts: s.array(s.object({ address: s.string(), type: s.enum(['eoa', 'smartAccount']) })),
  userName: s.optional(s.string()),
  preferredAccountType: s.optional(accountTypeSchema),
  smartAccountDeployed: s.optional(s.boolean()),
})
/** §3 embedded-wallet user. */
export type EmbeddedUser = s.infer<typeof embeddedUserSchema>

/** A token a site configures, or one the swap lists. */
export const tokenInfoSchema = s.object({
  /** Token address, or the namespace's native token address. */
  address: s.string(),
  symbol: s.string(),
  name: s.string(),
  decimals: s.number().check(s.int(), s.gte(0)),
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  price: s.optional(s.number()),
  iconUrl: s.optional(s.string()),
})
/** A token a site configures, or one the swap lists. */
export type TokenInfo = s.infer<typeof tokenInfoSchema>

/** A transaction built by the swap service (§3 approvalTransaction, swapTransaction). */
export const preparedTransactionSchema = s.object({
  data: s.string(),
  to: s.string(),
  gas: s.string(),
  gasPrice: s.string(),
  value: s.string(),
  toAmount: s.string(),
})
/** A transaction built by the swap service. */
export type PreparedTransaction = s.infer<typeof preparedTransactionSchema>
