/**
 * The embedded wallet costs a page nothing until its visitor picks email or social login: a page
 * that never configures it imports none of it, and one that does loads only the wallet's settings
 * and the feature's definition; the frame client, the protocol's schemas and the EIP-1193 bridge
 * arrive with the first use.
 */
import { expect, test } from 'vitest'
import { staticImportGraph } from '../../support/importGraph.js'

const EMBEDDED = 'src/features/embeddedWallet/'

test('behavior: a page with the eip155 and solana plugins and no embedded wallet imports none of it', () => {
  for (const entry of [
    'src/plugins/eip155/index.ts',
    'src/plugins/solana/index.ts',
    'src/index.ts',
  ]) {
    expect(staticImportGraph(entry).files.filter((file) => file.startsWith(EMBEDDED))).toEqual([])
  }
})

test('behavior: configuring the embedded wallet loads its settings and definition only; the frame code waits for the first use', () => {
  const graph = staticImportGraph(`${EMBEDDED}index.ts`)
  expect(graph.files.filter((file) => file.startsWith(EMBEDDED)).sort()).toEqual([
    `${EMBEDDED}feature.ts`,
    `${EMBEDDED}index.ts`,
    `${EMBEDDED}wallet.ts`,
  ])
  // The schemas (zod payloads of 20 request types) are part of what loads on first use.
  expect(graph.files).not.toContain(`${EMBEDDED}protocol.ts`)
  expect(graph.files).not.toContain(`${EMBEDDED}frameClient.ts`)
})
