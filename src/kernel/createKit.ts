import {
  BehaviorSubject,
  filter,
  map,
  type Observable,
  Subject,
  type Subscription,
  skip,
  take,
} from 'rxjs'
import { type CaipNetworkId, type Namespace, parseCaipNetworkId } from './caip.js'
import {
  type AccountType,
  DEFAULT_WALLET_REGISTRY_URL,
  type FeatureName,
  LIMITS,
  type SocialProvider,
  WALLET_CONNECT_CONNECTOR_ID,
} from './constants.js'
import type { CustomWallet, SiwxSession, TokenBalance, TokenInfo } from './domain.js'
import { siwxSessionSchema } from './domain.js'
import {
  connectEffect,
  disconnectEffect,
  reconnectEffect,
  switchNetworkEffect,
} from './effects/connection.js'
import { accountEffects, pairingEffects, walletRegistryEffects } from './effects/groups.js'
import { createStorageEffects } from './effects/persist.js'
import type { Effect, EffectContext, Transition } from './effects/types.js'
import {
  failureSnackEffect,
  farcasterReloadEffect,
  prepareAdaptersEffect,
  shakeEffect,
  snackEffect,
  walletConnectOpenEffect,
} from './effects/ui.js'
import { walletRegistryLoadEffect } from './effects/walletRegistryLoad.js'
import { createEnv, type Env } from './env.js'
import { KitError } from './errors/KitError.js'
import { deserializeKitError, type SerializedKitError } from './errors/serialize.js'
import { environmentSchema, optionsPayloadSchema } from './events/schemas.js'
import type { EventInput, EventSource, KitEvent, PayloadOf } from './events/types.js'
import { parseOrThrow } from './events/validate.js'
import { createEventLog, type EventLog } from './log/createEventLog.js'
import { checkPluginEvent } from './plugins/ingress.js'
import { createPluginSet } from './plugins/registry.js'
import type { ChainAdapter, PluginEventInput, PluginInput } from './plugins/types.js'
import { transition } from './reducers/rootReducer.js'
import { detectEnvironment } from './rules/environment.js'
import { checkSendInput, hasInsufficientBalance } from './rules/send.js'
import { emailCooldownSeconds } from './rules/timing.js'
import { amountSchema, emailSchema } from './rules/validation.js'
import {
  selectActiveCaipAddress,
  selectActiveNamespace,
  selectActiveNetwork,
  selectConnectionStatus,
} from './selectors/chains.js'
import { selectConnectMethodOrder, selectConnectorSections } from './selectors/connectors.js'
import { selectCanClose, selectView } from './selectors/router.js'
import { isStructurallyEqual, select$ } from './selectors/streams.js'
import { selectRegistryWallet } from './selectors/walletRegistry.js'
import type { EnvironmentState, KitState } from './state.js'
import { createInitialState, defaultOptionsState } from './state.js'
import type { StoragePort } from './storage/types.js'
import type { AccountTab, SnackVariant, View } from './views.js'

/** Parameters of {@link createKit}. Everything but `plugins` is optional. */
export interface CreateKitParameters {
  /** Chain plugins; falsy entries are ignored and nested arrays flattened. */
  readonly plugins: readonly PluginInput[]
  /** Feature switches over the §9 defaults. */
  readonly features?: Partial<Record<FeatureName, boolean>>
  /** Social logins to offer, in order; all by default. */
  readonly socials?: readonly SocialProvider[]
  /**
   * A WalletConnect project id, for services that need one (the wallet registry). Never required:
   * without it the modal lists announced, custom and built-in wallets.
   */
  readonly projectId?: string
  /**
   * The wallet registry's base URL (`GET {url}/getWallets`): `https://api.web3modal.org` by
   * default, or a self-hosted one (`startWalletRegistry` in `gangway/testing/node`); `null` turns
   * the registry off. Asked only with a `projectId`, and only after the visitor opens the modal.
   */
  readonly walletRegistryUrl?: string | null
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
  /** Sign in with the wallet (SIWX, CAIP-122); `required` keeps visitors out until they sign. */
  readonly signIn?: { readonly required: boolean }
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

/** Parameters of {@link Kit.send}. */
export interface SendIntent {
  /** The namespace; the active one when omitted. */
  readonly namespace?: Namespace
  /** The receiver's address as the chain writes it. */
  readonly to: string
  /** The amount in whole units, e.g. `"0.5"`. */
  readonly amount: string
  /** The token; the native currency when omitted or `null`. */
  readonly token?: TokenBalance | null
}

/** The derived streams every UI needs; each emits only when its value changes. */
export interface KitStreams {
  readonly activeNamespace$: Observable<Namespace | null>
  readonly activeNetwork$: Observable<ReturnType<typeof selectActiveNetwork>>
  readonly activeCaipAddress$: Observable<ReturnType<typeof selectActiveCaipAddress>>
  readonly connectionStatus$: Observable<ReturnType<typeof selectConnectionStatus>>
  readonly view$: Observable<View>
  readonly connectMethodOrder$: Observable<ReturnType<typeof selectConnectMethodOrder>>
  readonly connectorSections$: Observable<ReturnType<typeof selectConnectorSections>>
}

/** A running kit: state, streams and intents. Build one with {@link createKit}. */
export interface Kit {
  /** The current state. Stable reference until an event changes it. */
  getState(): KitState
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
  open(view?: View, options?: { readonly namespace?: Namespace }): void
  /** Closes the modal; where closing is not allowed (§4 SIWX) the modal shakes instead. */
  close(): void
  /** Goes back one view (§2 back rules). */
  back(): void
  /** Shows a view on top of the history. */
  navigate(view: View): void
  /** Replaces the current view. */
  replaceView(view: View): void

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
  /** Switches the network. @throws NETWORK_NOT_FOUND, USER_REJECTED, UNSUPPORTED_CHAIN */
  switchNetwork(networkId: CaipNetworkId): Promise<void>
  /** Makes a namespace the active one (§2 namespace switching). @throws PLUGIN_NOT_FOUND */
  setActiveNamespace(namespace: Namespace): void
  /** Sets the preferred account type. @throws VALIDATION_FAILED */
  setAccountType(namespace: Namespace, accountType: AccountType): void
  /** Selects an account tab. */
  selectAccountTab(tab: AccountTab): void
  /** Refetches a namespace's balances. @throws TOKEN_BALANCE_UNAVAILABLE, NO_ACTIVE_ADDRESS */
  refreshBalance(namespace?: Namespace): Promise<void>

  /** Updates the send form: token. */
  setSendToken(token: TokenBalance | null): void
  /** Updates the send form: amount text. */
  setSendAmount(amount: string): void
  /** Updates the send form: receiver. */
  setSendReceiver(address: string): void
  /**
   * Sends native currency or a token (§4 send flow, §5 checks).
   * @throws INVALID_SEND_INPUT, INVALID_AMOUNT, INSUFFICIENT_BALANCE, NO_ACTIVE_ADDRESS, SEND_FAILED, USER_REJECTED
   */
  send(intent: SendIntent): Promise<{ readonly hash: string }>
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

  /** Asks the wallet registry for the next page of 40 wallets (AllWallets), when it has one. */
  loadMoreWallets(): void
  /** Filters AllWallets by name; the registry is searched once typing pauses (up to 100 results). */
  searchWallets(query: string): void

  /** Shows a snack message (§4: a shown one is hidden first, the new one 150 ms later). */
  showSnack(message: string, variant: SnackVariant): void
  /** Hides the snack. */
  hideSnack(): void
  /** Shows an alert. */
  showAlert(message: string): void
  /** Dismisses the alert. */
  dismissAlert(): void
  /** Starts the 500 ms shake. */
  shake(): void

  /** Records a SIWX session (§4: sign success closes the modal). @throws SIWX_NOT_ENABLED, VALIDATION_FAILED */
  addSignInSession(session: SiwxSession): void
  /** §4 SIWX cancel: disconnects if sign-in is required, else closes; then goes to Connect. */
  cancelSignIn(): Promise<void>
  /** Records an email login request (§5: valid email, 30 s cooldown). @throws VALIDATION_FAILED, EMAIL_LOGIN_COOLDOWN */
  requestEmailLogin(email: string): void

  /** Whether an address is valid in a namespace, by its plugin's schema. */
  isValidAddress(namespace: Namespace, address: string): boolean
  /** Stops effects and plugins; pending intents reject with KIT_DESTROYED. */
  destroy(): void
}

function toOptionsPayload(parameters: CreateKitParameters): PayloadOf<'kit/configured'>['options'] {
  const defaults = defaultOptionsState()
  return {
    features: { ...defaults.features, ...parameters.features },
    socials: [...(parameters.socials ?? defaults.socials)],
    ...(parameters.projectId === undefined ? {} : { projectId: parameters.projectId }),
    ...(parameters.metadata === undefined ? {} : { metadata: parameters.metadata }),
    customWallets: [...(parameters.customWallets ?? [])],
    includeWalletIds: [...(parameters.includeWalletIds ?? [])],
    excludeWalletIds: [...(parameters.excludeWalletIds ?? [])],
    featuredWalletIds: [...(parameters.featuredWalletIds ?? [])],
    tokens: [...(parameters.tokens ?? [])],
    ...(parameters.termsConditionsUrl === undefined
      ? {}
      : { termsConditionsUrl: parameters.termsConditionsUrl }),
    ...(parameters.privacyPolicyUrl === undefined
      ? {}
      : { privacyPolicyUrl: parameters.privacyPolicyUrl }),
    siwx: parameters.signIn ? { required: parameters.signIn.required } : null,
    enableEmbedded: parameters.embedded ?? false,
    allowUnsupportedChain: parameters.allowUnsupportedNetworks ?? false,
    walletConnectBasic: parameters.walletConnectBasic ?? false,
    defaultAccountTypes: { ...parameters.defaultAccountTypes },
    walletRegistryUrl:
      parameters.walletRegistryUrl === undefined
        ? DEFAULT_WALLET_REGISTRY_URL
        : parameters.walletRegistryUrl || null,
  }
}

const EFFECTS: readonly Effect[] = [
  connectEffect,
  reconnectEffect,
  disconnectEffect,
  switchNetworkEffect,
  shakeEffect,
  snackEffect,
  farcasterReloadEffect,
  failureSnackEffect,
  walletConnectOpenEffect,
  prepareAdaptersEffect,
  walletRegistryLoadEffect,
  // Loaded on first need (issue #4's first-open budget); see effects/lazy.ts.
  accountEffects,
  walletRegistryEffects,
  pairingEffects,
]

/**
 * Creates a kit: validates the options, registers the plugins, restores what storage kept, starts
 * the effects and reconnects silently to the last wallets. Touches no browser global until called.
 * @example
 * import { createKit } from 'gangway'
 * import { eip155 } from 'gangway/eip155'
 * const kit = createKit({ plugins: [eip155()] })
 * kit.open()
 * @param parameters - plugins and options.
 * @returns the running kit.
 * @throws PLUGIN_ALREADY_REGISTERED, VALIDATION_FAILED
 * @see /docs/architecture.md
 */
export function createKit(parameters: CreateKitParameters): Kit {
  // ---------------------------------------------------------------- configuration
  const plugins = createPluginSet(parameters.plugins)
  const env = createEnv({
    ...parameters.env,
    ...(parameters.storage ? { storage: parameters.storage } : {}),
  })
  const options = parseOrThrow(optionsPayloadSchema, toOptionsPayload(parameters))
  const environment = parseOrThrow(environmentSchema, {
    ...detectEnvironment(),
    ...parameters.environment,
  })

  // ---------------------------------------------------------------- log and state
  const log = createEventLog({
    clock: env.clock,
    ids: env.ids,
    ...(parameters.logRetain === undefined ? {} : { retain: parameters.logRetain }),
  })
  let state = createInitialState()
  const state$ = new BehaviorSubject<KitState>(state)
  const transitions$ = new Subject<Transition>()
  const stateSubscription = log.events$.subscribe((event) => {
    const before = state
    const after = transition(before, event)
    state = after
    if (after !== before) state$.next(after)
    transitions$.next({ event, before, after })
  })
  const events$ = transitions$.pipe(map((entry) => entry.event))
  const getState = () => state
  const append = (input: EventInput, source: EventSource = 'ui') => log.append(input, source)

  append({ type: 'kit/configured', payload: { options, environment } }, 'kit')
  for (const plugin of plugins.list) {
    append(
      {
        type: 'namespace/registered',
        payload: {
          namespace: plugin.namespace,
          networks: [...plugin.networks],
          defaultNetworkId: plugin.defaultNetworkId ?? plugin.networks[0]!.id,
          accountTypes: {
            default: plugin.accountTypes.default,
            supported: [...plugin.accountTypes.supported],
          },
          nativeTokenAddress: plugin.nativeTokenAddress,
          smartAccountNetworkIds: [...(plugin.smartAccountNetworkIds ?? [])],
          capabilities: { ...plugin.capabilities },
        },
      },
      'kit',
    )
  }

  // ---------------------------------------------------------------- plugins
  const subscriptions: Subscription[] = [stateSubscription]
  const adapters = new Map<Namespace, ChainAdapter>()
  for (const plugin of plugins.list) {
    const namespace = plugin.namespace
    const emit = (event: PluginEventInput) => {
      checkPluginEvent(plugin, event)
      try {
        append(event, `plugin:${namespace}`)
      } catch (error) {
        throw error instanceof KitError && error.plugin === undefined
          ? new KitError(error.code, { details: error.details, cause: error, plugin: namespace })
          : error
      }
    }
    const adapter = plugin.createAdapter({
      env,
      emit,
      networks: plugin.networks,
      settings: {
        projectId: options.projectId,
        tokens: options.tokens.filter((token) => token.chainId.startsWith(`${namespace}:`)),
        analytics: parameters.features?.analytics === true,
      },
    })
    adapters.set(namespace, adapter)
    const connectors = adapter.connectors()
    if (connectors.length > 0)
      emit({ type: 'connectors/discovered', payload: { namespace, connectors: [...connectors] } })
    const watch = adapter.watch?.()
    if (watch) {
      subscriptions.push(
        watch.subscribe((event) => {
          try {
            emit(event)
          } catch {
            // A malformed wallet-side report is dropped; state stays as it was.
          }
        }),
      )
    }
  }

  // ---------------------------------------------------------------- effects and storage
  const context: EffectContext = { events$, transitions$, getState, env, plugins, adapters }
  const pending = new Map<string, (error: KitError) => void>()
  const storageEffects = createStorageEffects(plugins.list.map((plugin) => plugin.namespace))
  // Restore last: every other effect (reconnect among them) is listening by then.
  for (const effect of [...EFFECTS, storageEffects.persist, storageEffects.restore]) {
    subscriptions.push(
      effect(context).subscribe((event) => {
        try {
          // The storage effects speak for storage; everything else an effect emits is its own.
          append(event, event.type.startsWith('storage/') ? 'storage' : 'effect')
        } catch (error) {
          // Effects build their events from validated data, so this is a kit bug. Dropping the
          // event keeps state consistent; an intent waiting for it must not hang.
          if (event.correlationId) {
            pending.get(event.correlationId)?.(
              error instanceof KitError ? error : new KitError('INVALID_EVENT', { cause: error }),
            )
          }
        }
      }),
    )
  }

  // ---------------------------------------------------------------- intents
  let destroyed = false

  const request = <TSuccess extends KitEvent['type']>(
    input: EventInput,
    successType: TSuccess,
  ): Promise<PayloadOf<TSuccess>> => {
    if (destroyed) return Promise.reject(new KitError('KIT_DESTROYED'))
    const correlationId = env.ids.next()
    const failureType = successType.replace(/\/succeeded$/, '/failed')
    return new Promise((resolve, reject) => {
      const settle = (error: KitError) => {
        subscription.unsubscribe()
        pending.delete(correlationId)
        reject(error)
      }
      const subscription = log.events$
        .pipe(
          filter(
            (event) =>
              event.meta.correlationId === correlationId &&
              (event.type === successType || event.type === failureType),
          ),
          take(1),
        )
        .subscribe((event) => {
          pending.delete(correlationId)
          if (event.type === successType) resolve(event.payload as PayloadOf<TSuccess>)
          else reject(deserializeKitError((event.payload as { error: SerializedKitError }).error))
        })
      pending.set(correlationId, settle)
      try {
        append({ ...input, correlationId } as EventInput)
      } catch (error) {
        settle(error instanceof KitError ? error : new KitError('UNKNOWN_ERROR', { cause: error }))
      }
    })
  }

  const requireNamespace = (namespace: Namespace | undefined): Namespace => {
    const resolved = namespace ?? state.activeNamespace
    if (!resolved || !plugins.get(resolved)) {
      throw new KitError('PLUGIN_NOT_FOUND', { details: `No plugin for "${String(resolved)}".` })
    }
    return resolved
  }
  const rejecting = <TResult>(work: () => Promise<TResult>): Promise<TResult> => {
    try {
      return work()
    } catch (error) {
      return Promise.reject(error)
    }
  }

  const streams: KitStreams = {
    activeNamespace$: select$(state$, selectActiveNamespace),
    activeNetwork$: select$(state$, selectActiveNetwork, isStructurallyEqual),
    activeCaipAddress$: select$(state$, selectActiveCaipAddress),
    connectionStatus$: select$(state$, selectConnectionStatus),
    view$: select$(state$, selectView),
    connectMethodOrder$: select$(state$, selectConnectMethodOrder, isStructurallyEqual),
    connectorSections$: select$(state$, selectConnectorSections, isStructurallyEqual),
  }

  // Both signing intents: the connected address of the namespace signs `message` in `format`.
  const sign = (
    namespace: Namespace | undefined,
    message: string,
    format: 'text' | 'typedData',
  ) => {
    const resolved = requireNamespace(namespace)
    const caipAddress = state.chains.entities[resolved]?.accountState.caipAddress
    if (!caipAddress) throw new KitError('NO_ACTIVE_ADDRESS')
    return request(
      {
        type: 'signature/requested',
        payload: { namespace: resolved, caipAddress, message, format },
      },
      'signature/succeeded',
    ).then(({ signature }) => ({ signature }))
  }

  const wouldBackClose = () =>
    state.router.history.length <= 1 || state.router.history.includes('UnsupportedChain')

  const kit: Kit = {
    getState,
    subscribe: (listener) => {
      // BehaviorSubject replays the current state at once; listeners want changes only.
      const subscription = state$.pipe(skip(1)).subscribe(listener)
      return () => subscription.unsubscribe()
    },
    state$: state$.asObservable(),
    events$,
    select$: (selector, equals) => select$(state$, selector, equals),
    streams,
    log: { replay: log.replay, lastSeq: log.lastSeq },

    open: (view, openOptions) =>
      void append({
        type: 'modal/opened',
        payload: {
          ...(view ? { view } : {}),
          ...(openOptions?.namespace ? { namespace: openOptions.namespace } : {}),
        },
      }),
    close: () => {
      if (!state.modal.isOpen) return
      append(
        selectCanClose(state)
          ? { type: 'modal/closed', payload: {} }
          : { type: 'modal/shakeStarted', payload: {} },
      )
    },
    back: () => {
      if (wouldBackClose() && !selectCanClose(state)) {
        append({ type: 'modal/shakeStarted', payload: {} })
        return
      }
      append({ type: 'router/wentBack', payload: {} })
    },
    navigate: (view) => void append({ type: 'router/pushed', payload: { view } }),
    replaceView: (view) => void append({ type: 'router/replaced', payload: { view } }),

    anticipateConnect: (intent) => {
      const namespace = intent.namespace ?? state.activeNamespace
      if (!namespace || !state.connectors.entities[`${namespace}/${intent.connectorId}`]) return
      append({
        type: 'connection/intended',
        payload: { namespace, connectorId: intent.connectorId },
      })
    },
    connect: (intent) =>
      rejecting(() => {
        const namespace = requireNamespace(intent.namespace)
        if (!state.connectors.entities[`${namespace}/${intent.connectorId}`]) {
          throw new KitError('CONNECTOR_NOT_FOUND', {
            details: `No connector "${intent.connectorId}" in "${namespace}".`,
          })
        }
        if (intent.connectorId === WALLET_CONNECT_CONNECTOR_ID) {
          const walletId = intent.walletId ?? null
          if (walletId !== null && !selectRegistryWallet(state, walletId)) {
            throw new KitError('CONNECTOR_NOT_FOUND', {
              details: `No registry wallet "${walletId}".`,
            })
          }
          if (state.walletRegistry.chosenWalletId !== walletId)
            append({ type: 'walletRegistry/walletChosen', payload: { walletId } })
        } else if (intent.walletId !== undefined) {
          throw new KitError('VALIDATION_FAILED', {
            details: 'walletId needs the WalletConnect connector.',
          })
        }
        return request(
          {
            type: 'connection/requested',
            payload: {
              namespace,
              connectorId: intent.connectorId,
              silent: false,
              ...(intent.networkId ? { networkId: intent.networkId } : {}),
            },
          },
          'connection/succeeded',
        )
      }),
    disconnect: (namespace) =>
      rejecting(async () => {
        if (namespace !== undefined) requireNamespace(namespace)
        await request(
          { type: 'disconnection/requested', payload: namespace ? { namespace } : {} },
          'disconnection/succeeded',
        )
      }),
    switchNetwork: (networkId) =>
      rejecting(async () => {
        const parsed = parseCaipNetworkId(String(networkId))
        const plugin = parsed && plugins.get(parsed.namespace)
        if (!plugin?.networks.some((network) => network.id === networkId)) {
          throw new KitError('NETWORK_NOT_FOUND', {
            details: `${String(networkId)} is not configured.`,
          })
        }
        await request(
          { type: 'networkSwitch/requested', payload: { networkId } },
          'networkSwitch/succeeded',
        )
      }),
    setActiveNamespace: (namespace) => {
      append({ type: 'namespace/activated', payload: { namespace: requireNamespace(namespace) } })
    },
    setAccountType: (namespace, accountType) => {
      const chain = state.chains.entities[requireNamespace(namespace)]
      if (!chain?.accountTypes.supported.includes(accountType)) {
        throw new KitError('VALIDATION_FAILED', {
          details: `"${accountType}" is not an account type of "${namespace}".`,
        })
      }
      append({ type: 'accountType/changed', payload: { namespace, accountType } })
    },
    selectAccountTab: (tab) => void append({ type: 'account/tabSelected', payload: { tab } }),
    refreshBalance: (namespace) =>
      rejecting(async () => {
        const resolved = requireNamespace(namespace)
        const chain = state.chains.entities[resolved]
        const caipAddress = chain?.accountState.caipAddress
        if (!caipAddress) throw new KitError('NO_ACTIVE_ADDRESS')
        if (!chain.capabilities.balances) {
          throw new KitError('CAPABILITY_UNSUPPORTED', { plugin: resolved })
        }
        await request(
          { type: 'balance/requested', payload: { namespace: resolved, caipAddress } },
          'balance/succeeded',
        )
      }),

    setSendToken: (token) => void append({ type: 'send/tokenSelected', payload: { token } }),
    setSendAmount: (amount) => void append({ type: 'send/amountChanged', payload: { amount } }),
    setSendReceiver: (address) =>
      void append({ type: 'send/receiverChanged', payload: { address } }),
    send: (intent) =>
      rejecting(() => {
        const namespace = requireNamespace(intent.namespace)
        const chain = state.chains.entities[namespace]
        const from = chain?.accountState.caipAddress
        if (!chain || !from || chain.accountState.status !== 'connected')
          throw new KitError('NO_ACTIVE_ADDRESS')
        const token = intent.token ?? null
        const decimals = token
          ? Number(token.quantity.decimals)
          : chain.caipNetworks.find((network) => network.id === chain.networkState.caipNetworkId)
              ?.nativeCurrency.decimals
        const problem = checkSendInput({
          amount: intent.amount,
          receiver: intent.to,
          isReceiverValid: kit.isValidAddress(namespace, intent.to),
          decimals,
        })
        if (problem) throw new KitError(problem)
        const amount = amountSchema.parse(intent.amount)
        // More decimal places than the token has would be rounded away by the chain library.
        const places = amount.includes('.') ? amount.length - amount.indexOf('.') - 1 : 0
        if (decimals !== undefined && decimals !== null && places > decimals) {
          throw new KitError('INVALID_AMOUNT', {
            details: `At most ${decimals} decimal places.`,
          })
        }
        const normalized = amount.startsWith('.') ? `0${amount}` : amount.replace(/\.$/, '')
        const balance = token ? token.quantity.numeric : chain.accountState.balance
        if (balance !== null && hasInsufficientBalance(balance, normalized)) {
          throw new KitError('INSUFFICIENT_BALANCE')
        }
        return request(
          {
            type: 'send/requested',
            payload: { namespace, from, to: intent.to, amount: normalized, token },
          },
          'send/succeeded',
        ).then(({ hash }) => ({ hash }))
      }),
    signMessage: (intent) => rejecting(() => sign(intent.namespace, intent.message, 'text')),

    signTypedData: (intent) =>
      rejecting(() => {
        let message: string
        try {
          message = JSON.stringify(intent.typedData, (_key, value: unknown) =>
            typeof value === 'bigint' ? value.toString() : value,
          )
        } catch (error) {
          throw new KitError('VALIDATION_FAILED', {
            cause: error,
            details: 'typedData is not JSON.',
          })
        }
        return sign(intent.namespace, message, 'typedData')
      }),
    loadMoreWallets: () => {
      const registry = state.walletRegistry
      if (
        registry.status !== 'ready' ||
        registry.loadingPage !== null ||
        registry.pages * LIMITS.walletPageSize >= registry.count
      ) {
        return
      }
      append({
        type: 'walletRegistry/requested',
        payload: { kind: 'page', page: registry.pages + 1 },
        correlationId: env.ids.next(),
      })
    },
    searchWallets: (query) => {
      const trimmed = query.trim().slice(0, 100)
      if (trimmed === state.walletRegistry.query) return
      append({ type: 'walletRegistry/searchChanged', payload: { query: trimmed } })
    },
    showSnack: (message, variant) =>
      void append({ type: 'snack/requested', payload: { message, variant } }),
    hideSnack: () => void append({ type: 'snack/hidden', payload: {} }),
    showAlert: (message) => void append({ type: 'alert/shown', payload: { message } }),
    dismissAlert: () => void append({ type: 'alert/dismissed', payload: {} }),
    shake: () => void append({ type: 'modal/shakeStarted', payload: {} }),

    addSignInSession: (session) => {
      if (!state.options.siwx) throw new KitError('SIWX_NOT_ENABLED')
      append({
        type: 'siwx/sessionAdded',
        payload: { session: parseOrThrow(siwxSessionSchema, session) },
      })
    },
    cancelSignIn: async () => {
      if (state.options.siwx?.required) {
        await kit.disconnect()
      } else {
        append({ type: 'modal/closed', payload: {} })
      }
      append({ type: 'router/reset', payload: { view: 'Connect' } })
    },
    requestEmailLogin: (email) => {
      parseOrThrow(emailSchema, email)
      const seconds = emailCooldownSeconds(state.embeddedWallet.lastEmailRequestAt, env.clock.now())
      if (seconds > 0) throw new KitError('EMAIL_LOGIN_COOLDOWN', { params: { seconds } })
      append({ type: 'embeddedWallet/emailLoginRequested', payload: { email } })
    },

    isValidAddress: (namespace, address) =>
      plugins.get(namespace)?.schemas.address.safeParse(address).success ?? false,
    destroy: () => {
      if (destroyed) return
      destroyed = true
      for (const subscription of subscriptions) subscription.unsubscribe()
      for (const adapter of adapters.values()) adapter.destroy?.()
      for (const settle of [...pending.values()]) settle(new KitError('KIT_DESTROYED'))
      transitions$.complete()
      state$.complete()
    },
  }
  return kit
}
