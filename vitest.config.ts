import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // Browser tests have their own config (vitest.e2e.config.ts): Chromium and the demo server.
    exclude: ['test/e2e/**', '**/node_modules/**'],
    typecheck: { enabled: false },
    testTimeout: 20_000,
    globalSetup: [
      'test/integration/eip155/globalSetup.ts',
      'test/integration/solana/globalSetup.ts',
      'test/server/globalSetup.ts',
    ],
  },
})
