import { KitError } from '../errors/KitError.js'
import type { Kit } from '../kit/types.js'
import type { FeatureDefinition, IntentsOf } from './types.js'

/**
 * A feature's intents on a kit typed without it (a view, a helper that takes any kit): typed by
 * the feature's definition, whose name the argument must match, and checked at run time.
 * @example
 * import { featureIntents } from '@gangway/kit/core'
 * import type { send } from '@gangway/kit/send'
 * const hash = await featureIntents<ReturnType<typeof send>>(kit, 'send').send(parameters)
 * @param kit - any kit.
 * @param name - the feature's name.
 * @returns its intents.
 * @throws CAPABILITY_UNSUPPORTED when the kit does not register the feature.
 */
export function featureIntents<TFeature extends FeatureDefinition>(
  kit: Pick<Kit, 'features'>,
  name: TFeature['name'],
): IntentsOf<TFeature> {
  const intents = (kit.features as Readonly<Record<string, unknown>>)[name]
  if (intents === undefined) {
    throw new KitError('CAPABILITY_UNSUPPORTED', {
      details: `The kit does not register the ${name} feature.`,
    })
  }
  return intents as IntentsOf<TFeature>
}
