import { from, mergeMap, type SchedulerLike, take } from 'rxjs'
import { type CaipNetworkId, namespaceOf, parseCaipAddress } from '../caip.js'
import { TIMINGS, WALLET_CONNECT_CONNECTOR_ID } from '../constants.js'
import { KitError } from '../errors/KitError.js'
import type { EventInput, EventOf } from '../events/types.js'
import { WALLET_ACCOUNTS_MAX } from '../rules/safeUrl.js'
import { reusesPendingPairing } from '../rules/timing.js'
import { selectDisconnectTargets } from '../selectors/namespaces.js'
import { ofType, pluginError, runOperation } from './operators.js'
import type { Effect, EffectContext, Transition } from './types.js'

function adapterOf(context: EffectContext, namespace: string) {
  const adapter = context.adapters.get(namespace)
  if (!adapter) {
    throw new KitError('PLUGIN_NOT_FOUND', { details: `No plugin for "${namespace}".` })
  }
  return adapter
}

/** The views where the visitor waits for a wallet: leaving one gives up its connect. */
const CONNECTING_VIEWS: readonly string[] = [
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
]

/**
 * Whether a transition gives up a connect in flight: a disconnect of its namespace (or of all),
 * or, for a connect the visitor started, closing the modal or going back from its connecting view.
 */
function givesUpConnect(
  { event, before }: Transition,
  request: EventOf<'connection/requested'>,
): boolean {
  if (event.type === 'disconnection/requested') {
    const { namespace } = event.payload
    return namespace === undefined || namespace === request.payload.namespace
  }
  if (request.payload.silent) return false
  if (event.type === 'modal/closed') return before.modal.isOpen
  return event.type === 'router/wentBack' && CONNECTING_VIEWS.includes(before.router.view)
}

/**
 * Latest wins per namespace: a new connect request (the visitor picked another wallet) cancels the
 * one in flight, and so do a disconnect, closing the modal or going back from the connecting view.
 * A wallet that does not answer is given up after a bounded wait (decision 0017). The wallet's
 * answer is checked before it becomes state: the address must be in the requested namespace and
 * pass the plugin's address schema.
 */
export const connectEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('connection/requested'),
    runOperation(context, {
      key: (request) => request.payload.namespace,
      run: async (request, signal) => {
        const { namespace, connectorId, networkId, silent } = request.payload
        const adapter = adapterOf(context, namespace)
        let result: Awaited<ReturnType<typeof adapter.connect>>
        try {
          const state = context.getState()
          const reusePendingPairing = reusesPendingPairing(state.environment)
          const currentNetworkId =
            state.namespaces.entities[namespace]?.networkState.caipNetworkId ?? undefined
          result = await adapter.connect(
            { connectorId, networkId, currentNetworkId, silent, reusePendingPairing },
            signal,
          )
        } catch (error) {
          throw pluginError(context.plugins, namespace, error, 'UNKNOWN_ERROR')
        }
        const parsed = parseCaipAddress(String(result.caipAddress))
        const plugin = context.plugins.get(namespace)
        if (
          !parsed ||
          parsed.namespace !== namespace ||
          !plugin?.schemas.address.safeParse(parsed.address).success ||
          namespaceOf(String(result.networkId)) !== namespace
        ) {
          throw new KitError('INVALID_EVENT', {
            details: `The wallet answered with an address or network outside "${namespace}".`,
            plugin: namespace,
          })
        }
        return {
          type: 'connection/succeeded',
          payload: {
            namespace,
            connectorId,
            caipAddress: result.caipAddress,
            // A plugin that let a wallet's whole list through still hands the kit a bounded one.
            accounts: (
              result.accounts ?? [{ caipAddress: result.caipAddress, type: 'eoa' as const }]
            ).slice(0, WALLET_ACCOUNTS_MAX),
            networkId: result.networkId,
            ...(result.walletInfo ? { walletInfo: result.walletInfo } : {}),
            ...(result.recentWallet ? { recentWallet: result.recentWallet } : {}),
            ...(silent ? { silent: true } : {}),
          },
        }
      },
      mapError: (request, error) =>
        pluginError(context.plugins, request.payload.namespace, error, 'UNKNOWN_ERROR'),
      cancels: givesUpConnect,
      timeout: (request) => {
        // A WalletConnect connect waits as long as its pairing lives (it is refreshed on expiry).
        if (request.payload.connectorId === WALLET_CONNECT_CONNECTOR_ID && !request.payload.silent)
          return undefined
        const ms = request.payload.silent
          ? TIMINGS.silentReconnectTimeoutMs
          : TIMINGS.connectTimeoutMs
        return {
          ms,
          error: () =>
            new KitError('SOMETHING_WENT_WRONG', {
              details: `The wallet did not answer the connect within ${ms} ms.`,
              plugin: request.payload.namespace,
            }),
        }
      },
      failed: (request, error) => ({
        type: 'connection/failed',
        payload: {
          namespace: request.payload.namespace,
          connectorId: request.payload.connectorId,
          silent: request.payload.silent,
          error,
        },
      }),
    }),
  )

/**
 * Once, at start: after storage is restored, reconnect silently to each namespace's last
 * connector (no prompt), independently per namespace.
 */
export const reconnectEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('storage/restored'),
    take(1),
    mergeMap(() => {
      const state = context.getState()
      const requests: EventInput[] = Object.entries(state.session.connectorIds).map(
        ([namespace, connectorId]) => ({
          type: 'connection/requested',
          payload: { namespace, connectorId, silent: true },
          correlationId: context.env.ids.next(),
        }),
      )
      return from(requests)
    }),
  )

/** Settles with `promise`, or with nothing once `ms` have passed on `scheduler`. */
function withinBound(promise: Promise<void>, scheduler: SchedulerLike, ms: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = scheduler.schedule(() => resolve(), ms)
    promise.then(
      () => {
        timer.unsubscribe()
        resolve()
      },
      (error: unknown) => {
        timer.unsubscribe()
        reject(error)
      },
    )
  })
}

/**
 * Independent per request. The §4 four-step disconnect: (1) clear sign-in sessions, (2) disconnect the chain or
 * all chains, WalletConnect and auth connectors with their peers, (3) reset the WalletConnect link
 * and the social provider, (4) record success or error ('Failed to disconnect'). Namespaces whose
 * wallet did disconnect are reported as such even when another failed.
 */
export const disconnectEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('disconnection/requested'),
    runOperation(context, {
      // Independent: each disconnect runs to its end; cancelling one whose wallet call already
      // ran would misreport it.
      key: (request) => request.meta.id,
      run: async (request, _signal, emit) => {
        const state = context.getState()
        const targets = selectDisconnectTargets(state, request.payload.namespace)
        // Step 1 is the SIWX feature's: it clears the sessions on this request.
        // Step 2
        // A wallet that never answers cannot keep the visitor connected: past the bound its
        // namespace counts as disconnected, since the kit forgets the session on its side.
        const results = await Promise.allSettled(
          targets.map(async (namespace) => {
            const connectorId = state.namespaces.entities[namespace]?.accountState.connectorId
            if (connectorId) {
              await withinBound(
                adapterOf(context, namespace).disconnect({ connectorId }),
                context.env.scheduler,
                TIMINGS.walletDisconnectTimeoutMs,
              )
            }
            return namespace
          }),
        )
        const failed = targets.filter((_, index) => results[index]?.status === 'rejected')
        // Step 3: the WalletConnect link is the pairing feature's; it drops it on the outcome.
        for (const namespace of targets) {
          if (context.getState().namespaces.entities[namespace]?.accountState.socialProvider) {
            emit({
              type: 'account/socialProviderChanged',
              payload: { namespace, provider: null, isWindowOpen: false },
            })
          }
        }
        // Step 4
        if (failed.length > 0) {
          for (const namespace of targets.filter((id) => !failed.includes(id))) {
            emit({ type: 'wallet/disconnected', payload: { namespace } })
          }
          const reason = results.find((result) => result.status === 'rejected') as
            | PromiseRejectedResult
            | undefined
          throw new KitError('DISCONNECT_FAILED', {
            cause: reason?.reason,
            details: `Wallet disconnect failed for ${failed.join(', ')}.`,
          })
        }
        return { type: 'disconnection/succeeded', payload: { namespaces: targets } }
      },
      failed: (request, error) => ({
        type: 'disconnection/failed',
        payload: {
          namespaces: selectDisconnectTargets(context.getState(), request.payload.namespace),
          error,
        },
      }),
      fallbackCode: 'DISCONNECT_FAILED',
    }),
  )

/**
 * Latest wins per namespace: picking another network cancels a switch of the same namespace still
 * waiting in the wallet. A namespace that is not connected switches at once, with no wallet call.
 */
export const switchNetworkEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('networkSwitch/requested'),
    runOperation(context, {
      key: (request) => namespaceOf(request.payload.networkId),
      run: async (request, signal) => {
        const networkId: CaipNetworkId = request.payload.networkId
        const namespace = namespaceOf(networkId)
        const plugin = context.plugins.get(namespace)
        if (!plugin?.networks.some((network) => network.id === networkId)) {
          throw new KitError('NETWORK_NOT_FOUND', { details: `${networkId} is not configured.` })
        }
        const state = context.getState()
        const account = state.namespaces.entities[namespace]?.accountState
        if (account?.status === 'connected' && account.connectorId) {
          const adapter = adapterOf(context, namespace)
          if (!adapter.switchNetwork) {
            throw new KitError('CAPABILITY_UNSUPPORTED', {
              details: 'This wallet cannot switch networks.',
              plugin: namespace,
            })
          }
          try {
            await adapter.switchNetwork({ connectorId: account.connectorId, networkId }, signal)
          } catch (error) {
            throw pluginError(context.plugins, namespace, error, 'UNSUPPORTED_NETWORK')
          }
        }
        return { type: 'networkSwitch/succeeded', payload: { networkId } }
      },
      failed: (request, error) => ({
        type: 'networkSwitch/failed',
        payload: { networkId: request.payload.networkId, error },
      }),
    }),
  )
