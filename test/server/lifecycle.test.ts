import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { ConfigError, loadConfig, parseConfig } from '../../server/config.js'
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../server/storage/lock.js'
import { openStorage } from '../../server/storage/openStorage.js'
import { pgliteSnapshot } from '../../server/storage/snapshot.js'
import { connectRaw, createIdentity, freshTopic } from './support/relayClient.js'
import { freePort } from './support/services.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs')
const CLI = join(ROOT, 'server/cli.ts')
const WAIT_MS = 20_000
/** Tests that start the command several times: each start waits up to WAIT_MS on a busy machine. */
const CLI_TEST_MS = 90_000

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
  test(
    'behavior: a second server on the same directory refuses to start; SIGTERM stops the first without losing a message',
    async () => {
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
      const publisher = await connectRaw(`ws://127.0.0.1:${port}`, createIdentity())
      await publisher.call('irn_publish', { topic, message: 'kept through SIGTERM', ttl: 300 })
      first.child.kill('SIGTERM')
      expect(await first.exited()).toBe(0)
      expect(first.lines.join('\n')).toContain('"server stopped"')
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)

      const third = cli([], env)
      await third.line('"server started"')
      const reader = await connectRaw(`ws://127.0.0.1:${port}`, createIdentity())
      expect((await reader.call('irn_fetchMessages', { topic })).result).toMatchObject({
        messages: [{ message: 'kept through SIGTERM' }],
      })
      reader.close()
      third.child.kill('SIGINT')
      expect(await third.exited()).toBe(0)
    },
    CLI_TEST_MS,
  )
})

/** Sends raw bytes on a fresh TCP connection; resolves with what came back once the server closed it. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(port, '127.0.0.1', () => socket.write(text))
    let received = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(
        new Error(`the server did not close within ${WAIT_MS} ms; got ${JSON.stringify(received)}`),
      )
    }, WAIT_MS)
    socket.on('data', (chunk) => {
      received += chunk.toString()
    })
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(received)
    })
  })
}

const upgradeTo = (target: string) =>
  `GET ${target} HTTP/1.1\r\nHost: relay\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n'

describe('raw input from anyone', () => {
  test(
    'behavior: request targets that are not URLs get 400 and a closed socket; the process keeps serving HTTP and the relay',
    async () => {
      const port = await freePort()
      const server = cli([], { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' })
      await server.line('"server started"')
      for (const target of ['http://a:99999/', 'http://[::1', '//']) {
        expect(await rawExchange(port, upgradeTo(target))).toMatch(/^HTTP\/1\.1 400 /)
        expect(
          await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        ).toMatch(/^HTTP\/1\.1 (400|404) /)
      }
      // An upgrade reset by its sender before the answer costs nothing either.
      const reset = createConnection(port, '127.0.0.1', () => {
        reset.write(upgradeTo('http://a:99999/'))
        reset.resetAndDestroy()
      })
      reset.on('error', () => undefined)

      const health = await fetch(`http://127.0.0.1:${port}/health`)
      expect(await health.json()).toMatchObject({ status: 'ok' })
      const topic = freshTopic()
      const publisher = await connectRaw(`ws://127.0.0.1:${port}`, createIdentity())
      expect(
        await publisher.call('irn_publish', { topic, message: 'still here', ttl: 60 }),
      ).toMatchObject({
        result: true,
      })
      publisher.close()
      expect(server.child.exitCode).toBeNull()
      server.child.kill('SIGTERM')
      expect(await server.exited()).toBe(0)
    },
    CLI_TEST_MS,
  )
})

describe('a lock file left by a crash', () => {
  test(
    'behavior: an empty or unreadable lock file does not lock the data directory for ever; a live holder still does',
    async () => {
      // A crash between creating the lock file and writing the pid leaves it empty.
      writeFileSync(join(dataDir, LOCK_FILE), '')
      const port = await freePort()
      const server = cli([], { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' })
      await server.line('"server started"')
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200)
      server.child.kill('SIGTERM')
      expect(await server.exited()).toBe(0)
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)

      const dir = mkdtempSync(join(tmpdir(), 'gangway-lock-'))
      try {
        for (const garbage of ['\u0000\u0000\u0000', '12345', '@', 'not a holder at all']) {
          writeFileSync(join(dir, LOCK_FILE), garbage)
          const lock = lockDataDir(dir)
          expect(readFileSync(lock.path, 'utf8')).toBe(`${process.pid}@${hostname()}`)
          lock.release()
        }
        // A live process on this host, or any process on another host, keeps its lock.
        for (const holder of [`${process.pid}@${hostname()}`, '4242@another-host.example']) {
          writeFileSync(join(dir, LOCK_FILE), holder)
          expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
          expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(holder)
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    CLI_TEST_MS,
  )

  test(
    'behavior: starts racing for a stale lock take turns: exactly one holds it, and nobody steals it',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gangway-lock-race-'))
      try {
        // A dead holder: a pid far above any this host has handed out.
        writeFileSync(join(dir, LOCK_FILE), `2147483646@${hostname()}`)
        const startAt = Date.now() + 4_000
        const spawned: ChildProcess[] = []
        const racers = Array.from({ length: 4 }, () => {
          // tsx's loader in the racer's own process (not the tsx command, which runs the script
          // in a child): killing it by pid then ends the lock's holder.
          const child = spawn(
            process.execPath,
            [
              '--import',
              'tsx',
              join(ROOT, 'test/server/support/takeLock.ts'),
              dir,
              String(startAt),
            ],
            { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
          )
          children.push(child)
          spawned.push(child)
          return new Promise<string>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('a racer did not answer')), WAIT_MS)
            child.stdout!.once('data', (chunk: Buffer) => {
              clearTimeout(timer)
              resolve(chunk.toString().trim())
            })
          })
        })
        const outcomes = await Promise.all(racers)
        expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1)
        expect(outcomes.filter((outcome) => outcome !== 'locked')).toEqual(
          Array(3).fill('DataDirLockedError'),
        )
        await Promise.all(
          spawned.map(
            (child) =>
              new Promise((resolve) => {
                child.once('exit', resolve)
                child.kill('SIGKILL')
              }),
          ),
        )
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    CLI_TEST_MS,
  )
})
