// First: the Solana libraries below expect a global Buffer, which browsers lack.
import './bufferGlobal.js'
import type { Subject } from 'rxjs'
import {
  type ConnectParameters,
  KitError,
  type PluginContext,
  type PluginEventInput,
  parseCaipAddress,
  toPlainText,
  toSafeImageUrl,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import {
  createWalletConnect,
  type WalletConnect,
  type WalletConnectNamespace,
  type WalletConnectParameters,
  type WalletConnectSessionEvent,
} from '../../walletconnect/index.js'
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

/** A session's solana accounts (CAIP-10) as `{ networkId, address }`, malformed entries dropped. */
function sessionAccounts(accounts: readonly string[]) {
  return accounts.flatMap((account) => {
    const parsed = parseCaipAddress(account)
    return parsed?.namespace === 'solana' && decodeSolanaAddress(parsed.address)
      ? [{ networkId: parsed.networkId as string, address: parsed.address }]
      : []
  })
}

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
  const owned = 'relayUrl' in walletConnect
  const hub = owned ? createWalletConnect(walletConnect) : walletConnect
  let listeners = new Set<(addresses: readonly string[]) => void>()
  let current: { networkId: string } | null = null

  const onSessionEvent = (event: WalletConnectSessionEvent) => {
    if (!current) return
    if (event.type === 'ended') {
      current = null
      for (const listener of [...listeners]) listener([])
      return
    }
    if (event.type === 'updated') {
      const live = current
      const addresses = sessionAccounts(event.accounts)
        .filter((account) => account.networkId === live.networkId)
        .map((account) => account.address)
      if (addresses.length > 0) for (const listener of [...listeners]) listener(addresses)
    }
  }
  const namespace: WalletConnectNamespace = {
    namespace: 'solana',
    proposal: () => ({
      chains: networks.map((network) => network.id),
      methods: SOLANA_WALLET_CONNECT_METHODS,
      events: [],
    }),
    onSessionEvent,
  }
  if (owned) hub.register(namespace, context)

  return {
    namespace,
    connect: async ({ networkId, silent, reusePendingPairing }, signal) => {
      const approved = await hub.connect(
        {
          namespace: 'solana',
          networkId,
          silent,
          reusePendingPairing,
          onPairing: (pairing) =>
            events$.next({ type: 'walletConnect/pairingCreated', payload: pairing }),
        },
        signal,
      )
      const accounts = sessionAccounts(approved.accounts)
      const chosen = accounts.find((account) => account.networkId === networkId) ?? accounts[0]
      if (!chosen)
        throw new KitError('NOT_CONNECTED', { details: 'The session has no solana account.' })
      current = { networkId: chosen.networkId }
      listeners = new Set()
      const icon = approved.peer.icon ? toSafeImageUrl(approved.peer.icon) : undefined
      const session: SolanaWalletSession = {
        connectorId: WALLET_CONNECT_CONNECTOR_ID,
        name: toPlainText(approved.peer.name) || 'WalletConnect',
        icon,
        supports: (network) => accounts.some((account) => account.networkId === network.id),
        addresses: accounts
          .filter((account) => account.networkId === chosen.networkId)
          .map((account) => account.address),
        signAndSend: async (_address, transaction, network) => {
          const bytes = transaction.serialize({
            requireAllSignatures: false,
            verifySignatures: false,
          })
          const result = await hub.request({
            namespace: 'solana',
            chainId: network.id,
            method: 'solana_signAndSendTransaction',
            params: { transaction: Buffer.from(bytes).toString('base64') },
          })
          return signatureOf(result, 'solana_signAndSendTransaction')
        },
        signMessage: async (address, message) => {
          const result = await hub.request({
            namespace: 'solana',
            chainId: current?.networkId ?? chosen.networkId,
            method: 'solana_signMessage',
            params: { message: toBase58(message), pubkey: address },
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
        disconnect: async () => {
          current = null
          await hub.disconnect()
        },
      }
      return session
    },
    preload: () => hub.preload(),
    destroy: () => {
      current = null
      if (owned) hub.destroy()
    },
  }
}
