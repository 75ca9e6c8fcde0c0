import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeEach, describe, expect, inject, test } from 'vitest'
import {
  createKit,
  type Kit,
  selectConnectors,
  WALLET_NAME_MAX_LENGTH,
} from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import {
  createTestWallet,
  createVirtualEnv,
  type TestWallet,
  type VirtualEnv,
} from '../../../src/testing/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'

const nodes = inject('eip155')
const mainChain = localChain(nodes.main.chainId, nodes.main.url)

const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let window: EventTarget & { ethereum?: unknown }
const kits: Kit[] = []

beforeEach(() => {
  window = new EventTarget()
  globals.window = window
})
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})
afterAll(() => {
  globals.window = originalWindow
})

function kitFor(options: { walletConnect?: boolean; env?: VirtualEnv } = {}) {
  const kit = createKit({
    plugins: [
      eip155({
        chains: [mainChain],
        rpcUrls: { [nodes.main.chainId]: [nodes.main.url] },
        ...(options.walletConnect ? { walletConnect: { relayUrl: 'ws://127.0.0.1:9' } } : {}),
      }),
    ],
    env: options.env ?? createVirtualEnv(),
  })
  kits.push(kit)
  return kit
}

function testWallet(key: `0x${string}` = ANVIL_KEYS[1]): TestWallet {
  return createTestWallet({
    privateKeys: [key],
    chains: [{ id: nodes.main.chainId, rpcUrl: nodes.main.url }],
  })
}

/**
 * Announces `detail` exactly as an extension would (EIP-6963): once now and on every request,
 * whatever its shape. The detail is the untrusted part under test.
 */
function announce(detail: unknown) {
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', send)
  send()
}

const info = (fields: Record<string, unknown>) => ({
  uuid: crypto.randomUUID(),
  icon: 'data:image/svg+xml,%3Csvg%2F%3E',
  ...fields,
})

const listed = (kit: Kit) =>
  selectConnectors(kit.getState()).map(({ id, name, type, imageUrl }) => ({
    id,
    name,
    type,
    ...(imageUrl ? { imageUrl } : {}),
  }))

describe('malformed announcements (item 1)', () => {
  test('behavior: present when createKit runs, each bad one is dropped or cleaned alone and the kit starts', () => {
    const { provider } = testWallet()
    const throwing = {
      get info(): never {
        throw new Error('hostile getter')
      },
      provider,
    }
    for (const detail of [
      null,
      'not an object',
      {},
      { info: null, provider },
      { info: info({ name: '', rdns: 'com.empty.name' }), provider },
      { info: info({ rdns: 'com.missing.name' }), provider },
      { info: info({ name: 42, rdns: 'com.number.name' }), provider },
      { info: info({ name: '   \u202E ', rdns: 'com.hidden.name' }), provider },
      { info: info({ name: 'No Rdns', rdns: '' }), provider },
      { info: info({ name: 'Missing Rdns' }), provider },
      { info: info({ name: 'Object Rdns', rdns: { toString: () => 'com.trick' } }), provider },
      { info: info({ name: 'No Provider', rdns: 'com.no.provider' }) },
      { info: info({ name: 'Bad Provider', rdns: 'com.bad.provider' }), provider: {} },
      throwing,
      { info: info({ name: 'Number Icon', rdns: 'com.number.icon', icon: 42 }), provider },
    ]) {
      announce(detail)
    }
    testWallet().announce(window)

    const kit = kitFor()
    expect(listed(kit)).toEqual([
      { id: 'com.number.icon', name: 'Number Icon', type: 'ANNOUNCED' },
      {
        id: 'dev.gangway.testwallet',
        name: 'Gangway Test Wallet',
        type: 'ANNOUNCED',
        imageUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
      },
    ])
  })

  test('behavior: a bad announcement after start is dropped and a good one still arrives', async () => {
    const env = createVirtualEnv()
    const kit = kitFor({ env })
    announce({ info: info({ name: 42, rdns: 'com.late.bad' }), provider: testWallet().provider })
    announce({ info: null })
    testWallet().announce(window)
    // Announcements after start are reported together on the kit's next tick.
    await env.advance(0)
    expect(listed(kit).map((connector) => connector.id)).toEqual(['dev.gangway.testwallet'])
  })
})

describe('one wallet per rdns, ids that cannot collide (item 2)', () => {
  test('behavior: a later announcement of an existing rdns replaces neither name nor provider', async () => {
    const first = testWallet(ANVIL_KEYS[1])
    const late = testWallet(ANVIL_KEYS[2])
    announce({ info: info({ name: 'First', rdns: 'io.example' }), provider: first.provider })
    const kit = kitFor()
    announce({ info: info({ name: 'Impostor', rdns: 'io.example' }), provider: late.provider })
    expect(listed(kit)).toEqual([
      {
        id: 'io.example',
        name: 'First',
        type: 'ANNOUNCED',
        imageUrl: 'data:image/svg+xml,%3Csvg%2F%3E',
      },
    ])
    const { caipAddress } = await kit.connect({ namespace: 'eip155', connectorId: 'io.example' })
    expect(caipAddress).toBe(`eip155:31337:${privateKeyToAccount(ANVIL_KEYS[1]).address}`)
    expect(late.requests).toEqual([])
  })

  test('behavior: an announcement cannot take the built-in injected or walletConnect ids', async () => {
    const legacy = testWallet(ANVIL_KEYS[1])
    window.ethereum = legacy.provider
    const hostile = testWallet(ANVIL_KEYS[2])
    for (const rdns of ['injected', 'walletConnect', 'localhost', 'eip155/injected']) {
      announce({ info: info({ name: `Fake ${rdns}`, rdns }), provider: hostile.provider })
    }
    const kit = kitFor({ walletConnect: true })
    expect(listed(kit)).toEqual([
      { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL' },
      { id: 'injected', name: 'Browser Wallet', type: 'INJECTED' },
    ])
    const { caipAddress } = await kit.connect({ namespace: 'eip155', connectorId: 'injected' })
    expect(caipAddress).toBe(`eip155:31337:${privateKeyToAccount(ANVIL_KEYS[1]).address}`)
    expect(hostile.requests).toEqual([])
  })
})

describe('wallet-supplied names and icons are cleaned and capped (item 3)', () => {
  test('behavior: bidi controls are stripped and a 1 MB name is cut, in the list, the account and recent wallets', async () => {
    const wallet = testWallet()
    announce({ info: info({ name: '\u202EksaMateM', rdns: 'io.bidi' }), provider: wallet.provider })
    announce({
      info: info({ name: 'W'.repeat(1_000_000), rdns: 'io.long' }),
      provider: wallet.provider,
    })
    const kit = kitFor()
    expect(listed(kit).map((connector) => connector.name)).toEqual([
      'ksaMateM',
      'W'.repeat(WALLET_NAME_MAX_LENGTH),
    ])
    await kit.connect({ namespace: 'eip155', connectorId: 'io.long' })
    const account = kit.getState().namespaces.entities.eip155!.accountState
    expect(account.connectedWalletInfo?.name).toBe('W'.repeat(WALLET_NAME_MAX_LENGTH))
    expect(kit.getState().recentWallets[0]?.name).toBe('W'.repeat(WALLET_NAME_MAX_LENGTH))
  })

  test('behavior: only data:image and https icons are kept', () => {
    const { provider } = testWallet()
    const icons = {
      'io.script': 'javascript:alert(1)',
      'io.html': 'data:text/html,<script>alert(1)</script>',
      'io.plain': 'http://wallet.example/icon.png',
      'io.https': 'https://wallet.example/icon.png',
      'io.data': 'data:image/png;base64,iVBORw0KGgo=',
      'io.huge': `data:image/png;base64,${'A'.repeat(2_000_000)}`,
    }
    for (const [rdns, icon] of Object.entries(icons)) {
      announce({ info: info({ name: rdns, rdns, icon }), provider })
    }
    const kit = kitFor()
    expect(
      Object.fromEntries(listed(kit).map((connector) => [connector.id, connector.imageUrl])),
    ).toEqual({
      'io.script': undefined,
      'io.html': undefined,
      'io.plain': undefined,
      'io.https': 'https://wallet.example/icon.png',
      'io.data': 'data:image/png;base64,iVBORw0KGgo=',
      'io.huge': undefined,
    })
  })
})
