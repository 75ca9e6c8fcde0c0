/**
 * Zod schemas of the §3 entities as events and storage carry them, and their types.
 * Every value is plain JSON: amounts are decimal strings, never `bigint` or `number` that could lose
 * precision.
 * @module
 */
import * as z from 'zod/mini'
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
  WALLET_ICON_MAX_LENGTH,
  WALLET_NAME_MAX_LENGTH,
} from './rules/safeUrl.js'

const nonEmpty = () => z.string().check(z.minLength(1))

/** A namespace name: lower-case letters, digits and hyphens, 3 to 8 long (CAIP-2). */
export const namespaceSchema = z.string().check(z.regex(/^[-a-z0-9]{3,8}$/))

/** A CAIP-2 network id. */
export const caipNetworkIdSchema = z.custom<CaipNetworkId>(
  (value) => typeof value === 'string' && parseCaipNetworkId(value) !== undefined,
)

/** A CAIP-10 account id with three non-empty parts; whether its namespace is known is checked elsewhere. */
export const caipAddressShapeSchema = z.custom<CaipAddress>(
  (value) => typeof value === 'string' && parseCaipAddress(value) !== undefined,
)

/** A non-negative decimal amount as text, for example `"1.5"`. */
export const decimalStringSchema = z.string().check(z.regex(/^\d+(\.\d+)?$/))

/** An account type. */
export const accountTypeSchema = z.enum(ACCOUNT_TYPES as unknown as [AccountType, ...AccountType[]])

/** A connector type. */
export const connectorTypeSchema = z.enum(
  CONNECTOR_TYPES as unknown as [ConnectorType, ...ConnectorType[]],
)

/** A social provider. */
export const socialProviderSchema = z.enum(
  SOCIAL_PROVIDERS as unknown as [SocialProvider, ...SocialProvider[]],
)

/** §3 network descriptor. */
export const networkDescriptorSchema = z.object({
  /** CAIP-2 id, for example `eip155:1`. */
  id: caipNetworkIdSchema,
  name: nonEmpty(),
  nativeCurrency: z.object({
    name: nonEmpty(),
    symbol: nonEmpty(),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
  }),
  rpcUrls: z.array(z.string()),
  blockExplorers: z.optional(z.array(z.object({ name: nonEmpty(), url: z.string() }))),
  testnet: z.boolean(),
  namespace: namespaceSchema,
  /**
   * ours: the network's icon, shown beside its name: an https or `data:image` URL (anything else
   * is refused). Without it the UI shows its family's mark or a neutral tile.
   */
  iconUrl: z.optional(
    z.string().check(
      z.maxLength(WALLET_ICON_MAX_LENGTH),
      z.refine((value) => toSafeImageUrl(value) !== undefined),
    ),
  ),
})
/** §3 network descriptor. */
export type NetworkDescriptor = z.infer<typeof networkDescriptorSchema>

/** §3 connector. */
export const connectorSchema = z.object({
  id: nonEmpty(),
  name: nonEmpty(),
  type: connectorTypeSchema,
  /** The namespace this connector connects (the spec's `chain`). */
  namespace: namespaceSchema,
  /** EIP-6963 reverse-DNS id, when the wallet announced one. */
  rdns: z.optional(z.string()),
  /** The wallet's id in the WalletConnect registry. */
  explorerId: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  imageId: z.optional(z.string()),
})
/** §3 connector. */
export type Connector = z.infer<typeof connectorSchema>

/**
 * The key of a connector in `state.connectors`: its id is unique only within a namespace.
 * @example
 * import { connectorKey } from '@gangway/kit'
 * kit.getState().connectors.entities[connectorKey('eip155', 'io.metamask')]
 * @param namespace - the connector's namespace.
 * @param id - its id.
 * @returns the key.
 */
export function connectorKey(namespace: string, id: string): string {
  return `${namespace}/${id}`
}

/** §3 recent wallet. */
export const recentWalletSchema = z.object({
  id: nonEmpty(),
  rdns: z.optional(z.string()),
  name: nonEmpty(),
})
/** §3 recent wallet. */
export type RecentWallet = z.infer<typeof recentWalletSchema>

/** A wallet the site lists by hand (options.customWallets). */
export const customWalletSchema = z.object({
  id: nonEmpty(),
  name: nonEmpty(),
  homepage: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  mobileLink: z.optional(z.string()),
  desktopLink: z.optional(z.string()),
  webappLink: z.optional(z.string()),
})
/** A wallet the site lists by hand. */
export type CustomWallet = z.infer<typeof customWalletSchema>

const safeText = (check: (value: string) => string | undefined) =>
  z.string().check(z.refine((value) => value.length > 0 && check(value) !== undefined))

/**
 * A wallet from the WalletConnect registry (or the built-in list), as events and state hold it:
 * already sanitised. The name is plain text; `imageUrl` is an http(s) or `data:image` URL;
 * `mobileLink` and `desktopLink` use the wallet's own scheme or https; `homepage` and
 * `webappLink` are https. The schema rejects anything else, so no event can carry an unsafe link.
 */
export const registryWalletSchema = z.object({
  /** The wallet's registry id (a 64-hex-digit string on the public registry). */
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(
    z.minLength(1),
    z.refine(
      (value) => toPlainText(value) === value && [...value].length <= WALLET_NAME_MAX_LENGTH,
    ),
  ),
  imageUrl: z.optional(safeText(toSafeImageUrl)),
  homepage: z.optional(safeText(toSafeHttpsUrl)),
  mobileLink: z.optional(safeText(toSafeDeepLink)),
  desktopLink: z.optional(safeText(toSafeDeepLink)),
  webappLink: z.optional(safeText(toSafeHttpsUrl)),
  appStore: z.optional(safeText(toSafeHttpsUrl)),
  playStore: z.optional(safeText(toSafeHttpsUrl)),
  /** EIP-6963 reverse-DNS id, to match an announced wallet. */
  rdns: z.optional(z.string().check(z.maxLength(256))),
})
/** A sanitised registry wallet. */
export type RegistryWallet = z.infer<typeof registryWalletSchema>

/** §3 token balance. */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  /** Token address, or the namespace's native token address. */
  address: z.string(),
  /** Value in USD. */
  value: z.optional(z.number()),
  /** Price in USD. */
  price: z.number(),
  quantity: z.object({
    decimals: z.string().check(z.regex(/^\d+$/)),
    numeric: decimalStringSchema,
  }),
  iconUrl: z.optional(z.string()),
  /**
   * The USD price from the kit's data service (`serviceUrl`), as a decimal string; absent where
   * no price is known. (`price` is §3's number, kept for plugins that fill it; amounts shown in
   * USD are computed from this text, never from a float.)
   */
  usdPrice: z.optional(decimalStringSchema),
  /** The USD value of `quantity` at `usdPrice`, cut to cents; absent with no price. */
  usdValue: z.optional(decimalStringSchema),
})
/** §3 token balance. */
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

/** An account of a connected wallet. */
export const accountEntrySchema = z.object({
  /** CAIP-10 id. */
  caipAddress: caipAddressShapeSchema,
  type: accountTypeSchema,
})
/** An account of a connected wallet. */
export type AccountEntry = z.infer<typeof accountEntrySchema>

/** What a wallet says about itself once connected. */
export const walletInfoSchema = z.object({
  name: z.string(),
  icon: z.optional(z.string()),
  rdns: z.optional(z.string()),
})
/** What a wallet says about itself once connected. */
export type WalletInfo = z.infer<typeof walletInfoSchema>

/** §3 transaction. */
export const transactionSchema = z.object({
  id: nonEmpty(),
  metadata: z.object({
    /** ISO date. */
    minedAt: z.string(),
    /** CAIP-2 network id. */
    chain: z.string(),
    operationType: z.string(),
    status: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
  }),
  transfers: z.array(
    z.object({
      nft_info: z.optional(
        z.object({
          name: z.optional(z.string()),
          flags: z.object({ is_spam: z.boolean() }),
          content: z.optional(z.object({ preview: z.optional(z.object({ url: z.string() })) })),
        }),
      ),
      fungible_info: z.optional(
        z.object({
          symbol: z.optional(z.string()),
          icon: z.optional(z.object({ url: z.string() })),
        }),
      ),
      quantity: z.object({ numeric: z.string() }),
      /** Whether the account received it, sent it, or both (a transfer to itself). */
      direction: z.optional(z.enum(['in', 'out', 'self'])),
    }),
  ),
  /**
   * Allowances the account set in it (an ERC20 `approve`): the token and what the spender may now
   * take, `unlimited` for an allowance no token could exhaust. Ours: not in §3.
   */
  approvals: z.optional(
    z.array(
      z.object({
        fungible_info: z.object({
          symbol: z.string(),
          icon: z.optional(z.object({ url: z.string() })),
        }),
        quantity: z.object({ numeric: z.string() }),
        unlimited: z.optional(z.boolean()),
      }),
    ),
  ),
})
/** §3 transaction. */
export type Transaction = z.infer<typeof transactionSchema>

/** The longest text a SIWX field may hold: sessions come from storage and sites, untrusted. */
const siwxText = (max: number) => z.string().check(z.maxLength(max))

/**
 * The CAIP-122 fields of a sign-in message, whatever its family writes them as (EIP-4361 on
 * eip155, Sign-In With Solana on solana). Times are RFC 3339 texts exactly as the message has them.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export const siwxMessageFieldsSchema = z.object({
  /** The account as its chain writes it (no CAIP prefix). */
  accountAddress: siwxText(128),
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  /** The site asking (RFC 3986 authority: host and optional port). */
  domain: siwxText(256),
  /** The resource the sign-in is for (usually the page's origin). */
  uri: siwxText(1024),
  version: siwxText(16),
  nonce: siwxText(128),
  statement: z.optional(siwxText(1024)),
  issuedAt: z.optional(siwxText(64)),
  expirationTime: z.optional(siwxText(64)),
  notBefore: z.optional(siwxText(64)),
  requestId: z.optional(siwxText(256)),
  resources: z.optional(z.array(siwxText(1024)).check(z.maxLength(32))),
})
/** The CAIP-122 fields of a sign-in message. */
export type SiwxMessageFields = z.infer<typeof siwxMessageFieldsSchema>

/** §3 SIWX session (CAIP-122): the fields, the message text the wallet signed, and its signature. */
export const siwxSessionSchema = z.object({
  data: siwxMessageFieldsSchema,
  message: siwxText(8_192),
  /** Hex on eip155 (ERC-6492 wrapped for an undeployed account), base58 on solana. */
  signature: siwxText(16_384),
  cacao: z.optional(z.record(z.string(), z.unknown())),
})
/** §3 SIWX session. */
export type SiwxSession = z.infer<typeof siwxSessionSchema>

/** §3 embedded-wallet user. */
export const embeddedUserSchema = z.object({
  email: z.optional(z.string()),
  address: z.string(),
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  accounts: z.array(z.object({ address: z.string(), type: z.enum(['eoa', 'smartAccount']) })),
  userName: z.optional(z.string()),
  preferredAccountType: z.optional(accountTypeSchema),
  smartAccountDeployed: z.optional(z.boolean()),
})
/** §3 embedded-wallet user. */
export type EmbeddedUser = z.infer<typeof embeddedUserSchema>

/** A token a site configures, or one the swap lists. */
export const tokenInfoSchema = z.object({
  /** Token address, or the namespace's native token address. */
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().check(z.int(), z.gte(0)),
  /** CAIP-2 network id. */
  chainId: caipNetworkIdSchema,
  price: z.optional(z.number()),
  iconUrl: z.optional(z.string()),
})
/** A token a site configures, or one the swap lists. */
export type TokenInfo = z.infer<typeof tokenInfoSchema>

/** A transaction built by the swap service (§3 approvalTransaction, swapTransaction). */
export const preparedTransactionSchema = z.object({
  data: z.string(),
  to: z.string(),
  gas: z.string(),
  gasPrice: z.string(),
  value: z.string(),
  toAmount: z.string(),
})
/** A transaction built by the swap service. */
export type PreparedTransaction = z.infer<typeof preparedTransactionSchema>
