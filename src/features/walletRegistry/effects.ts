import { EMPTY, filter, map, mergeMap, switchMap, timer } from 'rxjs'
import {
  connectorKey,
  type Effect,
  type EventInput,
  type EventOf,
  KitError,
  type KitState,
  LIMITS,
  ofType,
  runOperation,
  type SerializedKitError,
  selectWalletConnectNamespace,
  TIMINGS,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import { selectRegistryState } from './selectors.js'
import { fetchWallets, type GetWalletsParameters } from './service.js'
import { selectWalletRegistryConfig } from './settings.js'

type RegistryRequest = EventOf<'walletRegistry/requested'>

/** `walletRegistry/failed` for a registry request (page, featured ids or search). */
export const walletRegistryFailed = (
  request: RegistryRequest,
  error: SerializedKitError,
): EventInput => ({ type: 'walletRegistry/failed', payload: { ...request.payload, error } })

/** Whether this kit asks a registry at all, and can connect its wallets (over WalletConnect). */
export function canAskRegistry(state: KitState): boolean {
  return selectWalletRegistryConfig(state) !== null && selectWalletConnectNamespace(state) !== null
}

/**
 * Independent per interaction: the first time the visitor acts while the modal is open (opening
 * it, or anything in it), the registry's first page is requested, and the site's featured wallets
 * when it names some; after a failed first page, the next opening tries again. Nothing is asked
 * before the visitor interacts, nor without a registry (no `projectId`, `walletRegistryUrl: null`)
 * or a WalletConnect connector to connect its wallets.
 */
export const walletRegistryLoadEffect: Effect = ({ transitions$, env, getState }) =>
  transitions$.pipe(
    filter(({ event, after }) => {
      const registry = selectRegistryState(getState())
      return (
        event.meta.source === 'ui' &&
        after.modal.isOpen &&
        registry !== undefined &&
        registry.loadingPage === null &&
        (registry.status === 'idle' ||
          (registry.status === 'unavailable' && event.type === 'modal/opened')) &&
        canAskRegistry(after)
      )
    }),
    mergeMap(({ after }) => {
      const requests: EventInput[] = [
        {
          type: 'walletRegistry/requested',
          payload: { kind: 'page', page: 1 },
          correlationId: env.ids.next(),
        },
      ]
      if (after.options.featuredWalletIds.length > 0) {
        requests.push({
          type: 'walletRegistry/requested',
          payload: { kind: 'featured', page: 1 },
          correlationId: env.ids.next(),
        })
      }
      return requests
    }),
  )

/** The networks the registry filters by: those of namespaces that connect over WalletConnect. */
function walletConnectNetworks(state: KitState): string[] {
  return state.namespaces.ids.flatMap((namespace) =>
    state.connectors.entities[connectorKey(namespace, WALLET_CONNECT_CONNECTOR_ID)]
      ? (state.namespaces.entities[namespace]?.caipNetworks.map((network) => network.id) ?? [])
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
      const query = selectRegistryState(state)?.query
      if (!query || !canAskRegistry(state)) return EMPTY
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

/**
 * Independent per answer: what the registry sent joins the kit's wallet catalogue (a core event),
 * which the Connect view lists its featured and recommended wallets from, and a page sets the
 * catalogue's order. The core never reads this feature's slice.
 */
export const walletCatalogueEffect: Effect = ({ events$, getState }) =>
  events$.pipe(
    ofType('walletRegistry/succeeded'),
    map(
      (event): EventInput => ({
        type: 'walletCatalogue/updated',
        payload: {
          wallets: event.payload.wallets,
          ...(event.payload.kind === 'page'
            ? { listed: [...(selectRegistryState(getState())?.pageIds ?? [])] }
            : {}),
        },
      }),
    ),
  )
