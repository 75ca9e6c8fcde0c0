/**
 * The activity feature's effects: ask for the first page when the account is shown, fetch pages
 * from the Gangway server's data service, and say 'Failed to fetch transactions' when that fails.
 * @module
 */
import {
  distinctUntilChanged,
  EMPTY,
  filter,
  interval,
  map,
  mergeMap,
  switchMap,
  take,
  timer,
} from 'rxjs'
import {
  ACTIVITY_NAMESPACES,
  type CaipAddress,
  type Effect,
  type EventInput,
  type EventOf,
  KitError,
  type KitState,
  ofType,
  runOperation,
  type SerializedKitError,
  type Transaction,
} from '../../kernel/index.js'
import {
  createServiceClient,
  type ServiceClient,
} from '../../services/gangway/createServiceClient.js'
import type { ServiceTransaction } from '../../services/gangway/schemas.js'
import { activityErrors } from './errors.js'
import { selectActivity } from './selectors.js'
import { activityKeyOf } from './slice.js'

/** ours: a history page not answered within this long fails, so the list never spins forever. */
export const ACTIVITY_TIMEOUT_MS = 10_000

/** §9: the namespaces whose activity the data service lists (eip155 and solana). */
const SERVED_NAMESPACES: readonly string[] = ACTIVITY_NAMESPACES

/** `activity/failed` for a request. */
export const activityFailed = (
  request: EventOf<'activity/requested'>,
  error: SerializedKitError,
): EventInput => ({
  type: 'activity/failed',
  payload: { namespace: request.payload.namespace, error },
})

/** The §3 transaction the kit keeps, from the service's (the fee and block stay there). */
export function toTransaction(entry: ServiceTransaction): Transaction {
  const { fee: _fee, blockNumber: _block, ...metadata } = entry.metadata
  return {
    id: entry.id,
    metadata,
    transfers: entry.transfers.map((transfer) => ({
      fungible_info: {
        symbol: transfer.fungible_info.symbol,
        ...(transfer.fungible_info.icon ? { icon: transfer.fungible_info.icon } : {}),
      },
      quantity: transfer.quantity,
      direction: transfer.direction,
    })),
    ...(entry.approvals && entry.approvals.length > 0
      ? {
          approvals: entry.approvals.map((approval) => ({
            fungible_info: {
              symbol: approval.fungible_info.symbol,
              ...(approval.fungible_info.icon ? { icon: approval.fungible_info.icon } : {}),
            },
            quantity: approval.quantity,
            ...(approval.unlimited ? { unlimited: true } : {}),
          })),
        }
      : {}),
  }
}

/**
 * What the account view shows now: the account to list, when the kit has a data service, the
 * account is connected on a namespace the service indexes, and Account is on screen.
 */
function shownAccount(state: KitState): string | null {
  if (!state.options.serviceUrl || !state.modal.isOpen || state.router.view !== 'Account') {
    return null
  }
  const namespace = state.activeNamespace
  return namespace && SERVED_NAMESPACES.includes(namespace) ? activityKeyOf(state) : null
}

/**
 * Independent per change: asks for the first page when Account comes on screen (the feature's
 * first load included), and when the shown account or network changes.
 */
export const firstPageEffect: Effect = ({ transitions$ }) =>
  transitions$.pipe(
    // The transition that woke the feature is replayed to it, so "Account came on screen" also
    // covers the first load.
    filter(({ before, after }) => {
      const shown = shownAccount(after)
      return shown !== null && shownAccount(before) !== shown
    }),
    map(({ after }): EventInput => {
      const namespace = after.activeNamespace!
      const caipAddress = after.namespaces.entities[namespace]!.accountState.caipAddress!
      return { type: 'activity/requested', payload: { namespace, caipAddress } }
    }),
  )

/**
 * Latest wins per page: a first page asked again replaces the one in flight, and so does a next
 * page for the same cursor; the replaced one ends as `CANCELLED`.
 */
export const fetchActivityEffect: Effect = (context) => {
  let client: { readonly baseUrl: string; readonly client: ServiceClient } | undefined
  const clientFor = (baseUrl: string) => {
    if (client?.baseUrl !== baseUrl) {
      const fetch = context.env.fetch
      client = {
        baseUrl,
        client: createServiceClient({
          baseUrl,
          ...(fetch ? { fetch } : {}),
          now: () => context.env.clock.now(),
        }),
      }
    }
    return client.client
  }
  return context.events$.pipe(
    ofType('activity/requested'),
    runOperation(context, {
      key: (request) => request.payload.cursor ?? 'first',
      run: async (request, signal) => {
        const state = context.getState()
        const { namespace, caipAddress, cursor } = request.payload
        const baseUrl = state.options.serviceUrl
        const networkId = state.namespaces.entities[namespace]?.networkState.caipNetworkId
        if (!baseUrl || !networkId) {
          throw activityErrors.create('TRANSACTIONS_FETCH_FAILED', {
            details: baseUrl ? 'No network is connected.' : 'The kit has no serviceUrl.',
          })
        }
        // The budget runs on the kit's scheduler (virtual time in tests); it aborts the request.
        const budget = new AbortController()
        const timer = context.env.scheduler.schedule(() => budget.abort(), ACTIVITY_TIMEOUT_MS)
        try {
          const page = await clientFor(baseUrl).getHistory(
            {
              address: caipAddress.slice(caipAddress.lastIndexOf(':') + 1),
              chainId: networkId,
              ...(cursor ? { cursor } : {}),
            },
            AbortSignal.any([signal, budget.signal]),
          )
          return {
            type: 'activity/succeeded',
            payload: {
              namespace,
              caipAddress,
              transactions: page.data.map(toTransaction),
              next: page.next,
              ...(cursor ? { cursor } : {}),
              ...(page.complete === false ? { complete: false } : {}),
            },
          }
        } catch (error) {
          if (signal.aborted) throw error
          // §8: the visitor reads 'Failed to fetch transactions'; the developer reads why.
          throw activityErrors.create('TRANSACTIONS_FETCH_FAILED', {
            cause: error,
            details: budget.signal.aborted
              ? `The data service did not answer within ${ACTIVITY_TIMEOUT_MS} ms.`
              : error instanceof KitError
                ? error.shortMessage
                : String(error),
          })
        } finally {
          timer.unsubscribe()
        }
      },
      failed: activityFailed,
      fallbackCode: 'TRANSACTIONS_FETCH_FAILED',
      errors: activityErrors.entries,
    }),
  )
}

/** How often the first page is asked again while a send made here is pending (ours). */
export const PENDING_REFRESH_MS = 2_000
/** At most this many refreshes per pending stretch: five minutes, as the send's receipt wait. */
const PENDING_REFRESH_LIMIT = 150

/**
 * Latest wins: while a send made in the modal is listed as pending and Account is on screen, the
 * first page is asked again every {@link PENDING_REFRESH_MS}, so the indexed (confirmed or failed)
 * record replaces the pending one even where the chain plugin reports no receipt.
 */
export const pendingRefreshEffect: Effect = ({ transitions$, env }) =>
  transitions$.pipe(
    map(({ after }) => {
      const shown = shownAccount(after)
      const activity = selectActivity(after)
      const waiting = activity?.items.some((item) => item.metadata.status === 'pending')
      // After a failure it stops: the visitor reads it once and may try again.
      return shown !== null && waiting === true && !activity?.error ? shown : null
    }),
    distinctUntilChanged(),
    switchMap((shown) =>
      shown === null
        ? EMPTY
        : interval(PENDING_REFRESH_MS, env.scheduler).pipe(
            take(PENDING_REFRESH_LIMIT),
            map((): EventInput => {
              const [caipAddress] = shown.split('|') as [CaipAddress]
              const namespace = caipAddress.slice(0, caipAddress.indexOf(':'))
              return { type: 'activity/requested', payload: { namespace, caipAddress } }
            }),
          ),
    ),
  )

/** How long after an incomplete first page it is asked again (ours; the server waits too). */
export const INDEXING_REFRESH_MS = 2_000
/** At most this many incomplete first pages in a row are followed by another request. */
const INDEXING_REFRESH_LIMIT = 60

/**
 * Latest wins: a first page the data service answered as incomplete (`complete: false`: it is
 * still reading the account's past) is asked again {@link INDEXING_REFRESH_MS} after it arrived,
 * while Account still shows that account, until a complete page comes (at most
 * {@link INDEXING_REFRESH_LIMIT} times in a row). Each request waits for the one before, so a
 * server that holds requests while it indexes is never asked twice at once.
 */
export const indexingRefreshEffect: Effect = ({ events$, getState, env }) => {
  let streak = 0
  return events$.pipe(
    ofType('activity/succeeded'),
    filter(({ payload }) => payload.cursor === undefined),
    switchMap(({ payload }) => {
      if (payload.complete !== false) {
        streak = 0
        return EMPTY
      }
      streak += 1
      if (streak > INDEXING_REFRESH_LIMIT) return EMPTY
      return timer(INDEXING_REFRESH_MS, env.scheduler).pipe(
        filter(() => {
          const state = getState()
          return (
            shownAccount(state)?.startsWith(`${payload.caipAddress}|`) === true &&
            selectActivity(state)?.isIndexing === true
          )
        }),
        map(
          (): EventInput => ({
            type: 'activity/requested',
            payload: { namespace: payload.namespace, caipAddress: payload.caipAddress },
          }),
        ),
      )
    }),
  )
}

/** Independent per failure: §8 snack 'Failed to fetch transactions'; a replaced request says nothing. */
export const activitySnackEffect: Effect = ({ events$ }) =>
  events$.pipe(
    ofType('activity/failed'),
    mergeMap(({ payload }): EventInput[] | typeof EMPTY =>
      payload.error.code === 'CANCELLED'
        ? EMPTY
        : [{ type: 'snack/requested', payload: { code: payload.error.code, variant: 'error' } }],
    ),
  )
