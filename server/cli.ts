#!/usr/bin/env node
/**
 * `gangway-server` (`npm run server`): starts the Gangway server from a JSON configuration file
 * (`--config path`, or `GANGWAY_CONFIG`) and the environment, logs JSON lines, and shuts down
 * gracefully on SIGINT or SIGTERM. Exit codes: 0 after a clean stop, 1 for a failed start, 2 for
 * a bad configuration.
 * @module
 */
import { ConfigError, loadConfig } from './config.js'
import { createLogger } from './log.js'
import { startServer } from './startServer.js'

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    'Usage: gangway-server [--config gangway.json]\n' +
      'Environment: GANGWAY_CONFIG, HOST, PORT, DATA_DIR, DATABASE_URL, REDIS_URL, ALLOWED_ORIGINS, LOG_LEVEL\n' +
      'See docs/server.md.\n',
  )
  process.exit(0)
}
const configIndex = args.indexOf('--config')
const file = configIndex >= 0 ? args[configIndex + 1] : undefined
if (configIndex >= 0 && !file) {
  process.stderr.write('gangway-server: --config needs a file path\n')
  process.exit(2)
}

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig({ file, env: process.env })
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`)
    process.exit(2)
  }
  throw error
}
const log = createLogger(config.logLevel)
let server: Awaited<ReturnType<typeof startServer>>
try {
  server = await startServer(config, { log })
} catch (error) {
  log.error('server failed to start', { error: (error as Error).message })
  process.exit(1)
}
let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  log.info('signal received', { signal })
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      log.error('shutdown failed', { error })
      process.exit(1)
    },
  )
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
// `npx @gangway/server` runs this file through `sh -c`: a process manager's SIGTERM to npx's pid
// ends npx and the shell, not node, which would go on orphaned, holding the port and the data
// lock. A parent that is gone is a stop too.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) stop('parent exited')
}, 250).unref()
