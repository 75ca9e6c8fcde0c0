import { expect, test } from 'vitest'
import { staticImportGraph } from '../../test/support/importGraph.js'

/** What a server must never load through `@gangway/kit/siwx-server`. */
const FORBIDDEN =
  /^(react|react-dom|@solana\/web3\.js|@wallet-standard\/.*|@walletconnect\/.*)(\/|$)/

test('behavior: gangway/siwx-server reaches no React, no UI and no browser wallet library at run time', () => {
  const graph = staticImportGraph('src/siwx-server/index.ts')
  expect(
    graph.packages
      .filter(({ specifier }) => FORBIDDEN.test(specifier))
      .map(({ file, specifier }) => `${file} → ${specifier}`),
  ).toEqual([])
  expect(graph.files.filter((file) => file.startsWith('src/ui/') || file.endsWith('.tsx'))).toEqual(
    [],
  )
  expect(graph.files).toContain('src/siwx/verifySession.ts')
})
