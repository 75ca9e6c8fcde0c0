import { defineConfig } from 'vitest/config'

/** End-to-end tests: real Chromium (installed by apt-get when missing) against the demo. */
export default defineConfig({
  test: {
    // A feature's own browser tests live in its folder (`src/features/<name>/*.e2e.test.ts`).
    include: ['test/e2e/**/*.test.ts', 'src/**/*.e2e.test.ts'],
    globalSetup: ['test/e2e/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: two cores, and the tests share the demo's chain.
    fileParallelism: false,
  },
})
