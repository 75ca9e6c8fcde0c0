/**
 * The data directory's lock: PGlite has none, and two processes on one directory lose writes
 * silently, so the server owns its directory through a lock file (decision 0302).
 * @module
 */
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs'
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

/** How long a takeover may hold its mutex before another start treats it as abandoned. */
const TAKEOVER_STALE_MS = 10_000

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** What a lock file says: `<pid>@<host>`, or `undefined` when it says nothing usable. */
function parseHolder(text: string): { pid: number; host: string } | undefined {
  const match = /^([1-9]\d{0,9})@(\S{1,255})$/.exec(text)
  return match ? { pid: Number(match[1]), host: match[2]! } : undefined
}

/**
 * Whether a lock file's holder is certainly gone: a process of this host that no longer runs,
 * or no holder at all. A lock file only ever appears whole (it is linked into place after its
 * content is written and synced), so an empty or unreadable one was left by a crash of an older
 * server between creating and writing it, or by a machine that lost unsynced data; nobody holds
 * it. A holder on another host (a shared volume) cannot be checked and is never taken over.
 */
function isStale(text: string): boolean {
  const holder = parseHolder(text)
  if (!holder) return true
  return holder.host === hostname() && !isAlive(holder.pid)
}

/**
 * Writes this process's lock to a private file, synced, so the lock file appears whole at once
 * when linked into place: there is no moment a live server's lock is empty.
 */
function writeCandidate(path: string, me: string): string {
  const candidate = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`
  const fd = openSync(candidate, 'wx', 0o600)
  try {
    writeSync(fd, me)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  return candidate
}

/** Links the candidate into place; `false` when a lock file is already there. */
function tryLink(candidate: string, path: string): boolean {
  try {
    linkSync(candidate, path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * Takes the mutex that serialises takeovers of a stale lock (a directory: `mkdir` is atomic). One
 * left behind by a start that died mid-takeover is removed after {@link TAKEOVER_STALE_MS}.
 * @returns whether this process holds it.
 */
function enterTakeover(mutex: string): boolean {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      mkdirSync(mutex, { mode: 0o700 })
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const age = Date.now() - (statOrUndefined(mutex)?.mtimeMs ?? Date.now())
      if (age < TAKEOVER_STALE_MS) return false
      rmSync(mutex, { recursive: true, force: true })
    }
  }
  return false
}

function statOrUndefined(path: string) {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}

/**
 * Takes the lock of a data directory: `gangway.lock` holding this process's pid and host, linked
 * into place whole (`link` fails if the file exists, atomically). A lock left by a process that no
 * longer runs on this host, or one that is empty or unreadable, is taken over under a mutex that
 * makes concurrent starts take turns and re-check it, so a live holder's lock is never removed; a
 * live holder makes this throw.
 * @param dataDir - the directory (must exist).
 * @returns the held lock.
 * @throws DataDirLockedError when another live process holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE)
  const me = `${process.pid}@${hostname()}`
  const candidate = writeCandidate(path, me)
  try {
    if (!tryLink(candidate, path)) takeOver(path, candidate)
  } finally {
    rmSync(candidate, { force: true })
  }
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
}

/** Replaces a stale lock with the candidate, or throws naming the holder. */
function takeOver(path: string, candidate: string): void {
  const seen = readHolder(path)
  if (seen !== undefined && !isStale(seen)) throw new DataDirLockedError(path, seen || 'unknown')
  const mutex = `${path}.takeover`
  if (!enterTakeover(mutex)) throw new DataDirLockedError(path, 'another start taking it over')
  try {
    // Under the mutex, check again: another start may have taken it over since.
    const holder = readHolder(path)
    if (holder !== undefined && !isStale(holder)) {
      throw new DataDirLockedError(path, holder || 'unknown')
    }
    rmSync(path, { force: true })
    // A start that found no lock links without the mutex; if it came first, it holds the lock.
    if (!tryLink(candidate, path)) throw new DataDirLockedError(path, readHolder(path) || 'unknown')
  } finally {
    rmSync(mutex, { recursive: true, force: true })
  }
}

function readHolder(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    return undefined
  }
}
