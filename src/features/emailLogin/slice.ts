import type { FeatureSlice } from '../../kernel/index.js'

/** When the last email login was asked for (§5: another within 30 s is blocked). */
export interface EmailLoginState {
  lastRequestAt: number | null
}

/** The email login's state: the time of the last request, from the log (replays the same). */
export const emailLoginSlice: FeatureSlice<EmailLoginState> = {
  initial: () => ({ lastRequestAt: null }),
  handles: ['emailLogin/requested'],
  recipe: (_state, event) => ({ lastRequestAt: event.meta.at }),
}
