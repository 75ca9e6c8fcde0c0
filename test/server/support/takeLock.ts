/**
 * A process that takes a data directory's lock and holds it until killed, for the lock tests:
 * `tsx takeLock.ts <dataDir> <startAtMs>` waits until `startAtMs` (so several start together),
 * then prints `locked` or the error's name, and holds what it took until killed (a minute at most).
 */
import { lockDataDir } from '../../../server/storage/lock.js'

const [dataDir, startAt] = process.argv.slice(2)
setTimeout(
  () => {
    let outcome: string
    try {
      lockDataDir(dataDir ?? '.')
      outcome = 'locked'
    } catch (error) {
      outcome = (error as Error).name
    }
    process.stdout.write(`${outcome}\n`)
    // Held until the test kills this process, or a minute at most if the test is gone.
    setTimeout(() => process.exit(0), 60_000)
  },
  Math.max(0, Number(startAt) - Date.now()),
)
