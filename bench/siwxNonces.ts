/**
 * What issuing a sign-in nonce costs (`npx tsx bench/siwxNonces.ts`), with the stores nearly full:
 * `createMemoryNonceStore` (the `siwx-server` default) at 99,000 of its 100,000, and the Gangway
 * server's store on PGlite with 20,000 unused nonces in the table. Per-call p50 and p99 over
 * 2,000 issues each. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { createSessionStore } from '../server/sessions/sessionStore.js'
import { openStorage } from '../server/storage/openStorage.js'
import { siwxNonces } from '../server/storage/schema.js'
import { pgliteSnapshot } from '../server/storage/snapshot.js'
import { createMemoryNonceStore, createNonce } from '../src/siwx-server/index.js'

const CALLS = 2_000
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`)
const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const timed = async (issue: () => Promise<void>) => {
  const samples: number[] = []
  for (let call = 0; call < CALLS; call += 1) {
    const started = performance.now()
    await issue()
    samples.push(performance.now() - started)
  }
  return `p50 ${quantile(samples, 0.5).toFixed(3)} ms, p99 ${quantile(samples, 0.99).toFixed(3)} ms`
}

const expiresAt = Date.now() + 600_000
const memory = createMemoryNonceStore()
for (let index = 0; index < 99_000 - CALLS; index += 1) await memory.issue(createNonce(), expiresAt)
line(
  'memory nonce store, issue at 97,000–99,000 of 100,000',
  await timed(() => memory.issue(createNonce(), expiresAt)),
)

const dataDir = mkdtempSync(join(tmpdir(), 'gangway-bench-nonces-'))
const storage = await openStorage({
  kind: 'pglite',
  dataDir,
  snapshot: await pgliteSnapshot(
    fileURLToPath(new URL('../node_modules/.cache/gangway/', import.meta.url)),
  ),
})
try {
  for (let batch = 0; batch < 20; batch += 1) {
    await storage.db
      .insert(siwxNonces)
      .values(Array.from({ length: 1_000 }, () => ({ nonce: createNonce(), expiresAt })))
  }
  const store = createSessionStore(storage.db, { maxPerAccount: 16, maxOutstandingNonces: 100_000 })
  line(
    'server nonce store (PGlite), issue with 20,000 unused',
    await timed(() => store.nonces.issue(createNonce(), expiresAt)),
  )
} finally {
  await storage.close()
  rmSync(dataDir, { recursive: true, force: true })
}
