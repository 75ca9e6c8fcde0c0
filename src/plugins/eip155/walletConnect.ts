import type { Subject } from 'rxjs'
import { type EIP1193Provider, getAddress, isAddress } from 'viem'
import {
  type AccountEntry,
  type CaipAddress,
  CancelledError,
  type ConnectParameters,
  type ConnectResult,
  KitError,
  type PluginContext,
  type PluginEventInput,
  parseCaipAddress,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import {
  createWalletConnect,
  type WalletConnect,
  type WalletConnectNamespace,
  type WalletConnectParameters,
  type WalletConnectSessionEvent,
} from '../../walletconnect/index.js'
import { toEip155ChainId } from './chainIds.js'
import { chainIdOf, toEip155NetworkId } from './networks.js'

/** The JSON-RPC methods a session asks the wallet for. */
export const WALLET_CONNECT_METHODS = Object.freeze([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
] as const)

/** The session events the kit listens to. */
export const WALLET_CONNECT_EVENTS = Object.freeze(['accountsChanged', 'chainChanged'] as const)

/** The WalletConnect connector of the eip155 plugin. @internal */
export interface WalletConnectConnector {
  /** Pairs (or, when `silent`, restores a stored session) and returns the session's account. */
  connect(parameters: ConnectParameters, signal: AbortSignal): Promise<ConnectResult>
  /** Ends the session with the wallet. */
  disconnect(): Promise<void>
  /** An EIP-1193 provider whose wallet calls go through the session; `undefined` without one. */
  provider(): EIP1193Provider | undefined
  /** The eip155 part of every proposal, and where the hub sends the session's eip155 events. */
  readonly namespace: WalletConnectNamespace
  /** Starts loading sign-client (see `WalletConnect.preload`). */
  preload(): void
  /** Forgets the session; destroys the hub too when the plugin made it. */
  destroy(): void
}

/** `0x…` or `eip155:<chain>:0x…` to a checksummed address; `undefined` for anything else. */
function toAddress(value: unknown): `0x${string}` | undefined {
  if (typeof value !== 'string') return undefined
  const bare = value.startsWith('eip155:') ? parseCaipAddress(value)?.address : value
  return bare && isAddress(bare, { strict: false }) ? getAddress(bare) : undefined
}

/** An eip155 account of a session. */
interface SessionAccount {
  readonly chainId: number
  readonly address: `0x${string}`
}

/** A session's eip155 accounts (CAIP-10), checksummed, in the wallet's order. */
function sessionAccounts(accounts: readonly string[]): SessionAccount[] {
  return accounts.flatMap((account): SessionAccount[] => {
    const parsed = parseCaipAddress(account)
    const address = toAddress(parsed?.address)
    const chainId = toEip155ChainId(parsed?.reference)
    return parsed?.namespace === 'eip155' && address && chainId !== undefined
      ? [{ chainId, address }]
      : []
  })
}

const toCaip = ({ chainId, address }: SessionAccount): CaipAddress =>
  `${toEip155NetworkId(chainId)}:${address}`

/**
 * The eip155 side of WalletConnect over the shared hub: turns the session's eip155 accounts into
 * the kit's connect result and its events into kernel events, and exposes the session as an
 * EIP-1193 provider so signing and sending work as with any other wallet. Loaded on first use.
 * With WalletConnect parameters instead of a hub, it makes a hub of its own.
 * @internal
 */
export function createWalletConnectConnector(
  context: PluginContext,
  walletConnect: WalletConnect | WalletConnectParameters,
  chainIds: readonly number[],
  events$: Subject<PluginEventInput>,
): WalletConnectConnector {
  const owned = 'relayUrl' in walletConnect
  const hub = owned ? createWalletConnect(walletConnect) : walletConnect
  /** The chain the kit follows; `null` while eip155 is not connected through the hub. */
  let session: { chainId: number } | null = null

  const reportAccounts = (addresses: readonly `0x${string}`[]) => {
    if (!session) return
    const networkId = toEip155NetworkId(session.chainId)
    events$.next({
      type: 'account/changed',
      payload: {
        namespace: 'eip155',
        caipAddress: `${networkId}:${addresses[0]}`,
        accounts: addresses.map((address) => ({
          caipAddress: `${networkId}:${address}` as const,
          type: 'eoa' as const,
        })),
      },
    })
  }

  const onSessionEvent = (event: WalletConnectSessionEvent) => {
    if (!session) return
    if (event.type === 'ended') {
      session = null
      events$.next({ type: 'wallet/disconnected', payload: { namespace: 'eip155' } })
    } else if (event.type === 'updated') {
      const chainId = session.chainId
      const addresses = sessionAccounts(event.accounts)
        .filter((account) => account.chainId === chainId)
        .map((account) => account.address)
      if (addresses.length > 0) reportAccounts(addresses)
    } else if (event.name === 'chainChanged') {
      const chainId = toEip155ChainId(event.data)
      if (chainId === undefined) return
      session.chainId = chainId
      events$.next({
        type: 'network/changed',
        payload: { namespace: 'eip155', networkId: toEip155NetworkId(chainId) },
      })
    } else if (event.name === 'accountsChanged') {
      const addresses = Array.isArray(event.data) ? event.data.map(toAddress) : []
      if (addresses.length === 0 || addresses.some((address) => address === undefined)) return
      reportAccounts(addresses as `0x${string}`[])
    }
  }
  const namespace: WalletConnectNamespace = {
    namespace: 'eip155',
    proposal: () => ({
      chains: chainIds.map(toEip155NetworkId),
      methods: WALLET_CONNECT_METHODS,
      events: WALLET_CONNECT_EVENTS,
    }),
    onSessionEvent,
  }
  if (owned) hub.register(namespace, context)

  const provider: EIP1193Provider = {
    request: (async ({ method, params }: { method: string; params?: unknown }) => {
      const live = session
      if (!live) throw new KitError('NOT_CONNECTED', { details: 'No WalletConnect session.' })
      if (method === 'eth_chainId') return `0x${live.chainId.toString(16)}`
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') {
        return sessionAccounts(hub.getAccounts('eip155'))
          .filter((account) => account.chainId === live.chainId)
          .map((account) => account.address)
      }
      const result = await hub.request({
        namespace: 'eip155',
        chainId: toEip155NetworkId(live.chainId),
        method,
        params,
      })
      if (method === 'wallet_switchEthereumChain' && session === live) {
        const [target] = Array.isArray(params) ? (params as { chainId?: unknown }[]) : []
        const chainId = toEip155ChainId(target?.chainId)
        if (chainId !== undefined) live.chainId = chainId
      }
      return result
    }) as EIP1193Provider['request'],
    // Session events reach the kit through the hub, not through provider listeners.
    on: () => undefined,
    removeListener: () => undefined,
  }

  return {
    namespace,
    connect: async ({ networkId, currentNetworkId, silent, reusePendingPairing }, signal) => {
      const approved = await hub.connect(
        {
          namespace: 'eip155',
          networkId,
          silent,
          reusePendingPairing,
          onPairing: (pairing) =>
            events$.next({ type: 'walletConnect/pairingCreated', payload: pairing }),
        },
        signal,
      )
      // A connect the kit cancelled meanwhile (the visitor picked another wallet) must not
      // become the session the kit follows.
      if (signal.aborted) throw new CancelledError({ details: 'The connect was cancelled.' })
      // A session serves every network it approved: it starts on the one the visitor picked, else
      // on the kit's current one (the network chosen before a reload comes back with the session).
      const start = networkId ?? currentNetworkId
      const wanted = start ? chainIdOf(start) : undefined
      const accounts = sessionAccounts(approved.accounts)
      const chosen = accounts.find((account) => account.chainId === wanted) ?? accounts[0]
      if (!chosen) {
        throw new KitError('NOT_CONNECTED', { details: 'The session has no eip155 account.' })
      }
      session = { chainId: chosen.chainId }
      const entries: AccountEntry[] = accounts
        .filter((account) => account.chainId === chosen.chainId)
        .map((account) => ({ caipAddress: toCaip(account), type: 'eoa' }))
      return {
        caipAddress: toCaip(chosen),
        accounts: entries,
        networkId: toEip155NetworkId(chosen.chainId),
        walletInfo: {
          name: approved.peer.name,
          ...(approved.peer.icon ? { icon: approved.peer.icon } : {}),
        },
        recentWallet: { id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect' },
      }
    },

    disconnect: async () => {
      session = null
      await hub.disconnect()
    },

    provider: () => (session ? provider : undefined),

    preload: () => hub.preload(),

    destroy: () => {
      session = null
      if (owned) hub.destroy()
    },
  }
}
