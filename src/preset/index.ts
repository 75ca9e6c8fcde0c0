/**
 * The preset: the core's `createKit` with Gangway's default features. Part of the main entry.
 * @module
 */
export { type CreateKitParameters, createKit } from './createKit.js'
export {
  type DefaultFeatureOptions,
  type DefaultFeatures,
  defaultFeatures,
} from './defaultFeatures.js'
