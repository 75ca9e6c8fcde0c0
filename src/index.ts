/**
 * `@gangway/kit`: the core (everything `@gangway/kit/core` exports) with the preset's `createKit`,
 * which registers Gangway's default features. A site that composes its own features imports
 * `createKit` from `@gangway/kit/core` instead, and pays for no feature it does not list.
 * @module @gangway/kit
 */
// The core whole, except what the preset replaces (a named export wins over `export *`).
export * from './kernel/index.js'
export {
  type CreateKitParameters,
  createKit,
  type DefaultFeatureOptions,
  type DefaultFeatures,
  defaultFeatures,
} from './preset/index.js'
