import { EMPTY, filter, mergeMap, of } from 'rxjs'
import { type Effect, type EventInput, selectActiveCaipAddress } from '../../kernel/index.js'
import { selectHasSiwxSession } from './selectors.js'

/**
 * Independent per change: §4 after a connect, when sign-in is on and the connected account (on its
 * network) has no session, the kit asks the visitor to sign in.
 */
export const signInRequestEffect: Effect = ({ transitions$, getState }) =>
  transitions$.pipe(
    filter(({ event }) => event.type === 'connection/succeeded'),
    mergeMap(() => {
      const state = getState()
      const caipAddress = selectActiveCaipAddress(state)
      if (!state.options.siwx || !caipAddress || selectHasSiwxSession(state)) return EMPTY
      return of<EventInput>({ type: 'siwx/signInRequested', payload: { caipAddress } })
    }),
  )
