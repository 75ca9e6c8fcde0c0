import type { FeatureDefinition } from './types.js'

/**
 * Declares a feature: an identity helper for inference (like `definePlugin`), so `kit.features`
 * is typed from the features a site passes to `createKit`.
 * @example
 * import { defineFeature } from '@gangway/kit'
 * export const tips = () =>
 *   defineFeature({ name: 'tips', views: ['Tip'], load: () => import('./module.js').then((m) => m.tipsModule) })
 * @param feature - name, views, wake rule and loader.
 * @returns the same feature.
 * @see /docs/features.md
 */
export function defineFeature<const TName extends string, TIntents extends object>(
  feature: FeatureDefinition<TName, TIntents>,
): FeatureDefinition<TName, TIntents> {
  return feature
}
