import { expect, test } from 'vitest'
import { staticImportGraph } from '../../test/support/importGraph.js'

/** What a server must never load through `@gangway/kit/siwx-server`. */
const FORBIDDEN =
  /^(react|react-dom|@solana\/web3\.js|@wallet-standard\/.*|@walletconnect\/.*)(\/|$)/

const graph = staticImportGraph('src/siwx-server/index.ts')
/** The entry's static imports of packages `pattern` names, as `file → package`. */
const importsOf = (pattern: RegExp) =>
  graph.packages
    .filter(({ specifier }) => pattern.test(specifier))
    .map(({ file, specifier }) => `${file} → ${specifier}`)

test('behavior: gangway/siwx-server reaches no React, no UI and no browser wallet library at run time', () => {
  expect(importsOf(FORBIDDEN)).toEqual([])
  expect(graph.files.filter((file) => file.startsWith('src/ui/') || file.endsWith('.tsx'))).toEqual(
    [],
  )
  expect(graph.files).toContain('src/siwx/verifySession.ts')
})

/** Optional peers a backend installs only for the families it accepts. */
const FAMILY_PEERS = /^(@polkadot\/.*|bitcoinjs-lib|@bitcoinerlab\/.*|ecpair)(\/|$)/

test('behavior: a backend that accepts only EVM sign-ins runs without the Polkadot and Bitcoin libraries installed (they load on their first sign-in)', () => {
  expect(importsOf(FAMILY_PEERS)).toEqual([])
})
