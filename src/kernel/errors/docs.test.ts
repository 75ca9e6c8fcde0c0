import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { renderErrorDocs, SHIPPED_PLUGINS } from '../../../scripts/generateErrorDocs.js'
import { docsPathOf, ERROR_CODE_LIST, type ErrorCode } from './codes.js'

const STALE =
  'docs/errors.md is out of date with src/kernel/errors/codes.ts: run `npm run docs:errors`'

function readCommitted(): string | null {
  try {
    return readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8')
  } catch {
    return null
  }
}

test('behavior: docs/errors.md matches the catalogue', () => {
  expect(readCommitted(), STALE).toBe(renderErrorDocs())
})

test('behavior: every docsPath has a heading to land on', () => {
  const headings = new Set(
    renderErrorDocs()
      .split('\n')
      .filter((line) => line.startsWith('### '))
      .map((line) => line.slice(4)),
  )
  // The codes the shipped chain plugins declare land there too (their errors link the same way).
  const declared = SHIPPED_PLUGINS.flatMap((plugin) => Object.keys(plugin.errors ?? {}))
  for (const code of [...ERROR_CODE_LIST, ...declared] as ErrorCode[]) {
    expect(headings.has(docsPathOf(code).split('#')[1] ?? ''), code).toBe(true)
  }
})
