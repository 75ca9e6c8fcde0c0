/**
 * Where the bytes of bench/size-app go: the same production build as bench/size.ts, with source
 * maps, each minified byte attributed to the source module it came from (source-map-explorer
 * style), and each chunk's gzip size shared out in proportion to the minified bytes. Modules are
 * grouped (rxjs, immer, zod, event schemas, reducers, ..., UI views, messages, styles) and only
 * the chunks loaded before any click plus the ones the first open loads are counted. Prints
 * figures; asserts nothing.
 *
 * `npx tsx bench/composition.ts` prints the groups; `--modules` also lists every module.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, type Rollup } from 'vite'
import { groupOf } from './groups.js'
import { sizeAppBuild } from './size-app/build.js'
import { bytesPerSource } from './sourcemap.js'

const repo = fileURLToPath(new URL('../', import.meta.url))
const root = fileURLToPath(new URL('./size-app/', import.meta.url))

const result = (await build({
  ...sizeAppBuild(root),
  logLevel: 'silent',
  plugins: [react()],
  build: { ...sizeAppBuild(root).build, write: false, sourcemap: true },
})) as Rollup.RollupOutput | Rollup.RollupOutput[]
const outputs = (Array.isArray(result) ? result : [result]).flatMap((entry) => entry.output)
const chunks = outputs.filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))

// Initial: the entry and its static imports. First open: the lazy chunks the Connect view and the
// modal reach without a click on a wallet, which is whatever the modal imports dynamically and is
// named in FIRST_OPEN (none today: the Connect view ships in the entry).
const FIRST_OPEN = (process.env.GANGWAY_FIRST_OPEN ?? '').split(',').filter(Boolean)
const counted = new Set<string>()
const visit = (name: string) => {
  if (counted.has(name)) return
  counted.add(name)
  for (const next of byName.get(name)?.imports ?? []) visit(next)
}
for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName)
for (const chunk of chunks)
  if (FIRST_OPEN.some((name) => chunk.fileName.includes(name))) visit(chunk.fileName)

const groups = new Map<string, { min: number; gzip: number }>()
const modules = new Map<string, { min: number; gzip: number }>()
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)}`
console.log('counted chunks (initial + first open):')
for (const name of counted) {
  const chunk = byName.get(name)!
  const gzip = gzipSync(chunk.code).length
  console.log(
    `  ${name.padEnd(44)} ${kb(chunk.code.length).padStart(8)} KB min ${kb(gzip).padStart(7)} KB gzip`,
  )
  if (!chunk.map) continue
  const perSource = bytesPerSource(chunk.code, chunk.map)
  const total = [...perSource.values()].reduce((sum, bytes) => sum + bytes, 0)
  for (const [source, bytes] of perSource) {
    const share = { min: bytes, gzip: (gzip * bytes) / total }
    const path =
      source === '(unmapped)'
        ? source
        : relative(repo, fileURLToPath(new URL(source, `file://${root}assets/`)))
    const group = source === '(unmapped)' ? '(glue, unmapped)' : groupOf(path)
    for (const [table, key] of [
      [groups, group],
      [modules, path],
    ] as const) {
      const entry = table.get(key) ?? { min: 0, gzip: 0 }
      entry.min += share.min
      entry.gzip += share.gzip
      table.set(key, entry)
    }
  }
}
const print = (table: Map<string, { min: number; gzip: number }>, limit = Infinity) => {
  const rows = [...table].sort((left, right) => right[1].gzip - left[1].gzip).slice(0, limit)
  for (const [name, { min, gzip }] of rows)
    console.log(`  ${name.padEnd(60)} ${kb(min).padStart(8)} ${kb(gzip).padStart(8)}`)
  const sum = (key: 'min' | 'gzip') =>
    [...table.values()].reduce((total, row) => total + row[key], 0)
  return { min: sum('min'), gzip: sum('gzip') }
}
console.log(`\n  ${'group'.padEnd(60)} ${'min KB'.padStart(8)} ${'gzip KB'.padStart(8)}`)
const total = print(groups)
const own = [...groups]
  .filter(([name]) => !name.startsWith('react'))
  .reduce((sum, [, row]) => sum + row.gzip, 0)
console.log(`  ${'total'.padEnd(60)} ${kb(total.min).padStart(8)} ${kb(total.gzip).padStart(8)}`)
console.log(`  ${'total without React'.padEnd(60)} ${''.padStart(8)} ${kb(own).padStart(8)}`)
// Issue #10: a registered feature the visitor has not used costs at most 0.2 KB of the first open.
const featureFolders = new Map<string, number>()
for (const [path, { gzip }] of modules) {
  const folder = /src\/features\/([^/]+)\//.exec(path)?.[1]
  if (folder) featureFolders.set(folder, (featureFolders.get(folder) ?? 0) + gzip)
}
const defaults =
  [...modules].find(([path]) => path.endsWith('src/features/defaults.ts'))?.[1].gzip ?? 0
const folders = [...featureFolders].filter(([folder]) => folder !== 'defaults.ts')
console.log(`\n  registered features' eager parts (name, views, loader; view registration):`)
for (const [folder, gzip] of folders.sort((left, right) => right[1] - left[1]))
  console.log(`  ${folder.padEnd(60)} ${''.padStart(8)} ${kb(gzip).padStart(8)}`)
const shared = defaults / Math.max(1, folders.length)
const worst = Math.max(0, ...folders.map(([, gzip]) => gzip)) + shared
console.log(
  `  per registered, unused feature: at most ${kb(worst)} KB gzip (its own eager part plus a share of defaults.ts); target <= 0.20`,
)
if (process.argv.includes('--modules')) {
  console.log(`\n  ${'module'.padEnd(60)} ${'min KB'.padStart(8)} ${'gzip KB'.padStart(8)}`)
  print(modules, 80)
}
