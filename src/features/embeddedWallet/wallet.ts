/**
 * The embedded wallet a site configures once and hands to its chain plugins and to the
 * `embeddedWallet` feature: the wallet origin and project, and loaders. Everything that talks to
 * the frame loads on first use, so this is all a page pays for until its visitor picks email or
 * social login.
 * @module
 */
import type { Wallet } from '@wallet-standard/base'
import type { SchedulerLike } from 'rxjs'
import { type Connector, KitError, type Namespace } from '../../kernel/index.js'
import type { FrameClient, FrameHost } from './frameClient.js'

const CONNECTOR_NAME = 'Email and social login'

/** The id of the embedded wallet's AUTH connector in every namespace that lists it. */
export const EMBEDDED_WALLET_CONNECTOR_ID = 'auth'

/** Parameters of {@link createEmbeddedWallet}. */
export interface EmbeddedWalletParameters {
  /**
   * The wallet origin the Gangway server serves the frame on (`https://wallet.example`): an
   * origin of its own, never the site's.
   */
  readonly walletOrigin: string
  /** The site's project id on that server. */
  readonly projectId: string
  /** Where the frame is put; the page's document by default (tests pass a fake frame). */
  readonly host?: FrameHost
}

/** A minimal EIP-1193 provider: what the eip155 plugin uses of one. */
export interface EmbeddedEip1193Provider {
  request(arguments_: { readonly method: string; readonly params?: unknown }): Promise<unknown>
  on(event: string, listener: (...arguments_: unknown[]) => void): void
  removeListener(event: string, listener: (...arguments_: unknown[]) => void): void
}

/** A site's embedded wallet (see {@link createEmbeddedWallet}). */
export interface EmbeddedWallet {
  /** The wallet origin, exactly. */
  readonly walletOrigin: string
  /** The frame client, loaded and created on first call (one per wallet). */
  load(scheduler: SchedulerLike): Promise<FrameClient>
  /** The AUTH connector a plugin lists for this wallet. */
  connector(namespace: Namespace): Connector
  /** An EIP-1193 provider over the frame, for the eip155 plugin; its code loads on first request. */
  eip1193(scheduler: SchedulerLike): EmbeddedEip1193Provider
  /**
   * A Wallet Standard wallet over the frame, for the solana plugin (loaded with the plugin's
   * wallet code, when a visitor connects); never registered in the page.
   */
  solanaWallet(
    scheduler: SchedulerLike,
    networks: readonly { readonly id: string; readonly walletChain: string }[],
  ): Promise<Wallet>
}

/**
 * Configures the embedded (email and social login) wallet served by a Gangway server, for the
 * chain plugins (`eip155({ embeddedWallet })`) and the feature (`embeddedWallet({ wallet })`).
 * @example
 * import { createEmbeddedWallet, embeddedWallet } from '@gangway/kit/embedded-wallet'
 * import { eip155 } from '@gangway/kit/eip155'
 * const wallet = createEmbeddedWallet({ walletOrigin: 'https://wallet.example', projectId: 'p1' })
 * const kit = createKit({ plugins: [eip155({ embeddedWallet: wallet })], features: [embeddedWallet({ wallet })] })
 * @param parameters - the wallet origin and project id.
 * @returns the wallet.
 * @throws INVALID_APP_CONFIGURATION when `walletOrigin` is not an origin (scheme, host, port only).
 * @see /docs/embedded-wallet.md
 */
export function createEmbeddedWallet(parameters: EmbeddedWalletParameters): EmbeddedWallet {
  const { walletOrigin, projectId } = parameters
  let origin: string | undefined
  try {
    origin = new URL(walletOrigin).origin
  } catch {
    origin = undefined
  }
  if (origin !== walletOrigin || !/^https?:$/.test(new URL(walletOrigin).protocol)) {
    throw new KitError('INVALID_APP_CONFIGURATION', {
      details: 'walletOrigin must be an origin such as https://wallet.example (no path).',
    })
  }
  let client: Promise<FrameClient> | undefined
  let provider: EmbeddedEip1193Provider | undefined
  let solana: Promise<Wallet> | undefined
  const load = (scheduler: SchedulerLike) => {
    if (client) return client
    const loading = import('./frameClient.js').then((module) => {
      const host = parameters.host ?? module.createDocumentFrameHost()
      if (!host)
        throw new KitError('EMBEDDED_WALLET_LOAD_FAILED', { details: 'No document to frame in.' })
      return module.createFrameClient({ walletOrigin, projectId, scheduler, host })
    })
    client = loading
    // A failed load (no document) is tried again on the next use.
    loading.catch(() => {
      client = undefined
    })
    return loading
  }
  return {
    walletOrigin,
    load,
    connector: (namespace) => ({
      id: EMBEDDED_WALLET_CONNECTOR_ID,
      name: CONNECTOR_NAME,
      type: 'AUTH',
      namespace,
    }),
    solanaWallet: (scheduler, networks) => {
      if (solana) return solana
      const loading = Promise.all([load(scheduler), import('./solana.js')]).then(
        ([frame, module]) => module.createEmbeddedSolanaWallet(frame, networks, CONNECTOR_NAME),
      )
      solana = loading
      loading.catch(() => {
        solana = undefined
      })
      return loading
    },
    eip1193: (scheduler) => {
      if (provider) return provider
      const listeners = new Map<string, Set<(...arguments_: unknown[]) => void>>()
      const emit = (event: string, ...data: unknown[]) => {
        for (const listener of listeners.get(event) ?? []) listener(...data)
      }
      let bridge: Promise<Pick<EmbeddedEip1193Provider, 'request'>> | undefined
      const loadBridge = () => {
        if (bridge) return bridge
        const loading = Promise.all([load(scheduler), import('./eip1193.js')]).then(
          ([frame, module]) => module.createEip155Bridge(frame, emit),
        )
        bridge = loading
        loading.catch(() => {
          bridge = undefined
        })
        return loading
      }
      provider = {
        request: async (arguments_) => (await loadBridge()).request(arguments_),
        on: (event, listener) => {
          const set = listeners.get(event) ?? new Set()
          set.add(listener)
          listeners.set(event, set)
        },
        removeListener: (event, listener) => {
          listeners.get(event)?.delete(listener)
        },
      }
      return provider
    },
  }
}
