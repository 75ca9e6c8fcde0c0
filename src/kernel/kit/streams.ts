import type { Observable } from 'rxjs'
import { selectConnectMethodOrder, selectConnectorSections } from '../selectors/connectors.js'
import {
  selectActiveCaipAddress,
  selectActiveNamespace,
  selectActiveNetwork,
  selectConnectionStatus,
} from '../selectors/namespaces.js'
import { selectView } from '../selectors/router.js'
import { isStructurallyEqual, select$ } from '../selectors/streams.js'
import type { KitState } from '../state.js'
import type { KitStreams } from './types.js'

/**
 * The ready-made derived streams of a kit.
 * @internal
 */
export function createStreams(state$: Observable<KitState>): KitStreams {
  return {
    activeNamespace$: select$(state$, selectActiveNamespace),
    activeNetwork$: select$(state$, selectActiveNetwork, isStructurallyEqual),
    activeCaipAddress$: select$(state$, selectActiveCaipAddress),
    connectionStatus$: select$(state$, selectConnectionStatus),
    view$: select$(state$, selectView),
    connectMethodOrder$: select$(state$, selectConnectMethodOrder, isStructurallyEqual),
    connectorSections$: select$(state$, selectConnectorSections, isStructurallyEqual),
  }
}
