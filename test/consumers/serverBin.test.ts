/**
 * The server as an operator runs it, from the packed `@gangway/server`: installed, with a process
 * manager starting `node_modules/.bin/gangway-server`, and fetched by `npx` into an empty folder.
 * Either way a stop signal to the process the operator started must stop the server gracefully:
 * no process left, the port free, the data directory's lock released.
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, onTestFinished, test } from 'vitest'
import { expectPrepared } from './support/expectations.js'
import { freePort, killGroup, portIsFree, siteEnv, waitForHttp } from './support/run.js'

const setup = inject('consumers')
const report = setup.apps.serverBin
const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 20_000
/** How long the server may take to wind down after the process the operator started has ended. */
const WIND_DOWN_MS = 10_000

/** Starts a server command in `cwd`, in its own process group; `signal()` hits only its pid. */
function start(command: string, args: readonly string[], cwd: string) {
  const child = spawn(command, args, {
    cwd,
    env: siteEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  // Whatever happens to the test, nothing it started stays behind.
  onTestFinished(() => killGroup(child, 'SIGKILL'))
  return {
    pid: child.pid!,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    /** Sends `signal` to the started process alone, as a process manager does, and waits. */
    async signal(signal: NodeJS.Signals) {
      process.kill(child.pid!, signal)
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_TIMEOUT_MS)
      const result = await exited
      clearTimeout(timer)
      return result
    },
  }
}

/** Whether any process of the group the started command leads is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** A config in `dir` on a free port, data in `dir/data`. */
async function configure(dir: string): Promise<number> {
  const port = await freePort()
  writeFileSync(
    join(dir, 'cfg.json'),
    JSON.stringify({ port, dataDir: './data', logLevel: 'info' }),
  )
  return port
}

async function expectHealthy(port: number, server: ReturnType<typeof start>, round: string) {
  const health = `http://127.0.0.1:${port}/health`
  await waitForHttp(health, START_TIMEOUT_MS, server.running).catch((error: Error) => {
    throw new Error(`${round} start: ${error.message}\n${server.output()}`)
  })
  const answer = await fetch(health)
  expect(answer.status, server.output()).toBe(200)
  expect(await answer.json()).toMatchObject({ status: 'ok' })
}

test('the installed bin (`#!/usr/bin/env node`, no tsx): SIGTERM, then SIGINT, to its pid exits 0, frees the port and releases the data lock, so the next start on the same data succeeds', async () => {
  expectPrepared('the server bin', report)
  const dir = join(report.dir, 'installed')
  const port = await configure(dir)
  const bin = join(dir, 'node_modules/.bin/gangway-server')
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const server = start(bin, ['--config', 'cfg.json'], dir)
    await expectHealthy(port, server, `before ${signal}`)
    const ended = await server.signal(signal)
    expect(ended, `${signal}:\n${server.output()}`).toEqual({ code: 0, signal: null })
    expect(groupAlive(server.pid), `${signal}: a process outlived the stop`).toBe(false)
    expect(await portIsFree(port)).toBe(true)
  }
})

test('npx gangway-server from an empty folder answers HTTP; SIGTERM to the npx pid stops the server: nothing left running, the port free, and a second start on the same data succeeds', async () => {
  expectPrepared('the server bin', report)
  const dir = join(report.dir, 'npx')
  const port = await configure(dir)
  for (const round of ['first', 'second']) {
    const server = start(
      'npx',
      ['--yes', '--package', setup.serverTarball, 'gangway-server', '--config', 'cfg.json'],
      dir,
    )
    await expectHealthy(port, server, round)
    const ended = await server.signal('SIGTERM')
    // npm exec hands the signal to the `sh -c` it runs bins through, and once that shell is gone
    // ends by the same signal (a shell reports 143): it cannot report the server's own exit 0.
    // What the operator needs is behind it: the server stopped.
    expect(
      ended.code === 0 || ended.code === 143 || ended.signal === 'SIGTERM',
      `${round}: npx ended with ${JSON.stringify(ended)}:\n${server.output()}`,
    ).toBe(true)
    await expect
      .poll(() => groupAlive(server.pid), {
        timeout: WIND_DOWN_MS,
        message: `${round}: the server outlived npx (an orphan holding port ${port} and the data lock)`,
      })
      .toBe(false)
    expect(await portIsFree(port)).toBe(true)
  }
})
