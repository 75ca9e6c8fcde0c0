/**
 * Shared checks of the consumer test files: an app's preparation passed, and the figures the
 * issue's closing note needs, printed and kept under test-results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { AppReport, ViteFigures } from './apps.js'
import { REPO_ROOT } from './run.js'

/**
 * Fails with the failing command and its output when the app's preparation stopped.
 * @param name - the app, for the message.
 * @param report - its report from the setup.
 */
export function expectPrepared(name: string, report: AppReport): void {
  const ran = report.steps.map((step) => `  ${step.command} (${(step.ms / 1000).toFixed(1)} s)`)
  expect(report.failure, `${name} in ${report.dir}:\n${ran.join('\n')}\n${report.failure}`).toBe(
    undefined,
  )
}

/** Throws when the app was not built, so its browser tests say why instead of timing out. */
export function requirePrepared(name: string, report: AppReport): void {
  if (report.failure)
    throw new Error(`${name} was not built, see its build test:\n${report.failure}`)
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/**
 * Prints the figures for the closing note and writes them to test-results/consumers/figures.json.
 * @param figures - the create-vite site's measurements.
 * @returns the printed text.
 */
export function reportFigures(figures: ViteFigures): string {
  const added = figures.nodeModulesAfterMiB - figures.nodeModulesBeforeMiB
  const lines = [
    'Consumer figures (create-vite react-ts + the README page, from the packed @gangway/kit):',
    `  node_modules: ${figures.nodeModulesBeforeMiB} MiB template alone -> ${figures.nodeModulesAfterMiB} MiB with \`npm install <kit> viem\`: +${added.toFixed(1)} MiB`,
    `    largest additions: ${figures.addedByPackage
      .slice(0, 8)
      .map((entry) => `${entry.name} ${entry.mib}`)
      .join(', ')}`,
    `  initial JS (gzip -9 of the entry and modulepreloads in dist/index.html, React included): ${kib(figures.initialJsGzipBytes)} in ${figures.initialJsFiles.length} files`,
    `  tsc -b --force (TypeScript ${figures.typescript}, median of 3): template alone ${figures.tscTemplateMs} ms, with Gangway ${figures.tscWithGangwayMs} ms`,
  ]
  const text = lines.join('\n')
  const dir = join(REPO_ROOT, 'test-results/consumers')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`)
  return text
}
