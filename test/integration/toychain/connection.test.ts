import { describe, expect, test } from 'vitest'
import { siwx } from '../../../src/features/siwx/feature.js'
import {
  KitError,
  type KitEvent,
  selectActiveCaipAddress,
  selectConnectionStatus,
} from '../../../src/kernel/index.js'
import { settle } from '../../../src/testing/index.js'
import { createTestKit } from '../../support/createTestKit.js'
import { snackText } from '../../support/events.js'
import { toyAddress, toyChain, toySiwx } from '../../support/toyChain.js'

function record(kit: { events$: { subscribe(next: (event: KitEvent) => void): unknown } }) {
  const events: KitEvent[] = []
  kit.events$.subscribe((event) => events.push(event))
  return events
}

describe('connect', () => {
  test('behavior: user rejection maps by code to USER_REJECTED and leaves the namespace disconnected', async () => {
    const { kit, wallet } = createTestKit({ features: { connectError: 'reject' } })
    kit.open()
    const error = await kit.connect({ connectorId: 'toywallet' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(KitError)
    expect(error).toMatchObject({
      code: 'USER_REJECTED',
      userMessage: 'Signature declined',
      plugin: 'toychain',
    })
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
    expect(kit.getState().operations.lastFailure?.error.code).toBe('USER_REJECTED')
    expect(wallet.calls).toEqual(['connect:toywallet'])
    expect(kit.getState().modal.isOpen).toBe(true)
  })

  test('behavior: a newer connect cancels the one waiting in the wallet; each gets one terminal event', async () => {
    const { kit, env } = createTestKit({ features: { connectDelayMs: 1_000 } })
    const events = record(kit)
    const first = kit.connect({ connectorId: 'toywallet' }).catch((caught: unknown) => caught)
    const second = kit.connect({ connectorId: 'toywallet' })
    expect(await first).toMatchObject({ code: 'CANCELLED', userMessage: 'Request was aborted' })
    // The cancelled request does not undo the one still waiting in the wallet.
    expect(selectConnectionStatus(kit.getState())).toBe('connecting')
    env.advance(1_000)
    await expect(second).resolves.toMatchObject({ connectorId: 'toywallet' })
    const terminals = events.filter(
      (event) => event.type === 'connection/succeeded' || event.type === 'connection/failed',
    )
    expect(terminals.map((event) => event.type)).toEqual([
      'connection/failed',
      'connection/succeeded',
    ])
    expect(new Set(terminals.map((event) => event.meta.correlationId)).size).toBe(2)
  })

  test('behavior: an unknown connector or namespace is refused before anything is recorded', async () => {
    const { kit } = createTestKit()
    const seq = kit.log.lastSeq()
    await expect(kit.connect({ connectorId: 'nope' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
    })
    await expect(
      kit.connect({ namespace: 'ghost', connectorId: 'toywallet' }),
    ).rejects.toMatchObject({ code: 'PLUGIN_NOT_FOUND', userMessage: 'Network not found' })
    expect(kit.log.lastSeq()).toBe(seq)
  })

  test('behavior: a wallet answering with an address from another namespace is a clear error and changes nothing', async () => {
    const { kit } = createTestKit({
      features: {
        connectAnswer: { caipAddress: `eip155:1:0x${'a'.repeat(40)}`, networkId: 'eip155:1' },
      },
    })
    await expect(kit.connect({ connectorId: 'toywallet' })).rejects.toMatchObject({
      code: 'INVALID_EVENT',
    })
    expect(selectActiveCaipAddress(kit.getState())).toBeNull()
    expect(kit.getState().recentWallets).toEqual([])
  })
})

describe('wallet-side facts', () => {
  test('behavior: account change, network change and disconnect from the wallet reach state', async () => {
    const { kit, wallet } = createTestKit({
      accounts: [
        { address: toyAddress(1), balance: '1' },
        { address: toyAddress(2), balance: '2' },
      ],
    })
    await kit.connect({ connectorId: 'toywallet' })
    wallet.switchAccount(toyAddress(2))
    expect(selectActiveCaipAddress(kit.getState())).toBe(`toychain:main:${toyAddress(2)}`)
    await settle()
    expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('2')
    wallet.moveToNetwork('toychain:test')
    expect(selectActiveCaipAddress(kit.getState())).toBe(`toychain:test:${toyAddress(2)}`)
    wallet.moveToNetwork('toychain:nowhere')
    expect(kit.getState().router.view).toBe('UnsupportedChain')
    expect(kit.getState().modal.isOpen).toBe(true)
    await kit.switchNetwork('toychain:main')
    expect(kit.getState().modal.isOpen).toBe(false)
    wallet.disconnectFromWallet()
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
  })

  test('behavior: malformed or foreign reports from a plugin are dropped and change nothing', async () => {
    const { kit, wallet } = createTestKit()
    await kit.connect({ connectorId: 'toywallet' })
    const state = kit.getState()
    wallet.report({
      type: 'account/changed',
      payload: { namespace: 'toyb', caipAddress: `toyb:main:${toyAddress(3)}` },
    })
    wallet.report({
      type: 'account/changed',
      payload: { namespace: 'toychain', caipAddress: 'not-caip' },
    })
    wallet.report({ type: 'modal/opened', payload: {} })
    wallet.report({
      type: 'network/changed',
      payload: { namespace: 'toychain', networkId: 'toyb:test' },
    })
    wallet.report({
      type: 'account/changed',
      payload: { namespace: 'toychain', caipAddress: 'toychain:main:NOT-AN-ADDRESS' },
    })
    wallet.report({
      type: 'account/changed',
      payload: { namespace: 'toychain', caipAddress: 'other:main:ty00' },
    })
    wallet.report({ type: 'no/such', payload: {} })
    expect(kit.getState()).toBe(state)
  })
})

test('behavior: a plugin reporting a stale balance makes the kit read it again', async () => {
  const { kit, wallet } = createTestKit({ accounts: [{ address: toyAddress(1), balance: '1' }] })
  await kit.connect({ connectorId: 'toywallet' })
  await settle()
  expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('1')
  wallet.credit(toyAddress(1), '2')
  await settle()
  expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('1')
  wallet.invalidate(toyAddress(1))
  await settle()
  expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('3')
})

describe('switch network', () => {
  test('behavior: a disconnected namespace switches at once; a connected one asks the wallet', async () => {
    const { kit, wallet } = createTestKit()
    await kit.switchNetwork('toychain:test')
    expect(wallet.calls).toEqual([])
    expect(kit.getState().namespaces.entities.toychain?.networkState.caipNetworkId).toBe(
      'toychain:test',
    )
    await kit.connect({ connectorId: 'toywallet' })
    await kit.switchNetwork('toychain:main')
    expect(wallet.calls).toContain('switch:toychain:main')
  })

  test('behavior: an unconfigured network is refused with Network not found; a rejected switch keeps the network', async () => {
    const { kit, wallet } = createTestKit({ features: { switchError: 'reject' } })
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    const state = kit.getState()
    await expect(kit.switchNetwork('toychain:nowhere')).rejects.toMatchObject({
      code: 'NETWORK_NOT_FOUND',
      userMessage: 'Network not found',
    })
    expect(kit.getState()).toBe(state)
    await expect(kit.switchNetwork('toychain:test')).rejects.toMatchObject({
      code: 'USER_REJECTED',
    })
    expect(kit.getState().namespaces.entities.toychain?.networkState.caipNetworkId).toBe(
      'toychain:main',
    )
    expect(wallet.calls).toContain('switch:toychain:test')
  })
})

describe('§4 disconnect', () => {
  // A session the toy family verifies (its signatures are forgeable by design; the real families'
  // are tested on their nodes), for the site the kit names.
  const data = {
    accountAddress: toyAddress(1),
    chainId: 'toychain:main' as const,
    domain: 'site.example',
    uri: 'https://site.example',
    version: '1',
    nonce: 'abcdefgh1234',
    issuedAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    expirationTime: new Date(Date.UTC(2026, 0, 2)).toISOString(),
  }
  const message = toySiwx('toychain', async () => {
    throw new Error('not used')
  }).createMessage(data)
  const session = {
    data,
    message,
    signature: `toysig:${data.chainId}:${data.accountAddress}:${message.length}`,
  }

  test('behavior: the steps in order — sessions cleared, chain disconnected, success recorded', async () => {
    const { kit } = createTestKit({
      kit: {
        features: [siwx({ required: false, domain: data.domain, uri: data.uri })],
      },
    })
    await kit.connect({ connectorId: 'toywallet' })
    await kit.features.siwx.addSession(session)
    expect(kit.getState().siwx?.sessions).toEqual([session])
    await settle()
    const events = record(kit)
    await kit.disconnect()
    expect(events.map((event) => event.type)).toEqual([
      'disconnection/requested',
      'disconnection/succeeded',
    ])
    // Step 1 happened with the request: the sessions were gone before the wallet was asked.
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(kit.getState().namespaces.entities.toychain?.accountState.status).toBe('disconnected')
  })

  test('behavior: a WalletConnect connection disconnects together with its peers; a plain one alone', async () => {
    const second = toyChain({
      namespace: 'toyb',
      connectors: [
        { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL', namespace: 'toyb' },
      ],
    })
    const { kit } = createTestKit({
      connectors: [
        { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL', namespace: 'toychain' },
        { id: 'toywallet', name: 'Toy Wallet', type: 'ANNOUNCED', namespace: 'toychain' },
      ],
      extraPlugins: [second.plugin],
    })
    await kit.connect({ namespace: 'toychain', connectorId: 'walletConnect' })
    await kit.connect({ namespace: 'toyb', connectorId: 'walletConnect' })
    await kit.disconnect('toyb')
    expect(kit.getState().namespaces.entities.toychain?.accountState.status).toBe('disconnected')
    expect(kit.getState().namespaces.entities.toyb?.accountState.status).toBe('disconnected')

    await kit.connect({ namespace: 'toychain', connectorId: 'toywallet' })
    await kit.connect({ namespace: 'toyb', connectorId: 'walletConnect' })
    await kit.disconnect('toyb')
    expect(kit.getState().namespaces.entities.toychain?.accountState.status).toBe('connected')
    expect(kit.getState().activeNamespace).toBe('toychain')
  })

  test('behavior: an embedded-wallet (auth) connection disconnects together with its peers', async () => {
    const auth = { id: 'auth', name: 'Email', type: 'AUTH' as const }
    const second = toyChain({ namespace: 'toyb', connectors: [{ ...auth, namespace: 'toyb' }] })
    const { kit, wallet } = createTestKit({
      connectors: [{ ...auth, namespace: 'toychain' }],
      extraPlugins: [second.plugin],
    })
    await kit.connect({ namespace: 'toychain', connectorId: 'auth' })
    await kit.connect({ namespace: 'toyb', connectorId: 'auth' })
    await kit.disconnect('toychain')
    expect(kit.getState().namespaces.entities.toychain?.accountState.status).toBe('disconnected')
    expect(kit.getState().namespaces.entities.toyb?.accountState.status).toBe('disconnected')
    expect(wallet.calls).toContain('disconnect:auth')
    expect(second.wallet.calls).toContain('disconnect:auth')
  })

  test('behavior: a wallet that fails to disconnect gives Failed to disconnect and stays connected', async () => {
    const { kit, wallet } = createTestKit()
    await kit.connect({ connectorId: 'toywallet' })
    wallet.features.disconnectError = true
    await expect(kit.disconnect()).rejects.toMatchObject({
      code: 'DISCONNECT_FAILED',
      userMessage: 'Failed to disconnect',
    })
    expect(selectConnectionStatus(kit.getState())).toBe('connected')
    expect(snackText(kit.getState())).toBe('Failed to disconnect')
  })
})

describe('send', () => {
  test('behavior: bad input gets the catalogue error and records nothing', async () => {
    const { kit, wallet } = createTestKit({ accounts: [{ address: toyAddress(1), balance: '5' }] })
    await kit.connect({ connectorId: 'toywallet' })
    await kit.loadFeature('send')
    await settle()
    const state = kit.getState()
    const seq = kit.log.lastSeq()
    await expect(kit.features.send.send({ to: toyAddress(2), amount: '' })).rejects.toMatchObject({
      userMessage: 'Please enter a valid amount and receiver address',
    })
    await expect(kit.features.send.send({ to: 'bogus', amount: '1' })).rejects.toMatchObject({
      code: 'INVALID_SEND_INPUT',
    })
    await expect(kit.features.send.send({ to: toyAddress(2), amount: '0' })).rejects.toMatchObject({
      userMessage: 'Incorrect amount / Please enter a valid amount',
    })
    await expect(kit.features.send.send({ to: toyAddress(2), amount: '-1' })).rejects.toMatchObject(
      {
        code: 'INVALID_AMOUNT',
      },
    )
    // More decimal places than the token has (toychain: 6) would be rounded away.
    await expect(
      kit.features.send.send({ to: toyAddress(2), amount: '0.0000001' }),
    ).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
    })
    await expect(
      kit.features.send.send({ to: toyAddress(2), amount: '5.000001' }),
    ).rejects.toMatchObject({
      userMessage: 'Insufficient balance',
    })
    expect(kit.getState()).toBe(state)
    expect(kit.log.lastSeq()).toBe(seq)
    expect(wallet.calls.some((call) => call.startsWith('send'))).toBe(false)
  })

  test('behavior: success shows Transaction started and refreshes the balance; failure shows the catalogue text', async () => {
    const { kit, wallet } = createTestKit({ accounts: [{ address: toyAddress(1), balance: '5' }] })
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    await kit.features.send.send({ to: toyAddress(2), amount: '.5' })
    expect(kit.getState().snack.variant).toBe('success')
    expect(snackText(kit.getState())).toBe('Transaction started')
    await settle()
    expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('4.5')
    wallet.features.sendError = 'fail'
    await expect(kit.features.send.send({ to: toyAddress(2), amount: '1' })).rejects.toMatchObject({
      userMessage: 'Failed to send transaction. Please try again.',
    })
    wallet.features.sendError = 'reject'
    await expect(kit.features.send.send({ to: toyAddress(2), amount: '1' })).rejects.toMatchObject({
      userMessage: 'Signature declined',
    })
    expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('4.5')
  })

  test('behavior: nothing is sent without a connection', async () => {
    const { kit } = createTestKit()
    await expect(kit.features.send.send({ to: toyAddress(2), amount: '1' })).rejects.toMatchObject({
      code: 'NO_ACTIVE_ADDRESS',
      userMessage: 'No ActiveCaipAddress found',
    })
  })
})

test('behavior: signMessage returns the wallet signature; a rejection is USER_REJECTED', async () => {
  const { kit, wallet } = createTestKit()
  await kit.connect({ connectorId: 'toywallet' })
  await expect(kit.signMessage({ message: 'hello' })).resolves.toEqual({
    signature: `toysig:toychain:main:${toyAddress(1)}:5`,
  })
  expect(wallet.signed).toEqual(['hello'])
  wallet.features.signError = 'reject'
  await expect(kit.signMessage({ message: 'again' })).rejects.toMatchObject({
    code: 'USER_REJECTED',
  })
})

test('behavior: destroy rejects pending intents and stops effects', async () => {
  const { kit } = createTestKit({ features: { connectDelayMs: 10_000 } })
  const pending = kit.connect({ connectorId: 'toywallet' })
  kit.destroy()
  await expect(pending).rejects.toMatchObject({ code: 'KIT_DESTROYED' })
  await expect(kit.disconnect()).rejects.toMatchObject({ code: 'KIT_DESTROYED' })
})

describe('anticipateConnect', () => {
  test('behavior: pointing at a wallet lets its plugin prepare; opening the modal alone does not', () => {
    const { kit, env, wallet } = createTestKit()
    kit.open()
    env.advance(1_000)
    expect(wallet.prepared).toEqual([])
    kit.anticipateConnect({ connectorId: 'toywallet' })
    expect(wallet.prepared).toEqual(['toywallet'])
    // An unknown wallet is ignored, and nothing was asked of the wallet itself.
    kit.anticipateConnect({ connectorId: 'nope' })
    expect(wallet.prepared).toEqual(['toywallet'])
    expect(wallet.calls).toEqual([])
  })
})
