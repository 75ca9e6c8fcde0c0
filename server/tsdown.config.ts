import { fileURLToPath } from 'node:url'
import { defineConfig } from 'tsdown'

/**
 * `@gangway/server`: the server as a library (`dist/index.js`) and its command (`dist/cli.js`,
 * `#!/usr/bin/env node`), bundled with the shared code it takes from `src/` (sign-in verification,
 * service schemas). Packages stay imports, installed from this package's own dependencies.
 */
export default defineConfig([
  {
    entry: { index: 'index.ts', cli: 'cli.ts' },
    outDir: 'dist',
    platform: 'node',
    target: 'node20',
    dts: true,
    sourcemap: true,
    tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
    deps: { neverBundle: [/^[^./]/] },
    fixedExtension: false,
    clean: true,
  },
  // The embedded wallet's frame, popup and recovery page scripts, for browsers, with everything they use inside:
  // the server serves them pinned by their hash (decision 0712) and needs no bundler at run time.
  ...(['frame', 'popup', 'recover'] as const).map((name) => ({
    entry: { [`embedded-${name}`]: `embedded/frame/${name === 'frame' ? 'main' : name}.ts` },
    outDir: 'dist',
    platform: 'browser' as const,
    target: 'es2022',
    format: 'iife' as const,
    minify: true,
    dts: false,
    sourcemap: false,
    tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
    deps: { alwaysBundle: [/.*/] },
    outputOptions: { entryFileNames: '[name].js' },
    clean: false,
  })),
])
