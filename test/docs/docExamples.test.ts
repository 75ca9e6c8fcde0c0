import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

/**
 * Code blocks in docs/ that are also test files: the block a reader copies is the one the suite
 * runs, so an example cannot go stale (docs/eip155.md once read `getState().chains`, long gone).
 */
const RUN_AS_TESTS = [
  {
    doc: 'docs/eip155.md',
    opening: "import { createKit, type Kit } from '@gangway/kit'",
    file: 'test/docs/eip155Testing.test.ts',
  },
] as const

test.each(RUN_AS_TESTS)(
  'behavior: the example in $doc is $file, which runs in this suite',
  ({ doc, opening, file }) => {
    const text = readFileSync(doc, 'utf8')
    const start = text.indexOf(`\`\`\`ts\n${opening}`)
    expect(start, `${doc} has no ts block opening with ${opening}`).toBeGreaterThanOrEqual(0)
    const body = text.slice(start + '```ts\n'.length, text.indexOf('```\n', start + 6))
    expect(body).toBe(readFileSync(file, 'utf8'))
  },
)
