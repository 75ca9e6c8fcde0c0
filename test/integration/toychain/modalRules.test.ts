/** Issue #11 items 13, 21 and 12: the shake, UnsupportedChain, the network picker, fresh balances. */
import { expect, test } from 'vitest'
import { send } from '../../../src/features/send/index.js'
import { selectCanBrowseAllWallets } from '../../../src/kernel/index.js'
import { settle } from '../../../src/testing/index.js'
import { createTestKit } from '../../support/createTestKit.js'
import { toyAddress } from '../../support/toyChain.js'

test('behavior: on UnsupportedChain, Escape, the overlay and × shake instead of closing; back still closes', async () => {
  const { kit, wallet, env } = createTestKit()
  await kit.connect({ connectorId: 'toywallet' })
  wallet.moveToNetwork('toychain:elsewhere')
  expect(kit.getState().router.view).toBe('UnsupportedChain')
  kit.close()
  expect(kit.getState().modal).toMatchObject({ isOpen: true, isShaking: true })
  env.advance(500)
  kit.back()
  expect(kit.getState().modal.isOpen).toBe(false)
})

test('behavior: a picked network closes the picker, wherever it was opened from', async () => {
  const { kit } = createTestKit()
  await kit.connect({ connectorId: 'toywallet' })
  // From the header button: the picker alone, closed once a network is picked.
  kit.open('Networks')
  await kit.switchNetwork('toychain:test')
  expect(kit.getState().modal.isOpen).toBe(false)
  // From Account: back to Account.
  kit.open()
  kit.navigate('Networks')
  await kit.switchNetwork('toychain:main')
  expect(kit.getState().modal.isOpen).toBe(true)
  expect(kit.getState().router.view).toBe('Account')
})

test('behavior: after a disconnect the account tab is Tokens again', async () => {
  const { kit } = createTestKit()
  await kit.connect({ connectorId: 'toywallet' })
  kit.selectAccountTab('activity')
  await kit.disconnect()
  await kit.connect({ connectorId: 'toywallet' })
  expect(kit.getState().namespaces.entities.toychain?.accountState.currentTab).toBe('tokens')
})

test('behavior: opening the Account view reads the balance again (funds may have arrived from outside)', async () => {
  const { kit, wallet } = createTestKit({ accounts: [{ address: toyAddress(1), balance: '5' }] })
  await kit.connect({ connectorId: 'toywallet' })
  await settle()
  expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('5')
  wallet.credit(toyAddress(1), '2')
  kit.open()
  expect(kit.getState().router.view).toBe('Account')
  await settle()
  expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('7')
})

test('behavior: a kit without the wallet registry or the WalletConnect pairing never offers their views', async () => {
  const walletConnect = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'EXTERNAL' as const,
    namespace: 'toychain',
  }
  const withAll = createTestKit({ connectors: [walletConnect] })
  expect(selectCanBrowseAllWallets(withAll.kit.getState())).toBe(true)

  const { kit } = createTestKit({ connectors: [walletConnect], kit: { features: [send()] } })
  const state = kit.getState()
  expect(selectCanBrowseAllWallets(state)).toBe(false)
  expect(state.kit.views).not.toContain('AllWallets')
  expect(state.kit.views).not.toContain('ConnectingWalletConnect')
  // A view no registered feature owns is not this kit's: nothing can navigate there.
  expect(state.kit.views).not.toContain('Receive')
  expect(() => kit.navigate('AllWallets')).toThrow(
    expect.objectContaining({ code: 'INVALID_EVENT' }),
  )
  // Connecting over WalletConnect stays on a view the kit can show.
  kit.open()
  await kit.connect({ namespace: 'toychain', connectorId: 'walletConnect' })
  expect(kit.getState().namespaces.entities.toychain?.accountState.status).toBe('connected')
  expect(kit.getState().kit.views).toContain(kit.getState().router.view)
})
