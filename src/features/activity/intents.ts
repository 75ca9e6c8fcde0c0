import { type FeatureIntentContext, KitError } from '../../kernel/index.js'
import { selectActivity } from './selectors.js'

/** `kit.features.activity.*`. */
export interface ActivityIntents {
  /**
   * Lists the next page (§7 cursor), if there is one and none is loading; resolves with whether
   * one was asked for.
   * @throws NO_ACTIVE_ADDRESS, TRANSACTIONS_FETCH_FAILED
   */
  loadMore(): Promise<boolean>
  /**
   * Lists the first page again (after a failure, or to see new transactions).
   * @throws NO_ACTIVE_ADDRESS, TRANSACTIONS_FETCH_FAILED
   */
  refresh(): Promise<void>
}

/**
 * The activity intents.
 * @internal
 */
export function createActivityIntents(context: FeatureIntentContext): ActivityIntents {
  const account = () => {
    const state = context.getState()
    const namespace = state.activeNamespace
    const chain = namespace ? state.namespaces.entities[namespace] : undefined
    const caipAddress = chain?.accountState.caipAddress
    if (!namespace || !caipAddress || chain.accountState.status !== 'connected') {
      throw new KitError('NO_ACTIVE_ADDRESS')
    }
    return { namespace, caipAddress }
  }
  return {
    loadMore: async () => {
      const { namespace, caipAddress } = account()
      const activity = selectActivity(context.getState())
      if (!activity?.next || activity.isLoading) return false
      await context.request(
        { type: 'activity/requested', payload: { namespace, caipAddress, cursor: activity.next } },
        'activity/succeeded',
      )
      return true
    },
    refresh: async () => {
      const { namespace, caipAddress } = account()
      await context.request(
        { type: 'activity/requested', payload: { namespace, caipAddress } },
        'activity/succeeded',
      )
    },
  }
}
