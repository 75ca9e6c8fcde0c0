import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import type { Keypair } from '@solana/web3.js'
import type { CoreTypes } from '@walletconnect/types'
import {
  createRemoteWallet,
  type RemoteWallet,
  type RemoteWalletNamespace,
} from '../walletconnect/createRemoteWallet.js'
import { createSolanaTestWallet, type SolanaTestWallet } from './createSolanaTestWallet.js'

/**
 * What {@link createRemoteSolanaTestWallet} needs: the relay, the keys, and a node per CAIP-2
 * cluster id the wallet serves.
 * @example
 * const parameters: RemoteSolanaTestWalletParameters = { relayUrl: relay.url, keypairs: [keypair], networks: { [node.networkId]: node.url } }
 */
export interface RemoteSolanaTestWalletParameters {
  /** The WalletConnect relay's WebSocket URL (a local relay from `startRelay`). */
  readonly relayUrl: string
  /** The keys the wallet holds; the first is current. */
  readonly keypairs: readonly Keypair[]
  /** Node URL per CAIP-2 cluster id (`solana:<genesis hash prefix>`). */
  readonly networks: Readonly<Record<`solana:${string}`, string>>
  /** What the site sees about the wallet; a clearly labelled test wallet by default. */
  readonly metadata?: CoreTypes.Metadata
  /**
   * Also approves the proposal's `eip155` namespace with this account (a multichain wallet), so
   * one pairing carries both families. Only the approval: eip155 requests are not answered.
   */
  readonly evmAccount?: `0x${string}`
}

/**
 * A Solana wallet on another device: a {@link RemoteWallet} serving the `solana` namespace with a
 * real {@link SolanaTestWallet}.
 * @example
 * const remote = await createRemoteSolanaTestWallet({ relayUrl, keypairs, networks })
 * await remote.pair(uriShownByTheModal)
 * await remote.close()
 */
export interface RemoteSolanaTestWallet extends RemoteWallet {
  /** The wallet behind the session: addresses, failure switches and request log. */
  readonly wallet: SolanaTestWallet
  /** Switches the wallet's account and updates every session's accounts. */
  switchAccount(index: number): Promise<void>
}

/** WalletConnect's Solana methods, as the wallet approves them. */
const METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']

/**
 * The `solana` namespace of a remote wallet, answered by a Solana test wallet: it approves the
 * proposed clusters among `networkIds` once the wallet connects, and answers
 * `solana_signMessage`, `solana_signTransaction` and `solana_signAndSendTransaction` (base58
 * signatures, base64 transactions, as WalletConnect's Solana namespace writes them).
 * @example
 * import { createRemoteWallet, createSolanaTestWallet, solanaRemoteNamespace } from '@gangway/kit/testing/node'
 * const wallet = createSolanaTestWallet({ keypairs, rpcUrls: { [node.networkId]: node.url } })
 * const remote = await createRemoteWallet({ relayUrl, namespaces: { solana: solanaRemoteNamespace(wallet, [node.networkId]) } })
 * @param wallet - the test wallet behind the namespace.
 * @param networkIds - the CAIP-2 clusters it serves.
 * @returns the namespace.
 */
export function solanaRemoteNamespace(
  wallet: SolanaTestWallet,
  networkIds: readonly string[],
): RemoteWalletNamespace {
  const toBase58 = getBase58Decoder()
  const fromBase58 = getBase58Encoder()
  const call = async (request: Parameters<SolanaTestWallet['handle']>[0]) => {
    const answer = await wallet.handle(request)
    if (!answer.ok) throw answer.error
    return answer.result
  }
  return {
    chains: networkIds,
    methods: METHODS,
    events: [],
    authorize: async () => {
      const { accounts } = (await call({ method: 'connect', silent: false })) as {
        accounts: { address: string }[]
      }
      return accounts[0]!.address
    },
    request: async ({ chainId, method, params }) => {
      const request = params as Record<string, unknown>
      const address = wallet.addresses[0]!
      if (method === 'solana_signMessage') {
        const signed = await call({
          method: 'signMessage',
          address: String(request.pubkey),
          message: Buffer.from(fromBase58.encode(String(request.message))).toString('base64'),
        })
        return { signature: toBase58.decode(Buffer.from(String(signed.signature), 'base64')) }
      }
      if (method === 'solana_signAndSendTransaction') {
        const sent = await call({
          method: 'signAndSendTransaction',
          address,
          chain: chainId,
          transaction: String(request.transaction),
        })
        return { signature: toBase58.decode(Buffer.from(String(sent.signature), 'base64')) }
      }
      if (method === 'solana_signTransaction') {
        const signed = await call({
          method: 'signTransaction',
          address,
          chain: chainId,
          transaction: String(request.transaction),
        })
        return { transaction: signed.signedTransaction }
      }
      throw { code: 4200, message: `Unsupported method ${method}` }
    },
    disconnect: () => wallet.disconnect(),
  }
}

/**
 * Starts a remote Solana test wallet: {@link createRemoteWallet} with the `solana` namespace of a
 * new `createSolanaTestWallet`, and with `evmAccount` an approval-only eip155 namespace.
 * @example
 * import { startRelay } from '@gangway/server'
 * import { createRemoteSolanaTestWallet } from '@gangway/kit/testing/node'
 * const relay = await startRelay()
 * const remote = await createRemoteSolanaTestWallet({ relayUrl: relay.url, keypairs, networks: { [node.networkId]: node.url } })
 * @param parameters - relay URL, keys, clusters and metadata.
 * @returns the running wallet.
 * @throws Error when no key or cluster is given or the relay cannot be reached.
 */
export async function createRemoteSolanaTestWallet(
  parameters: RemoteSolanaTestWalletParameters,
): Promise<RemoteSolanaTestWallet> {
  const wallet = createSolanaTestWallet({
    keypairs: parameters.keypairs,
    rpcUrls: parameters.networks,
  })
  const evmAccount = parameters.evmAccount
  const remote = await createRemoteWallet({
    relayUrl: parameters.relayUrl,
    metadata: parameters.metadata ?? {
      name: 'Gangway Remote Solana Test Wallet',
      description: 'A test wallet that signs with development keys',
      url: 'https://gangway.invalid',
      icons: [],
    },
    namespaces: {
      solana: solanaRemoteNamespace(wallet, Object.keys(parameters.networks)),
      ...(evmAccount ? { eip155: { authorize: async () => evmAccount } } : {}),
    },
  })
  return Object.assign(remote, {
    wallet,
    switchAccount: async (index: number) => {
      wallet.switchAccount(index)
      await remote.updateAccounts('solana', parameters.keypairs[index]!.publicKey.toBase58())
    },
  })
}
