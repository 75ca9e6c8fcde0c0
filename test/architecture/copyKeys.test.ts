/**
 * Every message id a view asks for by name exists in English: a missing one shows the visitor its
 * raw id ('ACCOUNT.TAB.ACTIVITY' headed the Activity tab once). Ids built at run time (`t(\`…${x}\`)`)
 * are left to the views' own tests.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { en } from '../../src/ui/copy/messages.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SRC = join(ROOT, 'src')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** English ids: the UI's catalogue and each feature's (its `messages.ts` exports `{ en: … }`). */
async function englishIds(): Promise<Set<string>> {
  const ids = new Set(Object.keys(en.messages))
  for (const file of filesUnder(SRC).filter((path) => path.endsWith('/react/messages.ts'))) {
    const module = (await import(file)) as Record<string, unknown>
    for (const value of Object.values(module)) {
      const english = (value as { en?: Record<string, string> } | null)?.en
      if (english && typeof english === 'object') for (const id of Object.keys(english)) ids.add(id)
    }
  }
  return ids
}

describe('message ids', () => {
  test('behavior: every id a view names is in the English copy', async () => {
    const ids = await englishIds()
    const missing: string[] = []
    for (const file of filesUnder(SRC).filter((path) => path.endsWith('.tsx'))) {
      // Code only: examples in TSDoc name ids of a site's own feature.
      const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
      for (const [, id] of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
        // A plural message is kept per CLDR category (`id#one`, `id#other`, …).
        if (!ids.has(id!) && !ids.has(`${id}#other`)) missing.push(`${relative(ROOT, file)}: ${id}`)
      }
    }
    expect(missing).toEqual([])
  })
})
