import type {
  FeatureSlice,
  KitEvent,
  KitState,
  SerializedKitError,
  Transaction,
} from '../../kernel/index.js'
// Type only: the send feature's events (`send/*`) join KitEvent through its augmentation. Without
// the send feature in a kit none of them is ever appended, so handling them costs nothing.
import type {} from '../send/events.js'
import { filterActivity } from './rules.js'

/** A send the visitor made in the modal, between its request and the wallet's answer. */
export interface SendInFlight {
  readonly from: string
  readonly to: string
  readonly amount: string
  readonly symbol: string
}

/** Activity of the connected account on its network. */
export interface ActivityState {
  /** Newest first: the service's pages, and the sends made here that it has not listed yet. */
  items: Transaction[]
  /** The cursor of the next page; `null` when there is none (or none was asked for). */
  next: string | null
  isLoading: boolean
  error: SerializedKitError | null
  /** `caipAddress|networkId` the items belong to; `null` before anything was listed. */
  account: string | null
  /**
   * Whether the service answered a complete first page for `account` (only then is "empty"
   * known).
   */
  isLoaded: boolean
  /**
   * Whether the service's last first page said it was still reading the account's past: what is
   * listed may be incomplete, and the page is asked again.
   */
  isIndexing: boolean
  /** Sends waiting for the wallet, by correlation id. */
  sending: Record<string, SendInFlight>
}

/** Activity before anything is fetched. */
export const emptyActivity = (): ActivityState => ({
  items: [],
  next: null,
  isLoading: false,
  error: null,
  account: null,
  isLoaded: false,
  isIndexing: false,
  sending: {},
})

/** The account and network activity belongs to, as `caipAddress|networkId`, or `null`. */
export function activityKeyOf(root: KitState, namespace = root.activeNamespace): string | null {
  const chain = namespace ? root.namespaces.entities[namespace] : undefined
  const caipAddress = chain?.accountState.caipAddress
  const networkId = chain?.networkState.caipNetworkId
  return caipAddress && networkId && chain.accountState.status === 'connected'
    ? `${caipAddress}|${networkId}`
    : null
}

const byNewest = (a: Transaction, b: Transaction) =>
  a.metadata.minedAt < b.metadata.minedAt ? 1 : a.metadata.minedAt > b.metadata.minedAt ? -1 : 0

/**
 * The items with `fresh` merged in: the service's record of an id replaces a local one. A first
 * page goes before what is listed, a next page after it; the sort is stable, so transactions of the
 * same second keep the service's order.
 */
function merge(
  items: readonly Transaction[],
  fresh: readonly Transaction[],
  isNextPage: boolean,
): Transaction[] {
  const ids = new Set(fresh.map((item) => item.id))
  const kept = items.filter((item) => !ids.has(item.id))
  return (isNextPage ? [...kept, ...fresh] : [...fresh, ...kept]).sort(byNewest)
}

/** Moves the slice to the current account when it changed: what was listed belongs to the old one. */
function follow(activity: ActivityState, root: KitState): ActivityState | undefined {
  const key = activityKeyOf(root)
  if (key === activity.account) return undefined
  return { ...emptyActivity(), account: key }
}

function reduceActivity(
  activity: ActivityState,
  event: KitEvent,
  root: KitState,
): ActivityState | undefined {
  switch (event.type) {
    case 'activity/requested':
      activity.isLoading = true
      activity.error = null
      return undefined
    case 'activity/succeeded': {
      const { payload } = event
      const chain = root.namespaces.entities[payload.namespace]
      const networkId = chain?.networkState.caipNetworkId
      const key = activityKeyOf(root, payload.namespace)
      if (!networkId || key === null || chain?.accountState.caipAddress !== payload.caipAddress) {
        // A page of an account no longer shown: only the request is over.
        activity.isLoading = false
        return undefined
      }
      // Built whole, without touching the draft (immer takes one or the other).
      const base: ActivityState =
        activity.account === key ? activity : { ...emptyActivity(), account: key }
      const items = merge(
        base.items,
        filterActivity(payload.transactions, networkId),
        payload.cursor !== undefined,
      )
      // A refreshed first page does not move the cursor back once later pages are listed.
      const next = payload.cursor !== undefined || !base.isLoaded ? payload.next : base.next
      if (payload.cursor !== undefined)
        return { ...base, items, next, isLoading: false, error: null }
      // A first page is "everything there is" only when the service had read the whole past.
      const isComplete = payload.complete !== false
      return {
        ...base,
        items,
        next,
        isLoading: false,
        error: null,
        isLoaded: base.isLoaded || isComplete,
        isIndexing: !isComplete,
      }
    }
    case 'activity/failed':
      activity.isLoading = false
      // A request replaced by a newer one is not a failure the visitor needs to read.
      if (event.payload.error.code !== 'CANCELLED') activity.error = event.payload.error
      return undefined
    case 'send/requested': {
      const { correlationId } = event.meta
      if (!correlationId) return undefined
      const { from, to, amount, token, namespace } = event.payload
      const chain = root.namespaces.entities[namespace]
      const network = chain?.caipNetworks.find(
        (entry) => entry.id === chain.networkState.caipNetworkId,
      )
      const symbol = token?.symbol ?? network?.nativeCurrency.symbol ?? ''
      activity.sending[correlationId] = { from, to, amount, symbol }
      return undefined
    }
    case 'send/failed': {
      const { correlationId } = event.meta
      if (correlationId) delete activity.sending[correlationId]
      return undefined
    }
    case 'send/succeeded': {
      const { correlationId } = event.meta
      const sent = correlationId ? activity.sending[correlationId] : undefined
      if (!sent || !correlationId) return undefined
      delete activity.sending[correlationId]
      const networkId = event.payload.networkId
      if (
        !networkId ||
        activityKeyOf(root, event.payload.namespace) !== `${sent.from}|${networkId}`
      ) {
        return undefined
      }
      if (activity.items.some((item) => item.id === event.payload.hash)) return undefined
      // §4: the send shows at once, pending until its receipt (or the service) says otherwise.
      activity.items.unshift({
        id: event.payload.hash,
        metadata: {
          minedAt: new Date(event.meta.at).toISOString(),
          chain: networkId,
          operationType: 'send',
          status: 'pending',
          sentFrom: sent.from.slice(sent.from.lastIndexOf(':') + 1),
          sentTo: sent.to,
        },
        transfers: [{ fungible_info: { symbol: sent.symbol }, quantity: { numeric: sent.amount } }],
      })
      activity.account ??= `${sent.from}|${networkId}`
      return undefined
    }
    case 'send/confirmed': {
      const item = activity.items.find((entry) => entry.id === event.payload.hash)
      if (item?.metadata.status !== 'pending') return undefined
      item.metadata.status = event.payload.status === 'success' ? 'confirmed' : 'failed'
      return undefined
    }
    default:
      return follow(activity, root)
  }
}

/**
 * Activity of the connected account (§5: spam dropped, connected chain only), newest first, with
 * the sends made in the modal shown at once as pending and then confirmed.
 */
export const activitySlice: FeatureSlice<ActivityState> = {
  initial: (root) => ({ ...emptyActivity(), account: activityKeyOf(root) }),
  handles: [
    'activity/requested',
    'activity/succeeded',
    'activity/failed',
    'send/requested',
    'send/succeeded',
    'send/failed',
    'send/confirmed',
    'account/changed',
    'network/changed',
    'connection/succeeded',
    'networkSwitch/succeeded',
    'namespace/activated',
    // Opening the modal for a namespace makes it the active one.
    'modal/opened',
    'disconnection/succeeded',
    'wallet/disconnected',
    // A restore can make another namespace the active one.
    'storage/restored',
  ],
  recipe: reduceActivity,
}
