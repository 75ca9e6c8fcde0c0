import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium; playwright-core drives it (no Playwright browser download). */
const CHROMIUM_PATH = '/usr/bin/chromium'
const VERSION_TIMEOUT_MS = 15_000
const APT_UPDATE_TIMEOUT_MS = 5 * 60_000
const APT_INSTALL_TIMEOUT_MS = 10 * 60_000
/** How long apt waits for another apt/dpkg run (e.g. a concurrent install) to release its lock. */
const APT_LOCK_TIMEOUT_S = 300

/** Flags for a headless Chromium in a container, with no background network traffic. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let ensuring: Promise<string> | undefined

/**
 * Makes sure Debian's Chromium is installed and runs, installing it with apt-get when missing
 * (only as root; `apt-get update` then `apt-get install -y --no-install-recommends chromium`,
 * output shown, each step time-limited). Never downloads a Playwright browser. Memoized.
 * @example
 * const executablePath = await ensureChromium() // '/usr/bin/chromium'
 * @returns the executable's path, `/usr/bin/chromium`.
 * @throws Error when Chromium is missing and cannot be installed (not root, apt-get failed or
 * timed out) or does not run; the tests must not silently skip.
 */
export function ensureChromium(): Promise<string> {
  ensuring ??= ensure().catch((error: unknown) => {
    ensuring = undefined
    throw error
  })
  return ensuring
}

/**
 * Launches headless Chromium through playwright-core, after {@link ensureChromium}.
 * @example
 * const browser = await launchChromium()
 * try {
 *   const page = await browser.newPage()
 * } finally {
 *   await browser.close()
 * }
 * @returns the browser; close it when done.
 * @throws Error when Chromium is unavailable or fails to launch.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = await ensureChromium()
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS })
}

async function ensure(): Promise<string> {
  const found = await chromiumVersion()
  if (found.ok) return CHROMIUM_PATH
  if (process.platform !== 'linux' || process.getuid?.() !== 0) {
    throw new Error(
      `e2e: ${CHROMIUM_PATH} ${found.reason}, and it can only be installed automatically as root on Debian. Install it with: sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium`,
    )
  }
  console.warn(`e2e: ${CHROMIUM_PATH} ${found.reason}; installing Debian's chromium with apt-get…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const lock = ['-o', `DPkg::Lock::Timeout=${APT_LOCK_TIMEOUT_S}`]
  await run('apt-get', [...lock, 'update'], env, APT_UPDATE_TIMEOUT_MS)
  await run(
    'apt-get',
    [...lock, 'install', '-y', '--no-install-recommends', 'chromium'],
    env,
    APT_INSTALL_TIMEOUT_MS,
  )
  const installed = await chromiumVersion()
  if (!installed.ok) {
    throw new Error(`e2e: apt-get installed chromium, but ${CHROMIUM_PATH} ${installed.reason}`)
  }
  return CHROMIUM_PATH
}

function chromiumVersion(): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (!existsSync(CHROMIUM_PATH)) return Promise.resolve({ ok: false, reason: 'does not exist' })
  return new Promise((resolve) => {
    execFile(CHROMIUM_PATH, ['--version'], { timeout: VERSION_TIMEOUT_MS }, (error, stdout) => {
      if (error) resolve({ ok: false, reason: `does not run (${error.message.trim()})` })
      else if (!/chromium/i.test(stdout)) {
        resolve({ ok: false, reason: `printed an unexpected version: ${stdout.trim()}` })
      } else resolve({ ok: true })
    })
  })
}

function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<void> {
  const line = `${command} ${args.join(' ')}`
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGTERM')
    }, timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`e2e: could not run ${line}: ${error.message}`, { cause: error }))
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else if (timedOut) reject(new Error(`e2e: ${line} took longer than ${timeoutMs} ms`))
      else if (signal !== null) reject(new Error(`e2e: ${line} was stopped by ${signal}`))
      else reject(new Error(`e2e: ${line} failed with exit code ${code}`))
    })
  })
}
