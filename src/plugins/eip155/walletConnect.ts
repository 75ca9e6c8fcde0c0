import { SignClient } from '@walletconnect/sign-client'
import type { CoreTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import type { Subject } from 'rxjs'
import { type EIP1193Provider, getAddress, isAddress } from 'viem'
import {
  type AccountEntry,
  type CaipAddress,
  CancelledError,
  type ConnectParameters,
  type ConnectResult,
  isPairingExpired,
  KitError,
  type PluginContext,
  type PluginEventInput,
  parseCaipAddress,
  TIMINGS,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import { chainIdOf, toEip155NetworkId } from './networks.js'

/** Parameters of the eip155 WalletConnect connector (`eip155({ walletConnect })`). */
export interface WalletConnectParameters {
  /** The relay's WebSocket URL, e.g. `wss://relay.walletconnect.org` or a local relay's. */
  readonly relayUrl: string
  /** The WalletConnect project id; the kit's `projectId` when omitted. */
  readonly projectId?: string
  /** What the wallet shows about the site; a minimal entry from the page's origin by default. */
  readonly metadata?: CoreTypes.Metadata
  /** Keeps this client's keys and sessions apart from other clients in the same page (`gangway` by default). */
  readonly storagePrefix?: string
  /** The key-value storage for keys and sessions; sign-client's default (IndexedDB, or a file in Node) otherwise. */
  readonly storage?: CoreTypes.Options['storage']
  /**
   * Whether to ask WalletConnect's Verify service to attest the page's origin to the wallet.
   * On by default only with WalletConnect's own relay: a self-hosted or local relay has no
   * Verify server, and sign-client would make the visitor wait 5 s for it on every connect and
   * request. Off, wallets see the origin as unverified, as they do when Verify is unreachable.
   */
  readonly verify?: boolean
}

/** WalletConnect's hosted relays, the only ones that come with a Verify service. */
const HOSTED_RELAY = /(^|\.)(walletconnect\.org|walletconnect\.com|reown\.com)$/

/** Whether `relayUrl` is one of WalletConnect's hosted relays. */
function isHostedRelay(relayUrl: string): boolean {
  try {
    return HOSTED_RELAY.test(new URL(relayUrl).hostname)
  } catch {
    return false
  }
}

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
  /** Removes listeners and closes the relay socket. */
  destroy(): void
}

type Client = Awaited<ReturnType<typeof SignClient.init>>

/** `0x…` or `eip155:<chain>:0x…` to a checksummed address; `undefined` for anything else. */
function toAddress(value: unknown): `0x${string}` | undefined {
  if (typeof value !== 'string') return undefined
  const bare = value.startsWith('eip155:') ? parseCaipAddress(value)?.address : value
  return bare && isAddress(bare, { strict: false }) ? getAddress(bare) : undefined
}

/** A chain id as wallets send it (number, hex, decimal or CAIP-2) to a number. */
function toChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined
  if (typeof value !== 'string') return undefined
  const text = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value
  const parsed = /^0x[0-9a-f]+$/i.test(text)
    ? Number.parseInt(text, 16)
    : /^\d+$/.test(text)
      ? Number(text)
      : Number.NaN
  return Number.isSafeInteger(parsed) ? parsed : undefined
}

/** An eip155 account of a session. */
interface SessionAccount {
  readonly chainId: number
  readonly address: `0x${string}`
}

/** The session's eip155 accounts, checksummed, in the wallet's order. */
function sessionAccounts(session: SessionTypes.Struct): SessionAccount[] {
  return (session.namespaces.eip155?.accounts ?? []).flatMap((account): SessionAccount[] => {
    const parsed = parseCaipAddress(account)
    const address = toAddress(parsed?.address)
    const chainId = toChainId(parsed?.reference)
    return parsed?.namespace === 'eip155' && address && chainId !== undefined
      ? [{ chainId, address }]
      : []
  })
}

const toCaip = ({ chainId, address }: SessionAccount): CaipAddress =>
  `${toEip155NetworkId(chainId)}:${address}`

/**
 * The eip155 WalletConnect v2 connector on `@walletconnect/sign-client`: pairs through a URI the
 * kit shows (`walletConnect/pairingCreated`), restores a stored session without a new pairing,
 * turns session events into kernel events and exposes the session as an EIP-1193 provider so
 * signing and sending work as with any other wallet. Loaded on first use.
 * @internal
 */
export function createWalletConnectConnector(
  context: PluginContext,
  parameters: WalletConnectParameters,
  chainIds: readonly number[],
  events$: Subject<PluginEventInput>,
): WalletConnectConnector {
  let initializing: Promise<Client> | undefined
  let client: Client | undefined
  let destroyed = false
  let session: { topic: string; chainId: number } | null = null
  /** The pairing the wallet has not answered yet; §4 reuses it on Telegram and iOS Safari. */
  let pending: {
    uri: string
    expiresAt: number
    approval: Promise<SessionTypes.Struct>
  } | null = null

  const onEvent = ({ topic, params }: SignClientTypes.EventArguments['session_event']) => {
    if (!session || topic !== session.topic) return
    const { name, data } = params.event
    if (name === 'chainChanged') {
      const chainId = toChainId(data)
      if (chainId === undefined) return
      session.chainId = chainId
      events$.next({
        type: 'chain/changed',
        payload: { namespace: 'eip155', networkId: toEip155NetworkId(chainId) },
      })
    } else if (name === 'accountsChanged') {
      const addresses = Array.isArray(data) ? data.map(toAddress) : []
      if (addresses.length === 0 || addresses.some((address) => address === undefined)) return
      reportAccounts(addresses as `0x${string}`[])
    }
  }
  const onUpdate = ({ topic }: SignClientTypes.EventArguments['session_update']) => {
    if (!session || topic !== session.topic || !client) return
    const accounts = sessionAccounts(client.session.get(topic))
      .filter((account) => account.chainId === session?.chainId)
      .map((account) => account.address)
    if (accounts.length > 0) reportAccounts(accounts)
  }
  const onDelete = ({ topic }: { topic: string }) => {
    if (!session || topic !== session.topic) return
    session = null
    events$.next({ type: 'wallet/disconnected', payload: { namespace: 'eip155' } })
  }
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

  const projectId = parameters.projectId ?? context.settings.projectId
  const init = (): Promise<Client> => {
    initializing ??= SignClient.init({
      relayUrl: parameters.relayUrl,
      ...(projectId ? { projectId } : {}),
      customStoragePrefix: parameters.storagePrefix ?? 'gangway',
      telemetryEnabled: false,
      logger: 'silent',
      metadata: parameters.metadata ?? {
        name: 'Gangway',
        description: 'Connected with Gangway',
        url:
          (globalThis as { location?: { origin?: string } }).location?.origin ?? 'http://localhost',
        icons: [],
      },
      ...(parameters.storage ? { storage: parameters.storage } : {}),
    }).then(
      (created) => {
        if (destroyed) {
          void close(created)
          throw new CancelledError({ details: 'The kit was destroyed.' })
        }
        client = created
        if (!(parameters.verify ?? isHostedRelay(parameters.relayUrl))) {
          // Without an attestation the wallet treats the origin as unverified; asking for one
          // here would only load an iframe that never answers and stall for its 5 s timeout.
          created.core.verify.register = async () => undefined
        }
        created.on('session_event', onEvent)
        created.on('session_update', onUpdate)
        created.on('session_delete', onDelete)
        created.on('session_expire', onDelete)
        return created
      },
      (error: unknown) => {
        // A failed start (relay unreachable) is retried on the next connect.
        initializing = undefined
        throw error
      },
    )
    return initializing
  }

  /** Makes `approved` the live session and describes it for the kit. */
  const use = (approved: SessionTypes.Struct, wanted: number | undefined): ConnectResult => {
    const accounts = sessionAccounts(approved)
    const chosen = accounts.find((account) => account.chainId === wanted) ?? accounts[0]
    if (!chosen) {
      throw new KitError('NOT_CONNECTED', { details: 'The session has no eip155 account.' })
    }
    session = { topic: approved.topic, chainId: chosen.chainId }
    const entries: AccountEntry[] = accounts
      .filter((account) => account.chainId === chosen.chainId)
      .map((account) => ({ caipAddress: toCaip(account), type: 'eoa' }))
    const peer = approved.peer.metadata
    const name = peer.name || 'WalletConnect'
    return {
      caipAddress: toCaip(chosen),
      accounts: entries,
      networkId: toEip155NetworkId(chosen.chainId),
      walletInfo: { name, ...(peer.icons[0] ? { icon: peer.icons[0] } : {}) },
      recentWallet: { id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect' },
    }
  }

  const abortable = <TValue>(promise: Promise<TValue>, signal: AbortSignal): Promise<TValue> =>
    new Promise<TValue>((resolve, reject) => {
      const onAbort = () => reject(new CancelledError({ details: 'The connect was cancelled.' }))
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
    })

  const provider: EIP1193Provider = {
    request: (async ({ method, params }: { method: string; params?: unknown }) => {
      const live = session
      if (!live || !client)
        throw new KitError('NOT_CONNECTED', { details: 'No WalletConnect session.' })
      if (method === 'eth_chainId') return `0x${live.chainId.toString(16)}`
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') {
        return sessionAccounts(client.session.get(live.topic))
          .filter((account) => account.chainId === live.chainId)
          .map((account) => account.address)
      }
      const result = await client.request({
        topic: live.topic,
        chainId: `eip155:${live.chainId}`,
        request: { method, params },
      })
      if (method === 'wallet_switchEthereumChain' && session === live) {
        const [target] = Array.isArray(params) ? (params as { chainId?: unknown }[]) : []
        const chainId = toChainId(target?.chainId)
        if (chainId !== undefined) live.chainId = chainId
      }
      return result
    }) as EIP1193Provider['request'],
    // Session events reach the kit through the connector itself, not through provider listeners.
    on: () => undefined,
    removeListener: () => undefined,
  }

  return {
    connect: async ({ networkId, silent, reusePendingPairing }, signal) => {
      const wanted = networkId ? chainIdOf(networkId) : undefined
      const signClient = await abortable(init(), signal)
      if (silent) {
        const now = Math.floor(context.env.clock.now() / 1000)
        const restored = signClient.session
          .getAll()
          .filter((stored) => stored.expiry > now && sessionAccounts(stored).length > 0)
          .at(-1)
        if (!restored) {
          throw new KitError('NOT_CONNECTED', { details: 'No stored WalletConnect session.' })
        }
        return use(restored, wanted)
      }
      const reusable = pending
      if (
        reusePendingPairing &&
        reusable &&
        !isPairingExpired(reusable.expiresAt, context.env.clock.now())
      ) {
        events$.next({
          type: 'walletConnect/pairingCreated',
          payload: { uri: reusable.uri, expiresAt: reusable.expiresAt },
        })
        return use(await abortable(reusable.approval, signal), wanted)
      }
      const chains = (wanted === undefined ? chainIds : [wanted, ...chainIds])
        .filter((id, index, all) => all.indexOf(id) === index)
        .map((id) => `eip155:${id}`)
      const { uri, approval } = await abortable(
        signClient.connect({
          optionalNamespaces: {
            eip155: {
              chains,
              methods: [...WALLET_CONNECT_METHODS],
              events: [...WALLET_CONNECT_EVENTS],
            },
          },
        }),
        signal,
      )
      const approved = approval()
      if (uri) {
        const created = {
          uri,
          expiresAt: context.env.clock.now() + TIMINGS.pairingLifetimeMs,
          approval: approved,
        }
        pending = created
        const settle = () => {
          if (pending === created) pending = null
        }
        // Settled either way, the pairing is no longer pending; a rejection is handled below or
        // by whichever connect reuses it.
        approved.then(settle, settle)
        events$.next({
          type: 'walletConnect/pairingCreated',
          payload: { uri, expiresAt: created.expiresAt },
        })
      }
      return use(await abortable(approved, signal), wanted)
    },

    disconnect: async () => {
      const live = session
      session = null
      if (!live || !client?.session.keys.includes(live.topic)) return
      await client.disconnect({ topic: live.topic, reason: getSdkError('USER_DISCONNECTED') })
    },

    provider: () => (session ? provider : undefined),

    destroy: () => {
      destroyed = true
      session = null
      if (client) void close(client)
    },
  }

  async function close(closing: Client): Promise<void> {
    closing.off('session_event', onEvent)
    closing.off('session_update', onUpdate)
    closing.off('session_delete', onDelete)
    closing.off('session_expire', onDelete)
    closing.core.heartbeat.stop()
    try {
      await closing.core.relayer.transportClose()
    } catch {
      // Already closed.
    }
  }
}
