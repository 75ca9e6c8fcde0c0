/**
 * Code that a page downloads only when a visitor needs it: a view, a feature, a group of effects,
 * a plugin's chain library. One loader per piece of code: the first `load()` starts the download,
 * later calls share it, a failed download is forgotten so the next call tries again, and once the
 * code is here `current()` hands it out synchronously (a view renders in the same pass, an intent
 * runs in the same tick).
 */
export interface Loader<TValue> {
  /** Starts the download, or joins the one under way; resolves with the loaded value. */
  load(): Promise<TValue>
  /** The loaded value, or `undefined` until it has arrived. */
  current(): TValue | undefined
}

/**
 * Creates a {@link Loader} around one dynamic import.
 * @example
 * import { createLoader } from '@gangway/kit'
 * const swapModule = createLoader(() => import('./module.js').then((m) => m.swapModule))
 * swapModule.current() // undefined until loaded
 * await swapModule.load()
 * @param load - the download (a dynamic `import()`, so bundlers give it a chunk of its own).
 * @returns the loader.
 * @see /docs/features.md
 */
export function createLoader<TValue>(load: () => Promise<TValue>): Loader<TValue> {
  let value: { readonly loaded: TValue } | undefined
  let loading: Promise<TValue> | undefined
  return {
    load: () => {
      if (value) return Promise.resolve(value.loaded)
      loading ??= load().then(
        (loaded) => {
          value = { loaded }
          return loaded
        },
        (error: unknown) => {
          // A failed download (the network dropped) must not stick: the next need tries again.
          loading = undefined
          throw error
        },
      )
      return loading
    },
    current: () => value?.loaded,
  }
}
