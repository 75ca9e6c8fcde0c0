import type { CoreTypes } from '@walletconnect/types'
import {
  CancelledError,
  isPairingExpired,
  KitError,
  type PluginContext,
  TIMINGS,
  toPlainText,
  toSafeImageUrl,
  WALLET_ICON_MAX_LENGTH,
} from '../kernel/index.js'
import type { SignClientHub } from './createSignClientHub.js'

/**
 * Parameters of {@link createWalletConnect}: where the relay is and how the site's sign-client
 * keeps its keys.
 * @example
 * const parameters: WalletConnectParameters = { relayUrl: 'wss://relay.walletconnect.org', projectId: 'p' }
 */
export interface WalletConnectParameters {
  /** The relay's WebSocket URL, e.g. `wss://relay.walletconnect.org` or a local relay's. */
  readonly relayUrl: string
  /** The WalletConnect project id; the kit's `projectId` when omitted. */
  readonly projectId?: string
  /** What the wallet shows about the site; a minimal entry from the page's origin by default. */
  readonly metadata?: CoreTypes.Metadata
  /** Keeps this client's keys and sessions apart from other clients in the same page (`gangway` by default). */
  readonly storagePrefix?: string
  /** The key-value storage for keys and sessions; sign-client's default (IndexedDB, or a file in Node) otherwise. */
  readonly storage?: CoreTypes.Options['storage']
  /**
   * Whether to ask WalletConnect's Verify service to attest the page's origin to the wallet.
   * On by default only with WalletConnect's own relay: a self-hosted or local relay has no
   * Verify server, and sign-client would make the visitor wait 5 s for it on every connect and
   * request. Off, wallets see the origin as unverified, as they do when Verify is unreachable.
   */
  readonly verify?: boolean
}

/**
 * One namespace of a CAIP-25 session proposal: CAIP-2 chains, JSON-RPC methods and event names.
 * @example
 * const proposal: WalletConnectProposal = { chains: ['eip155:1'], methods: ['personal_sign'], events: [] }
 */
export interface WalletConnectProposal {
  /** CAIP-2 chain ids, e.g. `eip155:1`. */
  readonly chains: readonly string[]
  /** The JSON-RPC methods the site will request. */
  readonly methods: readonly string[]
  /** The session events the site listens to. */
  readonly events: readonly string[]
}

/**
 * What the live session tells a namespace: a wallet event on one of its chains, its accounts
 * after a `session_update`, or the end of the session (deleted by the wallet or expired).
 * @example
 * const event: WalletConnectSessionEvent = { type: 'event', chainId: 'eip155:1', name: 'chainChanged', data: '0x1' }
 */
export type WalletConnectSessionEvent =
  | {
      readonly type: 'event'
      /** The CAIP-2 chain the wallet names. */
      readonly chainId: string
      readonly name: string
      readonly data: unknown
    }
  | {
      readonly type: 'updated'
      /** The namespace's CAIP-10 accounts after the update. */
      readonly accounts: readonly string[]
    }
  | { readonly type: 'ended' }

/**
 * A chain plugin's part of the shared session: its CAIP-25 namespace and where the session's
 * events in that namespace go.
 * @example
 * const toy: WalletConnectNamespace = {
 *   namespace: 'toychain',
 *   proposal: () => ({ chains: ['toychain:main'], methods: ['toy_sign'], events: [] }),
 * }
 */
export interface WalletConnectNamespace {
  /** The CAIP-2 namespace, e.g. `eip155`. */
  readonly namespace: string
  /**
   * The namespace's proposal; `preferredNetworkId` is the network the visitor picked when this
   * namespace is the one connecting (the hub puts it first either way).
   */
  proposal(preferredNetworkId?: string): WalletConnectProposal
  /** Receives the live session's events, updates and end for this namespace. */
  readonly onSessionEvent?: (event: WalletConnectSessionEvent) => void
}

/**
 * A WalletConnect session as the hub describes it to plugins: no sign-client types.
 * @example
 * const session: WalletConnectSession = { topic: 't', accounts: ['eip155:1:0xabc'], peer: { name: 'Wallet' } }
 */
export interface WalletConnectSession {
  /** The session's topic. */
  readonly topic: string
  /** Every CAIP-10 account the wallet approved, in every namespace, in the wallet's order. */
  readonly accounts: readonly string[]
  /** What the wallet says about itself. */
  readonly peer: { readonly name: string; readonly icon?: string }
}

/**
 * Parameters of {@link WalletConnect.connect}.
 * @example
 * const parameters: WalletConnectConnectParameters = { namespace: 'eip155', silent: false, onPairing: console.log }
 */
export interface WalletConnectConnectParameters {
  /** The namespace connecting; the session must carry accounts in it. */
  readonly namespace: string
  /** The network the visitor picked (CAIP-2); proposed first in its namespace. */
  readonly networkId?: string | undefined
  /** Restore the live or a stored session without pairing; fails with `NOT_CONNECTED` when none carries the namespace. */
  readonly silent: boolean
  /** §4 (Telegram, iOS Safari): answer with the pending pairing, if unexpired, instead of a new one. */
  readonly reusePendingPairing?: boolean | undefined
  /** Receives the pairing URI to show; the connecting plugin reports it as `walletConnect/pairingCreated`. */
  readonly onPairing: (pairing: { readonly uri: string; readonly expiresAt: number }) => void
}

/**
 * Parameters of {@link WalletConnect.request}.
 * @example
 * const request: WalletConnectRequest = { namespace: 'eip155', chainId: 'eip155:1', method: 'personal_sign', params: ['0x68', '0xabc'] }
 */
export interface WalletConnectRequest {
  /** The namespace asking; the live session must carry it. */
  readonly namespace: string
  /** The CAIP-2 chain the request is for. */
  readonly chainId: string
  readonly method: string
  readonly params?: unknown
}

/**
 * The shared WalletConnect client of a site: one sign-client, one session carrying every
 * registered namespace. Pass it to each chain plugin (`eip155({ walletConnect })`).
 * @example
 * import { createWalletConnect } from '@gangway/kit/walletconnect'
 * const walletConnect = createWalletConnect({ relayUrl: 'wss://relay.walletconnect.org' })
 */
export interface WalletConnect {
  /**
   * Adds a namespace to every proposal from now on; `context` is the plugin's (its clock times
   * pairings, its `settings.projectId` stands in for a missing `projectId`). A plugin whose
   * WalletConnect code loads lazily passes a loader instead: the hub calls it before proposing.
   * @returns a function that removes the namespace again.
   */
  register(
    namespace: WalletConnectNamespace | (() => Promise<WalletConnectNamespace>),
    context: Pick<PluginContext, 'env' | 'settings'>,
  ): () => void
  /**
   * Finds or makes a session carrying `parameters.namespace`: the live session when it does, a
   * stored one when `silent`, otherwise a pairing proposing every registered namespace.
   * @throws NOT_CONNECTED (silent, nothing stored), USER_REJECTED (declined), CANCELLED (aborted)
   */
  connect(
    parameters: WalletConnectConnectParameters,
    signal: AbortSignal,
  ): Promise<WalletConnectSession>
  /**
   * Loads and starts sign-client (keys, storage) ahead of a connect: about half the time from
   * click to QR code. Called when the visitor's pointer rests on a WalletConnect wallet, never at
   * page load; harmless to repeat.
   */
  preload(): void
  /** The live session's CAIP-10 accounts in `namespace`; empty without a session. */
  getAccounts(namespace: string): readonly string[]
  /**
   * Sends a JSON-RPC request to the wallet through the live session.
   * @throws NOT_CONNECTED when no live session carries the namespace
   */
  request(request: WalletConnectRequest): Promise<unknown>
  /** Ends the live session with the wallet (`USER_DISCONNECTED`), for every namespace in it. */
  disconnect(): Promise<void>
  /** Removes listeners and closes the relay socket; later connects fail with `CANCELLED`. */
  destroy(): void
}

/** One {@link WalletConnect.register} call; `namespace` is set once a loader has answered. @internal */
export interface WalletConnectRegistration {
  namespace: WalletConnectNamespace | undefined
  readonly load: (() => Promise<WalletConnectNamespace>) | undefined
  readonly context: Pick<PluginContext, 'env' | 'settings'>
}

/**
 * Creates the WalletConnect hub a site shares between its chain plugins, so one session carries
 * every registered namespace. This module is tiny: sign-client loads on the first connect.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { eip155 } from '@gangway/kit/eip155'
 * import { createWalletConnect } from '@gangway/kit/walletconnect'
 * const walletConnect = createWalletConnect({ relayUrl: 'wss://relay.walletconnect.org', projectId: 'p' })
 * const kit = createKit({ plugins: [eip155({ walletConnect })] })
 * @param parameters - relay URL, project id, metadata, storage and the Verify switch.
 * @returns the hub.
 * @see /docs/walletconnect.md
 */
export function createWalletConnect(parameters: WalletConnectParameters): WalletConnect {
  const registrations = new Set<WalletConnectRegistration>()
  let hub: SignClientHub | undefined
  let loading: Promise<SignClientHub> | undefined
  let destroyed = false
  const load = () => {
    loading ??= import('./createSignClientHub.js').then((module) => {
      hub = module.createSignClientHub(parameters, registrations, {
        CancelledError,
        isPairingExpired,
        KitError,
        TIMINGS,
        toPlainText,
        toSafeImageUrl,
        WALLET_ICON_MAX_LENGTH,
      })
      if (destroyed) hub.destroy()
      return hub
    })
    return loading
  }
  return {
    register: (namespace, context) => {
      const registration: WalletConnectRegistration =
        typeof namespace === 'function'
          ? { namespace: undefined, load: namespace, context }
          : { namespace, load: undefined, context }
      registrations.add(registration)
      return () => registrations.delete(registration)
    },
    connect: async (request, signal) => (await load()).connect(request, signal),
    preload: () => {
      load().then(
        (loaded) => loaded.warm(),
        () => {
          // A failed download is retried by the connect that needs it.
          loading = undefined
        },
      )
    },
    getAccounts: (namespace) => hub?.getAccounts(namespace) ?? [],
    request: async (request) => (await load()).request(request),
    disconnect: async () => hub?.disconnect(),
    destroy: () => {
      destroyed = true
      hub?.destroy()
    },
  }
}
