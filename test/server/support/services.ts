/**
 * Debian's PostgreSQL and Redis for the server tests: installed with apt-get when missing (as
 * test/e2e/support/chromium.ts installs Chromium), started on free loopback ports in throwaway
 * directories, stopped by pid. Every wait is bounded.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const PG_BIN = '/usr/lib/postgresql/15/bin'
const APT_TIMEOUT_MS = 10 * 60_000
const READY_TIMEOUT_MS = 20_000

/** A free port on a loopback address (127.0.0.1 unless named). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, resolve)
  })
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Installs Debian packages when `binary` is missing (root only; the tests never skip). */
export async function ensureApt(binary: string, packages: readonly string[]): Promise<void> {
  if (existsSync(binary)) return
  if (process.getuid?.() !== 0) {
    throw new Error(`${binary} is missing; install ${packages.join(' ')} (apt-get needs root)`)
  }
  const options = { timeout: APT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }
  await run('apt-get', ['update'], options)
  await run(
    'apt-get',
    ['install', '-y', '--no-install-recommends', '-o', 'DPkg::Lock::Timeout=300', ...packages],
    { ...options, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  )
  if (!existsSync(binary))
    throw new Error(`apt-get installed ${packages.join(' ')} without ${binary}`)
}

/** Resolves once a TCP port accepts connections, or throws after the timeout. */
async function waitForPort(port: number, what: string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket()
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
      socket.connect(port, '127.0.0.1')
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${what} did not listen on ${port} within ${READY_TIMEOUT_MS} ms`)
}

/** A running PostgreSQL cluster. */
export interface LocalPostgres {
  /** `postgres://gw@127.0.0.1:port/postgres`: connect here to create databases. */
  readonly adminUrl: string
  stop(): Promise<void>
}

/**
 * Starts PostgreSQL 15 from Debian: initdb (as the postgres user, which initdb requires) in a
 * fresh directory, `fsync=off`, loopback only.
 */
export async function startPostgres(): Promise<LocalPostgres> {
  await ensureApt(`${PG_BIN}/initdb`, ['postgresql'])
  const dir = mkdtempSync(join(tmpdir(), 'gangway-pg-'))
  const data = join(dir, 'data')
  const owner = (await run('id', ['-u', 'postgres'])).stdout.trim()
  const group = (await run('id', ['-g', 'postgres'])).stdout.trim()
  chownSync(dir, Number(owner), Number(group))
  const asPostgres = (command: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${command}`, ...args], {
      timeout: READY_TIMEOUT_MS,
    })
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'gw', '--no-sync'])
  const port = await freePort()
  await asPostgres('pg_ctl', [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    '-l',
    join(dir, 'log'),
    '-w',
    '-t',
    '20',
    'start',
  ])
  await waitForPort(port, 'postgres')
  let stopping: Promise<void> | undefined
  return {
    adminUrl: `postgres://gw@127.0.0.1:${port}/postgres`,
    stop: () => {
      stopping ??= asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '20', 'stop'])
        .catch(() => undefined)
        .then(() => rmSync(dir, { recursive: true, force: true }))
      return stopping
    },
  }
}

/** A running Redis. */
export interface LocalRedis {
  readonly url: string
  stop(): Promise<void>
}

/**
 * Starts Debian's redis-server on a loopback port (a free one unless given: a restart reuses the
 * port), without persistence.
 */
export async function startRedis(options: { readonly port?: number } = {}): Promise<LocalRedis> {
  await ensureApt('/usr/bin/redis-server', ['redis-server'])
  const port = options.port ?? (await freePort())
  const child = spawn(
    '/usr/bin/redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
    ],
    { stdio: 'ignore' },
  )
  await waitForPort(port, 'redis-server', child)
  let stopping: Promise<void> | undefined
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
        child.once('exit', () => {
          clearTimeout(kill)
          resolve()
        })
        child.kill('SIGTERM')
      })
      return stopping
    },
  }
}
