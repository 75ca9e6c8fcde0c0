import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import type * as Kernel from '../kernel/index.js'
import { buildProposal } from './buildProposal.js'
import type {
  WalletConnect,
  WalletConnectParameters,
  WalletConnectRegistration,
  WalletConnectSession,
  WalletConnectSessionEvent,
} from './createWalletConnect.js'

/** The part of the hub that needs sign-client. @internal */
export type SignClientHub = Omit<WalletConnect, 'register' | 'preload'> & {
  /** Starts sign-client (keys, storage) so the next connect does not wait for it. */
  warm(): void
}

/**
 * The kernel values the hub needs, handed over by `createWalletConnect`. This chunk is loaded only
 * from lazy chunks, and a kernel import here makes Rolldown split kernel modules out of the entry
 * into small shared chunks: 0.9 KB more gzip before any click (bench/size.ts).
 * @internal
 */
export type SignClientHubKernel = Pick<
  typeof Kernel,
  | 'CancelledError'
  | 'isPairingExpired'
  | 'KitError'
  | 'TIMINGS'
  | 'toPlainText'
  | 'toSafeImageUrl'
  | 'WALLET_ICON_MAX_LENGTH'
>

type Client = Awaited<ReturnType<typeof SignClient.init>>

/** WalletConnect's hosted relays, the only ones that come with a Verify service. */
const HOSTED_RELAY = /(^|\.)(walletconnect\.org|walletconnect\.com|reown\.com)$/

function isHostedRelay(relayUrl: string): boolean {
  try {
    return HOSTED_RELAY.test(new URL(relayUrl).hostname)
  } catch {
    return false
  }
}

/** Every CAIP-10 account of a session; CAIP-25 allows namespace keys such as `eip155:1` too. */
const accountsOf = (session: SessionTypes.Struct): string[] =>
  Object.values(session.namespaces).flatMap((namespace) => namespace.accounts)

const inNamespace = (accounts: readonly string[], namespace: string): string[] =>
  accounts.filter((account) => account.startsWith(`${namespace}:`))

/** Only the first few icons are looked at: a peer may send thousands. */
const PEER_ICONS_READ = 8
/** A name is cleaned from this many code units at most: far more than the capped name needs. */
const PEER_NAME_READ_LIMIT = 1_024

/**
 * The session as plugins see it. The peer's metadata is whatever the wallet sent (a 100 KB name,
 * `javascript:` icons): its name is cleaned and capped with the kernel's `toPlainText`, and the
 * first `https:` or `data:image` icon within the cap is kept.
 */
const describeWith =
  (
    kernel: Pick<SignClientHubKernel, 'toPlainText' | 'toSafeImageUrl' | 'WALLET_ICON_MAX_LENGTH'>,
  ) =>
  (session: SessionTypes.Struct): WalletConnectSession => {
    const peer = (session.peer?.metadata ?? {}) as unknown as Partial<Record<string, unknown>>
    const name =
      typeof peer.name === 'string'
        ? kernel.toPlainText(peer.name.slice(0, PEER_NAME_READ_LIMIT))
        : ''
    const icons = Array.isArray(peer.icons) ? peer.icons.slice(0, PEER_ICONS_READ) : []
    const icon = icons
      .map((candidate) =>
        typeof candidate === 'string' && candidate.length <= kernel.WALLET_ICON_MAX_LENGTH
          ? kernel.toSafeImageUrl(candidate)
          : undefined,
      )
      .find(
        (safe) =>
          safe !== undefined && (safe.startsWith('https:') || safe.startsWith('data:image/')),
      )
    return {
      topic: session.topic,
      accounts: accountsOf(session),
      peer: { name: name || 'WalletConnect', ...(icon ? { icon } : {}) },
    }
  }

/**
 * The hub's sign-client half, loaded on first use: one client (telemetry off), one live session
 * whose events go to the namespaces registered for them, pairings proposing every registered
 * namespace, §4 reuse of the pending pairing, restore of stored sessions.
 * @internal
 */
export function createSignClientHub(
  parameters: WalletConnectParameters,
  registrations: ReadonlySet<WalletConnectRegistration>,
  kernel: SignClientHubKernel,
): SignClientHub {
  const { CancelledError, isPairingExpired, KitError, TIMINGS } = kernel
  const describe = describeWith(kernel)
  /**
   * `promise`, or SOMETHING_WENT_WRONG when it has not settled after the relay timeout on the
   * namespace's scheduler: sign-client keeps retrying an unreachable relay without end.
   */
  const withinRelayTimeout = <TValue>(promise: Promise<TValue>, namespace: string) =>
    new Promise<TValue>((resolve, reject) => {
      const timer = contextOf(namespace)?.env.scheduler.schedule(() => {
        reject(
          new KitError('SOMETHING_WENT_WRONG', {
            details: `The WalletConnect relay ${parameters.relayUrl} did not answer.`,
          }),
        )
      }, TIMINGS.walletConnectRelayTimeoutMs)
      promise.then(resolve, reject).finally(() => timer?.unsubscribe())
    })
  const abortable = <TValue>(promise: Promise<TValue>, signal: AbortSignal): Promise<TValue> =>
    new Promise<TValue>((resolve, reject) => {
      const onAbort = () => reject(new CancelledError({ details: 'The connect was cancelled.' }))
      // Observed even when already aborted: a start that fails later (the hub destroyed while
      // sign-client starts) must not surface as an unhandled rejection.
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
      if (signal.aborted) onAbort()
      else signal.addEventListener('abort', onAbort, { once: true })
    })

  let initializing: Promise<Client> | undefined
  let client: Client | undefined
  let destroyed = false
  let liveTopic: string | null = null
  /** The pairing the wallet has not answered yet; §4 reuses it on Telegram and iOS Safari. */
  let pending: {
    uri: string
    expiresAt: number
    approval: Promise<SessionTypes.Struct>
  } | null = null

  const live = (): SessionTypes.Struct | undefined =>
    liveTopic && client?.session.keys.includes(liveTopic)
      ? client.session.get(liveTopic)
      : undefined
  /** The namespaces known so far; a lazy plugin's joins once its loader has answered. */
  const namespaces = () =>
    [...registrations].flatMap((registration) =>
      registration.namespace ? [registration.namespace] : [],
    )
  const dispatch = (namespace: string | undefined, event: WalletConnectSessionEvent) => {
    for (const contribution of namespaces())
      if (namespace === undefined || contribution.namespace === namespace)
        contribution.onSessionEvent?.(event)
  }
  const contextOf = (namespace: string) => {
    const all = [...registrations]
    return (all.find((registration) => registration.namespace?.namespace === namespace) ?? all[0])
      ?.context
  }

  const onEvent = ({ topic, params }: SignClientTypes.EventArguments['session_event']) => {
    if (topic !== liveTopic) return
    const { name, data } = params.event
    dispatch(params.chainId.split(':')[0], { type: 'event', chainId: params.chainId, name, data })
  }
  const onUpdate = ({ topic }: SignClientTypes.EventArguments['session_update']) => {
    const session = topic === liveTopic ? live() : undefined
    if (!session) return
    for (const contribution of namespaces()) {
      const accounts = inNamespace(accountsOf(session), contribution.namespace)
      if (accounts.length > 0) contribution.onSessionEvent?.({ type: 'updated', accounts })
    }
  }
  const onDelete = ({ topic }: { topic: string }) => {
    if (topic !== liveTopic) return
    liveTopic = null
    dispatch(undefined, { type: 'ended' })
  }

  const init = (): Promise<Client> => {
    const projectId =
      parameters.projectId ??
      [...registrations].find((registration) => registration.context.settings.projectId)?.context
        .settings.projectId
    initializing ??= SignClient.init({
      relayUrl: parameters.relayUrl,
      ...(projectId ? { projectId } : {}),
      customStoragePrefix: parameters.storagePrefix ?? 'gangway',
      // Telemetry goes to WalletConnect's servers: only when a site turned analytics on itself.
      telemetryEnabled: [...registrations].some(
        (registration) => registration.context.settings.analytics,
      ),
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
          throw new CancelledError({ details: 'The WalletConnect hub was destroyed.' })
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

  const use = (session: SessionTypes.Struct): WalletConnectSession => {
    liveTopic = session.topic
    return describe(session)
  }

  return {
    warm: () => {
      // Keys and storage now; the relay socket still opens with the first subscription, the
      // pairing's (sign-client skips opening a socket for a client without topics). A failed
      // start is retried by the connect itself.
      init().catch(() => undefined)
    },
    connect: async ({ namespace, networkId, silent, reusePendingPairing, onPairing }, signal) => {
      const signClient = await abortable(withinRelayTimeout(init(), namespace), signal)
      // Every registered namespace must hear the session, restored or new: a lazy plugin joins
      // once its loader has answered, so the loaders run before any session is used (a silent
      // restore after a reload included).
      await abortable(
        Promise.all(
          [...registrations].map(async (registration) => {
            registration.namespace ??= await registration.load?.()
          }),
        ),
        signal,
      )
      const clock = contextOf(namespace)?.env.clock ?? { now: () => Date.now() }
      const carries = (session: SessionTypes.Struct) =>
        inNamespace(accountsOf(session), namespace).length > 0
      // The wallet already approved this namespace in the live session: asking again would only
      // make the visitor pair a second time.
      const current = live()
      if (current && carries(current)) return use(current)
      if (silent) {
        const now = Math.floor(clock.now() / 1000)
        const restored = signClient.session
          .getAll()
          .filter((stored) => stored.expiry > now && carries(stored))
          .at(-1)
        if (!restored) {
          throw new KitError('NOT_CONNECTED', { details: 'No stored WalletConnect session.' })
        }
        return use(restored)
      }
      const reusable = pending
      if (reusePendingPairing && reusable && !isPairingExpired(reusable.expiresAt, clock.now())) {
        onPairing({ uri: reusable.uri, expiresAt: reusable.expiresAt })
        return use(await abortable(reusable.approval, signal))
      }
      const { uri, approval } = await abortable(
        withinRelayTimeout(
          signClient.connect({
            optionalNamespaces: buildProposal(namespaces(), { namespace, networkId }),
          }),
          namespace,
        ),
        signal,
      )
      const approved = approval()
      if (uri) {
        const created = {
          uri,
          expiresAt: clock.now() + TIMINGS.pairingLifetimeMs,
          approval: approved,
        }
        pending = created
        const settle = () => {
          if (pending === created) pending = null
        }
        // Settled either way, the pairing is no longer pending; a rejection is handled below or
        // by whichever connect reuses it.
        approved.then(settle, settle)
        onPairing({ uri, expiresAt: created.expiresAt })
      }
      return use(await abortable(approved, signal))
    },

    getAccounts: (namespace) => {
      const session = live()
      return session ? inNamespace(accountsOf(session), namespace) : []
    },

    request: async ({ namespace, chainId, method, params }) => {
      const session = live()
      if (!client || !session || inNamespace(accountsOf(session), namespace).length === 0)
        throw new KitError('NOT_CONNECTED', { details: 'No WalletConnect session.' })
      return client.request({ topic: session.topic, chainId, request: { method, params } })
    },

    disconnect: async () => {
      const topic = liveTopic
      liveTopic = null
      if (!topic || !client?.session.keys.includes(topic)) return
      await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
    },

    destroy: () => {
      destroyed = true
      liveTopic = null
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
