import { randomUUID } from 'node:crypto'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import type { Keypair } from '@solana/web3.js'
import { SignClient } from '@walletconnect/sign-client'
import type { CoreTypes, SignClientTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
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
 * A Solana wallet on another device, as far as the site can tell: a WalletConnect v2 wallet that
 * approves the `solana` namespace and answers `solana_signMessage`, `solana_signTransaction` and
 * `solana_signAndSendTransaction` with a real {@link SolanaTestWallet}.
 * @example
 * const remote = await createRemoteSolanaTestWallet({ relayUrl, keypairs, networks })
 * await remote.pair(uriShownByTheModal)
 * await remote.close()
 */
export interface RemoteSolanaTestWallet {
  /** The wallet behind the session: addresses, failure switches and request log. */
  readonly wallet: SolanaTestWallet
  /** Mutable: when true, proposals are declined with USER_REJECTED. */
  rejectProposals: boolean
  /** The last proposal received, if any. */
  readonly lastProposal: SignClientTypes.EventArguments['session_proposal']['params'] | undefined
  /** Pairs with a `wc:` URI. */
  pair(uri: string): Promise<void>
  /** Switches the wallet's account and updates every session's accounts. */
  switchAccount(index: number): Promise<void>
  /** Ends every session from the wallet's side. */
  disconnect(): Promise<void>
  /** Closes the relay socket. Idempotent. */
  close(): Promise<void>
}

const METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']

/**
 * Starts a remote Solana test wallet on its own sign-client core (in-memory storage) connected to
 * `relayUrl`.
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
  const known = new Set(Object.keys(parameters.networks))
  const toBase58 = getBase58Decoder()
  const fromBase58 = getBase58Encoder()
  const client = await SignClient.init({
    projectId: 'gangway-local',
    relayUrl: parameters.relayUrl,
    customStoragePrefix: `gangway-remote-solana-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
    metadata: parameters.metadata ?? {
      name: 'Gangway Remote Solana Test Wallet',
      description: 'A test wallet that signs with development keys',
      url: 'https://gangway.invalid',
      icons: [],
    },
  })
  let lastProposal: RemoteSolanaTestWallet['lastProposal']
  let closed = false
  const call = async (request: Parameters<SolanaTestWallet['handle']>[0]) => {
    const answer = await wallet.handle(request)
    if (!answer.ok) throw answer.error
    return answer.result
  }
  const accountsFor = (chains: readonly string[], address: string) =>
    chains.map((chain) => `${chain}:${address}`)

  client.on('session_proposal', async ({ id, params }) => {
    lastProposal = params
    const requested = [
      ...(params.requiredNamespaces.solana?.chains ?? []),
      ...(params.optionalNamespaces?.solana?.chains ?? []),
    ].filter((chain, index, all) => known.has(chain) && all.indexOf(chain) === index)
    try {
      if (remote.rejectProposals || requested.length === 0)
        throw Object.assign(new Error('declined'), { code: 4001 })
      const { accounts } = (await call({ method: 'connect', silent: false })) as {
        accounts: { address: string }[]
      }
      const evmChains = [
        ...(params.requiredNamespaces.eip155?.chains ?? []),
        ...(params.optionalNamespaces?.eip155?.chains ?? []),
      ].filter((chain, index, all) => all.indexOf(chain) === index)
      const evm = params.optionalNamespaces?.eip155 ?? params.requiredNamespaces.eip155
      const { acknowledged } = await client.approve({
        id,
        namespaces: {
          solana: {
            chains: requested,
            accounts: accountsFor(requested, accounts[0]!.address),
            methods: METHODS,
            events: [],
          },
          ...(parameters.evmAccount && evm && evmChains.length > 0
            ? {
                eip155: {
                  chains: evmChains,
                  accounts: accountsFor(evmChains, parameters.evmAccount),
                  methods: evm.methods,
                  events: evm.events,
                },
              }
            : {}),
        },
      })
      await acknowledged()
    } catch {
      await client.reject({ id, reason: getSdkError('USER_REJECTED') })
    }
  })

  client.on('session_request', async ({ topic, id, params }) => {
    const request = params.request.params as Record<string, unknown>
    const address = wallet.addresses[0]!
    try {
      let result: unknown
      if (params.request.method === 'solana_signMessage') {
        const signed = await call({
          method: 'signMessage',
          address: String(request.pubkey),
          message: Buffer.from(fromBase58.encode(String(request.message))).toString('base64'),
        })
        result = { signature: toBase58.decode(Buffer.from(String(signed.signature), 'base64')) }
      } else if (params.request.method === 'solana_signAndSendTransaction') {
        const sent = await call({
          method: 'signAndSendTransaction',
          address,
          chain: params.chainId,
          transaction: String(request.transaction),
        })
        result = { signature: toBase58.decode(Buffer.from(String(sent.signature), 'base64')) }
      } else if (params.request.method === 'solana_signTransaction') {
        const signed = await call({
          method: 'signTransaction',
          address,
          chain: params.chainId,
          transaction: String(request.transaction),
        })
        result = { transaction: signed.signedTransaction }
      } else {
        throw { code: 4200, message: `Unsupported method ${params.request.method}` }
      }
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: unknown }
      await client.respond({
        topic,
        response: {
          id,
          jsonrpc: '2.0',
          error: { code: typeof code === 'number' ? code : -32603, message: String(message) },
        },
      })
    }
  })

  const remote: RemoteSolanaTestWallet = {
    wallet,
    rejectProposals: false,
    get lastProposal() {
      return lastProposal
    },
    pair: async (uri) => {
      await client.core.pairing.pair({ uri })
    },
    switchAccount: async (index) => {
      wallet.switchAccount(index)
      const address = parameters.keypairs[index]!.publicKey.toBase58()
      await Promise.all(
        client.session.getAll().map(async (session) => {
          const chains = session.namespaces.solana?.chains ?? []
          const { acknowledged } = await client.update({
            topic: session.topic,
            namespaces: {
              ...session.namespaces,
              solana: { ...session.namespaces.solana!, accounts: accountsFor(chains, address) },
            },
          })
          await acknowledged()
        }),
      )
    },
    disconnect: async () => {
      await Promise.all(
        client.session.keys.map((topic) =>
          client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') }),
        ),
      )
      wallet.disconnect()
    },
    close: async () => {
      if (closed) return
      closed = true
      client.core.heartbeat.stop()
      try {
        await client.core.relayer.transportClose()
      } catch {
        // Already closed.
      }
    },
  }
  return remote
}
