/**
 * The Gangway server's figures (`npx tsx bench/server.ts`): relay messages per second and p99
 * latency for 1,000 concurrent clients on one instance (PGlite store, and the in-memory relay of
 * `startRelay`), delivery across two instances over Redis, history p50/p99 for an address with
 * 10,000 transfers on PGlite and PostgreSQL, indexer blocks per second on anvil, and cold start.
 * Everything runs on loopback; every loop is bounded. Asserts nothing.
 */

import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseEther } from 'viem'
import { parseConfig, type ServerConfigInput } from '../server/config.js'
import { startRelay } from '../server/index.js'
import { createLogger } from '../server/log.js'
import { type RunningServer, startServer } from '../server/startServer.js'
import { openStorage } from '../server/storage/openStorage.js'
import {
  activityTransactions,
  activityTransfers,
  watchedAddresses,
} from '../server/storage/schema.js'
import { pgliteSnapshot } from '../server/storage/snapshot.js'
import { chainConfig, freshAddress, startTestChain } from '../test/server/support/harness.js'
import {
  connectRaw,
  createIdentity,
  freshTopic,
  isDelivery,
  type RawClient,
} from '../test/server/support/relayClient.js'
import { freePort, startPostgres, startRedis } from '../test/server/support/services.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const SNAPSHOTS = join(ROOT, 'node_modules/.cache/gangway/')
// Every bench client connects from 127.0.0.1: one network source.
const BENCH_LIMITS = {
  maxSocketsPerClient: 10,
  maxSocketsPerSource: 10_000,
  maxSubscriptionsPerSource: 1_000_000,
  maxStoredBytesPerSource: 256 * 1024 * 1024,
  publishesPerSecondPerSocket: 1_000,
  publishesPerSecondPerClient: 1_000,
  publishesPerSecondPerSource: 1_000_000,
  publishesPerSecond: 1_000_000,
}
const line = (label: string, value: string) => console.log(`${label.padEnd(60)} ${value}`)
const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const ms = (value: number) => `${value.toFixed(1)} ms`
const silent = createLogger('silent')

async function server(config: ServerConfigInput): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gangway-bench-'))
  const started = await startServer(
    parseConfig({
      port: 0,
      logLevel: 'silent',
      dataDir,
      ...config,
      relay: { ...BENCH_LIMITS, ...config.relay },
    }),
    { log: silent, ...(config.databaseUrl ? {} : { snapshot: await pgliteSnapshot(SNAPSHOTS) }) },
  )
  return {
    ...started,
    close: async () => {
      await started.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * `pairs` publishers on `publishUrl` and as many subscribers on `subscribeUrl`, each pair on its
 * own topic; every publisher sends `perClient` messages as fast as answers come back.
 */
async function relayRun(
  publishUrl: string,
  subscribeUrl: string,
  pairs: number,
  perClient: number,
) {
  const subscribers: RawClient[] = []
  const publishers: RawClient[] = []
  const topics = Array.from({ length: pairs }, () => freshTopic())
  const latencies: number[] = []
  let expected = pairs * perClient
  let done: () => void = () => undefined
  const finished = new Promise<void>((resolve) => {
    done = resolve
  })
  for (let index = 0; index < pairs; index += 1) {
    const subscriber = await connectRaw(subscribeUrl, createIdentity())
    subscriber.socket.on('message', (data) => {
      const frame = data.toString()
      if (!isDelivery(frame)) return
      const parsed = JSON.parse(frame)
      subscriber.socket.send(JSON.stringify({ jsonrpc: '2.0', id: parsed.id, result: true }))
      latencies.push(performance.now() - Number(parsed.params.data.message.split(':')[0]))
      expected -= 1
      if (expected === 0) done()
    })
    await subscriber.call('irn_subscribe', { topic: topics[index] })
    subscribers.push(subscriber)
    publishers.push(await connectRaw(publishUrl, createIdentity()))
  }
  const started = performance.now()
  await Promise.all(
    publishers.map(async (publisher, index) => {
      for (let message = 0; message < perClient; message += 1) {
        const answer = await publisher.call('irn_publish', {
          topic: topics[index],
          message: `${performance.now()}:${index}:${message}`,
          ttl: 300,
        })
        if (answer.error) throw new Error(answer.error.message)
      }
    }),
  )
  const timeout = setTimeout(done, 60_000)
  await finished
  clearTimeout(timeout)
  const elapsed = (performance.now() - started) / 1000
  for (const client of [...subscribers, ...publishers]) client.close()
  return {
    rate: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    lost: expected,
  }
}

async function relayFigures(sharedDatabaseUrl: string) {
  const one = await server({})
  const sql = await relayRun(one.relayUrl, one.relayUrl, 500, 20)
  line(
    'relay, 1,000 clients, PGlite store: msg/s',
    `${sql.rate.toFixed(0)} msg/s (lost ${sql.lost})`,
  )
  line('relay, 1,000 clients, PGlite store: p50 / p99', `${ms(sql.p50)} / ${ms(sql.p99)}`)
  await one.close()
  const memory = await startRelay({ limits: BENCH_LIMITS })
  const mem = await relayRun(memory.url, memory.url, 500, 20)
  line('relay, 1,000 clients, in-memory (startRelay): msg/s', `${mem.rate.toFixed(0)} msg/s`)
  line('relay, 1,000 clients, in-memory: p50 / p99', `${ms(mem.p50)} / ${ms(mem.p99)}`)
  await memory.close()

  const redis = await startRedis()
  // Instances share one PostgreSQL database, where the messages live; Redis carries them.
  const shared = { redisUrl: redis.url, databaseUrl: sharedDatabaseUrl }
  const [a, b] = [await server(shared), await server(shared)]
  const cross = await relayRun(a.relayUrl, b.relayUrl, 250, 20)
  line(
    'relay, 2 instances over Redis, 500 clients A→B: msg/s',
    `${cross.rate.toFixed(0)} msg/s (lost ${cross.lost})`,
  )
  line('relay, 2 instances over Redis: p50 / p99', `${ms(cross.p50)} / ${ms(cross.p99)}`)
  await Promise.all([a.close(), b.close()])
  await redis.stop()
}

async function historyFigures(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const chain = await startTestChain()
  const running = await server({ ...chainConfig(chain), ...(databaseUrl ? { databaseUrl } : {}) })
  const address = freshAddress()
  const db = running.storage.db
  const head = Number(await chain.reader.getBlockNumber())
  await db
    .insert(watchedAddresses)
    .values({ chainId: chain.chainId, address, indexedTo: head + 1_000_000, firstSeenAt: 0 })
  const base = Date.now() - 10_000 * 12_000
  for (let batch = 0; batch < 10; batch += 1) {
    const rows = Array.from({ length: 1_000 }, (_, index) => {
      const n = batch * 1_000 + index
      return { n, hash: `0x${n.toString(16).padStart(64, '0')}` }
    })
    await db.insert(activityTransactions).values(
      rows.map(({ n, hash }) => ({
        chainId: chain.chainId,
        address,
        hash,
        blockNumber: n,
        txIndex: 0,
        minedAt: base + n * 12_000,
        status: 'confirmed',
        operationType: 'receive',
        sentFrom: freshAddress(),
        sentTo: address,
        fee: '0',
      })),
    )
    await db.insert(activityTransfers).values(
      rows.map(({ hash }) => ({
        chainId: chain.chainId,
        address,
        hash,
        logIndex: -1,
        token: null,
        symbol: 'ETH',
        decimals: 18,
        amount: '1000000000000000',
        direction: 'in',
      })),
    )
  }
  const samples: number[] = []
  let cursor: string | null = null
  for (let page = 0; page < 500; page += 1) {
    const started = performance.now()
    const response = await running.app.request(
      `/v1/account/${address}/history?chainId=${chain.chainId}${cursor ? `&cursor=${cursor}` : ''}`,
    )
    const body = (await response.json()) as { next: string | null }
    samples.push(performance.now() - started)
    cursor = body.next
    if (!cursor) break
  }
  line(
    `history, 10,000 transfers, ${kind}: p50 / p99 (${samples.length} pages)`,
    `${ms(quantile(samples, 0.5))} / ${ms(quantile(samples, 0.99))}`,
  )
  await running.close()
  await chain.stop()
}

async function indexerFigures() {
  const chain = await startTestChain()
  const receiver = freshAddress()
  for (let index = 0; index < 200; index += 1) await chain.sendNative(receiver, parseEther('0.001'))
  await chain.reader.request({ method: 'anvil_mine' as never, params: ['0x320'] as never })
  const running = await server({
    ...chainConfig(chain),
    indexer: { pollIntervalMs: 3_600_000, batchBlocks: 50 },
  })
  const head = Number(await chain.reader.getBlockNumber())
  await running.storage.db
    .insert(watchedAddresses)
    .values({ chainId: chain.chainId, address: receiver, indexedTo: -1, firstSeenAt: 0 })
  const started = performance.now()
  let blocks = 0
  for (let step = 0; step < 1_000 && blocks <= head; step += 1)
    blocks += await running.indexer.step(chain.chainId)
  const seconds = (performance.now() - started) / 1000
  line(
    `indexer on anvil: ${blocks} blocks (200 with a transfer)`,
    `${(blocks / seconds).toFixed(0)} blocks/s`,
  )
  await running.close()
  await chain.stop()
}

async function coldStart(label: string, prepare: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'gangway-cold-'))
  await prepare(dir)
  const port = await freePort()
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'server/cli.ts')],
    {
      env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    },
  )
  let ready = Number.NaN
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) {
      ready = performance.now() - started
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  line(label, ms(ready))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
  rmSync(dir, { recursive: true, force: true })
}

console.log('Gangway server (bench/server.ts)')
const postgres = await startPostgres()
try {
  const pg = await import('pg')
  const admin = new pg.default.Client({ connectionString: postgres.adminUrl })
  await admin.connect()
  await admin.query('CREATE DATABASE bench')
  await admin.query('CREATE DATABASE relay')
  await admin.end()
  await relayFigures(postgres.adminUrl.replace(/\/postgres$/, '/relay'))
  await historyFigures('pglite')
  await historyFigures('postgres', postgres.adminUrl.replace(/\/postgres$/, '/bench'))
} finally {
  await postgres.stop()
}
await indexerFigures()
await coldStart('cold start to /health, migrated data directory', async (dir) => {
  const storage = await openStorage({
    kind: 'pglite',
    dataDir: dir,
    snapshot: await pgliteSnapshot(SNAPSHOTS),
  })
  await storage.close()
})
await coldStart('cold start to /health, empty data directory (initdb)', async () => undefined)
