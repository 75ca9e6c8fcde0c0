import { Keypair } from '@solana/web3.js'
import { expect, test } from 'vitest'
import { createKit } from '../../kernel/index.js'
import { createVirtualEnv } from '../../testing/index.js'
import { solanaDevnet, solanaLocalnet, solanaMainnet, solanaTestnet } from './networks.js'
import { solana } from './plugin.js'

test('default: the four clusters register, each id the first 32 characters of its genesis hash', () => {
  const genesisHash = Keypair.generate().publicKey.toBase58()
  const localnet = solanaLocalnet({ genesisHash, rpcUrl: 'http://127.0.0.1:8899' })
  const kit = createKit({
    plugins: [solana({ networks: [solanaMainnet, solanaDevnet, solanaTestnet, localnet] })],
    env: createVirtualEnv(),
  })
  const chain = kit.getState().namespaces.entities.solana!
  expect(chain.caipNetworks.map((network) => network.id)).toEqual([
    solanaMainnet.id,
    solanaDevnet.id,
    solanaTestnet.id,
    `solana:${genesisHash.slice(0, 32)}`,
  ])
  // The wallet-chain alias stays with the plugin; the kernel holds plain descriptors.
  expect(chain.caipNetworks.some((network) => 'walletChain' in network)).toBe(false)
  expect(chain.networkState.caipNetworkId).toBe(solanaMainnet.id)
  kit.destroy()
})

test('behavior: the kit validates receivers with the plugin’s 32-byte rule', () => {
  const kit = createKit({ plugins: [solana()], env: createVirtualEnv() })
  expect(kit.isValidAddress('solana', Keypair.generate().publicKey.toBase58())).toBe(true)
  expect(kit.isValidAddress('solana', 'z'.repeat(44))).toBe(false)
  kit.destroy()
})

test('behavior: a localnet needs a base58 genesis hash', () => {
  expect(() =>
    solanaLocalnet({ genesisHash: 'not a hash', rpcUrl: 'http://127.0.0.1:8899' }),
  ).toThrow(RangeError)
})
