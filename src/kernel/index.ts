/**
 * Gangway's framework-free core: the event log, reducers, derived streams, effects and the plugin
 * interface. Plugins and the UI import only from here.
 * @module @gangway/kit
 */
export {
  type CaipAddress,
  type CaipNetworkId,
  type Namespace,
  namespaceOf,
  type ParsedCaipAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
} from './caip.js'
export {
  ACCOUNT_TYPES,
  ACTIVITY_NAMESPACES,
  type AccountType,
  BALANCE_NAMESPACES,
  CONNECT_METHODS,
  CONNECTOR_SECTION_ORDER,
  CONNECTOR_TYPES,
  type ConnectMethod,
  type ConnectorSection,
  type ConnectorType,
  DEFAULT_FEATURES,
  DEFAULT_LAST_USED_CHAIN_ID,
  FEES,
  type FeatureName,
  LIMITS,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  TIMINGS,
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_FEATURE_ORDER,
} from './constants.js'
export { createKit } from './createKit.js'
export {
  type AccountEntry,
  accountTypeSchema,
  type Connector,
  type CustomWallet,
  caipAddressShapeSchema,
  caipNetworkIdSchema,
  connectorKey,
  connectorSchema,
  decimalStringSchema,
  type NetworkDescriptor,
  namespaceSchema,
  networkDescriptorSchema,
  type PreparedTransaction,
  preparedTransactionSchema,
  type RecentWallet,
  type RegistryWallet,
  registryWalletSchema,
  type SiwxMessageFields,
  type SiwxSession,
  siwxMessageFieldsSchema,
  siwxSessionSchema,
  type TokenBalance,
  type TokenInfo,
  type Transaction,
  tokenBalanceSchema,
  tokenInfoSchema,
  transactionSchema,
  type WalletInfo,
} from './domain.js'
export {
  type OperationOptions,
  ofType,
  pluginError,
  runOperation,
} from './effects/operators.js'
export type { Effect, EffectContext, Transition } from './effects/types.js'
export {
  type Clock,
  createEnv,
  createIdSource,
  type Env,
  type FetchLike,
  type IdSource,
} from './env.js'
export {
  createKitCatalogue,
  defineErrorCodes,
  type ErrorCodeTable,
  type KitCatalogue,
} from './errors/catalogue.js'
export {
  type CoreErrorCode,
  catalogueText,
  docsPathOf,
  ERROR_CODE_LIST,
  ERROR_CODE_PATTERN,
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeEntry,
  type ErrorSurface,
  errorEntryOf,
  type FeatureErrorCodes,
  NOTICE_MESSAGES,
  type NoticeId,
  noticeTextOf,
  type PluginErrorCodes,
} from './errors/codes.js'
export {
  CancelledError,
  type CancelledErrorType,
  KIT_VERSION,
  KitError,
  type KitErrorParameters,
  toKitError,
  UserRejectedError,
  type UserRejectedErrorType,
  ValidationError,
  type ValidationErrorType,
} from './errors/KitError.js'
export {
  type SerializedKitError,
  serializedKitErrorSchema,
  serializeKitError,
} from './errors/serialize.js'
export { createEventCatalogue, type EventCatalogue } from './events/catalogue.js'
export { createEvent } from './events/creators.js'
export {
  type CoreEventPayloads,
  type CoreEventType,
  EVENT_TYPES,
  eventPayloadSchemas,
} from './events/schemas.js'
export type {
  EventInput,
  EventInputOf,
  EventMeta,
  EventOf,
  EventPayloads,
  EventSource,
  EventType,
  FeatureEventPayloads,
  KitEvent,
  PayloadOf,
} from './events/types.js'
export { parseOrThrow, validateEventInput, validateStoredEvent } from './events/validate.js'
export { defineFeature } from './featureHost/defineFeature.js'
export { featureIntents } from './featureHost/featureIntents.js'
export type {
  AccountActionSlot,
  AccountTabSlot,
  BalanceJoin,
  BalanceQuery,
  FeatureApis,
  FeatureDefinition,
  FeatureInput,
  FeatureIntentContext,
  FeatureIntents,
  FeatureModule,
  FeatureSlice,
  FeatureUiDefinition,
  IntentsOf,
  LoadedFeature,
  PersistedEntry,
  RouteCommand,
  RouteRule,
} from './featureHost/types.js'
export type {
  ConnectIntent,
  CreateKitParameters,
  FeatureSwitches,
  Kit,
  KitStreams,
} from './kit/types.js'
export { createLoader, type Loader } from './lazy/createLoader.js'
export {
  type CreateEventLogParameters,
  createEventLog,
  type EventLog,
} from './log/createEventLog.js'
export {
  type Caip122TextFormat,
  createCaip122Text,
  parseCaip122Text,
} from './plugins/caip122Text.js'
export { adapterCapability } from './plugins/capabilities.js'
export {
  type Coalescer,
  createCoalescer,
  WALLET_EVENT_INTERVAL_MS,
} from './plugins/createCoalescer.js'
export { definePlugin } from './plugins/definePlugin.js'
export type {
  BalanceResult,
  ChainAdapter,
  ChainPlugin,
  ConnectParameters,
  ConnectResult,
  FeeSpeed,
  PluginContext,
  PluginEventInput,
  PluginInput,
  PluginRegistry,
  ProfileResult,
  RegisteredNamespace,
  SendParameters,
  SendQuote,
  SiwxAdapter,
  SiwxFamily,
  SiwxSignatureCheck,
  SiwxSignInParameters,
  SiwxSignInResult,
} from './plugins/types.js'
export {
  createRootReducer,
  type RootReducer,
  rebuildState,
  transition,
} from './reducers/rootReducer.js'
export { BUILT_IN_WALLETS, withBuiltInLinks } from './registry/builtInWallets.js'
export {
  compareDecimals,
  formatDecimal,
  fromScaledInteger,
  multiplyDecimals,
  sumDecimals,
  toScaledInteger,
} from './rules/decimal.js'
export { detectEnvironment, type EnvironmentProbe } from './rules/environment.js'
export { explorerLink, transactionGroupTitle, truncateAddress } from './rules/format.js'
export {
  type GasCheck,
  hasInsufficientBalance,
  hasInsufficientGas,
  maxSendable,
} from './rules/funds.js'
export {
  toPlainText,
  toSafeDeepLink,
  toSafeHttpsUrl,
  toSafeImageUrl,
  toSafeLinkUrl,
  toWalletConnectDeepLink,
  WALLET_ACCOUNTS_MAX,
  WALLET_ICON_MAX_LENGTH,
  WALLET_NAME_MAX_LENGTH,
} from './rules/safeUrl.js'
export {
  emailCooldownSeconds,
  isBalanceRetryBlocked,
  isPairingExpired,
  reusesPendingPairing,
} from './rules/timing.js'
export {
  amountSchema,
  caipAddressSchema,
  emailSchema,
  filterSocialsForTelegram,
  nameToRegisterSchema,
  otpSchema,
  registrationChainIdSchema,
  type TelegramPlatform,
  walletSendCallsSchema,
} from './rules/validation.js'
export {
  type ConnectorListItem,
  type ConnectorSectionList,
  selectConnectMethodOrder,
  selectConnectorSections,
  selectConnectors,
  selectHasInjectedWallet,
  selectListedConnectors,
  selectSocials,
} from './selectors/connectors.js'
export {
  type ActiveNetwork,
  type NetworkGroup,
  selectAccountStatus,
  selectActiveAccount,
  selectActiveCaipAddress,
  selectActiveNamespace,
  selectActiveNamespaceEntry,
  selectActiveNetwork,
  selectConnectedNamespaces,
  selectConnectionStatus,
  selectDisconnectTargets,
  selectEffectiveAccountType,
  selectIsAnyConnected,
  selectNamespaceEntry,
  selectNetworkGroups,
  selectNetworkOf,
  selectPendingConnection,
} from './selectors/namespaces.js'
export {
  selectHasWalletAdapters,
  selectOpeningView,
  selectRestingView,
  selectView,
} from './selectors/router.js'
export { isStructurallyEqual, select$ } from './selectors/streams.js'
export {
  isRegistryWalletListed,
  selectCanBrowseAllWallets,
  selectChosenWallet,
  selectConnectFamily,
  selectRegistryWallet,
  selectRegistryWallets,
  selectWalletConnectNamespace,
  shadowedBy,
} from './selectors/walletRegistry.js'
export {
  type AccountState,
  type Capabilities,
  type ConnectionStatus,
  createInitialState,
  type EntityState,
  type EnvironmentState,
  type FeatureStates,
  type KitState,
  type ModalState,
  type NamespaceEntry,
  type NetworkState,
  type OptionsState,
  type RouterState,
  type SnackState,
} from './state.js'
export { createLocalStorage } from './storage/createLocalStorage.js'
export { createMemoryStorage } from './storage/createMemoryStorage.js'
export { PERSISTED_KEYS, STORAGE_PREFIX } from './storage/persisted.js'
export type { StoragePort } from './storage/types.js'
export { untilAborted } from './untilAborted.js'
export {
  ACCOUNT_TABS,
  type AccountTab,
  CORE_VIEWS,
  SNACK_VARIANTS,
  type SnackVariant,
  VIEWS,
  type View,
  type ViewName,
} from './views.js'
