/**
 * The send form as the visitor types it (issue #11 item 18, §5), on a kit with the real eip155
 * plugin against anvil: each field is judged while typing, and a mistyped EIP-55 checksum is
 * refused before Review, and by the send itself.
 */
import { type Address, createPublicClient, getAddress, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeEach, expect, inject, test } from 'vitest'
import { selectSendProblems } from '../../../src/features/send/index.js'
import { createKit, type Kit } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createTestWallet, createVirtualEnv } from '../../../src/testing/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'

const nodes = inject('eip155')
const mainChain = localChain(nodes.main.chainId, nodes.main.url)
const reader = createPublicClient({ chain: mainChain, transport: http(nodes.main.url) })
const RDNS = 'dev.gangway.testwallet'

const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
const kits: Kit[] = []
beforeEach(() => {
  globals.window = new EventTarget()
})
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})
afterAll(() => {
  globals.window = originalWindow
})

async function connectedKit() {
  createTestWallet({
    privateKeys: [ANVIL_KEYS[0]],
    chains: [{ id: nodes.main.chainId, rpcUrl: nodes.main.url }],
  }).announce(globals.window as EventTarget)
  const kit = createKit({
    plugins: [eip155({ chains: [mainChain], rpcUrls: { [nodes.main.chainId]: [nodes.main.url] } })],
    env: createVirtualEnv(),
  })
  kits.push(kit)
  await kit.connect({ namespace: 'eip155', connectorId: RDNS })
  await expect
    .poll(() => kit.getState().namespaces.entities.eip155!.accountState.balance)
    .not.toBeNull()
  return kit
}

/** One letter of the checksummed address in the other case: still mixed case, checksum wrong. */
function mistypedChecksum(address: Address): string {
  const checksummed = getAddress(address)
  const index = [...checksummed].findIndex((char, at) => at > 1 && /[a-fA-F]/.test(char))
  const char = checksummed[index]!
  const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()
  return `${checksummed.slice(0, index)}${flipped}${checksummed.slice(index + 1)}`
}

test('behavior: a receiver with a wrong EIP-55 checksum is refused as it is typed, and by the send', async () => {
  const kit = await connectedKit()
  await kit.features.send.setAmount('0.01')
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const mistyped = mistypedChecksum(receiver)

  await kit.features.send.setReceiver(mistyped)
  await expect.poll(() => selectSendProblems(kit.getState()).receiver).toBe('INVALID_SEND_INPUT')

  // The same address written correctly, or in one case (no checksum claimed), is fine.
  await kit.features.send.setReceiver(receiver)
  await kit.features.send.setReceiver(receiver.toLowerCase())
  expect(selectSendProblems(kit.getState()).receiver).toBeNull()

  await expect(kit.features.send.send({ to: mistyped, amount: '0.01' })).rejects.toMatchObject({
    code: 'INVALID_SEND_INPUT',
    userMessage: 'Please enter a valid amount and receiver address',
  })
  expect(await reader.getBalance({ address: receiver })).toBe(0n)
})

test('behavior: an amount above the balance or with more decimals than the token has is flagged while typing', async () => {
  const kit = await connectedKit()
  const balance = kit.getState().namespaces.entities.eip155!.accountState.balance!
  await kit.features.send.setReceiver(privateKeyToAccount(generatePrivateKey()).address)

  await kit.features.send.setAmount(`${BigInt(balance.split('.')[0]!) + 1n}`)
  expect(selectSendProblems(kit.getState()).amount).toBe('INSUFFICIENT_BALANCE')

  await kit.features.send.setAmount('0.000000000000000000001') // 21 decimals; ETH has 18
  expect(selectSendProblems(kit.getState()).amount).toBe('INVALID_AMOUNT')

  await kit.features.send.setAmount('0.5')
  expect(selectSendProblems(kit.getState())).toMatchObject({ amount: null, receiver: null })
})
