/**
 * Where navigation-to-button goes on bench/size-app's production build in headless Chromium:
 * HTML fetch, the JS fetches, script compile and module evaluation, kit creation and React's
 * first render, medians over several cold navigations, from a Chromium trace (V8 and
 * devtools.timeline categories) and Resource Timing. It also lists what the first open loads.
 * Prints figures; asserts nothing.
 *
 * `npx tsx bench/navigation.ts`
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { launchChromium } from '../test/e2e/support/chromium.js'
import { groupOf } from './groups.js'
import { ANNOUNCE, NAME_SHIM } from './pageScripts.js'
import { sizeAppBuild } from './size-app/build.js'
import { decodeMappings, type SourceMapLike, sourceAt } from './sourcemap.js'
import { servePrecompressed } from './staticServer.js'

const RUNS = Number(process.env.GANGWAY_RUNS ?? 10)

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  tid: number
  pid: number
  args?: { data?: { url?: string; frame?: string }; [key: string]: unknown }
}

const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN

const root = fileURLToPath(new URL('./size-app/', import.meta.url))
const outDir = mkdtempSync(join(tmpdir(), 'gangway-nav-'))
// The same build bench/browser.ts measures (Vite defaults, module preload on).
const buildMode = process.env.GANGWAY_NAV_BUILD ?? 'browser'
await build({
  ...(buildMode === 'size' ? sizeAppBuild(root) : { configFile: false, root }),
  plugins: [react()],
  logLevel: 'silent',
  build: {
    ...(buildMode === 'size' ? sizeAppBuild(root).build : {}),
    outDir,
    emptyOutDir: true,
    // Maps are written beside the chunks for the CPU profile; the page never fetches them.
    sourcemap: 'hidden',
  },
})
// Served precompressed, as a CDN would (see staticServer.ts for why not vite preview).
const server = await servePrecompressed(outDir)
const url = server.url
const browser = await launchChromium()
const rows = new Map<string, number[]>()
const record = (label: string, value: number) =>
  rows.set(label, [...(rows.get(label) ?? []), value])
try {
  for (let run = 0; run < RUNS + 1; run += 1) {
    const context = await browser.newContext()
    await context.addInitScript(NAME_SHIM)
    await context.addInitScript(ANNOUNCE)
    const page = await context.newPage()
    await page.addInitScript(() => {
      // Ties the trace's clock to performance.now(): the mark is in both.
      ;(window as { anchorAt?: number }).anchorAt = performance.now()
      performance.mark('gangway:anchor')
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-gangway="connect-button"]')) return
        ;(window as { buttonAt?: number }).buttonAt = performance.now()
        observer.disconnect()
      })
      observer.observe(document, { subtree: true, childList: true })
    })
    // Tracing itself slows the page; the untraced first run gives the plain figure to compare.
    const traced = run > 0
    if (traced)
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8',
          'v8.execute',
          'blink.user_timing',
        ],
      })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(() => (window as { buttonAt?: number }).buttonAt !== undefined)
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({
          name: entry.name,
          start: entry.startTime,
          end: (entry as PerformanceResourceTiming).responseEnd,
        }))
      return {
        anchor: (window as { anchorAt?: number }).anchorAt ?? 0,
        html: navigation.responseEnd,
        domInteractive: navigation.domInteractive,
        button: (window as { buttonAt?: number }).buttonAt ?? Number.NaN,
        scripts,
        marks: performance
          .getEntriesByType('mark')
          .filter((mark) => mark.name.startsWith('gangway:') && mark.name !== 'gangway:anchor')
          .map(({ name, startTime }) => ({ name, startTime })),
      }
    })
    const trace = traced ? await browser.stopTracing() : undefined
    // What the first open loads on top: resources requested between the click and the first wallet.
    const before = await page.evaluate(() => performance.getEntriesByType('resource').length)
    await page.locator('[data-gangway="connect-button"]').click()
    await page.waitForFunction(() =>
      [
        ...(document.querySelector('gangway-modal')?.shadowRoot?.querySelectorAll('button') ?? []),
      ].some((element) => element.textContent?.includes('Demo Wallet')),
    )
    const opened = await page.evaluate(
      (skip) =>
        performance
          .getEntriesByType('resource')
          .slice(skip)
          .map((entry) => entry.name.split('/').at(-1) ?? entry.name),
      before,
    )
    await context.close()
    if (!traced) {
      console.log(`untraced run: button at ${timing.button.toFixed(1)} ms`)
      console.log(`first open loads: ${opened.length === 0 ? 'nothing more' : opened.join(', ')}\n`)
      continue
    }
    const events = (JSON.parse(trace!.toString()) as { traceEvents: TraceEvent[] }).traceEvents
    // Trace timestamps are microseconds on the monotonic clock; the anchor mark ties them to
    // performance.now().
    const anchor = events.find((event) => event.name === 'gangway:anchor')
    if (!anchor) throw new Error('no anchor mark in the trace')
    const main = anchor.tid
    const at = (event: TraceEvent) => (event.ts - anchor.ts) / 1000 + timing.anchor
    const buttonAt = timing.button
    const sum = (names: readonly string[]) =>
      events
        .filter(
          (event) =>
            event.tid === main &&
            names.includes(event.name) &&
            event.dur !== undefined &&
            at(event) < buttonAt,
        )
        .reduce((total, event) => total + (event.dur ?? 0) / 1000, 0)
    const lastScript = Math.max(...timing.scripts.map((script) => script.end))
    record('HTML response end', timing.html)
    record('last JS response end (all chunks fetched)', lastScript)
    for (const script of timing.scripts) {
      const name = (script.name.split('/').at(-1) ?? '').replace(/-[\w-]{8}\.js$/, '.js')
      record(`  ${name} requested`, script.start)
      record(`  ${name} response end`, script.end)
    }
    record('DOM interactive', timing.domInteractive)
    record(
      'V8 compile (script + module + lazy functions)',
      sum(['v8.compile', 'v8.compileModule', 'V8.CompileCode', 'v8.compileLazy']),
    )
    record(
      'module evaluation (v8.evaluateModule, incl. createKit + render)',
      sum(['v8.evaluateModule']),
    )
    record(
      'other script runs (FunctionCall, RunMicrotasks, tasks)',
      sum(['FunctionCall', 'RunMicrotasks', 'TimerFire']),
    )
    record(
      'style + layout + paint',
      sum(['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize']),
    )
    record('HTML parse', sum(['ParseHTML']))
    for (const mark of timing.marks) record(`mark ${mark.name}`, mark.startTime)
    record('button in DOM (performance.now)', buttonAt)
    if (run === 1 && process.argv.includes('--events')) {
      const totals = new Map<string, number>()
      for (const event of events)
        if (event.tid === main && event.dur !== undefined && at(event) < buttonAt && at(event) > 0)
          totals.set(event.name, (totals.get(event.name) ?? 0) + event.dur / 1000)
      for (const [name, total] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30))
        console.log(`  ${name.padEnd(66)} ${total.toFixed(1).padStart(7)}`)
    }
  }
  // CPU profile of the same navigation, self time attributed to source modules through the maps.
  const self = new Map<string, number[]>()
  const maps = new Map<string, { map: SourceMapLike; lines: ReturnType<typeof decodeMappings> }>()
  const mapOf = (scriptUrl: string) => {
    const file = scriptUrl.split('/').at(-1) ?? ''
    if (!maps.has(file)) {
      const path = join(outDir, 'assets', `${file}.map`)
      if (!existsSync(path)) return undefined
      const map = JSON.parse(readFileSync(path, 'utf8')) as SourceMapLike
      maps.set(file, { map, lines: decodeMappings(map) })
    }
    return maps.get(file)
  }
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext()
    await context.addInitScript(NAME_SHIM)
    await context.addInitScript(ANNOUNCE)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
    await page.goto(url, { waitUntil: 'load' })
    await page.locator('[data-gangway="connect-button"]').waitFor({ state: 'attached' })
    const { profile } = (await cdp.send('Profiler.stop')) as {
      profile: {
        nodes: {
          id: number
          children?: number[]
          callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
        }[]
        samples: number[]
        timeDeltas: number[]
      }
    }
    await context.close()
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
    const parents = new Map<number, number>()
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parents.set(child, node.id)
    const labelOf = (id: number) => {
      const frame = nodes.get(id)?.callFrame
      if (!frame?.url || frame.functionName.startsWith('('))
        return frame?.functionName.startsWith('(') ? frame.functionName : '(browser / native)'
      const found = mapOf(frame.url)
      return found
        ? groupOf(sourceAt(found.map, found.lines, frame.lineNumber, frame.columnNumber))
        : frame.url.startsWith('http')
          ? `(other script ${frame.url.split('/').at(-1)})`
          : '(injected bench scripts)'
    }
    // The phase is read off the frame nearest the root that maps to a module other than glue: a
    // chunk's top-level code is one function whose statements the profile cannot tell apart, so
    // the first module function it calls names the phase: createKit (or main) for kit creation,
    // React's scheduler for the render, anything else for work done while modules evaluate
    // (zod building schemas, for instance).
    const phaseOf = (id: number) => {
      const chain: string[] = []
      for (
        let current: number | undefined = id;
        current !== undefined;
        current = parents.get(current)
      ) {
        const frame = nodes.get(current)?.callFrame
        if (frame?.url && mapOf(frame.url)) chain.unshift(labelOf(current))
      }
      const first = chain.find((label) => label !== '(glue, unmapped)')
      if (first === undefined)
        return chain.length ? 'phase: chunk top level' : 'phase: no module JS'
      if (first === 'size-app entry' || first.startsWith('kernel: createKit'))
        return 'phase: kit creation'
      if (first.startsWith('react')) return 'phase: React (render, scheduler)'
      return `phase: module evaluation (${first})`
    }
    const totals = new Map<string, number>()
    for (const [index, id] of profile.samples.entries()) {
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000
      const label = labelOf(id)
      const phase = phaseOf(id)
      for (const key of [label, phase, `${phase} / ${label}`])
        totals.set(key, (totals.get(key) ?? 0) + ms)
    }
    for (const [label, ms] of totals) self.set(label, [...(self.get(label) ?? []), ms])
  }
  console.log(
    `CPU self time by module group until the button, medians of ${RUNS} profiled runs (ms)`,
  )
  for (const [label, samples] of [...self].sort((a, b) => median(b[1]) - median(a[1])))
    if (median(samples) >= 0.3 && (!label.includes(' / ') || process.argv.includes('--phases')))
      console.log(`  ${label.padEnd(66)} ${median(samples).toFixed(1).padStart(7)}`)
  console.log('')
  console.log(
    `navigation → connect button, medians of ${RUNS} traced runs (ms from navigation start)`,
  )
  for (const [label, samples] of rows)
    console.log(`  ${label.padEnd(66)} ${median(samples).toFixed(1).padStart(7)}`)
} finally {
  await browser.close()
  await server.close()
  rmSync(outDir, { recursive: true, force: true })
}
