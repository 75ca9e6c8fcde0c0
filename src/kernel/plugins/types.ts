import type { Observable } from 'rxjs'
import type * as z from 'zod/mini'
import type { CaipAddress, CaipNetworkId, Namespace } from '../caip.js'
import type { AccountType } from '../constants.js'
import type {
  AccountEntry,
  Connector,
  NetworkDescriptor,
  RecentWallet,
  SiwxMessageFields,
  TokenBalance,
  TokenInfo,
  WalletInfo,
} from '../domain.js'
import type { Env } from '../env.js'
import type { ErrorCodeEntry } from '../errors/codes.js'
import type { KitError } from '../errors/KitError.js'
import type { EventInputOf } from '../events/types.js'

/**
 * Plugins augment this interface with their namespace (`declare module '@gangway/kit'`), so apps that
 * import a plugin get its namespace typed end to end.
 * @example
 * declare module '@gangway/kit' {
 *   interface PluginRegistry { eip155: true }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface PluginRegistry {}

/** The namespaces of the registered plugins, or any string when none augmented the registry. */
export type RegisteredNamespace = keyof PluginRegistry extends never
  ? Namespace
  : Extract<keyof PluginRegistry, string>

/** Facts a plugin reports about the wallet side. */
export type PluginEventInput =
  | EventInputOf<'account/changed'>
  | EventInputOf<'network/changed'>
  | EventInputOf<'wallet/disconnected'>
  | EventInputOf<'connectors/discovered'>
  | EventInputOf<'connectors/removed'>
  | EventInputOf<'balance/invalidated'>
  | EventInputOf<'walletConnect/pairingCreated'>

/** What a plugin's adapter gets from the kit. */
export interface PluginContext {
  /** Clock, ids, storage and scheduler: the adapter's only way to time or persist anything. */
  readonly env: Env
  /** Reports a wallet-side fact; validated at ingress and stamped `plugin:<namespace>`. */
  readonly emit: (event: PluginEventInput) => void
  /** The plugin's networks. */
  readonly networks: readonly NetworkDescriptor[]
  /** What the site configured that plugins need: its project id and its tokens in this namespace. */
  readonly settings: {
    readonly projectId: string | undefined
    readonly tokens: readonly TokenInfo[]
    /**
     * Whether the site itself turned analytics on (`features: { analytics: true }`). Vendor
     * telemetry (sign-client's, for instance) stays off unless it did; §9's default does not count.
     */
    readonly analytics: boolean
  }
}

/** A profile (name service) of an address. */
export interface ProfileResult {
  readonly name: string | null
  readonly avatar: string | null
}

/** Parameters of {@link ChainAdapter.connect}. */
export interface ConnectParameters {
  /** The connector to use. */
  readonly connectorId: string
  /** The network to start on, when the visitor picked one. */
  readonly networkId?: CaipNetworkId | undefined
  /**
   * The namespace's current network in the kit (restored from the last visit or switched before
   * connecting), when the visitor picked none: a wallet that serves several networks at once
   * starts there if it can.
   */
  readonly currentNetworkId?: CaipNetworkId | undefined
  /** A reconnect after reload: must not prompt (EIP-1193 `eth_accounts`, not `eth_requestAccounts`). */
  readonly silent: boolean
  /**
   * §4 (Telegram, iOS Safari): a connector that pairs through a URI answers a second connect with
   * the pairing still pending, if it has not expired, instead of a new one.
   */
  readonly reusePendingPairing?: boolean
}

/** What {@link ChainAdapter.connect} returns. */
export interface ConnectResult {
  /** The connected account, CAIP-10. */
  readonly caipAddress: CaipAddress
  /** Every account the wallet exposes; the connected one when omitted. */
  readonly accounts?: readonly AccountEntry[]
  /** The network the wallet is on. */
  readonly networkId: CaipNetworkId
  /** What the wallet says about itself. */
  readonly walletInfo?: WalletInfo
  /** An entry for the recent-wallets list, when the connector is a listable wallet. */
  readonly recentWallet?: RecentWallet
}

/** What {@link ChainAdapter.getBalance} returns. */
export interface BalanceResult {
  /** Native balance, decimal string in whole units. */
  readonly balance: string
  /** Native symbol. */
  readonly symbol: string
  /** Token balances (tokens with 0 decimals are dropped by the kit). */
  readonly tokens: readonly TokenBalance[]
}

/** Parameters of {@link ChainAdapter.send}. */
export interface SendParameters {
  readonly connectorId: string
  readonly from: CaipAddress
  /** Receiver address as the chain writes it (already validated by the plugin's schema). */
  readonly to: string
  /** Amount in whole units, decimal string. */
  readonly amount: string
  /** The token; `null` for the native currency. */
  readonly token: TokenBalance | null
  /** The sender's account type in force (smart accounts skip the gas check, §5). */
  readonly accountType: AccountType | undefined
  /**
   * How soon the visitor wants the send confirmed, where the namespace prices it by speed (§7 gas
   * price by chain: standard, fast, instant); the plugin's default when omitted.
   */
  readonly feeSpeed?: FeeSpeed | undefined
}

/** §7 gas price tiers, as the visitor picks how soon a send should confirm. */
export type FeeSpeed = 'standard' | 'fast' | 'instant'

/**
 * What a send will cost, before the wallet is asked ({@link ChainAdapter.quoteSend}): amounts in
 * whole units as decimal strings, in the network's native currency.
 */
export interface SendQuote {
  /** The network fee. */
  readonly fee: string
  /** What leaves the sender's balance: the amount plus the fee (native sends). */
  readonly total: string
  /** The native currency's symbol. */
  readonly symbol: string
  /** The speed the fee was priced for. */
  readonly feeSpeed: FeeSpeed
  /** The fee rate, as the family writes it (`12 sat/vB`), for display. */
  readonly feeRate?: string
  /**
   * Whether the visitor's speed changes the fee (bip122, polkadot tips); `false` where the wallet
   * sets the fee itself (eip155), so no speed is offered. Absent: it does.
   */
  readonly bySpeed?: boolean
}

/** Parameters of {@link SiwxFamily.verifySignature}. */
export interface SiwxSignatureCheck {
  /** The message text exactly as signed. */
  readonly message: string
  /** The signature as the family writes it (hex on eip155, base58 on solana). */
  readonly signature: string
  /** The fields parsed from `message` (the account and network to check the signature for). */
  readonly fields: SiwxMessageFields
  /** The time to judge the message at, in milliseconds since the epoch. */
  readonly now: number
}

/**
 * A chain family's sign-in messages (CAIP-122): how it writes the fields as text (EIP-4361 on
 * eip155, Sign-In With Solana on solana), reads them back, and checks a signature. No wallet: the
 * same object serves the kit and a site's server (`@gangway/kit/siwx-server`).
 * @see /docs/siwx.md
 */
export interface SiwxFamily {
  /** The CAIP-2 namespace whose messages this is. */
  readonly namespace: Namespace
  /** The message text for the fields. @throws VALIDATION_FAILED when a field cannot be written. */
  createMessage(fields: SiwxMessageFields): string
  /** The fields of a message text, or `undefined` when it is not a well-formed message of this family. */
  parseMessage(message: string): SiwxMessageFields | undefined
  /**
   * Whether the signature over the message is the account's (on eip155 against the node: ERC-1271
   * for deployed smart accounts, ERC-6492 for undeployed ones). Resolves `false` for a wrong
   * signature; rejects when it cannot tell (no node for the network, the node did not answer).
   */
  verifySignature(parameters: SiwxSignatureCheck, signal: AbortSignal): Promise<boolean>
}

/** Parameters of {@link SiwxAdapter.signIn}. */
export interface SiwxSignInParameters {
  readonly connectorId: string
  /** The connected account that signs in. */
  readonly caipAddress: CaipAddress
  /** What to sign; `accountAddress` and `chainId` are those of `caipAddress`. */
  readonly fields: SiwxMessageFields
}

/** What {@link SiwxAdapter.signIn} returns: the text the wallet signed, and the signature. */
export interface SiwxSignInResult {
  readonly message: string
  readonly signature: string
}

/** A family's sign-in messages plus the wallet prompt, as the kit's SIWX feature uses them. */
export interface SiwxAdapter extends SiwxFamily {
  /**
   * Asks the wallet to sign in: a family-specific prompt where the wallet offers one (Solana's
   * `solana:signIn`), else a message signature over {@link SiwxFamily.createMessage}'s text.
   */
  signIn(parameters: SiwxSignInParameters, signal: AbortSignal): Promise<SiwxSignInResult>
}

/**
 * The runtime half of a plugin: talks to wallets and nodes. Every method returns plain,
 * serializable data and honours its `AbortSignal`.
 */
export interface ChainAdapter {
  /** Connectors known at start; later discoveries are emitted as `connectors/discovered`. */
  connectors(): readonly Connector[]
  /**
   * The visitor is about to pick `connectorId` (the pointer rests on it): start loading
   * what its connect will need, without asking the wallet anything. May be called many times.
   */
  prepare?(connectorId: string): void
  connect(parameters: ConnectParameters, signal: AbortSignal): Promise<ConnectResult>
  disconnect(parameters: { readonly connectorId: string }): Promise<void>
  switchNetwork?(
    parameters: { readonly connectorId: string; readonly networkId: CaipNetworkId },
    signal: AbortSignal,
  ): Promise<void>
  getBalance?(
    parameters: { readonly caipAddress: CaipAddress; readonly networkId: CaipNetworkId },
    signal: AbortSignal,
  ): Promise<BalanceResult>
  send?(parameters: SendParameters, signal: AbortSignal): Promise<{ readonly hash: string }>
  /**
   * Prices a send without asking the wallet: the fee and total it will cost at the visitor's
   * speed. A later `send` with the same parameters signs exactly what was quoted, if the plugin
   * can still build it (bip122: the same UTXOs unspent).
   */
  quoteSend?(parameters: SendParameters, signal: AbortSignal): Promise<SendQuote>
  /**
   * Waits until a transaction this kit sent is mined, and says whether it succeeded or reverted.
   * Bounded by the caller's signal.
   */
  waitForTransaction?(
    parameters: { readonly hash: string; readonly networkId: CaipNetworkId },
    signal: AbortSignal,
  ): Promise<{ readonly status: 'success' | 'reverted' }>
  signMessage?(
    parameters: {
      readonly connectorId: string
      readonly caipAddress: CaipAddress
      readonly message: string
    },
    signal: AbortSignal,
  ): Promise<{ readonly signature: string }>
  /** Signs structured data (EIP-712 on eip155); `typedData` is plain JSON. */
  signTypedData?(
    parameters: {
      readonly connectorId: string
      readonly caipAddress: CaipAddress
      readonly typedData: unknown
    },
    signal: AbortSignal,
  ): Promise<{ readonly signature: string }>
  /**
   * A stricter check of an address the visitor typed than `schemas.address`, for rules that need
   * the plugin's lazily loaded code (eip155: a mixed-case address must carry a valid EIP-55
   * checksum, which takes keccak-256). Only called for addresses the schema accepted.
   */
  checkAddress?(address: string, signal: AbortSignal): Promise<boolean>
  /** The name and avatar of an address, where the namespace has a name service. */
  getProfile?(
    parameters: { readonly caipAddress: CaipAddress },
    signal: AbortSignal,
  ): Promise<ProfileResult>
  /**
   * Sign in with the wallet (CAIP-122, the `siwx` feature): loads the family's message code on first
   * use, so a page that never signs in does not download it.
   */
  loadSiwx?(): Promise<SiwxAdapter>
  /**
   * Methods a feature needs beyond these, by the name the feature declares them under (the swap
   * feature's `swap`: sending a transaction it built and reading swap call data). The feature
   * defines the interface and checks it with {@link adapterCapability}; the kernel never calls
   * them, so a feature's needs do not widen every plugin's contract.
   */
  readonly capabilities?: { readonly [capability: string]: object | undefined }
  /** Wallet-side changes (accounts, chain, disconnect, new connectors). */
  watch?(): Observable<PluginEventInput>
  /** Releases listeners and sockets. */
  destroy?(): void
}

/** A chain plugin: data the kernel registers plus a factory for the adapter. */
export interface ChainPlugin<TNamespace extends Namespace = Namespace> {
  /** The CAIP-2 namespace. */
  readonly namespace: TNamespace
  /** §3 network descriptors; ids are CAIP-2 in this namespace. */
  readonly networks: readonly NetworkDescriptor[]
  /** The network to start on; the first network when omitted. */
  readonly defaultNetworkId?: CaipNetworkId<TNamespace>
  /** Zod schemas for ingress and user input. `address` validates a bare address. */
  readonly schemas: { readonly address: z.ZodMiniType<string> }
  /** §6 default and supported account types. */
  readonly accountTypes: {
    readonly default: AccountType
    readonly supported: readonly AccountType[]
  }
  /** The address that stands for the native token in token lists (§9). */
  readonly nativeTokenAddress: string
  /** Networks with smart accounts enabled (§6). */
  readonly smartAccountNetworkIds?: readonly CaipNetworkId<TNamespace>[]
  /** Builds the adapter once the kit starts. */
  createAdapter(context: PluginContext): ChainAdapter
  /** Maps this namespace's native errors (EIP-1193 codes, wallet error names) to kit errors. */
  toKitError?(error: unknown): KitError | undefined
  /**
   * The error codes only this family raises, each with its catalogue entry: SCREAMING_SNAKE,
   * none of the core catalogue's, none that another plugin of the kit declares with another
   * entry. Checked by each kit that registers the plugin; the errors carry their entry
   * (`createPluginErrors`), so nothing is registered globally. `docs/errors.md` lists the shipped
   * plugins' codes.
   */
  readonly errors?: Readonly<Record<string, ErrorCodeEntry>>
}

/** What `createKit({ plugins })` accepts: plugins, falsy entries (ignored) and nested arrays. */
export type PluginInput = ChainPlugin | false | null | undefined | readonly PluginInput[]
