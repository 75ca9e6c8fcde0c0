/**
 * Serving a built consumer app as its developer would (`vite preview`, `next start`) for the
 * Chromium tests, on a free loopback port, stopped with its whole process group.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { freePort, killGroup, siteEnv, waitForHttp } from './run.js'

const READY_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 10_000
const OUTPUT_TAIL_CHARS = 4_000

/** A running app server. */
export interface ServedApp {
  /** The page's URL, ending in `/`. */
  readonly url: string
  /** What the server printed so far (its tail). */
  output(): string
  /** Stops the server and everything it started. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts `bin` (a file in the app's `node_modules/.bin`) with `args(port)` and waits for the page.
 * @param appDir - the app's folder.
 * @param bin - `vite` or `next`.
 * @param args - the arguments for a port.
 * @returns the running server.
 * @throws Error when the page does not answer in time; the server is stopped then.
 */
export async function serveApp(
  appDir: string,
  bin: string,
  args: (port: number) => readonly string[],
): Promise<ServedApp> {
  const port = await freePort()
  const child = spawn(join(appDir, 'node_modules', '.bin', bin), args(port), {
    cwd: appDir,
    env: siteEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const served: ServedApp = {
    url: `http://127.0.0.1:${port}/`,
    output: () => output,
    stop: () => stopChild(child),
  }
  try {
    await waitForHttp(served.url, READY_TIMEOUT_MS, () => child.exitCode === null)
  } catch (error) {
    await served.stop()
    throw new Error(`${(error as Error).message}\n${bin} printed:\n${output}`)
  }
  return served
}

/** `vite preview` of an app's `dist`. */
export const vitePreview = (appDir: string) =>
  serveApp(appDir, 'vite', (port) => [
    'preview',
    '--host',
    '127.0.0.1',
    '--port',
    `${port}`,
    '--strictPort',
  ])

/** `next start` of an app's `.next` build. */
export const nextStart = (appDir: string) =>
  serveApp(appDir, 'next', (port) => ['start', '--hostname', '127.0.0.1', '--port', `${port}`])

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_TIMEOUT_MS)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    killGroup(child, 'SIGTERM')
  })
}
