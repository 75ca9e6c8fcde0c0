/**
 * A migrated, empty PGlite data directory as a tarball, made once and kept in a cache directory:
 * a fresh PGlite runs initdb in WASM (~4 s, most of a GiB); loading this takes under a second.
 * Tests and the demo start their throwaway databases from it.
 * @module
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { MIGRATIONS, migrate } from './migrations.js'
import type { Database } from './openStorage.js'
import { schema } from './schema.js'

/**
 * The snapshot for the current migrations, made when missing.
 * @param cacheDir - where snapshots are kept (e.g. `node_modules/.cache/gangway`).
 * @returns the tarball.
 */
export async function pgliteSnapshot(cacheDir: string): Promise<Blob> {
  const version = MIGRATIONS.at(-1)?.version ?? 0
  const file = join(cacheDir, `pglite-v${version}.tar`)
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true })
    const dir = mkdtempSync(join(tmpdir(), 'gangway-snapshot-'))
    try {
      const client = await PGlite.create({ dataDir: dir })
      await migrate(drizzle(client, { schema }) as unknown as Database)
      const dump = await client.dumpDataDir('none')
      await client.close()
      // Written aside and renamed: two processes making it at once never read half a file.
      const partial = `${file}.${process.pid}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return new Blob([readFileSync(file)])
}
