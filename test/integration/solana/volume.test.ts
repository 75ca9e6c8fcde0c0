/**
 * Wallets that say too much: a Wallet Standard wallet listing 100,000 accounts, and a page where
 * 2,000 wallets register one after another. The kit keeps a bounded account list and reads each
 * wallet once, whatever the volume (issue 19, item 16).
 */
import { Keypair } from '@solana/web3.js'
import { afterEach, expect, inject, test } from 'vitest'
import { createKit, WALLET_ACCOUNTS_MAX } from '../../../src/index.js'
import { solana, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { installWindowShim } from '../../support/solana.js'

const node = inject('solana')
const window = installWindowShim()
const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

/** Registers a wallet object through the Wallet Standard's window event, as a wallet would. */
function register(wallet: object): void {
  const event = new Event('wallet-standard:register-wallet')
  let unregister: () => void = () => undefined
  Object.defineProperty(event, 'detail', {
    value: (api: { register: (wallet: object) => () => void }) => {
      unregister = api.register(wallet)
    },
  })
  window.dispatchEvent(event)
  cleanups.push(() => unregister())
}

/** `count` entries of `entry`, counting every entry read. */
function countedList<TEntry>(count: number, entry: TEntry) {
  const reads = { count: 0 }
  const list = new Proxy(new Array<TEntry>(count).fill(entry), {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.count++
      return Reflect.get(target, key, receiver)
    },
  })
  return { list, reads }
}

test('behavior: a wallet listing 100,000 accounts connects with the first hundred; its change events read no more', async () => {
  const keypair = Keypair.generate()
  const account = {
    address: keypair.publicKey.toBase58(),
    publicKey: keypair.publicKey.toBytes(),
    chains: ['solana:localnet'],
    features: [],
  }
  const { list, reads } = countedList(100_000, account)
  const listeners = new Set<(properties: { accounts: unknown }) => void>()
  const env = createVirtualEnv()
  const kit = createKit({ plugins: [solana({ networks: [localnet] })], env })
  cleanups.push(() => kit.destroy())
  register({
    version: '1.0.0',
    name: 'Hundred Thousand Accounts',
    icon: 'data:image/svg+xml,x',
    chains: ['solana:localnet'],
    accounts: list,
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: list }) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: (properties: { accounts: unknown }) => void) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    },
  })
  await env.advance(0)
  await kit.connect({ namespace: 'solana', connectorId: 'Hundred Thousand Accounts' })
  const state = () => kit.getState().namespaces.entities.solana!.accountState
  expect(state().address).toBe(account.address)
  expect(state().allAccounts).toHaveLength(WALLET_ACCOUNTS_MAX)
  expect(reads.count).toBeLessThanOrEqual(2 * WALLET_ACCOUNTS_MAX)

  reads.count = 0
  const other = Keypair.generate()
  const { list: changed, reads: changeReads } = countedList(100_000, {
    ...account,
    address: other.publicKey.toBase58(),
    publicKey: other.publicKey.toBytes(),
  })
  expect(listeners.size).toBeGreaterThan(0)
  for (const listener of listeners) listener({ accounts: changed })
  await env.advance(0)
  expect(state().address).toBe(other.publicKey.toBase58())
  expect(state().allAccounts).toHaveLength(WALLET_ACCOUNTS_MAX)
  expect(changeReads.count).toBeLessThanOrEqual(2 * WALLET_ACCOUNTS_MAX)
})

test('behavior: 2,000 wallets registering one after another are each read once, and all are listed', async () => {
  const env = createVirtualEnv()
  const kit = createKit({ plugins: [solana({ networks: [localnet] })], env })
  cleanups.push(() => kit.destroy())
  let chainReads = 0
  let reports = 0
  const subscription = kit.events$.subscribe((event) => {
    if (event.type === 'connectors/discovered') reports++
  })
  cleanups.push(() => subscription.unsubscribe())
  const count = 2_000
  for (let index = 0; index < count; index++) {
    register({
      version: '1.0.0',
      name: `Crowd Wallet ${index}`,
      icon: 'data:image/svg+xml,x',
      get chains() {
        chainReads++
        return ['solana:localnet']
      },
      accounts: [],
      features: {
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
      },
    })
  }
  await env.advance(0)
  const listed = kit.getState().connectors.ids.filter((id) => id.startsWith('solana/Crowd Wallet'))
  expect(listed).toHaveLength(count)
  // Once when it registers; a quadratic scan would read the first wallet 2,000 times.
  expect(chainReads).toBeLessThanOrEqual(count)
  // One report for the burst: each report copies the growing connector list once.
  expect(reports).toBe(1)
})
