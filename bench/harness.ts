/**
 * What the benchmarks share: the median of samples, a figure printed as a padded line, the bytes a
 * page built with vite loads at once and later, a local node used and stopped, and the
 * connect-to-state latencies of a kit over several runs. Prints and measures; asserts nothing.
 * @module
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Rollup } from 'vite'
import type { Kit, KitState } from '../src/kernel/index.js'

/**
 * The median of `samples`.
 * @param samples - the measurements.
 * @returns the middle one (the upper of the two middle ones), `NaN` when there are none.
 */
export function median(samples: readonly number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN
}

/**
 * A printer of figures, one a line: the label padded to `width`, then the value, so a bench's
 * values stand in one column.
 * @param width - the label column's width.
 * @returns the printer.
 */
export function createLinePrinter(width: number): (label: string, value: string) => void {
  return (label, value) => console.log(`${label.padEnd(width)} ${value}`)
}

/**
 * A difference in bytes as kilobytes.
 * @param bytes - the bytes.
 * @param digits - the decimals shown.
 * @returns e.g. `1.25 KB`.
 */
export function kb(bytes: number, digits: number): string {
  return `${(bytes / 1024).toFixed(digits)} KB`
}

/**
 * The chunks of a vite build's output.
 * @param result - what `build()` resolved with (`write: false`).
 * @returns its JavaScript chunks.
 */
export function chunksOf(result: unknown): Rollup.OutputChunk[] {
  const outputs = result as Rollup.RollupOutput | Rollup.RollupOutput[]
  return (Array.isArray(outputs) ? outputs : [outputs])
    .flatMap((output) => output.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
}

/**
 * The chunks a page loads together with `names`: them and every chunk they import statically, in
 * turn, apart from those already `loaded`.
 * @param chunks - the build's chunks.
 * @param names - the file names of the chunks that start loading.
 * @param loaded - chunks the page has already (not counted, not followed).
 * @returns the file names.
 */
export function importClosure(
  chunks: readonly Rollup.OutputChunk[],
  names: readonly string[],
  loaded: ReadonlySet<string> = new Set(),
): Set<string> {
  const closure = new Set<string>()
  const visit = (name: string) => {
    if (loaded.has(name) || closure.has(name)) return
    closure.add(name)
    for (const next of chunks.find((chunk) => chunk.fileName === name)?.imports ?? []) visit(next)
  }
  for (const name of names) visit(name)
  return closure
}

/** The chunks of a built page, and its gzip bytes. */
export interface PageBytes {
  /** Gzip bytes of the chunks the page loads at once (its entry and what it imports statically). */
  readonly eager: number
  /** Gzip bytes of the other chunks (loaded later, by a dynamic import). */
  readonly lazy: number
  /** Gzip bytes of the entry chunk alone. */
  readonly entry: number
  /** The modules in the chunks loaded at once. */
  readonly initialModuleIds: readonly string[]
  /** Every chunk built. */
  readonly chunks: readonly Rollup.OutputChunk[]
}

/**
 * Builds a page whose entry is `main` (minified, as a site's production build) and weighs it.
 * @param main - the entry module's source.
 * @param options - `prefix`, the build folder's name; `inRepository`, the folder is made under
 * `node_modules/.cache/` so the page resolves `@gangway/kit` as an installed package (the built
 * one, its `sideEffects` list included); otherwise under the system's temporary folder.
 * @returns the page's chunks and bytes.
 */
export async function buildPage(
  main: string,
  options: { readonly prefix: string; readonly inRepository?: boolean },
): Promise<PageBytes> {
  const root = mkdtempSync(
    options.inRepository
      ? fileURLToPath(new URL(`../node_modules/.cache/${options.prefix}`, import.meta.url))
      : join(tmpdir(), options.prefix),
  )
  writeFileSync(join(root, 'main.ts'), main)
  try {
    const result = await build({
      configFile: false,
      root,
      logLevel: 'silent',
      build: {
        write: false,
        minify: true,
        modulePreload: false,
        rollupOptions: { input: join(root, 'main.ts'), preserveEntrySignatures: 'strict' },
      },
    })
    const chunks = chunksOf(result)
    const entry = chunks.find((chunk) => chunk.isEntry)!
    const initial = importClosure(chunks, [entry.fileName])
    let eager = 0
    let lazy = 0
    const initialModuleIds: string[] = []
    for (const chunk of chunks) {
      const bytes = gzipSync(chunk.code).length
      if (initial.has(chunk.fileName)) {
        eager += bytes
        initialModuleIds.push(...chunk.moduleIds)
      } else lazy += bytes
    }
    return { eager, lazy, entry: gzipSync(entry.code).length, initialModuleIds, chunks }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/**
 * Starts a local node (or server), uses it, and stops it whatever happens.
 * @param started - the node, being started.
 * @param use - what to do with it.
 * @returns what `use` returns.
 */
export async function withNode<TNode extends { stop(): Promise<unknown> }, TResult>(
  started: Promise<TNode>,
  use: (node: TNode) => Promise<TResult>,
): Promise<TResult> {
  const node = await started
  try {
    return await use(node)
  } finally {
    await node.stop()
  }
}

/** One run of {@link timeConnects}: a fresh kit, what to connect, and when the state is ready. */
export interface ConnectRun {
  readonly kit: Kit
  /** The connect intent's parameters (namespace and connector). */
  readonly connect: Parameters<Kit['connect']>[0]
  /** Whether the state holds what the run waits for after connecting (a balance, say). */
  readonly isReady: (state: KitState) => boolean
  /** Removes the run's wallet from the page once its kit is destroyed. */
  readonly dispose: () => void
}

/**
 * Times `runs` connects in a page-like global (`window` an `EventTarget`, as the wallets announce
 * themselves on it), each with its own kit and wallet: from the click to the account in state, and
 * to the state `isReady` asks for.
 * @param runs - how many runs.
 * @param setUp - makes a run's wallet and kit (not timed).
 * @returns the times of each run, in milliseconds, in run order.
 */
export async function timeConnects(
  runs: number,
  setUp: () => ConnectRun | Promise<ConnectRun>,
): Promise<{ readonly connectMs: number[]; readonly balanceMs: number[] }> {
  const globals = globalThis as { window?: unknown }
  globals.window = new EventTarget()
  const connectMs: number[] = []
  const balanceMs: number[] = []
  try {
    for (let run = 0; run < runs; run += 1) {
      const { kit, connect, isReady, dispose } = await setUp()
      const start = performance.now()
      const ready = new Promise<void>((resolve) => {
        const stop = kit.subscribe((state) => {
          if (isReady(state)) {
            stop()
            resolve()
          }
        })
      })
      await kit.connect(connect)
      connectMs.push(performance.now() - start)
      await ready
      balanceMs.push(performance.now() - start)
      // Each kit opens its own connection to the node; the next run starts without it.
      kit.destroy()
      dispose()
    }
  } finally {
    delete globals.window
  }
  return { connectMs, balanceMs }
}
