import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { CoreTypes, SignClientTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import { numberToHex } from 'viem'
import {
  createTestWallet,
  type TestWallet,
  type TestWalletParameters,
} from '../eip155/createTestWallet.js'

/**
 * What {@link createRemoteTestWallet} needs: the relay to reach the site through, plus the keys
 * and local nodes of the wallet behind it (as for `createTestWallet`).
 * @example
 * const parameters: RemoteTestWalletParameters = {
 *   relayUrl: relay.url,
 *   privateKeys: [ANVIL_KEYS[3]],
 *   chains: [{ id: 31337, rpcUrl: anvil.url }],
 * }
 */
export interface RemoteTestWalletParameters extends TestWalletParameters {
  /** The WalletConnect relay's WebSocket URL (a local relay from `startRelay`). */
  readonly relayUrl: string
  /** The project id sent to the relay; a local relay ignores it. */
  readonly projectId?: string
  /** What the site sees about the wallet; a clearly labelled test wallet by default. */
  readonly metadata?: CoreTypes.Metadata
}

/**
 * A wallet on another device, as far as the site can tell: a WalletConnect v2 wallet on its own
 * sign-client core that pairs from a URI, approves eip155 sessions and answers session requests
 * with a real {@link TestWallet} (real signatures, real transactions on the local node).
 * @example
 * const remote = await createRemoteTestWallet({ relayUrl, privateKeys, chains })
 * await remote.pair(uriShownByTheModal)
 * await remote.disconnect() // the site sees the session end
 * await remote.close()
 */
export interface RemoteTestWallet {
  /** The wallet behind the session: its addresses, failure switches and request log. */
  readonly wallet: TestWallet
  /** Mutable: when true, session proposals are declined with USER_REJECTED. */
  rejectProposals: boolean
  /** Pairs with a `wc:` URI; proposals arriving on it are answered as configured. */
  pair(uri: string): Promise<void>
  /** Topics of the sessions the wallet holds. */
  sessions(): string[]
  /** Session proposals received so far. */
  readonly proposals: number
  /** The last proposal received (its required and optional CAIP-25 namespaces), if any. */
  readonly lastProposal: SignClientTypes.EventArguments['session_proposal']['params'] | undefined
  /** Switches the wallet's account and tells every session (accountsChanged). */
  switchAccount(index: number): Promise<void>
  /** Switches the wallet's chain and tells every session (chainChanged). */
  switchChain(chainId: number): Promise<void>
  /** Ends every session from the wallet's side, as a user pressing "disconnect" in the wallet. */
  disconnect(): Promise<void>
  /** Closes the relay socket and stops the heartbeat. Idempotent. */
  close(): Promise<void>
}

type Client = Awaited<ReturnType<typeof SignClient.init>>

/** The values of both lists, once each, in order of first appearance. */
const union = (left: readonly string[] = [], right: readonly string[] = []): string[] => [
  ...new Set([...left, ...right]),
]

/** A JSON-RPC error as a session response carries it. */
function toRpcError(error: unknown): { code: number; message: string } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return {
    code: typeof code === 'number' ? code : -32603,
    message: typeof message === 'string' ? message : 'Internal error',
  }
}

/**
 * Starts a remote test wallet on its own sign-client core (own storage prefix, in-memory
 * storage), connected to `relayUrl`. Session chains are the requested eip155 chains the wallet
 * knows; every request is answered by a {@link TestWallet} switched to the request's chain.
 * @example
 * import { startRelay } from '@gangway/server'
 * import { createRemoteTestWallet } from '@gangway/kit/testing/node'
 * const relay = await startRelay()
 * const remote = await createRemoteTestWallet({ relayUrl: relay.url, privateKeys: [key], chains })
 * @param parameters - the relay URL, keys and chains, optional metadata.
 * @returns the running wallet.
 * @throws Error when the keys or chains are invalid (as `createTestWallet`) or the relay cannot be reached.
 */
export async function createRemoteTestWallet(
  parameters: RemoteTestWalletParameters,
): Promise<RemoteTestWallet> {
  const wallet = createTestWallet({ ...parameters, authorized: false })
  const known = new Set(parameters.chains.map((chain) => chain.id))
  const client: Client = await SignClient.init({
    projectId: parameters.projectId ?? 'gangway-local',
    relayUrl: parameters.relayUrl,
    customStoragePrefix: `gangway-remote-wallet-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
    metadata: parameters.metadata ?? {
      name: 'Gangway Remote Test Wallet',
      description: 'A test wallet that signs with development keys',
      url: 'https://gangway.invalid',
      icons: [],
    },
  })
  let proposals = 0
  let lastProposal: SignClientTypes.EventArguments['session_proposal']['params'] | undefined
  let closed = false
  /** Requests run one at a time: each may switch the wallet to its chain first. */
  let queue: Promise<unknown> = Promise.resolve()

  const onProposal = async ({ id, params }: SignClientTypes.EventArguments['session_proposal']) => {
    proposals += 1
    lastProposal = params
    const required = params.requiredNamespaces.eip155
    const optional = params.optionalNamespaces?.eip155
    const requested = union(required?.chains, optional?.chains)
    const chains = requested.filter((chain) => known.has(Number(chain.split(':')[1])))
    // CAIP-25: what a dapp requires must all be approved, or the proposal declined. Newer
    // sign-client folds required into optional; older dapps (sign-client 2.10 to 2.2x,
    // UniversalProvider) send them apart.
    const unsupportedNamespace = Object.keys(params.requiredNamespaces).some(
      (key) => key !== 'eip155',
    )
    const unsupportedChain = (required?.chains ?? []).some((chain) => !chains.includes(chain))
    try {
      if (unsupportedNamespace) {
        await client.reject({ id, reason: getSdkError('UNSUPPORTED_NAMESPACE_KEY') })
        return
      }
      if (unsupportedChain) {
        await client.reject({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
        return
      }
      if (remote.rejectProposals || chains.length === 0) {
        throw Object.assign(new Error('declined'), { code: 4001 })
      }
      // Authorizing asks the wallet's user; `rejectRequests` on the wallet declines here too.
      const [address] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as [
        `0x${string}`,
      ]
      const { acknowledged } = await client.approve({
        id,
        namespaces: {
          eip155: {
            chains,
            accounts: chains.map((chain) => `${chain}:${address}`),
            // The union of what is required and what is optional, as sign-client checks it.
            methods: union(required?.methods, optional?.methods),
            events: union(required?.events, optional?.events),
          },
        },
      })
      await acknowledged()
    } catch (error) {
      await client.reject({
        id,
        reason: toRpcError(error).code === 4001 ? getSdkError('USER_REJECTED') : toRpcError(error),
      })
    }
  }

  const onRequest = ({ topic, id, params }: SignClientTypes.EventArguments['session_request']) => {
    queue = queue.then(async () => {
      const chainId = Number(params.chainId.split(':')[1])
      try {
        if (!known.has(chainId)) {
          throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
        }
        wallet.switchChain(chainId)
        const { method, params: requestParams } = params.request
        const result = await wallet.provider.request({
          method,
          params: requestParams,
        } as Parameters<TestWallet['provider']['request']>[0])
        await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
        if (method === 'wallet_switchEthereumChain') await emitChain()
      } catch (error) {
        await client.respond({ topic, response: { id, jsonrpc: '2.0', error: toRpcError(error) } })
      }
    })
  }

  const currentChain = async (): Promise<number> =>
    Number(await wallet.provider.request({ method: 'eth_chainId' }))

  const emitToSessions = async (name: string, data: unknown, chainId: number) => {
    await Promise.all(
      client.session.keys.map((topic) =>
        client.emit({ topic, chainId: `eip155:${chainId}`, event: { name, data } }),
      ),
    )
  }
  const emitChain = async () => {
    const chainId = await currentChain()
    await emitToSessions('chainChanged', numberToHex(chainId), chainId)
  }

  client.on('session_proposal', (event) => void onProposal(event))
  client.on('session_request', onRequest)

  const remote: RemoteTestWallet = {
    wallet,
    rejectProposals: false,
    get proposals() {
      return proposals
    },
    get lastProposal() {
      return lastProposal
    },
    pair: async (uri) => {
      await client.core.pairing.pair({ uri })
    },
    sessions: () => [...client.session.keys],
    switchAccount: async (index) => {
      wallet.switchAccount(index)
      const address = wallet.addresses[index]
      await emitToSessions('accountsChanged', [address], await currentChain())
    },
    switchChain: async (chainId) => {
      wallet.switchChain(chainId)
      await emitChain()
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
