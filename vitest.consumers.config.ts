import { defineConfig } from 'vitest/config'

/**
 * The consumer suite: both packages packed with `npm pack`, and apps written the way sites write
 * them (create-vite, Next.js 15 and 16, React 18, a Node backend, the server under npx, pnpm)
 * installed from the tarballs, built once in the global setup and driven in Chromium.
 */
export default defineConfig({
  test: {
    include: ['test/consumers/**/*.test.ts'],
    globalSetup: ['test/consumers/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One browser and one served app at a time: two cores, and the setup already built in parallel.
    fileParallelism: false,
  },
})
