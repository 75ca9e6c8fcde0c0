import type { Subscription } from 'rxjs'
import type { Namespace } from '../caip.js'
import { type Connector, connectorSchema } from '../domain.js'
import type { Env } from '../env.js'
import { KitError } from '../errors/KitError.js'
import type { EventInput, EventSource } from '../events/types.js'
import { checkPluginEvent } from '../plugins/ingress.js'
import type { PluginSet } from '../plugins/registry.js'
import type { ChainAdapter, ChainPlugin, PluginEventInput } from '../plugins/types.js'
import { WALLET_ACCOUNTS_MAX } from '../rules/safeUrl.js'
import type { Capabilities } from '../state.js'

/** Parameters of {@link startPlugins}. */
export interface StartPluginsParameters {
  readonly plugins: PluginSet
  readonly env: Env
  readonly append: (input: EventInput, source: EventSource) => void
  readonly settings: {
    readonly projectId: string | undefined
    readonly tokens: readonly { readonly chainId: string }[]
    readonly analytics: boolean
  }
  /**
   * The registered feature, not loaded yet, whose event type a report has (a WalletConnect pairing
   * before its feature's code arrived): the report is held, with the plugin's later ones behind
   * it, until that feature has loaded.
   */
  readonly pendingFeatureOf: (type: string) => string | undefined
  readonly whenLoaded: (feature: string) => Promise<void>
}

/** What a plugin can do, read from the methods its adapter has. */
function capabilitiesOf(adapter: ChainAdapter): Capabilities {
  return {
    connect: true,
    disconnect: true,
    balances: typeof adapter.getBalance === 'function',
    send: typeof adapter.send === 'function',
    signMessage: typeof adapter.signMessage === 'function',
    switchNetwork: typeof adapter.switchNetwork === 'function',
  }
}

/**
 * A wallet-supplied list, cleaned item by item: a malformed connector (an extension announcing a
 * nameless wallet) is dropped and the others are kept, so one bad wallet never hides the rest.
 */
function cleanConnectors(connectors: readonly unknown[]): Connector[] {
  const kept: Connector[] = []
  for (const connector of connectors) {
    const parsed = connectorSchema.safeParse(connector)
    if (parsed.success) kept.push(parsed.data)
  }
  return kept
}

/**
 * Creates each plugin's adapter and registers its namespace (capabilities read from the adapter);
 * `listen()` then lists every plugin's connectors and listens to its wallet-side reports. Reports
 * are checked at ingress and stamped `plugin:<namespace>`; a malformed one is dropped and never
 * stops the kit. The two steps are apart so the kit can keep the state between them, which
 * depends on its options alone, as its first state (`kit.getInitialState()`): what a page finds
 * (announced wallets) is not known to a server rendering the same page.
 * @internal
 */
export function startPlugins(parameters: StartPluginsParameters): {
  readonly adapters: ReadonlyMap<Namespace, ChainAdapter>
  readonly subscriptions: readonly Subscription[]
  /** Lists each plugin's connectors and starts its reports, in registration order. Once. */
  listen(): void
} {
  const { plugins, env, append } = parameters
  const adapters = new Map<Namespace, ChainAdapter>()
  const subscriptions: Subscription[] = []
  const listeners: (() => void)[] = []
  for (const plugin of plugins.list) {
    const namespace = plugin.namespace
    const source = `plugin:${namespace}` as const
    let registered = false
    // Reports before the namespace is registered, or behind one waiting for its feature, keep
    // their order: a plugin's facts reach the log in the order it reported them.
    let backlog: PluginEventInput[] = []
    let holding: Promise<void> | undefined
    const deliver = (event: PluginEventInput) => {
      const cleaned =
        event.type === 'connectors/discovered'
          ? {
              ...event,
              payload: { ...event.payload, connectors: cleanConnectors(event.payload.connectors) },
            }
          : event.type === 'account/changed' &&
              (event.payload.accounts?.length ?? 0) > WALLET_ACCOUNTS_MAX
            ? {
                ...event,
                payload: {
                  ...event.payload,
                  accounts: event.payload.accounts!.slice(0, WALLET_ACCOUNTS_MAX),
                },
              }
            : event
      checkPluginEvent(plugin, cleaned)
      try {
        append(cleaned, source)
      } catch (error) {
        throw error instanceof KitError && error.plugin === undefined
          ? new KitError(error.code, { details: error.details, cause: error, plugin: namespace })
          : error
      }
    }
    // Reports are delivered one by one; a malformed one is dropped and never stops the kit (nor
    // the plugin that sent it: `emit` does not throw).
    const flush = () => {
      while (backlog.length > 0 && !holding) {
        const feature = parameters.pendingFeatureOf(backlog[0]!.type)
        if (feature) {
          holding = parameters.whenLoaded(feature).then(
            () => {
              holding = undefined
              flush()
            },
            () => {
              // The feature could not load: its report has nowhere to go, the later ones still do.
              holding = undefined
              backlog.shift()
              flush()
            },
          )
          return
        }
        const event = backlog.shift()!
        try {
          deliver(event)
        } catch {
          // A malformed wallet-side report is dropped; state stays as it was.
        }
      }
    }
    const emit = (event: PluginEventInput) => {
      backlog.push(event)
      if (registered) flush()
    }
    const adapter = plugin.createAdapter({
      env,
      emit,
      networks: plugin.networks,
      settings: {
        projectId: parameters.settings.projectId,
        tokens: parameters.settings.tokens.filter((token) =>
          token.chainId.startsWith(`${namespace}:`),
        ) as never,
        analytics: parameters.settings.analytics,
      },
    })
    adapters.set(namespace, adapter)
    append(registrationEvent(plugin, adapter), 'kit')
    // Reports made until `listen()` wait in the backlog, behind the connectors listed then.
    listeners.push(() => {
      registered = true
      const early = backlog
      backlog = []
      let listed: readonly unknown[] = []
      try {
        listed = adapter.connectors()
      } catch {
        // A plugin whose discovery throws lists nothing now; later discoveries still arrive.
      }
      const connectors = cleanConnectors(listed)
      if (connectors.length > 0) {
        backlog.push({ type: 'connectors/discovered', payload: { namespace, connectors } })
      }
      backlog.push(...early)
      flush()
      const watch = adapter.watch?.()
      if (watch) subscriptions.push(watch.subscribe((event) => emit(event)))
    })
  }
  return {
    adapters,
    subscriptions,
    listen: () => {
      for (const listen of listeners.splice(0)) listen()
    },
  }
}

/**
 * The `namespace/registered` event a plugin's registration appends: its networks, account types
 * and native token, and the capabilities its adapter's methods give it.
 * @internal
 */
export function registrationEvent(plugin: ChainPlugin, adapter: ChainAdapter): EventInput {
  return {
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
      capabilities: capabilitiesOf(adapter),
    },
  }
}
