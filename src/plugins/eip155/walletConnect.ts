import type { Subject } from 'rxjs'
import { type EIP1193Provider, getAddress, isAddress } from 'viem'
import {
  type ConnectParameters,
  type ConnectResult,
  KitError,
  type PluginContext,
  type PluginEventInput,
  parseCaipAddress,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import type { WalletConnect, WalletConnectParameters } from '../../walletconnect/index.js'
import { createNamespaceConnector, type NamespaceSessionChange } from '../kit/index.js'
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

/** `0x…` or `eip155:<chain>:0x…` to a checksummed address; `undefined` for anything else. */
function toAddress(value: unknown): `0x${string}` | undefined {
  if (typeof value !== 'string') return undefined
  const bare = value.startsWith('eip155:') ? parseCaipAddress(value)?.address : value
  return bare && isAddress(bare, { strict: false }) ? getAddress(bare) : undefined
}

/** The eip155 WalletConnect connector: the namespace connector plus an EIP-1193 view of it. @internal */
export type Eip155WalletConnect = ReturnType<typeof createEip155WalletConnect>

/**
 * The eip155 side of WalletConnect over the shared hub: the eip155 namespace (checksummed
 * accounts, chain ids read as wallets send them), the session's events as kernel events, the
 * session's connect result, and an EIP-1193 provider over the session so signing and sending
 * work as with any other wallet. Loaded on first use.
 * @internal
 */
export function createEip155WalletConnect(
  context: PluginContext,
  walletConnect: WalletConnect | WalletConnectParameters,
  chainIds: readonly number[],
  events$: Subject<PluginEventInput>,
) {
  const reportAccounts = (addresses: readonly string[]) => {
    const networkId = connector.session()?.networkId
    if (!networkId) return
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
  const onChange = (change: NamespaceSessionChange) => {
    if (change.type === 'ended') {
      events$.next({ type: 'wallet/disconnected', payload: { namespace: 'eip155' } })
    } else if (change.type === 'accounts') {
      reportAccounts(change.addresses)
    } else if (change.name === 'chainChanged') {
      const chainId = toEip155ChainId(change.data)
      if (chainId === undefined) return
      connector.follow(toEip155NetworkId(chainId))
      events$.next({
        type: 'network/changed',
        payload: { namespace: 'eip155', networkId: toEip155NetworkId(chainId) },
      })
    } else if (change.name === 'accountsChanged') {
      const addresses = Array.isArray(change.data) ? change.data.map(toAddress) : []
      if (addresses.length === 0 || addresses.some((address) => address === undefined)) return
      reportAccounts(addresses as `0x${string}`[])
    }
  }
  const connector = createNamespaceConnector(context, walletConnect, {
    namespace: 'eip155',
    networkIds: chainIds.map(toEip155NetworkId),
    methods: WALLET_CONNECT_METHODS,
    events: WALLET_CONNECT_EVENTS,
    emit: (event) => events$.next(event),
    toAccount: ({ reference, address }) => {
      const checksummed = toAddress(address)
      const chainId = toEip155ChainId(reference)
      return checksummed && chainId !== undefined
        ? { networkId: toEip155NetworkId(chainId), address: checksummed }
        : undefined
    },
    onChange,
  })

  const provider: EIP1193Provider = {
    request: (async ({ method, params }: { method: string; params?: unknown }) => {
      const live = connector.session()
      if (!live) throw new KitError('NOT_CONNECTED', { details: 'No WalletConnect session.' })
      if (method === 'eth_chainId') return `0x${chainIdOf(live.networkId).toString(16)}`
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') {
        return connector
          .accounts()
          .filter((account) => account.networkId === live.networkId)
          .map((account) => account.address)
      }
      const result = await connector.request({ method, params })
      if (method === 'wallet_switchEthereumChain' && connector.session() === live) {
        const [target] = Array.isArray(params) ? (params as { chainId?: unknown }[]) : []
        const chainId = toEip155ChainId(target?.chainId)
        if (chainId !== undefined) connector.follow(toEip155NetworkId(chainId))
      }
      return result
    }) as EIP1193Provider['request'],
    // Session events reach the kit through the hub, not through provider listeners.
    on: () => undefined,
    removeListener: () => undefined,
  }

  return {
    namespace: connector.namespace,
    /** Pairs (or, when `silent`, restores a stored session) and returns the session's account. */
    connect: async (parameters: ConnectParameters, signal: AbortSignal): Promise<ConnectResult> => {
      const session = await connector.connect(parameters, signal)
      return {
        caipAddress: `${session.networkId}:${session.addresses[0]}`,
        accounts: session.addresses.map((address) => ({
          caipAddress: `${session.networkId}:${address}` as const,
          type: 'eoa' as const,
        })),
        networkId: session.networkId,
        walletInfo: {
          name: session.peer.name,
          ...(session.peer.icon ? { icon: session.peer.icon } : {}),
        },
        recentWallet: { id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect' },
      }
    },
    disconnect: () => connector.disconnect(),
    /** An EIP-1193 provider whose wallet calls go through the session; `undefined` without one. */
    provider: (): EIP1193Provider | undefined => (connector.session() ? provider : undefined),
    preload: () => connector.preload(),
    destroy: () => connector.destroy(),
  }
}
