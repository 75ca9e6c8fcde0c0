import { Keypair } from '@solana/web3.js'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, expect, inject, test } from 'vitest'
import { createKit, selectConnectionStatus } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { createTestWallet, createVirtualEnv, type VirtualEnv } from '../../../src/testing/index.js'
import { createSolanaTestWallet } from '../../../src/testing/solana/createSolanaTestWallet.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { installWindowShim, until } from '../../support/solana.js'

const node = inject('solana')
const evm = inject('eip155')
const window = installWindowShim()
const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
const chain = localChain(evm.main.chainId, evm.main.url)
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function kitFor(env: VirtualEnv = createVirtualEnv()) {
  const kit = createKit({
    plugins: [
      eip155({ chains: [chain], rpcUrls: { [evm.main.chainId]: [evm.main.url] } }),
      solana({ networks: [localnet] }),
    ],
    env,
  })
  cleanups.push(() => kit.destroy())
  return { kit, env }
}

test('behavior: an EVM and a Solana wallet connect side by side; a reload restores both; disconnecting solana leaves eip155', async () => {
  const evmWallet = createTestWallet({
    privateKeys: [ANVIL_KEYS[5]],
    chains: [{ id: evm.main.chainId, rpcUrl: evm.main.url }],
  })
  cleanups.push(evmWallet.announce(window))
  const solanaWallet = createSolanaTestWallet({
    keypairs: [Keypair.generate()],
    rpcUrls: { 'solana:localnet': node.url },
  })
  cleanups.push(solanaWallet.register())
  const first = kitFor()
  await first.kit.connect({ namespace: 'eip155', connectorId: evmWallet.info.rdns })
  await first.kit.connect({
    namespace: 'solana',
    connectorId: solanaWallet.pageOptions.name,
  })
  const chains = () => first.kit.getState().namespaces.entities
  expect(chains().eip155!.accountState.address).toBe(privateKeyToAccount(ANVIL_KEYS[5]).address)
  expect(chains().solana!.accountState.address).toBe(solanaWallet.addresses[0])
  first.kit.destroy()

  const { kit } = kitFor(createVirtualEnv({ storage: first.env.storage.dump() }))
  await until(kit, (state) =>
    ['eip155', 'solana'].every(
      (namespace) => state.namespaces.entities[namespace]!.accountState.status === 'connected',
    ),
  )
  await kit.disconnect('solana')
  const after = kit.getState().namespaces.entities
  expect(after.solana!.accountState.status).toBe('disconnected')
  expect(after.eip155!.accountState.status).toBe('connected')
  expect(selectConnectionStatus(kit.getState())).toBe('connected')
})

test('behavior: after picking a network of a family not connected yet, the modal opens on Connect, not on the other family’s account', async () => {
  const solanaWallet = createSolanaTestWallet({
    keypairs: [Keypair.generate()],
    rpcUrls: { 'solana:localnet': node.url },
  })
  cleanups.push(solanaWallet.register())
  const { kit } = kitFor()
  await kit.connect({ namespace: 'solana', connectorId: solanaWallet.pageOptions.name })
  kit.open()
  expect(kit.getState().router.view).toBe('Account')
  kit.close()
  await kit.switchNetwork(`eip155:${evm.main.chainId}`)
  expect(kit.getState().activeNamespace).toBe('eip155')
  kit.open()
  expect(kit.getState().router.view).toBe('Connect')
  // The Solana account is still connected, and comes back as the account once its network is picked.
  kit.close()
  await kit.switchNetwork(localnet.id)
  kit.open()
  expect(kit.getState().router.view).toBe('Account')
  expect(kit.getState().namespaces.entities.solana!.accountState.address).toBe(
    solanaWallet.addresses[0],
  )
})
