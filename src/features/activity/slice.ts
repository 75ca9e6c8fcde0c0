import type {
  FeatureSlice,
  KitEvent,
  KitState,
  SerializedKitError,
  Transaction,
} from '../../kernel/index.js'
import { filterActivity } from './rules.js'

/** Activity of the connected account. */
export interface ActivityState {
  items: Transaction[]
  next: string | null
  isLoading: boolean
  error: SerializedKitError | null
}

/** Activity before anything is fetched. */
export const emptyActivity = (): ActivityState => ({
  items: [],
  next: null,
  isLoading: false,
  error: null,
})

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
      activity.isLoading = false
      if (!chain || !networkId || chain.accountState.caipAddress !== payload.caipAddress) {
        return undefined
      }
      const fresh = filterActivity(payload.transactions, networkId)
      const known = new Set(activity.items.map((item) => item.id))
      activity.items.push(...fresh.filter((item) => !known.has(item.id)))
      activity.next = payload.next
      return undefined
    }
    case 'activity/failed':
      activity.isLoading = false
      activity.error = event.payload.error
      return undefined
    default:
      // Another account or network: what was listed belongs to the old one.
      return activity.items.length === 0 && !activity.isLoading && activity.error === null
        ? undefined
        : emptyActivity()
  }
}

/** Activity of the connected account (§5: spam dropped, connected chain only). */
export const activitySlice: FeatureSlice<ActivityState> = {
  initial: () => emptyActivity(),
  handles: [
    'activity/requested',
    'activity/succeeded',
    'activity/failed',
    'account/changed',
    'network/changed',
    'networkSwitch/succeeded',
    'disconnection/succeeded',
    'wallet/disconnected',
  ],
  recipe: reduceActivity,
}
