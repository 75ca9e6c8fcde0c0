/**
 * The production build of the size probe, shared by bench/size.ts, bench/composition.ts and
 * bench/browser.ts so that the bytes counted are the bytes the browser loads.
 */
import type { InlineConfig } from 'vite'

/**
 * Vite options for building bench/size-app: minified, React and ReactDOM in a chunk of their own
 * so they can be counted apart.
 * @example
 * import { build } from 'vite'
 * import { sizeAppBuild } from './size-app/build.js'
 * await build({ ...sizeAppBuild(root), build: { ...sizeAppBuild(root).build, write: false } })
 * @param root - the size-app folder.
 * @returns an inline config without plugins (callers add the React plugin).
 */
export function sizeAppBuild(root: string): InlineConfig {
  return {
    configFile: false,
    root,
    build: {
      minify: true,
      modulePreload: false,
      rollupOptions: {
        output: {
          manualChunks: (id) =>
            /node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined,
        },
      },
    },
  }
}
