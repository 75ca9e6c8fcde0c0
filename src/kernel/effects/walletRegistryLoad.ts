import { filter, mergeMap } from 'rxjs'
import type { EventInput } from '../events/types.js'
import {
  selectWalletConnectNamespace,
  selectWalletRegistryConfig,
} from '../selectors/walletRegistry.js'
import type { Effect } from './types.js'

/**
 * Independent per interaction: the first time the visitor acts while the modal is open (opening
 * it, or anything in it), the registry's first page is requested, and the site's featured wallets
 * when it names some; after a failed first page, the next opening tries again. Nothing is asked
 * before the visitor interacts, nor without a registry (no `projectId`, `walletRegistryUrl: null`)
 * or a WalletConnect connector to connect its wallets.
 */
export const walletRegistryLoadEffect: Effect = ({ transitions$, env }) =>
  transitions$.pipe(
    filter(({ event, after }) => {
      const { status, loadingPage } = after.walletRegistry
      return (
        event.meta.source === 'ui' &&
        after.modal.isOpen &&
        loadingPage === null &&
        (status === 'idle' || (status === 'unavailable' && event.type === 'modal/opened')) &&
        selectWalletRegistryConfig(after) !== null &&
        selectWalletConnectNamespace(after) !== null
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
