import type { FeatureIntents, Kit } from '../../kernel/index.js'
import { siwxErrors } from './errors.js'
import type { SiwxIntents } from './intents.js'

/**
 * A kit's sign-in intents, for code that works with any kit: the `siwx` feature's
 * (`kit.features.siwx`) when the kit registers it, else 'SIWX is not enabled' (§8).
 * @example
 * import { siwxOf } from '@gangway/kit/siwx'
 * await siwxOf(kit).signIn()
 * @param kit - any kit.
 * @returns the sign-in intents.
 * @throws SIWX_NOT_ENABLED when the kit does not register the `siwx` feature.
 */
export function siwxOf(kit: Pick<Kit, 'features'>): FeatureIntents<SiwxIntents> {
  const intents = (kit.features as Record<string, unknown>).siwx
  if (intents === undefined) throw siwxErrors.create('SIWX_NOT_ENABLED')
  return intents as FeatureIntents<SiwxIntents>
}
