import { featureIntents, type Kit } from '../../../kernel/index.js'
import type { siwx } from '../feature.js'

/** The SIWX feature's intents on a kit that registered it. @internal */
export function siwxIntentsOf(kit: Kit) {
  return featureIntents<ReturnType<typeof siwx>>(kit, 'siwx')
}
