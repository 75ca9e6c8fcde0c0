import type { Observable } from 'rxjs'
import type { CaipNetworkId, Namespace } from '../caip.js'
import type { AccountType, FeatureName, SocialProvider } from '../constants.js'
import type { CustomWallet, TokenInfo } from '../domain.js'
import type { Env } from '../env.js'
import type { KitCatalogue } from '../errors/catalogue.js'
import type { KitEvent, PayloadOf } from '../events/types.js'
import type { FeatureApis, FeatureDefinition, FeatureInput } from '../featureHost/types.js'
import type { EventLog } from '../log/createEventLog.js'
import type { PluginInput } from '../plugins/types.js'
import type { selectConnectMethodOrder, selectConnectorSections } from '../selectors/connectors.js'
import type {
  selectActiveCaipAddress,
  selectActiveNetwork,
  selectConnectionStatus,
} from '../selectors/namespaces.js'
import type { EnvironmentState, KitState } from '../state.js'
import type { StoragePort } from '../storage/types.js'
import type { AccountTab, SnackVariant, ViewName } from '../views.js'

/** The §9 feature switches a site may turn on or off; what it leaves out keeps its default. */
export type FeatureSwitches = Partial<Record<FeatureName, boolean>>

/** Parameters of {@link createKit}. Everything but `plugins` is optional. */
export interface CreateKitParameters<
  TFeatures extends readonly FeatureInput[] = readonly FeatureInput[],
> {
  /** Chain plugins; falsy entries are ignored and nested arrays flattened. */
  readonly plugins: readonly PluginInput[]
  /**
   * The capabilities beyond connecting, as features (`[send(), swap({ routers })]`); falsy
   * entries are ignored and nested arrays flattened. None by default: `createKit` from
   * `@gangway/kit` registers the default ones. See docs/features.md.
   */
  readonly features?: TFeatures
  /**
   * The §9 feature switches the site set, kept as the §3 `features` option (the Connect view's
   * email entry and analytics read them); what is left out keeps its default. The preset in
   * `@gangway/kit` also registers a default feature only where its switch is on.
   */
  readonly switches?: FeatureSwitches
  /** Social logins to offer, in order; all by default. */
  readonly socials?: readonly SocialProvider[]
  /**
   * A WalletConnect project id, for services that need one (the wallet registry). Never required:
   * without it the modal lists announced, custom and built-in wallets.
   */
  readonly projectId?: string
  /**
   * The Gangway server's data service (`npm run server`): balances with prices, identity and the
   * account's history (Activity). Without one the kit reads balances from the chain and offers
   * nothing that needs the service.
   */
  readonly serviceUrl?: string
  /** The site, as wallets will show it. */
  readonly metadata?: { name: string; description: string; url: string; icons: string[] }
  /** Wallets the site lists by hand. */
  readonly customWallets?: readonly CustomWallet[]
  /** Only these wallet ids are listed (when non-empty). */
  readonly includeWalletIds?: readonly string[]
  /** These wallet ids are never listed. */
  readonly excludeWalletIds?: readonly string[]
  /** These wallet ids come first in the registry list. */
  readonly featuredWalletIds?: readonly string[]
  /** Tokens whose balances are shown beside the native one. */
  readonly tokens?: readonly TokenInfo[]
  readonly termsConditionsUrl?: string
  readonly privacyPolicyUrl?: string
  /** The modal sits in the page instead of floating over it. */
  readonly embedded?: boolean
  /** Let a wallet stay on a network the site does not configure. */
  readonly allowUnsupportedNetworks?: boolean
  /** Basic WalletConnect mode: QR only, no wallet-side network checks. */
  readonly walletConnectBasic?: boolean
  /** Account type per namespace, over each plugin's default. */
  readonly defaultAccountTypes?: Readonly<Record<Namespace, AccountType>>
  /**
   * Where the kit runs (device, Telegram platform, iOS Safari), over what `detectEnvironment()`
   * reads from the browser (a desktop browser outside one).
   */
  readonly environment?: Partial<EnvironmentState>
  /** Clock, ids, scheduler and storage; defaults suit a browser. */
  readonly env?: Partial<Env>
  /** Shortcut for `env.storage`. */
  readonly storage?: StoragePort
  /** How many events the log keeps for replay; 10,000 by default. */
  readonly logRetain?: number
  /**
   * The page is rendered on a server and hydrated (Next.js, Remix, any `hydrateRoot`): the kit
   * reads no storage when created and reconnects no wallet; the visitor's stored session
   * (network, account type, recent wallets, the features' kept values) and the silent reconnects
   * to the last wallets wait for {@link Kit.restore}, which `KitProvider` calls once the page has
   * hydrated. Until then the kit's state is what a server renders too, so the first client render
   * matches the server's HTML; right after, the returning visitor's account shows. A kit used
   * without React calls `kit.restore()` itself. `false` by default: a page rendered only in the
   * browser restores at creation.
   * @see /docs/react.md#server-rendering
   */
  readonly ssr?: boolean
}

/** Parameters of {@link Kit.connect}. */
export interface ConnectIntent {
  /** The namespace; the active one when omitted. */
  readonly namespace?: Namespace
  /** The connector, as listed in state. */
  readonly connectorId: string
  /** The network to start on. */
  readonly networkId?: CaipNetworkId
  /**
   * With the WalletConnect connector: the registry wallet the visitor picked, so the connecting
   * view names it and offers its deep link.
   */
  readonly walletId?: string
}

/** The derived streams every UI needs; each emits only when its value changes. */
export interface KitStreams {
  readonly activeNamespace$: Observable<Namespace | null>
  readonly activeNetwork$: Observable<ReturnType<typeof selectActiveNetwork>>
  readonly activeCaipAddress$: Observable<ReturnType<typeof selectActiveCaipAddress>>
  readonly connectionStatus$: Observable<ReturnType<typeof selectConnectionStatus>>
  readonly view$: Observable<ViewName>
  readonly connectMethodOrder$: Observable<ReturnType<typeof selectConnectMethodOrder>>
  readonly connectorSections$: Observable<ReturnType<typeof selectConnectorSections>>
}

/** A running kit: state, streams and intents. Build one with {@link createKit}. */
export interface Kit<TFeatures extends readonly FeatureInput[] = readonly FeatureInput[]> {
  /** Each registered feature's intents, under its name (`kit.features.send.send(...)`). */
  readonly features: FeatureApis<TFeatures>
  /**
   * The registered features' definitions, in registration order: what a UI layer reads their
   * views, Account slots and UI loaders from.
   */
  readonly definitions: readonly FeatureDefinition[]
  /**
   * Loads a registered feature's code now (a site can fetch ahead what its visitors are likely to
   * use); resolves once it is installed. Its intents and views load it by themselves anyway.
   * @throws VALIDATION_FAILED for a feature this kit does not register; SOMETHING_WENT_WRONG when
   * its code cannot be downloaded.
   */
  loadFeature(name: string): Promise<void>
  /**
   * This kit's error codes and notices: the core's, and those of each feature once its code has
   * loaded. What a snack carrying a code reads as (`kit.catalogue.textOf(code, params)`).
   */
  readonly catalogue: Pick<KitCatalogue, 'entryOf' | 'noticeOf' | 'textOf'>
  /** The current state. Stable reference until an event changes it. */
  getState(): KitState
  /**
   * The state the kit started with: configured and its plugins registered, before storage, the
   * page's wallets or the visitor changed anything. It follows from the options alone (and the
   * detected `environment`), so a server and a browser creating the same kit start from the same
   * state: it is what a server render and the hydrating render show (`useKit`'s server snapshot).
   * The same reference for the kit's life.
   */
  getInitialState(): KitState
  /**
   * Made for a server-rendered page (`createKit({ ssr: true })`): server rendering and hydration
   * read {@link Kit.getInitialState}, and the stored session waits for {@link Kit.restore}. A kit
   * without it renders its current state everywhere (`renderToString` included).
   */
  readonly ssr: boolean
  /**
   * Applies the visitor's stored session: reads what storage kept (network, account type, recent
   * wallets, the features' kept values), then reconnects silently to the last wallets. A kit made
   * with `ssr: true` waits for this call (`KitProvider` makes it once the page has hydrated; a
   * kit used without React makes it itself); any other kit did it when created. Idempotent: only
   * the first call does anything, and none after `destroy()`.
   */
  restore(): void
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: (state: KitState) => void): () => void
  /** The state, replaying the current value to new subscribers. */
  readonly state$: Observable<KitState>
  /** Every event, after state reflects it. */
  readonly events$: Observable<KitEvent>
  /** A derived stream of any selector (see `select$`). */
  select$<TSelected>(
    selector: (state: KitState) => TSelected,
    equals?: (left: TSelected, right: TSelected) => boolean,
  ): Observable<TSelected>
  /** Ready-made derived streams. */
  readonly streams: KitStreams
  /** The event log (replay, persistence, devtools). */
  readonly log: Pick<EventLog, 'replay' | 'lastSeq'>

  /** Opens the modal on the view the §2 opening rules choose, or on `view`. */
  open(view?: ViewName, options?: { readonly namespace?: Namespace }): void
  /** Closes the modal; where closing is not allowed (§4 SIWX) the modal shakes instead. */
  close(): void
  /** Goes back one view (§2 back rules). */
  back(): void
  /**
   * Shows a view on top of the history. With `networkId` on Connect: connect a wallet for that
   * network's family, on that network, leaving the family in use as it is until it connects (what
   * the network list does for a family not connected yet while another is).
   */
  navigate(view: ViewName, options?: { readonly networkId?: CaipNetworkId }): void
  /** Replaces the current view. */
  replaceView(view: ViewName): void

  /**
   * Connects a wallet; with `walletId`, a registry wallet over WalletConnect.
   * @throws PLUGIN_NOT_FOUND, CONNECTOR_NOT_FOUND, VALIDATION_FAILED, USER_REJECTED, CANCELLED
   */
  connect(intent: ConnectIntent): Promise<PayloadOf<'connection/succeeded'>>
  /**
   * The visitor is about to pick this wallet (the pointer rests on it): its plugin
   * starts loading the code the connect will need, so the click does not wait for the download.
   * Nothing is asked of the wallet; unknown connectors are ignored.
   */
  anticipateConnect(intent: Pick<ConnectIntent, 'namespace' | 'connectorId'>): void
  /** Disconnects one namespace (with its WalletConnect/auth peers), or all. @throws DISCONNECT_FAILED */
  disconnect(namespace?: Namespace): Promise<void>
  /** Switches the network. @throws NETWORK_NOT_FOUND, USER_REJECTED, UNSUPPORTED_NETWORK */
  switchNetwork(networkId: CaipNetworkId): Promise<void>
  /** Makes a namespace the active one (§2 namespace switching). @throws PLUGIN_NOT_FOUND */
  setActiveNamespace(namespace: Namespace): void
  /** Sets the preferred account type. @throws VALIDATION_FAILED */
  setAccountType(namespace: Namespace, accountType: AccountType): void
  /** Selects an account tab. */
  selectAccountTab(tab: AccountTab): void
  /** Refetches a namespace's balances. @throws TOKEN_BALANCE_UNAVAILABLE, NO_ACTIVE_ADDRESS */
  refreshBalance(namespace?: Namespace): Promise<void>

  /** Signs a message with the connected account. @throws NO_ACTIVE_ADDRESS, USER_REJECTED */
  signMessage(intent: {
    readonly namespace?: Namespace
    readonly message: string
  }): Promise<{ readonly signature: string }>

  /**
   * Signs structured data with the connected account (EIP-712 on eip155).
   * @throws NO_ACTIVE_ADDRESS, CAPABILITY_UNSUPPORTED, USER_REJECTED
   */
  signTypedData(intent: {
    readonly namespace?: Namespace
    readonly typedData: unknown
  }): Promise<{ readonly signature: string }>

  /**
   * Shows a snack message (§4: a shown one is hidden first, the new one 150 ms later): the site's
   * own text, or a catalogue code (error code or notice id) the UI shows in the visitor's language.
   */
  showSnack(
    message:
      | string
      | { readonly code: string; readonly params?: Readonly<Record<string, string | number>> },
    variant: SnackVariant,
  ): void
  /** Hides the snack. */
  hideSnack(): void
  /** Shows an alert. */
  showAlert(message: string): void
  /** Dismisses the alert. */
  dismissAlert(): void
  /** Starts the 500 ms shake. */
  shake(): void

  /** Whether an address is valid in a namespace, by its plugin's schema. */
  isValidAddress(namespace: Namespace, address: string): boolean
  /** Stops effects and plugins; pending intents reject with KIT_DESTROYED. */
  destroy(): void
}
