import type { PayloadOf } from '../events/types.js'
import type { FeatureDefinition, FeatureInput } from '../featureHost/types.js'
import { defaultOptionsState } from '../state.js'
import type { CreateKitParameters, FeatureSwitches } from './types.js'

/** The features a site registered, in order: falsy entries dropped, nested lists flattened. */
export function flattenFeatures(input: readonly FeatureInput[]): FeatureDefinition[] {
  const out: FeatureDefinition[] = []
  const visit = (entries: readonly FeatureInput[]) => {
    for (const entry of entries) {
      if (!entry) continue
      if (Array.isArray(entry)) visit(entry)
      else out.push(entry as FeatureDefinition)
    }
  }
  visit(input)
  return out
}

/**
 * The options state a site's parameters stand for (§3 options, §9 defaults).
 * @param parameters - what the site passed.
 * @param switches - the resolved §9 switches.
 */
export function toOptionsPayload(
  parameters: CreateKitParameters,
  switches: FeatureSwitches,
): PayloadOf<'kit/configured'>['options'] {
  const defaults = defaultOptionsState()
  return {
    features: { ...defaults.features, ...switches },
    socials: [...(parameters.socials ?? defaults.socials)],
    ...(parameters.projectId === undefined ? {} : { projectId: parameters.projectId }),
    ...(parameters.metadata === undefined ? {} : { metadata: parameters.metadata }),
    customWallets: [...(parameters.customWallets ?? [])],
    includeWalletIds: [...(parameters.includeWalletIds ?? [])],
    excludeWalletIds: [...(parameters.excludeWalletIds ?? [])],
    featuredWalletIds: [...(parameters.featuredWalletIds ?? [])],
    tokens: [...(parameters.tokens ?? [])],
    ...(parameters.termsConditionsUrl === undefined
      ? {}
      : { termsConditionsUrl: parameters.termsConditionsUrl }),
    ...(parameters.privacyPolicyUrl === undefined
      ? {}
      : { privacyPolicyUrl: parameters.privacyPolicyUrl }),
    embedded: parameters.embedded ?? false,
    allowUnsupportedNetworks: parameters.allowUnsupportedNetworks ?? false,
    walletConnectBasic: parameters.walletConnectBasic ?? false,
    defaultAccountTypes: { ...parameters.defaultAccountTypes },
    ...(parameters.serviceUrl === undefined ? {} : { serviceUrl: parameters.serviceUrl }),
  }
}
