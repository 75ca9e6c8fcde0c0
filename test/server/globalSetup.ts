import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { pgliteSnapshot } from '../../server/storage/snapshot.js'
import {
  type LocalPostgres,
  type LocalRedis,
  startPostgres,
  startRedis,
} from './support/services.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server tests' databases and Redis, started once per run. */
    server: {
      /** A PostgreSQL cluster; each test file creates its own database in it. */
      postgresAdminUrl: string
      redisUrl: string
      /** Where the migrated PGlite snapshot tarball is cached. */
      snapshotDir: string
    }
  }
}

const SNAPSHOT_DIR = fileURLToPath(new URL('../../node_modules/.cache/gangway/', import.meta.url))

/**
 * Starts Debian's PostgreSQL and Redis (installed by apt-get when missing) and makes the PGlite
 * snapshot, once for every test file; the teardown stops both by pid.
 */
export default async function setup(project: TestProject) {
  const [pg, rd, snapshot] = await Promise.allSettled([
    startPostgres(),
    startRedis(),
    pgliteSnapshot(SNAPSHOT_DIR),
  ])
  const postgres: LocalPostgres | undefined = pg.status === 'fulfilled' ? pg.value : undefined
  const redis: LocalRedis | undefined = rd.status === 'fulfilled' ? rd.value : undefined
  try {
    for (const result of [pg, rd, snapshot]) if (result.status === 'rejected') throw result.reason
    if (!postgres || !redis) throw new Error('server globalSetup: a service did not start')
    project.provide('server', {
      postgresAdminUrl: postgres.adminUrl,
      redisUrl: redis.url,
      snapshotDir: SNAPSHOT_DIR,
    })
  } catch (error) {
    await Promise.allSettled([postgres?.stop(), redis?.stop()])
    throw error
  }
  return async () => {
    await Promise.allSettled([postgres?.stop(), redis?.stop()])
  }
}
