import {
  type CreateKitParameters as CoreParameters,
  createKit as createCoreKit,
  DEFAULT_FEATURES,
  type FeatureInput,
  type FeatureSwitches,
  type Kit,
  ValidationError,
} from '../kernel/index.js'
import {
  type DefaultFeatureOptions,
  type DefaultFeatures,
  defaultFeatures,
} from './defaultFeatures.js'

/**
 * Parameters of the preset's {@link createKit}: the core's, with `features` as a list of features
 * or as the §9 switches.
 */
export interface CreateKitParameters<TFeatures extends readonly FeatureInput[] = DefaultFeatures>
  extends Omit<CoreParameters<TFeatures>, 'features' | 'switches'>,
    DefaultFeatureOptions {
  /**
   * The capabilities beyond connecting: a list of features (`[send(), swap({ routers })]`; falsy
   * entries are ignored), or the §9 switches (`{ swaps: false }`), which register every shipped
   * feature whose switch is on. Left out: the defaults. See docs/decisions/0015.
   */
  readonly features?: TFeatures | FeatureSwitches
}

/**
 * Creates a kit with Gangway's default features: the core's `createKit` (from
 * `@gangway/kit/core`) plus every shipped feature whose §9 switch is on, or exactly the features
 * the site lists. Each feature is a few eager lines; its code loads on first use.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { eip155 } from '@gangway/kit/eip155'
 * const kit = createKit({ plugins: [eip155()], features: { swaps: false } })
 * @param parameters - plugins, features or switches, and the core's options.
 * @returns the running kit.
 * @throws PLUGIN_ALREADY_REGISTERED, VALIDATION_FAILED
 * @see /docs/features.md
 */
export function createKit<const TFeatures extends readonly FeatureInput[] = DefaultFeatures>(
  parameters: CreateKitParameters<TFeatures>,
): Kit<TFeatures> {
  const { features, siwx, swap, walletRegistry, ...rest } = parameters
  if (Array.isArray(features)) {
    // The site's own list: the default features' options have nothing to apply to.
    if (siwx || swap || walletRegistry) {
      throw new ValidationError([
        'siwx, swap, walletRegistry: pass options to the features in the list instead (swap({ routers }))',
      ])
    }
    return createCoreKit<TFeatures>({ ...rest, features: features as TFeatures })
  }
  const switches = (features ?? {}) as FeatureSwitches
  return createCoreKit({
    ...rest,
    switches,
    features: defaultFeatures(
      { ...DEFAULT_FEATURES, ...switches },
      {
        ...(siwx ? { siwx } : {}),
        ...(swap ? { swap } : {}),
        ...(walletRegistry ? { walletRegistry } : {}),
      },
    ),
  }) as unknown as Kit<TFeatures>
}
