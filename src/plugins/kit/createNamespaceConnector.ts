import {
  type CaipNetworkId,
  CancelledError,
  type ConnectParameters,
  KitError,
  type Namespace,
  type ParsedCaipAddress,
  type PluginContext,
  type PluginEventInput,
  parseCaipAddress,
} from '../../kernel/index.js'
import {
  createWalletConnect,
  type WalletConnect,
  type WalletConnectNamespace,
  type WalletConnectParameters,
  type WalletConnectSessionEvent,
} from '../../walletconnect/index.js'

/** One account of a session in the connector's namespace, as the plugin reads it. */
export interface NamespaceSessionAccount {
  /** The CAIP-2 network the wallet approved the account on. */
  readonly networkId: CaipNetworkId
  /** The address as the kit writes it (checksummed, decoded: whatever the plugin's schema expects). */
  readonly address: string
}

/**
 * The connection a {@link NamespaceConnector} made: the network the kit follows, the accounts the
 * wallet approved in the namespace, and what the wallet says about itself (cleaned by the hub).
 */
export interface NamespaceSession {
  /** The network the kit follows in the session; {@link NamespaceConnector.follow} moves it. */
  readonly networkId: CaipNetworkId
  /** Every account of the namespace the wallet approved, in the wallet's order. */
  readonly accounts: readonly NamespaceSessionAccount[]
  /** The addresses on `networkId` when the session was made, in the wallet's order (never empty). */
  readonly addresses: readonly string[]
  /** The wallet's name (never empty) and its icon, if it sent a safe one. */
  readonly peer: { readonly name: string; readonly icon?: string }
}

/**
 * What the live session tells the connector's namespace, while it is connected: the accounts on
 * the followed network after a `session_update` (only when there are some), a wallet event on one
 * of the namespace's chains, or the end of the session (the wallet disconnected, or it expired).
 */
export type NamespaceSessionChange =
  | {
      readonly type: 'accounts'
      readonly networkId: CaipNetworkId
      readonly addresses: readonly string[]
    }
  | {
      readonly type: 'event'
      /** The CAIP-2 chain the wallet names; unchecked. */
      readonly chainId: string
      readonly name: string
      /** What the wallet sent: untrusted, check it before use. */
      readonly data: unknown
    }
  | { readonly type: 'ended' }

/**
 * Parameters of {@link createNamespaceConnector}: the plugin's CAIP-25 namespace and how its
 * accounts read.
 * @example
 * const parameters: NamespaceConnectorParameters = {
 *   namespace: 'toychain',
 *   networkIds: ['toychain:main'],
 *   methods: ['toy_sign'],
 *   events: [],
 *   emit: (event) => events$.next(event),
 *   toAccount: ({ networkId, address }) => (/^ty[0-9a-f]{38}$/.test(address) ? { networkId, address } : undefined),
 * }
 */
export interface NamespaceConnectorParameters {
  /** The CAIP-2 namespace the plugin serves, e.g. `solana`. */
  readonly namespace: Namespace
  /** The networks to propose (CAIP-2), in the site's order; the visitor's pick goes first. */
  readonly networkIds: readonly CaipNetworkId[]
  /** The JSON-RPC methods the plugin will request. */
  readonly methods: readonly string[]
  /** The session events the plugin listens to. */
  readonly events: readonly string[]
  /** Reports the pairing URI (`walletConnect/pairingCreated`); the plugin's report stream. */
  readonly emit: (event: PluginEventInput) => void
  /**
   * One of the session's CAIP-10 accounts in the namespace as the plugin reads it, or
   * `undefined` to drop it: a wallet may send anything, so check the address (and normalise the
   * network id where the family has several spellings of one).
   */
  toAccount(account: ParsedCaipAddress): NamespaceSessionAccount | undefined
  /** Receives the live session's changes (see {@link NamespaceSessionChange}). */
  readonly onChange?: (change: NamespaceSessionChange) => void
}

/** Parameters of {@link NamespaceConnector.request}. */
export interface NamespaceRequest {
  readonly method: string
  readonly params?: unknown
  /** The CAIP-2 chain to ask on; the followed network by default. */
  readonly networkId?: CaipNetworkId
}

/**
 * One plugin's side of WalletConnect over the hub: its CAIP-25 namespace in every proposal, the
 * session's accounts in it read by the plugin's rules, its requests and its session changes.
 */
export interface NamespaceConnector {
  /** The namespace's part of every proposal, and where the hub sends its session events. */
  readonly namespace: WalletConnectNamespace
  /**
   * Pairs, or reuses the live session, or (`silent`) restores a stored one, then follows the
   * visitor's network (`networkId`), else the kit's (`currentNetworkId`), else the first one the
   * wallet approved.
   * @throws NOT_CONNECTED (no account in the namespace, or silent with nothing stored),
   * USER_REJECTED, CANCELLED (aborted), SOMETHING_WENT_WRONG (the relay did not answer)
   */
  connect(
    parameters: Pick<
      ConnectParameters,
      'networkId' | 'currentNetworkId' | 'silent' | 'reusePendingPairing'
    >,
    signal: AbortSignal,
  ): Promise<NamespaceSession>
  /** The live connection; `undefined` before a connect and after the session ended. */
  session(): NamespaceSession | undefined
  /** Follows another network of the live session (the wallet switched to it). */
  follow(networkId: CaipNetworkId): void
  /** The live session's accounts in the namespace now (after any `session_update`). */
  accounts(): readonly NamespaceSessionAccount[]
  /**
   * Asks the wallet through the live session.
   * @throws NOT_CONNECTED without a live session carrying the namespace
   */
  request(request: NamespaceRequest): Promise<unknown>
  /** Ends the session with the wallet, for every namespace in it. */
  disconnect(): Promise<void>
  /** Starts sign-client ahead of a connect (the pointer rests on WalletConnect). */
  preload(): void
  /** Forgets the session; destroys the hub too when the connector made it. */
  destroy(): void
}

const notConnected = () => new KitError('NOT_CONNECTED', { details: 'No WalletConnect session.' })

/**
 * The WalletConnect connector of a chain plugin, over the hub a site shares between its plugins
 * (`createWalletConnect`) or one of its own: the plugin gives its CAIP-25 namespace (networks,
 * methods, events) and how a session account reads; pairing, restoring, the choice of network,
 * requests, session updates and the end of the session are the same for every family. Load it
 * with the plugin's WalletConnect code, never at start (see `createLazyAdapter`).
 * @example
 * import { createNamespaceConnector } from '@gangway/kit/plugin-kit'
 * const connector = createNamespaceConnector(context, hub, {
 *   namespace: 'toychain', networkIds: ['toychain:main'], methods: ['toy_sign'], events: [],
 *   emit: (event) => events$.next(event),
 *   toAccount: ({ networkId, address }) => ({ networkId, address }),
 * })
 * const { addresses } = await connector.connect({ silent: false }, signal)
 * @param context - the plugin's context (its clock times pairings, its project id stands in).
 * @param walletConnect - the shared hub, or parameters for a hub of this connector's own.
 * @param parameters - the namespace, its proposal, how accounts read, where changes go.
 * @returns the connector.
 * @see /docs/walletconnect.md#the-namespace-connector
 */
export function createNamespaceConnector(
  context: PluginContext,
  walletConnect: WalletConnect | WalletConnectParameters,
  parameters: NamespaceConnectorParameters,
): NamespaceConnector {
  const { namespace, emit, onChange } = parameters
  const owned = 'relayUrl' in walletConnect
  const hub = owned ? createWalletConnect(walletConnect) : walletConnect
  /** The live connection; its `networkId` moves with `follow`. */
  let live: { -readonly [TKey in keyof NamespaceSession]: NamespaceSession[TKey] } | undefined

  /** A session's accounts in the namespace, each read by the plugin, malformed ones dropped. */
  const read = (accounts: readonly string[]): NamespaceSessionAccount[] =>
    accounts.flatMap((account) => {
      const parsed = parseCaipAddress(account)
      const read = parsed?.namespace === namespace ? parameters.toAccount(parsed) : undefined
      return read ? [read] : []
    })

  const onSessionEvent = (event: WalletConnectSessionEvent) => {
    const current = live
    if (!current) return
    if (event.type === 'ended') {
      live = undefined
      onChange?.({ type: 'ended' })
    } else if (event.type === 'updated') {
      const addresses = read(event.accounts)
        .filter((account) => account.networkId === current.networkId)
        .map((account) => account.address)
      if (addresses.length > 0)
        onChange?.({ type: 'accounts', networkId: current.networkId, addresses })
    } else {
      onChange?.({ type: 'event', chainId: event.chainId, name: event.name, data: event.data })
    }
  }
  const contribution: WalletConnectNamespace = {
    namespace,
    proposal: () => ({
      chains: parameters.networkIds,
      methods: parameters.methods,
      events: parameters.events,
    }),
    onSessionEvent,
  }
  if (owned) hub.register(contribution, context)

  return {
    namespace: contribution,
    connect: async ({ networkId, currentNetworkId, silent, reusePendingPairing }, signal) => {
      const approved = await hub.connect(
        {
          namespace,
          networkId,
          silent,
          reusePendingPairing,
          onPairing: (pairing) => emit({ type: 'walletConnect/pairingCreated', payload: pairing }),
        },
        signal,
      )
      // A connect the kit cancelled meanwhile (the visitor picked another wallet) must not
      // become the session the kit follows.
      if (signal.aborted) throw new CancelledError({ details: 'The connect was cancelled.' })
      // A session serves every network it approved: it starts on the one the visitor picked, else
      // on the kit's current one (the network chosen before a reload comes back with the session).
      const start = networkId ?? currentNetworkId
      const accounts = read(approved.accounts)
      const chosen = accounts.find((account) => account.networkId === start) ?? accounts[0]
      if (!chosen) {
        throw new KitError('NOT_CONNECTED', {
          details: `The session has no ${namespace} account.`,
        })
      }
      live = {
        networkId: chosen.networkId,
        accounts,
        addresses: accounts
          .filter((account) => account.networkId === chosen.networkId)
          .map((account) => account.address),
        peer: approved.peer,
      }
      return live
    },
    session: () => live,
    follow: (networkId) => {
      if (live) live.networkId = networkId
    },
    accounts: () => read(hub.getAccounts(namespace)),
    request: async ({ method, params, networkId }) => {
      const chainId = networkId ?? live?.networkId
      if (!chainId) throw notConnected()
      return hub.request({ namespace, chainId, method, params })
    },
    disconnect: async () => {
      live = undefined
      await hub.disconnect()
    },
    preload: () => hub.preload(),
    destroy: () => {
      live = undefined
      if (owned) hub.destroy()
    },
  }
}
