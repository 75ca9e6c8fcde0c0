import { expect, test } from 'vitest'
import { selectActiveCaipAddress, selectConnectionStatus } from '../../../src/kernel/index.js'
import { settle } from '../../../src/testing/index.js'
import { createTestKit } from '../../support/createTestKit.js'
import { toyAddress } from '../../support/toyChain.js'

test('default: connect, see balance, send, disconnect', async () => {
  const { kit, wallet } = createTestKit({ accounts: [{ address: toyAddress(1), balance: '10' }] })
  kit.open()
  expect(kit.getState().router.view).toBe('Connect')
  const result = await kit.connect({ namespace: 'toychain', connectorId: 'toywallet' })
  expect(result.caipAddress).toBe(`toychain:main:${toyAddress(1)}`)
  expect(selectConnectionStatus(kit.getState())).toBe('connected')
  expect(kit.getState().modal.isOpen).toBe(false)
  await settle()
  expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('10')
  const { hash } = await kit.features.send.send({ to: toyAddress(2), amount: '2.5' })
  expect(hash).toMatch(/^toyhash/)
  await settle()
  expect(wallet.balanceOf(toyAddress(2))).toBe('2.5')
  expect(kit.getState().namespaces.entities.toychain?.accountState.balance).toBe('7.5')
  await kit.disconnect()
  expect(selectActiveCaipAddress(kit.getState())).toBeNull()
})
