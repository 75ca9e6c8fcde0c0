/**
 * `@gangway/kit/testing/conformance`: the checks a chain plugin and a feature must pass, Gangway's own
 * and a site's, as plain `{ name, run }` pairs for any test runner. Needs `fast-check`.
 * @module @gangway/kit/testing/conformance
 */
export {
  addressSchemaConformance,
  type ChainPluginConformanceOptions,
  type ConformanceCheck,
  chainPluginConformance,
} from './conformance/chainPlugin.js'
export { type FeatureConformanceOptions, featureConformance } from './conformance/feature.js'
