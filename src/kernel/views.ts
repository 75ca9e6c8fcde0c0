/**
 * The modal's named views (§2). There are no URL routes: the router keeps a back-history stack of
 * these names.
 * @module
 */

/** The views the specification names, plus the feature views it says are loaded on demand. */
export const VIEWS = Object.freeze([
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'ConnectingSocial',
  'UnsupportedChain',
  'SIWXSignMessage',
  'ApproveTransaction',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Networks',
  'EmailLogin',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'Swap',
  'SwapSelectToken',
  'SwapPreview',
  'Send',
  'SendSelectToken',
  'SendPreview',
  'Receive',
  'OnRampProviders',
  'OnRampTokenSelect',
  'Transactions',
] as const)

/** A view name the specification gives. */
export type View = (typeof VIEWS)[number]

/**
 * A view the router may show: one the specification names, or one a site's own feature adds.
 * Which views a kit knows is decided per kit (the core's and its features').
 */
export type ViewName = View | (string & {})

/**
 * The views every kit knows, whatever features it registers: connecting, the account, networks.
 * A feature adds its own (AllWallets, the WalletConnect views, Send, …).
 */
export const CORE_VIEWS: readonly View[] = Object.freeze([
  'Connect',
  'Account',
  'ConnectingExternal',
  'Networks',
  'UnsupportedChain',
])

/** The §2 account tabs. */
export const ACCOUNT_TABS = Object.freeze(['tokens', 'nfts', 'activity'] as const)

/** An account tab: one of §2's, or one a feature adds (its `ui.accountTabs` id). */
export type AccountTab = (typeof ACCOUNT_TABS)[number] | (string & {})

/** §4 snack variants. */
export const SNACK_VARIANTS = Object.freeze(['loading', 'success', 'error'] as const)

/** A snack variant. */
export type SnackVariant = (typeof SNACK_VARIANTS)[number]
