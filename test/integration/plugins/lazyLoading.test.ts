/**
 * A page that registers a chain plugin pays for its chain library only when a wallet of that
 * family is used: the plugins' entries reach their heavy code through dynamic imports only.
 */
import { expect, test } from 'vitest'
import { staticImportGraph } from '../../support/importGraph.js'

const specifiers = (entry: string) =>
  staticImportGraph(entry).packages.map(({ file, specifier }) => `${file} → ${specifier}`)

test('behavior: registering solana() loads no web3.js, spl-token or WalletConnect until a Solana wallet is used', () => {
  const graph = staticImportGraph('src/plugins/solana/index.ts')
  expect(
    specifiers('src/plugins/solana/index.ts').filter((line) =>
      /→ (@solana\/web3\.js|@solana\/spl-token|@walletconnect\/|buffer)/.test(line),
    ),
  ).toEqual([])
  // The parts that carry them exist and are left to the first use.
  expect(graph.files).not.toContain('src/plugins/solana/adapter.ts')
  expect(graph.files).not.toContain('src/plugins/solana/walletConnect.ts')
  expect(graph.files).toContain('src/plugins/solana/discovery.ts')
})

test('behavior: registering eip155() loads no WalletConnect and none of viem’s clients until a wallet is used', () => {
  const graph = staticImportGraph('src/plugins/eip155/index.ts')
  expect(
    specifiers('src/plugins/eip155/index.ts').filter((line) =>
      /→ (@walletconnect\/|viem\/actions|viem\/ens)/.test(line),
    ),
  ).toEqual([])
  expect(graph.files).not.toContain('src/plugins/eip155/adapter.ts')
  expect(graph.files).not.toContain('src/plugins/eip155/walletConnect.ts')
  expect(graph.files).toContain('src/plugins/eip155/discovery.ts')
})
