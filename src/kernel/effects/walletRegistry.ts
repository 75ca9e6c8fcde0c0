import { EMPTY, map, switchMap, timer } from 'rxjs'
import { LIMITS, TIMINGS } from '../constants.js'
import { KitError } from '../errors/KitError.js'
import type { EventInput, EventOf } from '../events/types.js'
import { fetchWallets, type GetWalletsParameters } from '../registry/walletRegistry.js'
import {
  selectWalletConnectNamespace,
  selectWalletRegistryConfig,
} from '../selectors/walletRegistry.js'
import type { KitState } from '../state.js'
import { walletRegistryFailed } from './failures.js'
import { ofType, runOperation } from './operators.js'
import type { Effect } from './types.js'

type RegistryRequest = EventOf<'walletRegistry/requested'>

/** The networks the registry filters by: those of namespaces that connect over WalletConnect. */
function walletConnectNetworks(state: KitState): string[] {
  return state.chains.ids.flatMap((namespace) =>
    state.connectors.entities[`${namespace}/walletConnect`]
      ? (state.chains.entities[namespace]?.caipNetworks.map((network) => network.id) ?? [])
      : [],
  )
}

function parametersOf(request: RegistryRequest, state: KitState): GetWalletsParameters {
  const { kind, page, query } = request.payload
  const { includeWalletIds, excludeWalletIds, featuredWalletIds } = state.options
  const chains = walletConnectNetworks(state)
  if (kind === 'featured') {
    const include = featuredWalletIds.slice(0, LIMITS.walletPageSize)
    return { page: 1, entries: include.length, include, exclude: excludeWalletIds, chains }
  }
  return {
    page,
    entries: kind === 'search' ? LIMITS.walletSearchMaxResults : LIMITS.walletPageSize,
    ...(kind === 'search' && query ? { search: query } : {}),
    include: includeWalletIds,
    exclude: excludeWalletIds,
    chains,
  }
}

/**
 * Latest wins: the registry is searched once the visitor's typing pauses for 300 ms (ours); new
 * text restarts the wait, and an empty text searches nothing.
 */
export const walletSearchEffect: Effect = ({ events$, getState, env }) =>
  events$.pipe(
    ofType('walletRegistry/searchChanged'),
    switchMap(() => {
      const state = getState()
      const query = state.walletRegistry.query
      if (
        !query ||
        selectWalletRegistryConfig(state) === null ||
        selectWalletConnectNamespace(state) === null
      ) {
        return EMPTY
      }
      return timer(TIMINGS.walletSearchDebounceMs, env.scheduler).pipe(
        map(
          (): EventInput => ({
            type: 'walletRegistry/requested',
            payload: { kind: 'search', page: 1, query },
            correlationId: env.ids.next(),
          }),
        ),
      )
    }),
  )

/**
 * Latest wins for searches (a newer search cancels the one in flight); pages and the featured
 * list run side by side, one per page. `GET /getWallets` on the configured registry with the
 * project id; entries that fail validation are dropped, a request that takes over 10 s is
 * abandoned, and a failure is reported as `walletRegistry/failed`, which the visitor never sees.
 */
export const walletRegistryEffect: Effect = ({ events$, getState, env, validate }) =>
  events$.pipe(
    ofType('walletRegistry/requested'),
    runOperation<RegistryRequest>(
      { validate },
      {
        key: (request) =>
          request.payload.kind === 'search'
            ? 'search'
            : `${request.payload.kind}:${request.payload.page}`,
        fallbackCode: 'UNKNOWN_ERROR',
        run: async (request, signal) => {
          const state = getState()
          const config = selectWalletRegistryConfig(state)
          if (!config) throw new KitError('PROJECT_ID_NOT_CONFIGURED')
          const controller = new AbortController()
          const abort = () => controller.abort()
          signal.addEventListener('abort', abort)
          // On the kit's scheduler, so the timeout runs in virtual time in tests.
          const timeout = env.scheduler.schedule(abort, TIMINGS.walletRegistryTimeoutMs)
          try {
            const { count, wallets } = await fetchWallets({
              fetch: env.fetch ?? ((url, init) => globalThis.fetch(url, init)),
              config,
              parameters: parametersOf(request, state),
              signal: controller.signal,
            })
            return {
              type: 'walletRegistry/succeeded',
              payload: { ...request.payload, count, wallets },
            }
          } finally {
            timeout.unsubscribe()
            signal.removeEventListener('abort', abort)
          }
        },
        failed: walletRegistryFailed,
      },
    ),
  )
