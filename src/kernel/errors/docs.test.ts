import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { renderErrorDocs } from '../../../scripts/generateErrorDocs.js'
import { docsPathOf, ERROR_CODE_LIST } from './codes.js'

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
  for (const code of ERROR_CODE_LIST) {
    expect(headings.has(docsPathOf(code).split('#')[1] ?? ''), code).toBe(true)
  }
})
