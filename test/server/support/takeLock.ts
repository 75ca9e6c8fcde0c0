/**
 * A process that takes a data directory's lock and holds it until killed, for the lock tests:
 * `tsx takeLock.ts <dataDir> <startAtMs>` waits until `startAtMs` (so several start together),
 * then prints `locked` or the error's name.
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
    // Held until the test kills this process.
    setInterval(() => undefined, 60_000)
  },
  Math.max(0, Number(startAt) - Date.now()),
)
