/**
 * The shape of kit state: one slice per §3 entity. State is plain JSON; reducers are the only
 * writers and events the only input.
 * @module
 */
import type { CaipAddress, CaipNetworkId, Namespace } from './caip.js'
import {
  type AccountType,
  DEFAULT_FEATURES,
  type FeatureName,
  type SocialProvider,
} from './constants.js'
import type {
  AccountEntry,
  Connector,
  CustomWallet,
  NetworkDescriptor,
  RecentWallet,
  RegistryWallet,
  TokenBalance,
  TokenInfo,
  WalletInfo,
} from './domain.js'
import type { SerializedKitError } from './errors/serialize.js'
import type { TelegramPlatform } from './rules/validation.js'
import { type AccountTab, CORE_VIEWS, type SnackVariant, type ViewName } from './views.js'

/**
 * Connection status (§4). An account stores only `connected` or `disconnected`; `connecting` is
 * read from the connect operation in flight (`selectAccountStatus`), so it is kept in one place.
 */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** §3 account state of one namespace. */
export interface AccountState {
  /** `connected` or `disconnected`; a connect in flight is an operation (`selectAccountStatus`). */
  status: Exclude<ConnectionStatus, 'connecting'>
  /** The connector of the live connection; removed on reset. */
  connectorId: string | null
  currentTab: AccountTab
  tokenBalance: TokenBalance[]
  smartAccountDeployed: boolean
  addressLabels: Record<string, string>
  allAccounts: AccountEntry[]
  user: { email?: string | undefined; username?: string | undefined } | null
  caipAddress: CaipAddress | null
  address: string | null
  /** Native balance as a decimal string. */
  balance: string | null
  balanceSymbol: string | null
  profileName: string | null
  profileImage: string | null
  addressExplorerUrl: string | null
  connectedWalletInfo: WalletInfo | null
  /** A preference, so a reset keeps it. */
  preferredAccountType: AccountType
  socialProvider: SocialProvider | null
  /** The social login window is open (the window itself never enters state). */
  isSocialWindowOpen: boolean
  farcasterUrl: string | null
  /** When the last balance fetch failed; retries wait 30 s from here (§8). */
  balanceFailedAt: number | null
}

/** §3 network state of one namespace. */
export interface NetworkState {
  /** The active network; may name a network outside `caipNetworks` when the wallet moved there. */
  caipNetworkId: CaipNetworkId | null
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: CaipNetworkId[]
  approvedCaipNetworkIds: CaipNetworkId[]
  requestedCaipNetworks: CaipNetworkId[]
}

/** What a plugin can do, declared up front so the UI can gate actions. */
export interface Capabilities {
  connect: boolean
  disconnect: boolean
  balances: boolean
  send: boolean
  signMessage: boolean
  switchNetwork: boolean
}

/** §3 chain entry: one namespace (chain family) with its networks and account. */
export interface NamespaceEntry {
  namespace: Namespace
  caipNetworks: NetworkDescriptor[]
  networkState: NetworkState
  accountState: AccountState
  accountTypes: { default: AccountType; supported: AccountType[] }
  nativeTokenAddress: string
  capabilities: Capabilities
}

/** A normalized collection (RTK entity adapter). */
export interface EntityState<TEntity> {
  ids: string[]
  entities: Record<string, TEntity>
}

/** Options as state holds them. */
export interface OptionsState {
  features: Record<FeatureName, boolean>
  socials: SocialProvider[]
  projectId?: string | undefined
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined
  customWallets: CustomWallet[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  featuredWalletIds: string[]
  tokens: TokenInfo[]
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
  embedded: boolean
  allowUnsupportedNetworks: boolean
  walletConnectBasic: boolean
  defaultAccountTypes: Record<string, AccountType>
  /** The Gangway server's data service; absent: none (the kit reads from the chain). */
  serviceUrl?: string | undefined
}

/** Where the kit runs. */
export interface EnvironmentState {
  device: 'mobile' | 'desktop'
  telegramPlatform: TelegramPlatform | null
  isIosSafari: boolean
}

/** §4 modal flags. */
export interface ModalState {
  isOpen: boolean
  isLoading: boolean
  isShaking: boolean
}

/** The view and its back-history; the last history entry is the current view. */
export interface RouterState {
  view: ViewName
  history: ViewName[]
  /**
   * The registry wallet the current view is about: the one the visitor picked to connect over
   * WalletConnect (its name and deep link on the connecting view); `null` otherwise.
   */
  wallet: RegistryWallet | null
  /**
   * The network the Connect view connects to: one the visitor picked in the network list in a
   * family not connected yet while another family is. Connect then lists that family's wallets
   * only, the connection lands on this network, and the family in use stays as it is until then.
   * Absent otherwise; gone once the visitor leaves that Connect view (back, close, a new opening).
   */
  network?: CaipNetworkId
}

/**
 * §4 snack message: a catalogue `code` (error code or notice id) with its `params`, whose copy the
 * UI picks in the visitor's language, or a site's own `text`.
 */
export interface SnackState {
  isOpen: boolean
  variant: SnackVariant
  code: string | null
  text: string | null
  params: Record<string, string | number> | null
}

/** An operation waiting for its terminal event. */
export interface PendingOperation {
  type: string
  namespace?: string | undefined
  /** For a connect: the connector it asked. */
  connectorId?: string | undefined
}

/** Operations in flight and the last failure (a cancellation is none), for the UI. */
export interface OperationsState {
  pending: Record<string, PendingOperation>
  lastFailure: {
    type: string
    error: SerializedKitError
    at: number
    namespace?: string | undefined
    connectorId?: string | undefined
  } | null
}

/** What this kit is made of: its features and the views its router knows. */
export interface KitShape {
  features: string[]
  views: ViewName[]
  /**
   * Each registered feature's settings as its factory recorded them (plain JSON, by feature name):
   * what its eager rules and its views read before its code has loaded. The kernel keeps them and
   * never reads them.
   */
  settings: Record<string, Record<string, unknown>>
}

/**
 * The slices of features, by feature name. Each feature augments it with its own
 * (`declare module '@gangway/kit' { interface FeatureStates { swap: SwapState } }`); at run time a slice
 * exists once its feature has loaded in this kit, hence optional in {@link KitState}.
 * @see /docs/features.md
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface FeatureStates {}

/** The whole kit state: the core slices, and the slices of the features that have loaded. */
export interface KitState extends Partial<FeatureStates> {
  options: OptionsState
  environment: EnvironmentState
  kit: KitShape
  namespaces: EntityState<NamespaceEntry>
  activeNamespace: Namespace | null
  connectors: EntityState<Connector>
  /**
   * Wallets known beyond the page's connectors (a wallet registry's), by id, and the order their
   * source lists them in; `listed` is `null` until a source reported one (the built-in list then).
   */
  walletCatalogue: { wallets: Record<string, RegistryWallet>; listed: string[] | null }
  recentWallets: RecentWallet[]
  /** Connector ids kept across reloads, for silent reconnect. */
  session: { connectorIds: Record<Namespace, string> }
  modal: ModalState
  router: RouterState
  snack: SnackState
  alert: { message: string } | null
  operations: OperationsState
}

/** The account fields a reset clears (§4): everything but the preferences. */
export function initialAccountState(preferredAccountType: AccountType): AccountState {
  return {
    status: 'disconnected',
    connectorId: null,
    currentTab: 'tokens',
    tokenBalance: [],
    smartAccountDeployed: false,
    addressLabels: {},
    allAccounts: [],
    user: null,
    caipAddress: null,
    address: null,
    balance: null,
    balanceSymbol: null,
    profileName: null,
    profileImage: null,
    addressExplorerUrl: null,
    connectedWalletInfo: null,
    preferredAccountType,
    socialProvider: null,
    isSocialWindowOpen: false,
    farcasterUrl: null,
    balanceFailedAt: null,
  }
}

/** Options before a site configures anything (§9 feature defaults). */
export function defaultOptionsState(): OptionsState {
  return {
    features: { ...DEFAULT_FEATURES },
    socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    customWallets: [],
    includeWalletIds: [],
    excludeWalletIds: [],
    featuredWalletIds: [],
    tokens: [],
    embedded: false,
    allowUnsupportedNetworks: false,
    walletConnectBasic: false,
    defaultAccountTypes: {},
  }
}

/**
 * The state before any event.
 * @example
 * import { createInitialState } from '@gangway/kit'
 * createInitialState().modal.isOpen // false
 * @returns a fresh initial state.
 */
export function createInitialState(): KitState {
  return {
    options: defaultOptionsState(),
    environment: { device: 'desktop', telegramPlatform: null, isIosSafari: false },
    kit: { features: [], views: [...CORE_VIEWS], settings: {} },
    namespaces: { ids: [], entities: {} },
    activeNamespace: null,
    connectors: { ids: [], entities: {} },
    walletCatalogue: { wallets: {}, listed: null },
    recentWallets: [],
    session: { connectorIds: {} },
    modal: { isOpen: false, isLoading: false, isShaking: false },
    router: { view: 'Connect', history: ['Connect'], wallet: null },
    snack: { isOpen: false, variant: 'success', code: null, text: null, params: null },
    alert: null,
    operations: { pending: {}, lastFailure: null },
  }
}
