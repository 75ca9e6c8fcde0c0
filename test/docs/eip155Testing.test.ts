import { createKit, type Kit } from '@gangway/kit'
import { eip155 } from '@gangway/kit/eip155'
import { createTestWallet, createVirtualEnv, deployTestToken } from '@gangway/kit/testing'
import { ANVIL_MNEMONIC, type AnvilNode, startAnvil } from '@gangway/kit/testing/node'
import { createPublicClient, createWalletClient, http, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'

// Anvil's first dev account, derived from ANVIL_MNEMONIC. Never use it for real funds.
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

let node: AnvilNode
let token: `0x${string}`
let kit: Kit | undefined

beforeAll(async () => {
  node = await startAnvil() // chain id 31337, the id of viem's `foundry` chain
  const transport = http(node.url)
  const deployer = mnemonicToAccount(ANVIL_MNEMONIC) // the same account as DEV_KEY
  const { address } = await deployTestToken({
    walletClient: createWalletClient({ account: deployer, chain: foundry, transport }),
    publicClient: createPublicClient({ chain: foundry, transport }),
    name: 'Test USD',
    symbol: 'TUSD',
    decimals: 6,
    supply: 1_000_000n * 10n ** 6n, // all minted to the deployer
  })
  token = address
})
afterEach(() => kit?.destroy())
afterAll(() => node.stop())

test('behavior: the test wallet connects, reads balances and signs', async () => {
  // EIP-6963 discovery listens on a global `window`; Node has none.
  const window = new EventTarget()
  ;(globalThis as { window?: unknown }).window = window
  const wallet = createTestWallet({
    privateKeys: [DEV_KEY],
    chains: [{ id: node.chainId, rpcUrl: node.url }],
  })
  wallet.announce(window)

  kit = createKit({
    plugins: [eip155({ chains: [foundry], rpcUrls: { [foundry.id]: [node.url] } })],
    tokens: [
      { address: token, symbol: 'TUSD', name: 'Test USD', decimals: 6, chainId: 'eip155:31337' },
    ],
    env: createVirtualEnv(),
  })
  const { caipAddress } = await kit.connect({ namespace: 'eip155', connectorId: wallet.info.rdns })
  expect(caipAddress).toBe(`eip155:31337:${wallet.addresses[0]}`)

  const account = () => kit!.getState().namespaces.entities.eip155!.accountState
  await vi.waitFor(() => expect(account().balance).not.toBeNull())
  const tusd = account().tokenBalance.find((balance) => balance.symbol === 'TUSD')
  expect(tusd?.quantity.numeric).toBe('1000000')

  const { signature } = await kit.signMessage({ message: 'hello' })
  expect(
    await verifyMessage({
      address: wallet.addresses[0]!,
      message: 'hello',
      signature: signature as `0x${string}`,
    }),
  ).toBe(true)

  wallet.features.rejectRequests = true // the wallet now answers prompts with 4001
  await expect(kit.signMessage({ message: 'again' })).rejects.toMatchObject({
    code: 'USER_REJECTED',
  })
})
