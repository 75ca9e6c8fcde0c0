// First: the Solana libraries below expect a global Buffer, which browsers lack.
import './bufferGlobal.js'
import { Connection, PublicKey } from '@solana/web3.js'
import { type Subject, timer } from 'rxjs'
import {
  type AccountEntry,
  type BalanceResult,
  type CaipAddress,
  CancelledError,
  type ChainAdapter,
  KitError,
  type PluginContext,
  type PluginEventInput,
  parseCaipAddress,
  TIMINGS,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import { readBalances } from './balances.js'
import type { SolanaDiscovery } from './discovery.js'
import { toSolanaKitError } from './errors.js'
import type { SolanaNetwork } from './networks.js'
import { toBase58 } from './schemas.js'
import { prepareTransfer } from './transfer.js'
import { abortable, connectWallet, type SolanaWalletSession } from './wallet.js'
import type { SolanaWalletConnectConnector } from './walletConnect.js'

/** Re-exported so the plugin's eager part can map errors without shipping the mapping. @internal */
export { toSolanaKitError }

/** What the adapter needs beyond the kit's plugin context. */
export interface SolanaAdapterOptions {
  readonly networks: readonly SolanaNetwork[]
  /** How long a silent reconnect waits for its wallet to register (Wallet Standard wallets may load after the page). */
  readonly reconnectWaitMs: number
  /** The WalletConnect connector (id `walletConnect`), loaded on first use; absent without WalletConnect. */
  readonly walletConnect: (() => Promise<SolanaWalletConnectConnector>) | undefined
}

/** §9 embedded-wallet HTTP RPC timeout, applied to every node call so none waits forever. */
const RPC_TIMEOUT_MS = 10_000

/** The solana adapter, with what the plugin's sign-in needs beyond the ChainAdapter interface. @internal */
export interface SolanaAdapter extends ChainAdapter {
  /**
   * The connected wallet's `solana:signIn` with the input; `undefined` when the wallet does not
   * offer it (the sign-in then signs the same text as a message).
   */
  readonly walletSignIn: (
    connectorId: string,
    input: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
  ) => Promise<{ address: string; signedMessage: Uint8Array; signature: string } | undefined>
}

/**
 * The solana adapter: Wallet Standard and legacy wallets through {@link SolanaWalletSession},
 * reads through web3.js connections to each network's node, writes through the wallet.
 * @internal
 */
export function createSolanaAdapter(
  context: PluginContext,
  options: SolanaAdapterOptions,
  discovery: SolanaDiscovery,
  events$: Subject<PluginEventInput>,
): SolanaAdapter {
  const networks = new Map(options.networks.map((network) => [network.id as string, network]))
  const connections = new Map<string, Connection>()
  const balances = new Map<string, { at: number; value: BalanceResult }>()
  let generation = 0
  // Sends in flight, by signature: their confirmation answers the kit's receipt wait.
  const confirmations = new Map<string, Promise<'success' | 'reverted'>>()
  let session: (SolanaWalletSession & { networkId: string; detach: () => void }) | null = null

  const networkOf = (networkId: string): SolanaNetwork => {
    const network = networks.get(networkId)
    if (!network)
      throw new KitError('NETWORK_NOT_FOUND', { details: `${networkId} is not configured.` })
    return network
  }
  const connectionOf = (network: SolanaNetwork): Connection => {
    const url = network.rpcUrls[0]
    if (!url) throw new KitError('NETWORK_NOT_FOUND', { details: `${network.id} has no node URL.` })
    let connection = connections.get(url)
    if (!connection) {
      connection = new Connection(url, {
        commitment: 'confirmed',
        fetch: (input, init) =>
          fetch(input, { ...init, signal: AbortSignal.timeout(RPC_TIMEOUT_MS) }),
      })
      connections.set(url, connection)
    }
    return connection
  }
  const toCaip = (networkId: string, address: string) => `${networkId}:${address}` as CaipAddress
  const entries = (networkId: string, addresses: readonly string[]): AccountEntry[] =>
    addresses.map((address) => ({ caipAddress: toCaip(networkId, address), type: 'eoa' }))
  const forget = () => {
    generation += 1
    balances.clear()
  }
  const supports = (live: SolanaWalletSession, network: SolanaNetwork) => live.supports(network)
  const live = (connectorId: string) => {
    if (session?.connectorId !== connectorId) throw new KitError('NOT_CONNECTED')
    return session
  }

  const attach = (connected: SolanaWalletSession, networkId: string) => {
    const detach = connected.onChange((addresses) => {
      if (session?.connectorId !== connected.connectorId) return
      if (addresses.length === 0) {
        session.detach()
        session = null
        events$.next({ type: 'wallet/disconnected', payload: { namespace: 'solana' } })
        return
      }
      forget()
      events$.next({
        type: 'account/changed',
        payload: {
          namespace: 'solana',
          caipAddress: toCaip(session.networkId, addresses[0]!),
          accounts: entries(session.networkId, addresses),
        },
      })
    })
    session?.detach()
    session = Object.assign(connected, { networkId, detach })
  }

  /** A wallet that registers after the page (a slow extension) still reconnects silently, within a bound. */
  const awaitWallet = async (connectorId: string, signal: AbortSignal) => {
    const bounded = new AbortController()
    const stop = () => bounded.abort()
    signal.addEventListener('abort', stop, { once: true })
    const expiry = timer(options.reconnectWaitMs, context.env.scheduler).subscribe(stop)
    try {
      await discovery.whenRegistered(connectorId, bounded.signal)
    } catch {
      if (signal.aborted) throw new CancelledError()
      throw new KitError('NOT_CONNECTED', { details: `"${connectorId}" did not register in time.` })
    } finally {
      expiry.unsubscribe()
      signal.removeEventListener('abort', stop)
    }
  }

  const handleOf = async (connectorId: string, silent: boolean, signal: AbortSignal) => {
    try {
      return discovery.walletOf(connectorId)
    } catch (error) {
      if (!silent) throw error
      await awaitWallet(connectorId, signal)
      return discovery.walletOf(connectorId)
    }
  }

  return {
    connectors: discovery.listConnectors,

    connect: async (
      { connectorId, networkId, currentNetworkId, silent, reusePendingPairing },
      signal,
    ) => {
      const connected =
        connectorId === WALLET_CONNECT_CONNECTOR_ID && options.walletConnect
          ? await (await options.walletConnect()).connect(
              { networkId, silent, reusePendingPairing },
              signal,
            )
          : await connectWallet(await handleOf(connectorId, silent, signal), silent, signal)
      const [first] = connected.addresses
      if (!first) {
        throw new KitError('NOT_CONNECTED', {
          details: silent
            ? 'The wallet has not authorized the site.'
            : 'The wallet exposes no account.',
        })
      }
      // Solana wallets do not switch clusters: the site picks one the wallet declares, the
      // visitor's pick first, then where the kit already is, then the site's order.
      const wanted = networkId
        ? networkOf(networkId)
        : currentNetworkId && networks.has(currentNetworkId)
          ? networkOf(currentNetworkId)
          : undefined
      const network =
        wanted && supports(connected, wanted)
          ? wanted
          : options.networks.find((candidate) => supports(connected, candidate))
      if (!network) {
        throw new KitError('UNSUPPORTED_NETWORK', {
          details: 'The wallet supports none of the site’s networks.',
        })
      }
      attach(connected, network.id)
      return {
        caipAddress: toCaip(network.id, first),
        accounts: entries(network.id, connected.addresses),
        networkId: network.id,
        walletInfo: { name: connected.name, ...(connected.icon ? { icon: connected.icon } : {}) },
        recentWallet: { id: connectorId, name: connected.name },
      }
    },

    disconnect: async ({ connectorId }) => {
      const current = session?.connectorId === connectorId ? session : null
      current?.detach()
      if (current) session = null
      forget()
      await current?.disconnect()
    },

    switchNetwork: async ({ connectorId, networkId }) => {
      const current = live(connectorId)
      const network = networkOf(networkId)
      if (!supports(current, network)) {
        throw new KitError('UNSUPPORTED_NETWORK', {
          details: `The wallet does not support ${network.walletChain}.`,
        })
      }
      current.networkId = network.id
    },

    getBalance: async ({ caipAddress, networkId }, signal) => {
      const cached = balances.get(caipAddress)
      const now = context.env.clock.now()
      if (cached && now - cached.at < TIMINGS.nativeBalanceCacheMs) return cached.value
      const startedAt = generation
      const network = networkOf(networkId)
      const owner = new PublicKey(parseCaipAddress(caipAddress)?.address ?? '')
      const value = await abortable(
        readBalances(connectionOf(network), network, owner, context.settings.tokens),
        signal,
      )
      // A read that began before a send must not store its older answer.
      if (startedAt === generation) balances.set(caipAddress, { at: now, value })
      return value
    },

    send: async ({ connectorId, from, to, amount, token }, signal) => {
      const parsed = parseCaipAddress(from)
      if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
      const current = live(connectorId)
      const network = networkOf(parsed.networkId)
      const connection = connectionOf(network)
      const prepared = await abortable(
        prepareTransfer(
          connection,
          new PublicKey(parsed.address),
          new PublicKey(to),
          amount,
          token,
        ),
        signal,
      )
      // Past this point the wallet may already have signed: cancelling would lie to the visitor.
      const signature = await current.signAndSend(
        parsed.address,
        prepared.transaction,
        network,
        // For a wallet that only signs: the node checks the signed transaction before it lands.
        (signed) => connection.sendRawTransaction(signed),
      )
      forget()
      // Confirmation is bounded by the blockhash's lifetime (lastValidBlockHeight); then the kit
      // reads the balances again (§4 "Solana sends, then refreshes balances").
      const confirmation = connection
        .confirmTransaction(
          {
            signature,
            blockhash: prepared.blockhash,
            lastValidBlockHeight: prepared.lastValidBlockHeight,
          },
          'confirmed',
        )
        .then((result): 'success' | 'reverted' => {
          forget()
          events$.next({
            type: 'balance/invalidated',
            payload: { namespace: 'solana', caipAddress: from },
          })
          return result.value.err === null ? 'success' : 'reverted'
        })
      confirmations.set(signature, confirmation)
      confirmation.then(
        () => confirmations.delete(signature),
        () => confirmations.delete(signature),
      )
      return { hash: signature }
    },

    waitForTransaction: async ({ hash, networkId }, signal) => {
      const pending = confirmations.get(hash)
      if (pending) {
        return { status: await abortable(pending, signal) }
      }
      // Sent elsewhere or before a reload: what the node already knows, once.
      const status = await abortable(
        connectionOf(networkOf(networkId)).getSignatureStatus(hash, {
          searchTransactionHistory: true,
        }),
        signal,
      )
      const known = status.value
      if (!known?.confirmationStatus || known.confirmationStatus === 'processed') {
        throw new KitError('SOMETHING_WENT_WRONG', { details: `${hash} is not confirmed yet.` })
      }
      return { status: known.err === null ? 'success' : 'reverted' }
    },

    signMessage: async ({ connectorId, caipAddress, message }, signal) => {
      const parsed = parseCaipAddress(caipAddress)
      if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
      const signature = await abortable(
        live(connectorId).signMessage(parsed.address, new TextEncoder().encode(message)),
        signal,
      )
      return { signature: toBase58(signature) }
    },

    walletSignIn: async (connectorId, input, signal) => {
      const current = live(connectorId)
      if (!current.signIn) return undefined
      const signedIn = await abortable(current.signIn(input), signal)
      return { ...signedIn, signature: toBase58(signedIn.signature) }
    },

    watch: () => events$.asObservable(),

    destroy: () => {
      session?.detach()
      session = null
    },
  }
}
