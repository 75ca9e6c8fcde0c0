import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // Browser tests have their own config (vitest.e2e.config.ts): Chromium and the demo server;
    // so do the consumer apps built from the packed tarballs (vitest.consumers.config.ts).
    exclude: ['test/e2e/**', 'test/consumers/**', 'src/**/*.e2e.test.ts', '**/node_modules/**'],
    // The public typing surface (test/types/*.test-d.ts) is checked by tsc in the same run.
    typecheck: {
      enabled: true,
      include: ['test/types/**/*.test-d.{ts,tsx}'],
      tsconfig: './tsconfig.json',
    },
    testTimeout: 20_000,
    // Hooks start real databases, servers and wallets; on a busy two-core machine that takes more
    // than vitest's 10 s default without anything being wrong.
    hookTimeout: 60_000,
    globalSetup: [
      'test/integration/eip155/globalSetup.ts',
      'test/integration/solana/globalSetup.ts',
      'test/integration/bip122/globalSetup.ts',
      'test/integration/polkadot/globalSetup.ts',
      'test/server/globalSetup.ts',
    ],
  },
})
