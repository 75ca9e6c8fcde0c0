import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { CoreTypes, SignClientTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'

/**
 * A session request the remote wallet received, for one of a namespace's chains.
 * @example
 * const request: RemoteWalletRequest = { chainId: 'eip155:31337', method: 'personal_sign', params: ['0x68', '0xabc'] }
 */
export interface RemoteWalletRequest {
  /** The CAIP-2 chain the dapp asks on. */
  readonly chainId: string
  readonly method: string
  readonly params: unknown
}

/**
 * One CAIP-25 namespace of a remote wallet: which chains it approves, who authorizes the
 * session, and who answers its requests (a test wallet of the family).
 * @example
 * const approvalOnly: RemoteWalletNamespace = { authorize: async () => '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }
 */
export interface RemoteWalletNamespace {
  /**
   * The CAIP-2 chains the wallet serves; the proposed ones among them are approved. Without it,
   * every proposed chain of the namespace is (an account the wallet holds on any chain), and the
   * namespace alone does not make the wallet accept a proposal.
   */
  readonly chains?: readonly string[]
  /** The methods to approve; the union of the proposal's required and optional ones by default. */
  readonly methods?: readonly string[]
  /** The events to approve; the union of the proposal's required and optional ones by default. */
  readonly events?: readonly string[]
  /**
   * The wallet's user authorizes the site: resolves with the address to approve on every chain,
   * or rejects (with code 4001, as a user's "no") to decline the proposal.
   */
  authorize(): Promise<string>
  /** Answers a session request; without it, every request fails with 4200 (unsupported method). */
  request?(request: RemoteWalletRequest): Promise<unknown>
  /** Runs after an answer went out: a wallet tells its sessions about a switch the request made. */
  answered?(request: RemoteWalletRequest, remote: RemoteWallet): Promise<void>
  /** The wallet-side disconnect, after every session ended. */
  disconnect?(): void
}

/**
 * What {@link createRemoteWallet} needs: the relay, and the namespaces the wallet serves.
 * @example
 * const parameters: RemoteWalletParameters = {
 *   relayUrl: relay.url,
 *   namespaces: { eip155: eip155RemoteNamespace(wallet, [31337]) },
 * }
 */
export interface RemoteWalletParameters {
  /** The WalletConnect relay's WebSocket URL (a local relay from `startRelay`). */
  readonly relayUrl: string
  /** The project id sent to the relay; a local relay ignores it. */
  readonly projectId?: string
  /** What the site sees about the wallet; a clearly labelled test wallet by default. */
  readonly metadata?: CoreTypes.Metadata
  /** The CAIP-25 namespaces the wallet serves, by name (`eip155`, `solana`, ...). */
  readonly namespaces: Readonly<Record<string, RemoteWalletNamespace>>
}

/**
 * A wallet on another device, as far as the site can tell: a WalletConnect v2 wallet on its own
 * sign-client core that pairs from a URI, approves proposals namespace by namespace and answers
 * session requests through each namespace's test wallet.
 * @example
 * const remote = await createRemoteWallet({ relayUrl, namespaces })
 * await remote.pair(uriShownByTheModal)
 * await remote.disconnect() // the site sees the session end
 * await remote.close()
 */
export interface RemoteWallet {
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
  /** Sends a session event (`chainChanged`, `accountsChanged`, ...) on a CAIP-2 chain to every session. */
  emit(chainId: string, name: string, data: unknown): Promise<void>
  /** Approves `address` instead on the namespace's chains in every session carrying it (`session_update`). */
  updateAccounts(namespace: string, address: string): Promise<void>
  /** Ends every session from the wallet's side, as a user pressing "disconnect" in the wallet. */
  disconnect(): Promise<void>
  /** Closes the relay socket and stops the heartbeat. Idempotent. */
  close(): Promise<void>
}

type Client = Awaited<ReturnType<typeof SignClient.init>>
type Proposal = SignClientTypes.EventArguments['session_proposal']['params']

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

const declined = () => Object.assign(new Error('declined'), { code: 4001 })

/**
 * Starts a remote test wallet on its own sign-client core (own storage prefix, in-memory storage,
 * telemetry off), connected to `relayUrl`. A proposal is declined when it requires a namespace
 * the wallet does not serve or a chain it does not have (CAIP-25: all or nothing), or offers no
 * chain of a namespace the wallet serves; otherwise each namespace with proposed chains is
 * authorized and approved. Requests are answered one at a time, by the namespace of their chain.
 * @example
 * import { startRelay } from '@gangway/server'
 * import { createTestWallet } from '@gangway/kit/testing'
 * import { createRemoteWallet, eip155RemoteNamespace } from '@gangway/kit/testing/node'
 * const relay = await startRelay()
 * const wallet = createTestWallet({ privateKeys: [key], chains: [{ id: 31337, rpcUrl }] })
 * const remote = await createRemoteWallet({ relayUrl: relay.url, namespaces: { eip155: eip155RemoteNamespace(wallet, [31337]) } })
 * @param parameters - the relay URL, the namespaces, optional project id and metadata.
 * @returns the running wallet.
 * @throws Error when the relay cannot be reached.
 */
export async function createRemoteWallet(
  parameters: RemoteWalletParameters,
): Promise<RemoteWallet> {
  const namespaces = Object.entries(parameters.namespaces)
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
  let lastProposal: Proposal | undefined
  let closed = false
  /** Requests run one at a time, as a wallet shows one prompt at a time. */
  let queue: Promise<unknown> = Promise.resolve()

  const onProposal = async ({ id, params }: SignClientTypes.EventArguments['session_proposal']) => {
    proposals += 1
    lastProposal = params
    const offered = namespaces.map(([name, namespace]) => {
      const required = params.requiredNamespaces[name]
      const optional = params.optionalNamespaces?.[name]
      const requested = union(required?.chains, optional?.chains)
      const chains = namespace.chains
        ? requested.filter((chain) => namespace.chains!.includes(chain))
        : requested
      return { name, namespace, required, optional, chains }
    })
    // CAIP-25: what a dapp requires must all be approved, or the proposal declined. Newer
    // sign-client folds required into optional; older dapps (sign-client 2.10 to 2.2x,
    // UniversalProvider) send them apart.
    const unsupportedNamespace = Object.keys(params.requiredNamespaces).some(
      (key) => !(key in parameters.namespaces),
    )
    const unsupportedChain = offered.some(({ required, chains }) =>
      (required?.chains ?? []).some((chain) => !chains.includes(chain)),
    )
    try {
      if (unsupportedNamespace) {
        await client.reject({ id, reason: getSdkError('UNSUPPORTED_NAMESPACE_KEY') })
        return
      }
      if (unsupportedChain) {
        await client.reject({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
        return
      }
      const approving = offered.filter(({ chains }) => chains.length > 0)
      if (remote.rejectProposals || !approving.some(({ namespace }) => namespace.chains)) {
        throw declined()
      }
      const approved: Record<
        string,
        { chains: string[]; accounts: string[]; methods: string[]; events: string[] }
      > = {}
      for (const { name, namespace, required, optional, chains } of approving) {
        // Authorizing asks the wallet's user; a test wallet's `rejectRequests` declines here too.
        const address = await namespace.authorize()
        approved[name] = {
          chains,
          accounts: chains.map((chain) => `${chain}:${address}`),
          // The union of what is required and what is optional, as sign-client checks it.
          methods: [...(namespace.methods ?? union(required?.methods, optional?.methods))],
          events: [...(namespace.events ?? union(required?.events, optional?.events))],
        }
      }
      const { acknowledged } = await client.approve({ id, namespaces: approved })
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
      const request: RemoteWalletRequest = {
        chainId: params.chainId,
        method: params.request.method,
        params: params.request.params,
      }
      const namespace = parameters.namespaces[request.chainId.split(':')[0] ?? '']
      try {
        if (!namespace?.request) {
          throw { code: 4200, message: `Unsupported method ${request.method}` }
        }
        const result = await namespace.request(request)
        await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
        await namespace.answered?.(request, remote)
      } catch (error) {
        await client.respond({ topic, response: { id, jsonrpc: '2.0', error: toRpcError(error) } })
      }
    })
  }

  client.on('session_proposal', (event) => void onProposal(event))
  client.on('session_request', onRequest)

  const remote: RemoteWallet = {
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
    emit: async (chainId, name, data) => {
      await Promise.all(
        client.session.keys.map((topic) => client.emit({ topic, chainId, event: { name, data } })),
      )
    },
    updateAccounts: async (name, address) => {
      await Promise.all(
        client.session.getAll().map(async (session) => {
          const namespace = session.namespaces[name]
          if (!namespace) return
          const { acknowledged } = await client.update({
            topic: session.topic,
            namespaces: {
              ...session.namespaces,
              [name]: {
                ...namespace,
                accounts: (namespace.chains ?? []).map((chain) => `${chain}:${address}`),
              },
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
      for (const [, namespace] of namespaces) namespace.disconnect?.()
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
