import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** One accessibility rule that failed, with the elements that failed it. */
export interface AxeViolation {
  /** The axe rule id, e.g. `button-name`. */
  id: string
  /** `minor`, `moderate`, `serious` or `critical`. */
  impact: string | null
  /** What the rule checks, in a sentence. */
  help: string
  /** Deque's page about the rule. */
  helpUrl: string
  /**
   * The failing elements. Each `target` is axe's selector path: one entry per document; an
   * element inside a shadow root is a single entry `host >>> inner` (axe's `['host', 'inner']`).
   */
  nodes: { target: string[]; html: string; failureSummary: string }[]
}

/** The part of axe's results the tests use: the violations only. */
export interface AxeReport {
  violations: AxeViolation[]
}

let axeSource: string | undefined

/**
 * Runs axe-core inside the page and returns its violations. axe-core (4.x) walks open shadow
 * roots by default, so the modal, which renders in an open shadow root, is checked when
 * `selector` is omitted (the whole document). A `selector` is a light-DOM CSS selector; its
 * element's shadow tree is included too.
 * @example
 * const { violations } = await runAxe(page)
 * expect(violations).toEqual([])
 * @param page - the page to check; axe's script is injected once per document.
 * @param selector - optional CSS selector for the part to check (default: the whole document).
 * @returns the violations (`resultTypes: ['violations']`), flattened to plain data.
 * @throws Error when axe cannot be injected or `selector` matches nothing.
 */
export async function runAxe(page: Page, selector?: string): Promise<AxeReport> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  const injected = await page.evaluate(() => 'axe' in window)
  if (!injected) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async (context) => {
    type Target = (string | string[])[]
    type Results = {
      violations: {
        id: string
        impact?: string | null
        help: string
        helpUrl: string
        nodes: { target: Target; html: string; failureSummary?: string }[]
      }[]
    }
    const { axe } = window as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<Results> }
    }
    if (context !== null && document.querySelector(context) === null) {
      throw new Error(`runAxe: nothing matches ${context}`)
    }
    const results = await axe.run(context ?? document, { resultTypes: ['violations'] })
    return {
      violations: results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)),
          html: node.html,
          failureSummary: node.failureSummary ?? '',
        })),
      })),
    }
  }, selector ?? null)
}

/**
 * Fails the test with every axe violation on the page, each named with `view`, the rule and the
 * elements, so one failure message tells which view broke which rule where.
 * @param page - the page to check (the modal's shadow root included).
 * @param view - what the page shows, for the failure message (e.g. `dark Account`).
 */
export async function expectNoAxeViolations(page: Page, view: string): Promise<void> {
  const report = await runAxe(page)
  expect(
    report.violations.map(
      (violation) =>
        `${view}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}
