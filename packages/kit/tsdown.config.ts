import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'tsdown'
import { ENTRIES } from './entries.js'

const src = fileURLToPath(new URL('../../src/', import.meta.url))
const sourceOf = (module: string) =>
  existsSync(`${src}${module}.tsx`) ? `${src}${module}.tsx` : `${src}${module}.ts`

/**
 * `@gangway/kit`: ESM and declarations for every public entry, one output file per source module
 * (unbundled), so the kit's own lazy chunks, a site bundler's tree shaking and the React modules'
 * 'use client' all survive as written. Packages stay imports, never bundled.
 */
export default defineConfig({
  entry: Object.fromEntries(Object.values(ENTRIES).map((module) => [module, sourceOf(module)])),
  outDir: 'dist',
  root: src,
  platform: 'neutral',
  unbundle: true,
  dts: true,
  sourcemap: true,
  target: 'es2022',
  tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
  deps: { neverBundle: [/^[^./]/] },
  // Our modules have no side effects but the one that installs Buffer for spl-token (the same
  // list as package.json's `sideEffects`): barrels re-exporting them leave no bare imports behind.
  treeshake: { moduleSideEffects: (id: string) => /[\\/]bufferGlobal\.ts$/.test(id) },
  clean: true,
})
