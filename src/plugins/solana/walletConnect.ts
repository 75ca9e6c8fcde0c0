// First: the Solana libraries below expect a global Buffer, which browsers lack.
import './bufferGlobal.js'
import type { Subject } from 'rxjs'
import {
  type ConnectParameters,
  KitError,
  type PluginContext,
  type PluginEventInput,
  toPlainText,
  toSafeImageUrl,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import type {
  WalletConnect,
  WalletConnectNamespace,
  WalletConnectParameters,
} from '../../walletconnect/index.js'
import { createNamespaceConnector } from '../kit/index.js'
import type { SolanaNetwork } from './networks.js'
import { decodeSolanaAddress, fromBase58, toBase58 } from './schemas.js'
import type { SolanaWalletSession } from './wallet.js'

/** The JSON-RPC methods a session asks the wallet for (WalletConnect's Solana namespace). */
export const SOLANA_WALLET_CONNECT_METHODS = Object.freeze([
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const)

/** The Solana side of WalletConnect over the shared hub. @internal */
export interface SolanaWalletConnectConnector {
  /** The solana part of every proposal, and where the hub sends the session's solana events. */
  readonly namespace: WalletConnectNamespace
  /** Pairs (or, when `silent`, restores a stored session) and returns the session as a wallet. */
  connect(
    parameters: Pick<ConnectParameters, 'networkId' | 'silent' | 'reusePendingPairing'>,
    signal: AbortSignal,
  ): Promise<SolanaWalletSession>
  /** Starts loading sign-client ahead of a connect. */
  preload(): void
  /** Forgets the session; destroys the hub too when the plugin made it. */
  destroy(): void
}

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

function signatureOf(result: unknown, method: string): string {
  const signature = (result as { signature?: unknown } | null)?.signature
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) {
    throw new KitError('UNKNOWN_ERROR', {
      details: `The wallet answered ${method} with an unexpected value.`,
    })
  }
  return signature
}

/**
 * Contributes the `solana` CAIP-25 namespace (the site's clusters, the three Solana methods) to
 * the shared hub and turns a session into a {@link SolanaWalletSession}, so sends and signing go
 * through the same adapter code as a browser wallet. Loaded on first use.
 * @internal
 */
export function createSolanaWalletConnectConnector(
  context: PluginContext,
  walletConnect: WalletConnect | WalletConnectParameters,
  networks: readonly SolanaNetwork[],
  events$: Subject<PluginEventInput>,
): SolanaWalletConnectConnector {
  let listeners = new Set<(addresses: readonly string[]) => void>()
  const tell = (addresses: readonly string[]) => {
    for (const listener of [...listeners]) listener(addresses)
  }
  const connector = createNamespaceConnector(context, walletConnect, {
    namespace: 'solana',
    networkIds: networks.map((network) => network.id),
    methods: SOLANA_WALLET_CONNECT_METHODS,
    events: [],
    emit: (event) => events$.next(event),
    toAccount: ({ networkId, address }) =>
      decodeSolanaAddress(address) ? { networkId, address } : undefined,
    onChange: (change) => {
      if (change.type === 'ended') tell([])
      else if (change.type === 'accounts') tell(change.addresses)
    },
  })

  return {
    namespace: connector.namespace,
    connect: async ({ networkId, silent, reusePendingPairing }, signal) => {
      const approved = await connector.connect({ networkId, silent, reusePendingPairing }, signal)
      listeners = new Set()
      const icon = approved.peer.icon ? toSafeImageUrl(approved.peer.icon) : undefined
      const session: SolanaWalletSession = {
        connectorId: WALLET_CONNECT_CONNECTOR_ID,
        name: toPlainText(approved.peer.name) || 'WalletConnect',
        icon,
        supports: (network) =>
          approved.accounts.some((account) => account.networkId === network.id),
        addresses: approved.addresses,
        signAndSend: async (_address, transaction, network) => {
          const bytes = transaction.serialize({
            requireAllSignatures: false,
            verifySignatures: false,
          })
          const result = await connector.request({
            method: 'solana_signAndSendTransaction',
            params: { transaction: Buffer.from(bytes).toString('base64') },
            networkId: network.id,
          })
          return signatureOf(result, 'solana_signAndSendTransaction')
        },
        signMessage: async (address, message) => {
          const result = await connector.request({
            method: 'solana_signMessage',
            params: { message: toBase58(message), pubkey: address },
            networkId: connector.session()?.networkId ?? approved.networkId,
          })
          const bytes = fromBase58(signatureOf(result, 'solana_signMessage'))
          if (bytes?.length !== 64)
            throw new KitError('UNKNOWN_ERROR', { details: 'Not a signature.' })
          return bytes
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
