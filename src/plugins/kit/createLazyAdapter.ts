import { Subject } from 'rxjs'
import {
  type ChainAdapter,
  type Connector,
  type ConnectParameters,
  type ConnectResult,
  createLoader,
  type Loader,
  type Namespace,
  type PluginContext,
  type PluginEventInput,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import type {
  WalletConnect,
  WalletConnectNamespace,
  WalletConnectParameters,
} from '../../walletconnect/index.js'

/**
 * The optional adapter methods that wait for the lazily loaded chain code (`connect` and
 * `disconnect` always do; `loadSiwx` and features' `capabilities` load chunks of their own, see
 * {@link LazyAdapterParameters.extend}).
 */
export type LazyAdapterMethod = Exclude<
  {
    [TName in keyof ChainAdapter]-?: NonNullable<ChainAdapter[TName]> extends (
      ...args: never[]
    ) => Promise<unknown>
      ? TName
      : never
  }[keyof ChainAdapter],
  'connect' | 'disconnect' | 'loadSiwx'
>

/**
 * The eager wallet discovery of a plugin: it runs when the kit starts, before any chain code, so
 * the modal lists wallets at once.
 */
export interface LazyAdapterDiscovery {
  /** The connectors found so far; later ones are reported as `connectors/discovered`. */
  listConnectors(): readonly Connector[]
  /** Stops listening for wallets. */
  destroy(): void
}

/** What a plugin's WalletConnect code gives {@link createLazyAdapter} once it has loaded. */
export interface LazyWalletConnectConnector {
  /** The plugin's part of every proposal, registered on a shared hub before it proposes. */
  readonly namespace: WalletConnectNamespace
  /** Starts sign-client ahead of a connect (the pointer rests on the WalletConnect wallet). */
  preload(): void
  /** Forgets the session; destroys the hub too when the plugin made it. */
  destroy(): void
}

/** Where the reports of a lazy adapter's parts go. */
export interface LazyAdapterTools {
  /** Becomes the adapter's `watch()`: discovery, the chain code and WalletConnect report here. */
  readonly events$: Subject<PluginEventInput>
}

/**
 * The WalletConnect part of {@link LazyAdapterParameters}. Connects with the WalletConnect
 * connector id go to the loaded adapter (which reaches the connector through the loader its
 * `load` receives), unless `session` connects without the chain code.
 */
export interface LazyAdapterWalletConnect<
  TAdapter extends ChainAdapter,
  TConnector extends LazyWalletConnectConnector,
> {
  /**
   * The site's shared hub (`createWalletConnect`), or parameters for a hub of the plugin's own
   * (made by the connector when its code loads). A shared hub gets the namespace registered now,
   * as a loader it calls before proposing, since another plugin's connect may propose it too.
   */
  readonly hub: WalletConnect | WalletConnectParameters
  /** Loads the plugin's WalletConnect code (sign-client comes with it) and builds its connector. */
  load(tools: LazyAdapterTools): Promise<TConnector>
  /**
   * Connects and disconnects WalletConnect without the chain code, so the QR code waits for
   * sign-client alone; the chain code then reaches the session through the connector.
   */
  readonly session?: {
    connect(
      connector: TConnector,
      parameters: ConnectParameters,
      signal: AbortSignal,
    ): Promise<ConnectResult>
    /** `adapter` is the chain code, if it has loaded meanwhile (it may follow the connection). */
    disconnect(connector: TConnector, adapter: TAdapter | undefined): Promise<void>
  }
}

/**
 * Parameters of {@link createLazyAdapter}: the parts that run at once and the loaders of the rest.
 * @example
 * const parameters: LazyAdapterParameters<ChainAdapter> = {
 *   namespace: 'toychain',
 *   discovery: () => ({ listConnectors: () => [], destroy: () => undefined }),
 *   load: async () => (await import('./adapter.js')).createToyAdapter(),
 *   methods: ['connect', 'disconnect', 'signMessage'],
 * }
 */
export interface LazyAdapterParameters<
  TAdapter extends ChainAdapter,
  TDiscovery extends LazyAdapterDiscovery = LazyAdapterDiscovery,
  TConnector extends LazyWalletConnectConnector = LazyWalletConnectConnector,
> {
  /** The plugin's namespace: the WalletConnect connector is listed under it. */
  readonly namespace: Namespace
  /** Builds the eager discovery (no chain library: its bytes are paid on every page). */
  discovery(tools: LazyAdapterTools): TDiscovery
  /**
   * Loads the chain code and builds the adapter; called on the first method that needs it (or
   * a `prepare`). It gets the discovery built at start and, when the plugin has WalletConnect,
   * the connector's loader.
   */
  load(
    tools: LazyAdapterTools & {
      readonly discovery: TDiscovery
      readonly walletConnect: Loader<TConnector> | undefined
    },
  ): Promise<TAdapter>
  /**
   * The optional adapter methods the plugin offers; each waits for the chain code, then calls
   * it. `connect` and `disconnect` are always offered.
   */
  readonly methods: readonly LazyAdapterMethod[]
  /** WalletConnect (connector id `walletConnect`), listed first; its code loads on first use. */
  readonly walletConnect?: LazyAdapterWalletConnect<TAdapter, TConnector> | undefined
  /**
   * Further methods that load code of their own (a sign-in chunk, a decoder). `adapter` is the
   * chain code's loader; `lazy(name)` is the method `name` waiting for it, as the kit calls it.
   */
  extend?(adapter: Loader<TAdapter>, lazy: LazyMethodOf): Partial<ChainAdapter>
}

/** An adapter method that waits for the chain code before it runs. */
export type LazyMethodOf = <TMethod extends LazyAdapterMethod | 'connect' | 'disconnect'>(
  name: TMethod,
) => NonNullable<ChainAdapter[TMethod]>

/**
 * A `ChainAdapter` whose chain library loads on first use: discovery runs at once, so wallets are
 * listed, and every method waits for the chain code the first time. WalletConnect, listed first
 * when configured, loads separately (only when the visitor picks it, rests the pointer on it, or
 * a stored session is restored). Code that arrives after the kit was destroyed is released at
 * once; `destroy` ends discovery, the chain code, the hub registration and WalletConnect, in
 * that order, then completes `watch()`.
 * @example
 * import { definePlugin } from '@gangway/kit'
 * import { createLazyAdapter } from '@gangway/kit/plugin-kit'
 * const adapter = (context) => createLazyAdapter(context, {
 *   namespace: 'toychain',
 *   discovery: ({ events$ }) => createToyDiscovery(events$),
 *   load: async ({ events$ }) => (await import('./adapter.js')).createToyAdapter(context, events$),
 *   methods: ['connect', 'disconnect', 'getBalance', 'signMessage'],
 * })
 * @param context - the plugin context `createAdapter` received.
 * @param parameters - the eager parts, the loaders and the methods offered.
 * @returns the adapter to return from `createAdapter`.
 * @see /docs/plugins.md#the-plugin-kit
 */
export function createLazyAdapter<
  TAdapter extends ChainAdapter,
  TDiscovery extends LazyAdapterDiscovery = LazyAdapterDiscovery,
  TConnector extends LazyWalletConnectConnector = LazyWalletConnectConnector,
>(
  context: PluginContext,
  parameters: LazyAdapterParameters<TAdapter, TDiscovery, TConnector>,
): ChainAdapter {
  const events$ = new Subject<PluginEventInput>()
  const tools: LazyAdapterTools = { events$ }
  const discovery = parameters.discovery(tools)
  const walletConnect = parameters.walletConnect
  const walletConnectConnector: Connector | undefined = walletConnect && {
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    type: 'EXTERNAL',
    namespace: parameters.namespace,
  }
  const isWalletConnect = (connectorId: string) =>
    walletConnect !== undefined && connectorId === WALLET_CONNECT_CONNECTOR_ID
  // Code that arrives after the kit was destroyed is released at once.
  let destroyed = false
  const connectorLoader =
    walletConnect &&
    createLoader(() =>
      walletConnect.load(tools).then((connector) => {
        if (destroyed) connector.destroy()
        return connector
      }),
    )
  const unregister =
    connectorLoader && walletConnect && !('relayUrl' in walletConnect.hub)
      ? walletConnect.hub.register(async () => (await connectorLoader.load()).namespace, context)
      : undefined
  const adapterLoader = createLoader(() =>
    parameters.load({ ...tools, discovery, walletConnect: connectorLoader }).then((adapter) => {
      if (destroyed) adapter.destroy?.()
      return adapter
    }),
  )
  const session = walletConnect?.session
  const lazy: LazyMethodOf = (name) =>
    (async (...args: unknown[]) => {
      const adapter = await adapterLoader.load()
      const method = adapter[name] as (...values: unknown[]) => Promise<unknown>
      return method.apply(adapter, args)
    }) as never
  const methods: Partial<ChainAdapter> = {}
  for (const name of parameters.methods) Object.assign(methods, { [name]: lazy(name) })
  const connect = lazy('connect')
  const disconnect = lazy('disconnect')
  return {
    ...methods,
    ...parameters.extend?.(adapterLoader, lazy),
    connectors: () => [
      ...(walletConnectConnector ? [walletConnectConnector] : []),
      ...discovery.listConnectors(),
    ],
    prepare: (connectorId) => {
      // Failures surface, and are retried, in the connect that needs the code (a loader
      // forgets a failed download).
      const viaWalletConnect = isWalletConnect(connectorId)
      if (!(viaWalletConnect && session)) adapterLoader.load().catch(() => undefined)
      if (viaWalletConnect && connectorLoader) {
        connectorLoader.load().then(
          (connector) => connector.preload(),
          () => undefined,
        )
      }
    },
    connect: async (request, signal) => {
      if (session && connectorLoader && isWalletConnect(request.connectorId))
        return session.connect(await connectorLoader.load(), request, signal)
      return connect(request, signal)
    },
    disconnect: async (request) => {
      if (session && connectorLoader && isWalletConnect(request.connectorId)) {
        const adapter = adapterLoader.current()
        return session.disconnect(await connectorLoader.load(), adapter)
      }
      return disconnect(request)
    },
    watch: () => events$.asObservable(),
    destroy: () => {
      destroyed = true
      discovery.destroy()
      adapterLoader.current()?.destroy?.()
      unregister?.()
      connectorLoader?.current()?.destroy()
      events$.complete()
    },
  }
}
