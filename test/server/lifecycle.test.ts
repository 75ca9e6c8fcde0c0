import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { ConfigError, loadConfig, parseConfig } from '../../server/config.js'
import { LOCK_FILE } from '../../server/storage/lock.js'
import { openStorage } from '../../server/storage/openStorage.js'
import { pgliteSnapshot } from '../../server/storage/snapshot.js'
import { connectRaw, createIdentity, freshTopic } from './support/relayClient.js'
import { freePort } from './support/services.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs')
const CLI = join(ROOT, 'server/cli.ts')
const WAIT_MS = 20_000

interface Cli {
  readonly child: ChildProcess
  readonly lines: string[]
  /** Resolves with the first output line containing `text` (bounded). */
  line(text: string): Promise<string>
  /** Resolves with the exit code (bounded). */
  exited(): Promise<number | null>
}

const children: ChildProcess[] = []
function cli(args: string[], env: Record<string, string>): Cli {
  const child = spawn(process.execPath, [TSX, CLI, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const lines: string[] = []
  const waiters = new Set<() => void>()
  const take = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean))
    for (const wake of waiters) wake()
  }
  child.stdout!.on('data', take)
  child.stderr!.on('data', take)
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    lines,
    line: (text) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no line with "${text}" within ${WAIT_MS} ms:\n${lines.join('\n')}`))
        }, WAIT_MS)
        function check() {
          const found = lines.find((entry) => entry.includes(text))
          if (found === undefined) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(found)
        }
        waiters.add(check)
        check()
      }),
    exited: () =>
      Promise.race([
        exit,
        new Promise<null>((_, reject) =>
          setTimeout(() => reject(new Error(`no exit within ${WAIT_MS} ms`)), WAIT_MS),
        ),
      ]),
  }
}

let dataDir: string
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gangway-cli-'))
  // Migrated once in-process from the snapshot, so the processes below skip initdb.
  const storage = await openStorage({
    kind: 'pglite',
    dataDir,
    snapshot: await pgliteSnapshot(inject('server').snapshotDir),
  })
  await storage.close()
})
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('configuration', () => {
  test('behavior: every bad field is named, and nothing starts', () => {
    expect(() =>
      parseConfig({
        port: 70_000,
        chains: [{ id: 'eip155:1', name: 'Main', rpcUrl: 'ftp://node' }],
        tokens: [{ chainId: 'eip155:5', address: '0x1', name: 'T', symbol: 'T', decimals: 6 }],
      }),
    ).toThrow(
      expect.objectContaining({
        issues: expect.arrayContaining([
          expect.stringMatching(/^port: /),
          expect.stringMatching(/^chains\.0\.rpcUrl: /),
          expect.stringMatching(/^tokens\.0\.address: expected an 0x address/),
        ]),
      }),
    )
    expect(() =>
      parseConfig({
        chains: [{ id: 'eip155:1', name: 'Main', rpcUrl: 'http://127.0.0.1:1' }],
        tokens: [
          {
            chainId: 'eip155:5',
            address: `0x${'1'.repeat(40)}`,
            name: 'T',
            symbol: 'T',
            decimals: 6,
          },
        ],
      }),
    ).toThrow('tokens.0.chainId: eip155:5 is not among chains')
  })

  test('default: the environment fills and overrides the file', () => {
    const file = join(dataDir, 'config.json')
    writeFileSync(file, JSON.stringify({ port: 1234, allowedOrigins: ['https://a.example'] }))
    const config = loadConfig({
      file,
      env: {
        PORT: '4321',
        DATABASE_URL: 'postgres://gw@127.0.0.1/db',
        ALLOWED_ORIGINS: 'https://b.example, https://c.example',
      },
    })
    expect(config).toMatchObject({
      port: 4321,
      databaseUrl: 'postgres://gw@127.0.0.1/db',
      allowedOrigins: ['https://b.example', 'https://c.example'],
    })
    expect(() => loadConfig({ file: join(dataDir, 'missing.json'), env: {} })).toThrow(ConfigError)
  })

  test('behavior: the command exits with 2 and names the problem', async () => {
    const bad = cli([], { PORT: 'eighty', DATA_DIR: dataDir })
    expect(await bad.exited()).toBe(2)
    expect(bad.lines.join('\n')).toContain('port: Invalid input: expected number, received string')
  })
})

describe('one process per data directory, graceful stop', () => {
  test('behavior: a second server on the same directory refuses to start; SIGTERM stops the first without losing a message', async () => {
    const port = await freePort()
    const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }
    const first = cli([], env)
    await first.line('"server started"')
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true)
    const health = await fetch(`http://127.0.0.1:${port}/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', storage: 'pglite', redis: false })

    const second = cli([], { ...env, PORT: String(await freePort()) })
    expect(await second.exited()).toBe(1)
    expect(second.lines.join('\n')).toContain(
      'The data directory is in use by another Gangway server',
    )

    const topic = freshTopic()
    const publisher = await connectRaw(`ws://127.0.0.1:${port}`, createIdentity().token())
    await publisher.call('irn_publish', { topic, message: 'kept through SIGTERM', ttl: 300 })
    first.child.kill('SIGTERM')
    expect(await first.exited()).toBe(0)
    expect(first.lines.join('\n')).toContain('"server stopped"')
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)

    const third = cli([], env)
    await third.line('"server started"')
    const reader = await connectRaw(`ws://127.0.0.1:${port}`, createIdentity().token())
    expect((await reader.call('irn_fetchMessages', { topic })).result).toMatchObject({
      messages: [{ message: 'kept through SIGTERM' }],
    })
    reader.close()
    third.child.kill('SIGINT')
    expect(await third.exited()).toBe(0)
  })
})
