import type { Subject } from 'rxjs'
import {
  type ConnectParameters,
  type PluginContext,
  type PluginEventInput,
  toSafeImageUrl,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import type {
  WalletConnect,
  WalletConnectNamespace,
  WalletConnectParameters,
} from '../../walletconnect/index.js'
import { createNamespaceConnector } from '../kit/index.js'
import { decodeAccountId, type PolkadotAccount, toAddress } from './accounts.js'
import type { PolkadotNetwork } from './networks.js'
import { checkSignerResult, type PolkadotWalletSession } from './wallet.js'

/** The JSON-RPC methods a session asks the wallet for (WalletConnect's Polkadot namespace). */
export const POLKADOT_WALLET_CONNECT_METHODS = Object.freeze([
  'polkadot_signTransaction',
  'polkadot_signMessage',
] as const)

/** The Polkadot side of WalletConnect over the shared hub. @internal */
export interface PolkadotWalletConnectConnector {
  /** The polkadot part of every proposal, and where the hub sends the session's polkadot events. */
  readonly namespace: WalletConnectNamespace
  /** Pairs (or, when `silent`, restores a stored session) and returns the session as a wallet. */
  connect(
    parameters: Pick<
      ConnectParameters,
      'networkId' | 'currentNetworkId' | 'silent' | 'reusePendingPairing'
    >,
    signal: AbortSignal,
  ): Promise<PolkadotWalletSession>
  /** Starts loading sign-client ahead of a connect. */
  preload(): void
  /** Forgets the session; destroys the hub too when the plugin made it. */
  destroy(): void
}

/**
 * Contributes the `polkadot` CAIP-25 namespace (the site's networks by genesis-hash id, the two
 * Polkadot methods) to the shared hub and turns a session into a {@link PolkadotWalletSession}, so
 * sends and signing go through the same adapter code as an extension. Each account the wallet
 * approves is checked (SS58 checksum, a 32-byte account id) and written with its network's prefix.
 * Loaded on first use.
 * @internal
 */
export function createPolkadotWalletConnectConnector(
  context: PluginContext,
  walletConnect: WalletConnect | WalletConnectParameters,
  networks: readonly PolkadotNetwork[],
  events$: Subject<PluginEventInput>,
): PolkadotWalletConnectConnector {
  const byId = new Map(networks.map((network) => [network.id as string, network]))
  let listeners = new Set<(accounts: readonly PolkadotAccount[]) => void>()
  const tell = (accounts: readonly PolkadotAccount[]) => {
    for (const listener of [...listeners]) listener(accounts)
  }
  const toAccounts = (addresses: readonly string[]): PolkadotAccount[] =>
    addresses.flatMap((address) => {
      const accountId = decodeAccountId(address)
      return accountId ? [{ accountId, type: undefined, genesisHash: undefined }] : []
    })
  const connector = createNamespaceConnector(context, walletConnect, {
    namespace: 'polkadot',
    networkIds: networks.map((network) => network.id),
    methods: POLKADOT_WALLET_CONNECT_METHODS,
    events: [],
    emit: (event) => events$.next(event),
    toAccount: ({ networkId, address }) => {
      const network = byId.get(networkId)
      const accountId = decodeAccountId(address)
      return network && accountId
        ? { networkId, address: toAddress(accountId, network.ss58Prefix) }
        : undefined
    },
    onChange: (change) => {
      if (change.type === 'ended') tell([])
      else if (change.type === 'accounts') tell(toAccounts(change.addresses))
    },
  })

  return {
    namespace: connector.namespace,
    connect: async (parameters, signal) => {
      const approved = await connector.connect(parameters, signal)
      listeners = new Set()
      const icon = approved.peer.icon ? toSafeImageUrl(approved.peer.icon) : undefined
      const session: PolkadotWalletSession = {
        connectorId: WALLET_CONNECT_CONNECTOR_ID,
        name: approved.peer.name,
        icon,
        accounts: toAccounts(approved.addresses),
        supports: (network) =>
          approved.accounts.some((account) => account.networkId === network.id),
        signer: {
          signPayload: async (payload) => {
            const network = networks.find((entry) => entry.genesisHash === payload.genesisHash)
            const result = await connector.request({
              method: 'polkadot_signTransaction',
              params: { address: payload.address, transactionPayload: payload },
              ...(network ? { networkId: network.id } : {}),
            })
            return checkSignerResult(result, 'polkadot_signTransaction')
          },
          signRaw: async (raw) => {
            // WalletConnect's Polkadot namespace signs text: the message as the visitor reads it.
            const text = new TextDecoder().decode(
              Uint8Array.from(
                (raw.data.slice(2).match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)),
              ),
            )
            const result = await connector.request({
              method: 'polkadot_signMessage',
              params: { address: raw.address, message: text },
            })
            return checkSignerResult(result, 'polkadot_signMessage')
          },
        },
        onChange: (listener) => {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
        disconnect: () => connector.disconnect(),
      }
      return session
    },
    preload: () => connector.preload(),
    destroy: () => connector.destroy(),
  }
}
