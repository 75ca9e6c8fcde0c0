import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { createKit, selectConnectionStatus } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createTestWallet, createVirtualEnv, settle } from '../../../src/testing/index.js'
import { ANVIL_KEYS } from '../../support/eip155.js'
import { kits, registerHarnessHooks, window } from './support/harness.js'
import { mainChain, nodes } from './support/localNodes.js'
import { account, kitFor, RDNS, walletFor } from './support/pluginKit.js'

registerHarnessHooks()

describe('networks', () => {
  test('behavior: switching asks the wallet; an unknown chain (4902) is added, then switched to', async () => {
    const wallet = walletFor([ANVIL_KEYS[3]], { unknownChainIds: [nodes.side.chainId] })
    const { kit } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    await kit.switchNetwork('eip155:1337')
    const methods = wallet.requests.map((request) => request.method)
    expect(methods).toContain('wallet_addEthereumChain')
    expect(methods.filter((method) => method === 'wallet_switchEthereumChain')).toHaveLength(2)
    expect(account(kit).caipAddress).toBe(
      `eip155:1337:${privateKeyToAccount(ANVIL_KEYS[3]).address}`,
    )
    await kit.switchNetwork('eip155:31337')
    expect(account(kit).caipAddress?.startsWith('eip155:31337:')).toBe(true)
  })

  test('behavior: the wallet moving to a chain the site does not configure opens UnsupportedChain', async () => {
    const wallet = createTestWallet({
      privateKeys: [ANVIL_KEYS[3]],
      chains: [
        { id: nodes.main.chainId, rpcUrl: nodes.main.url },
        { id: nodes.side.chainId, rpcUrl: nodes.side.url },
      ],
    })
    wallet.announce(window)
    const env = createVirtualEnv()
    const kit = createKit({
      plugins: [eip155({ chains: [mainChain], rpcUrls: { 31337: [nodes.main.url] } })],
      env,
    })
    kits.push(kit)
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    wallet.switchChain(nodes.side.chainId)
    // Wallet events reach the kit on the next tick of its scheduler (coalesced, decision 0100).
    env.advance(0)
    expect(kit.getState().router.view).toBe('UnsupportedChain')
    expect(kit.getState().modal.isOpen).toBe(true)
  })
})

describe('wallet-side changes and reload', () => {
  test('behavior: an account switch and a disconnect in the wallet reach the kit', async () => {
    const wallet = walletFor([ANVIL_KEYS[1], ANVIL_KEYS[2]])
    const { kit, env } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    wallet.switchAccount(1)
    // Wallet events reach the kit on the next tick of its scheduler (coalesced, decision 0100).
    env.advance(0)
    expect(account(kit).address).toBe(privateKeyToAccount(ANVIL_KEYS[2]).address)
    wallet.disconnect()
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
  })

  test('behavior: after a reload the kit reconnects silently (eth_accounts, no prompt)', async () => {
    const wallet = walletFor([ANVIL_KEYS[1]])
    const first = kitFor()
    await first.kit.connect({ namespace: 'eip155', connectorId: RDNS })
    first.kit.destroy()
    const prompts = wallet.requests.filter(
      (request) => request.method === 'eth_requestAccounts',
    ).length
    const env = createVirtualEnv({ storage: first.env.storage.dump() })
    const { kit } = kitFor({ env })
    for (
      let round = 0;
      round < 50 && selectConnectionStatus(kit.getState()) !== 'connected';
      round += 1
    )
      await settle()
    expect(selectConnectionStatus(kit.getState())).toBe('connected')
    expect(
      wallet.requests.filter((request) => request.method === 'eth_requestAccounts'),
    ).toHaveLength(prompts)
    expect(wallet.requests.at(-1)?.method).not.toBe('eth_requestAccounts')
  })
})

describe('signing', () => {
  test('behavior: personal_sign and eth_signTypedData_v4 give signatures that verify; a rejection is USER_REJECTED', async () => {
    const wallet = walletFor([ANVIL_KEYS[4]])
    const { kit } = kitFor()
    await kit.connect({ namespace: 'eip155', connectorId: RDNS })
    const address = privateKeyToAccount(ANVIL_KEYS[4]).address
    const { signature } = await kit.signMessage({ message: 'Sign in to site.example' })
    expect(
      await verifyMessage({
        address,
        message: 'Sign in to site.example',
        signature: signature as Hex,
      }),
    ).toBe(true)
    const typedData = {
      domain: { name: 'Gangway', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting' as const,
      message: { text: 'hello' },
    }
    const typed = await kit.signTypedData({ typedData })
    expect(
      await verifyTypedData({ address, ...typedData, signature: typed.signature as Hex }),
    ).toBe(true)
    wallet.features.rejectRequests = true
    await expect(kit.signMessage({ message: 'again' })).rejects.toMatchObject({
      code: 'USER_REJECTED',
    })
  })
})
