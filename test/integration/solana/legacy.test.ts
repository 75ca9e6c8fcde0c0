import { Keypair } from '@solana/web3.js'
import { afterEach, expect, inject, test } from 'vitest'
import { createKit, selectConnectionStatus } from '../../../src/index.js'
import { solana, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { createSolanaTestWallet } from '../../../src/testing/solana/createSolanaTestWallet.js'
import {
  connectionTo,
  funderOf,
  fundOwner,
  installWindowShim,
  until,
} from '../../support/solana.js'
import { createLegacyProvider } from '../../support/solanaLegacyProvider.js'

const node = inject('solana')
const window = installWindowShim()
const connection = connectionTo(node.url)
const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  delete window.phantom
  delete window.solana
})

function backend(keypair = Keypair.generate(), name?: string) {
  return createSolanaTestWallet({
    keypairs: [keypair],
    rpcUrls: { 'solana:localnet': node.url },
    ...(name ? { name } : {}),
  })
}

function kitFor(env = createVirtualEnv()) {
  const kit = createKit({ plugins: [solana({ networks: [localnet] })], env })
  cleanups.push(() => kit.destroy())
  return { kit, env }
}

test('default: window.phantom.solana is listed as INJECTED "Phantom", connects, signs and sends', async () => {
  const owner = await fundOwner(connection, funderOf(node.funder), 1)
  const wallet = backend(owner)
  window.phantom = { solana: createLegacyProvider(wallet) }
  window.solana = (window.phantom as { solana: unknown }).solana
  const { kit } = kitFor()
  expect(kit.getState().connectors.ids).toEqual(['solana/injected'])
  expect(kit.getState().connectors.entities['solana/injected']).toMatchObject({
    type: 'INJECTED',
    name: 'Phantom',
  })
  await kit.connect({ namespace: 'solana', connectorId: 'injected' })
  expect(kit.getState().namespaces.entities.solana!.accountState.address).toBe(wallet.addresses[0])
  await expect(kit.signMessage({ message: 'hello' })).resolves.toMatchObject({
    signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/),
  })
  const receiver = Keypair.generate().publicKey
  await kit.features.send.send({ to: receiver.toBase58(), amount: '0.5' })
  expect(await connection.getBalance(receiver)).toBe(500_000_000)
  wallet.disconnect()
  expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
})

test('behavior: the legacy provider is not listed beside a Wallet Standard wallet of the same name', async () => {
  window.phantom = { solana: createLegacyProvider(backend()) }
  const { kit, env } = kitFor()
  expect(kit.getState().connectors.ids).toEqual(['solana/injected'])
  cleanups.push(backend(Keypair.generate(), 'Phantom').register())
  // Registrations are reported on the kit's next tick.
  await env.advance(0)
  expect(kit.getState().connectors.ids).toEqual(['solana/Phantom'])
  expect(kitFor().kit.getState().connectors.ids).toEqual(['solana/Phantom'])
  // Another brand's provider stays listed beside it.
  window.phantom = undefined
  window.solana = createLegacyProvider(backend(), { isSolflare: true })
  expect(kitFor().kit.getState().connectors.entities['solana/injected']).toMatchObject({
    name: 'Solflare',
  })
})

test('behavior: a reload reconnects through onlyIfTrusted without a prompt', async () => {
  const wallet = backend()
  window.solana = createLegacyProvider(wallet, {})
  const first = kitFor()
  await first.kit.connect({ namespace: 'solana', connectorId: 'injected' })
  first.kit.destroy()
  const { kit } = kitFor(createVirtualEnv({ storage: first.env.storage.dump() }))
  await until(kit, (state) => selectConnectionStatus(state) === 'connected')
  expect(wallet.requests.filter((request) => request.method === 'connect')).toEqual([
    { method: 'connect', silent: false },
    { method: 'connect', silent: true },
  ])
})
