/**
 * The data directory's lock: PGlite has none, and two processes on one directory lose writes
 * silently, so the server owns its directory through a lock file (decision 0302).
 * @module
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

/** The lock file's name inside the data directory. */
export const LOCK_FILE = 'gangway.lock'

/** A held lock; `release()` removes the file (idempotent). */
export interface DataDirLock {
  readonly path: string
  release(): void
}

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  constructor(
    readonly path: string,
    readonly holder: string,
  ) {
    super(
      `The data directory is in use by another Gangway server (${holder}); lock file ${path}. ` +
        'Stop that process, or give this one its own dataDir.',
    )
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the lock of a data directory: creates `gangway.lock` exclusively (O_EXCL) with this
 * process's pid and host. A lock left by a process that no longer runs on this host is taken
 * over; a live holder makes this throw.
 * @param dataDir - the directory (must exist).
 * @returns the held lock.
 * @throws DataDirLockedError when another live process holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE)
  const me = `${process.pid}@${hostname()}`
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, me)
      closeSync(fd)
      let released = false
      return {
        path,
        release: () => {
          if (released) return
          released = true
          // Only our own lock is removed: a takeover by another process is left alone.
          if (readHolder(path) === me) rmSync(path, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readHolder(path) ?? 'unknown'
      const [pid, host] = holder.split('@')
      const stale = host === hostname() && Number.isInteger(Number(pid)) && !isAlive(Number(pid))
      if (!stale || attempt > 0) throw new DataDirLockedError(path, holder)
      rmSync(path, { force: true })
    }
  }
  throw new DataDirLockedError(path, 'unknown')
}

function readHolder(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    return undefined
  }
}
