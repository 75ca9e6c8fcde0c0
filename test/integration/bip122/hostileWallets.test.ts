/**
 * Hostile Bitcoin wallets on the page (throwing getters, malformed accounts, a connect that never
 * answers, markup for a name) leave the kit and the other wallets usable.
 */
import { afterEach, expect, test } from 'vitest'
import { createKit } from '../../../src/kernel/index.js'
import { bip122, bitcoinRegtest } from '../../../src/plugins/bip122/index.js'
import { bitcoinNode, installedWallet } from '../../support/bitcoin.js'
import { installWindowShim } from '../../support/solana.js'

const page = installWindowShim()
const node = bitcoinNode()
const regtest = bitcoinRegtest({ esploraUrl: node.esploraUrl, genesisHash: node.genesisHash })
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

/** Registers a Wallet Standard wallet object as a page would, returning its removal. */
function register(wallet: object): () => void {
  let unregister: (() => void) | undefined
  const callback = (api: { register: (value: object) => () => void }) => {
    unregister = api.register(wallet)
  }
  const event = new Event('wallet-standard:register-wallet')
  Object.defineProperty(event, 'detail', { value: callback })
  page.dispatchEvent(event)
  // An app that starts later asks registered wallets again (the Wallet Standard handshake).
  const ready = (app: Event) => callback((app as CustomEvent).detail)
  page.addEventListener('wallet-standard:app-ready', ready)
  return () => {
    page.removeEventListener('wallet-standard:app-ready', ready)
    unregister?.()
  }
}

test('behavior: throwing getters, malformed accounts and a hanging connect leave the others listed and usable', async () => {
  cleanups.push(
    register({
      version: '1.0.0',
      get name(): string {
        throw new Error('boom')
      },
      icon: 'data:image/svg+xml,',
      chains: ['bitcoin:regtest'],
      features: { 'bitcoin:connect': { connect: async () => ({ accounts: [] }) } },
      accounts: [],
    }),
    register({
      version: '1.0.0',
      name: 'Malformed Accounts',
      icon: 'data:image/svg+xml,',
      chains: ['bitcoin:regtest'],
      get features() {
        return {
          'bitcoin:connect': {
            connect: async () => ({
              accounts: [{ address: '<img src=x onerror=alert(1)>' }, null, 42, { address: 7 }],
            }),
          },
        }
      },
      accounts: [],
    }),
    register({
      version: '1.0.0',
      name: 'Never Answers',
      icon: 'data:image/svg+xml,',
      chains: ['bitcoin:regtest'],
      features: { 'bitcoin:connect': { connect: () => new Promise(() => undefined) } },
      accounts: [],
    }),
  )
  // A sats-connect entry pointing at a getter that throws, and a prototype path.
  page.btc_providers = [
    { id: 'Trap', name: 'Trap' },
    { id: '__proto__.polluted', name: 'Polluted' },
  ]
  Object.defineProperty(page, 'Trap', {
    configurable: true,
    get() {
      throw new Error('trap')
    },
  })
  cleanups.push(() => {
    delete page.btc_providers
    delete page.Trap
  })
  const honest = installedWallet({ shapes: ['standard', 'sats'], name: 'Honest Wallet' })
  cleanups.push(honest.uninstall)

  const kit = createKit({ plugins: [bip122({ networks: [regtest] })] })
  cleanups.push(() => kit.destroy())
  const names = kit
    .getState()
    .connectors.ids.map((id) => kit.getState().connectors.entities[id]!.name)
  expect(names).toEqual(['Malformed Accounts', 'Never Answers', 'Honest Wallet'])

  await expect(
    kit.connect({ namespace: 'bip122', connectorId: 'Malformed Accounts' }),
  ).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
  const hanging = kit.connect({ namespace: 'bip122', connectorId: 'Never Answers' })
  // The visitor gives up on the hanging wallet and picks another: the kit is not stuck.
  await kit.disconnect('bip122').catch(() => undefined)
  void hanging.catch(() => undefined)
  const connected = await kit.connect({ namespace: 'bip122', connectorId: 'Honest Wallet' })
  expect(connected.caipAddress).toBe(`${regtest.id}:${honest.payment.address}`)
})

test('behavior: a wallet whose addresses are of another network is refused, and the kit stays disconnected', async () => {
  const mainnetOnly = createKit({ plugins: [bip122()] })
  cleanups.push(() => mainnetOnly.destroy())
  const wallet = installedWallet({ name: 'Regtest Wallet' })
  cleanups.push(wallet.uninstall)
  await expect(
    mainnetOnly.connect({ namespace: 'bip122', connectorId: 'Regtest Wallet' }),
  ).rejects.toMatchObject({ code: 'UNSUPPORTED_NETWORK' })
  expect(mainnetOnly.getState().namespaces.entities.bip122!.accountState.status).toBe(
    'disconnected',
  )
})
