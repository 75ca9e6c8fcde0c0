import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    typecheck: { enabled: false },
    testTimeout: 20_000,
    globalSetup: ['test/integration/eip155/globalSetup.ts'],
  },
})
