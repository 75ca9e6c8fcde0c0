/**
 * Running a consumer app's commands (npm, pnpm, npx, tsc, next, vite) the way a site developer
 * runs them in a terminal: a clean environment, a time limit, the output kept for the report.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { delimiter, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, whose own tools must never leak into a consumer app. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** How much of a command's output a failure shows. */
const OUTPUT_TAIL_CHARS = 6_000
/** SIGTERM, then SIGKILL after this long, for a command past its time. */
const KILL_GRACE_MS = 3_000

/** What one command did. */
export interface CommandResult {
  /** The command line, for the report. */
  readonly command: string
  readonly cwd: string
  /** The exit code; `null` when a signal ended it (then `signal` says which). */
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  /** Whether it ran past its time limit and was stopped. */
  readonly timedOut: boolean
  /** Wall time in milliseconds. */
  readonly ms: number
  /** The last part of stdout and stderr, interleaved as they came. */
  readonly output: string
}

/**
 * The environment a site developer's terminal has: this process's, without what npm, vitest and
 * this repository or CI add (`NODE_ENV=test` would make Next.js and Vite build for tests;
 * `npm_config_*` would point npm at this repository; `CI` makes pnpm refuse to write a lockfile),
 * and with telemetry and nags off.
 * @param extra - variables to add (a Vite site's `VITE_*` settings).
 * @returns the environment.
 */
export function siteEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|VITE_|NODE_ENV$|INIT_CWD$|TEST$|CI$|NODE_OPTIONS$)/i.test(key)) continue
    env[key] = value
  }
  // npm scripts put this repository's node_modules/.bin first on PATH; a site has no such thing.
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !entry.startsWith(REPO_ROOT.replace(/[/\\]$/, '')) && entry !== '')
    .filter((entry) => !entry.includes(`${sep}node_modules${sep}.bin`))
    .join(delimiter)
  env.NEXT_TELEMETRY_DISABLED = '1'
  env.npm_config_update_notifier = 'false'
  env.npm_config_fund = 'false'
  env.npm_config_audit = 'false'
  return { ...env, ...extra }
}

/** Options of {@link runCommand}. */
export interface RunOptions {
  readonly cwd: string
  readonly timeoutMs: number
  /** Extra environment variables over {@link siteEnv}. */
  readonly env?: Readonly<Record<string, string>>
}

/**
 * Runs a command to its end, in its own process group (so a time-out stops everything it
 * started), and never throws for a failing command: the result says what happened.
 * @param command - the program (`npm`, `npx`, or a path).
 * @param args - its arguments.
 * @param options - working directory, time limit, extra environment.
 * @returns the exit code, time and output tail.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<CommandResult> {
  const line = [command, ...args].join(' ')
  const started = performance.now()
  return new Promise((resolve) => {
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS * 4)
    }
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: siteEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      killGroup(child, 'SIGTERM')
      setTimeout(() => killGroup(child, 'SIGKILL'), KILL_GRACE_MS).unref()
    }, options.timeoutMs)
    const finish = (code: number | null, signal: NodeJS.Signals | null, extra = '') => {
      clearTimeout(timer)
      resolve({
        command: line,
        cwd: options.cwd,
        code,
        signal,
        timedOut,
        ms: Math.round(performance.now() - started),
        output: (output + extra).slice(-OUTPUT_TAIL_CHARS),
      })
    }
    child.once('error', (error) => finish(null, null, `\n${error.message}`))
    child.once('close', (code, signal) => finish(code, signal))
  })
}

/** Sends a signal to a detached child's whole process group; a gone group is fine. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already exited.
  }
}

/**
 * A failed command as a readable message: the line, where, how it ended, and its output's tail.
 * @param result - what {@link runCommand} returned.
 * @returns the message.
 */
export function describeFailure(result: CommandResult): string {
  const ending = result.timedOut
    ? `timed out after ${result.ms} ms`
    : result.signal
      ? `was stopped by ${result.signal}`
      : `exited with ${result.code}`
  return `\`${result.command}\` in ${result.cwd} ${ending}:\n${result.output}`
}

/**
 * A loopback port nobody listens on right now (the operating system's pick).
 * @returns the port.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('freePort: no port'))
      })
    })
  })
}

/**
 * Whether a loopback port can be listened on (nothing holds it).
 * @param port - the port.
 * @returns true when it is free.
 */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * Polls `url` until it answers with a status below 500, or gives up.
 * @param url - the page or path.
 * @param timeoutMs - how long to try.
 * @param alive - stops waiting early when this says the server process is gone.
 * @returns the status of the first answer.
 * @throws Error when nothing answered in time or the process died.
 */
export async function waitForHttp(
  url: string,
  timeoutMs: number,
  alive: () => boolean = () => true,
): Promise<number> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`waitForHttp: the server for ${url} exited (${last})`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      await response.arrayBuffer()
      if (response.status < 500) return response.status
      last = `status ${response.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`waitForHttp: ${url} did not answer within ${timeoutMs} ms (${last})`)
}
