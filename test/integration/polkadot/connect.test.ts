/**
 * The polkadot plugin against a real local node (chopsticks) and extensions in `window.injectedWeb3`:
 * listing, connecting, accounts of each key type written with the network's prefix, balances read
 * from the node and followed block by block.
 */

import type { ApiPromise } from '@polkadot/api'
import { injectExtension } from '@polkadot/extension-inject'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, encodeAddress } from '@polkadot/util-crypto'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { createKit, type Kit } from '../../../src/kernel/index.js'
import { polkadot, polkadotLocalnet } from '../../../src/plugins/polkadot/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { createPolkadotTestExtension } from '../../../src/testing/polkadot/createPolkadotTestExtension.js'
import {
  apiOf,
  freshUri,
  LOCAL_NETWORK_ID,
  localnetOf,
  setBalance,
} from '../../support/polkadot.js'
import { installWindowShim, until } from '../../support/solana.js'

const node = inject('polkadot')
const window = installWindowShim()
const localnet = localnetOf(node)
const cleanups: (() => void)[] = []
let api: ApiPromise

beforeAll(async () => {
  await cryptoWaitReady()
  api = await apiOf(node.url)
})
afterAll(async () => {
  await api.disconnect()
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function extensionWith(
  keys: Parameters<typeof createPolkadotTestExtension>[0]['keys'],
  name?: string,
) {
  const extension = createPolkadotTestExtension({ keys, ...(name ? { name } : {}) })
  cleanups.push(extension.install())
  return extension
}

function kitFor(networks = [localnet] as const) {
  const kit = createKit({
    plugins: [polkadot({ networks: [...networks] as [typeof localnet], appName: 'Gangway tests' })],
    env: createVirtualEnv(),
  })
  cleanups.push(() => kit.destroy())
  return kit
}

const account = (kit: Kit) => kit.getState().namespaces.entities.polkadot!.accountState

describe('connect through window.injectedWeb3', () => {
  test('default: the extension is listed and connects; the account is written with the network’s prefix', async () => {
    const extension = extensionWith([{ uri: freshUri() }])
    const kit = kitFor()
    expect(kit.getState().connectors.entities['polkadot/gangway-test']).toMatchObject({
      type: 'INJECTED',
      name: 'gangway-test',
      namespace: 'polkadot',
    })
    const result = await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    expect(result.caipAddress).toBe(`${LOCAL_NETWORK_ID}:${extension.addresses[0]}`)
    expect(extension.requests[0]).toEqual({ method: 'enable', origin: 'Gangway tests' })
    expect(kit.getState().recentWallets[0]).toMatchObject({ id: 'gangway-test' })
  })

  test('behavior: sr25519, ed25519 and ecdsa accounts are all listed, each once', async () => {
    const uris = [freshUri(), freshUri(), freshUri()]
    const extension = extensionWith([
      { uri: uris[0]!, type: 'sr25519' },
      { uri: uris[1]!, type: 'ed25519' },
      { uri: uris[2]!, type: 'ecdsa' },
      { uri: uris[0]!, type: 'sr25519' },
    ])
    const kit = kitFor()
    await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    expect(account(kit).allAccounts.map((entry) => entry.caipAddress)).toEqual(
      extension.addresses.slice(0, 3).map((address) => `${LOCAL_NETWORK_ID}:${address}`),
    )
  })

  test('behavior: an extension injected by @polkadot/extension-inject (as real extensions do) is listed and connects', async () => {
    const pair = new Keyring({ type: 'sr25519' }).addFromUri(freshUri())
    const signer = { signRaw: async () => ({ id: 1, signature: '0x' as const }) }
    injectExtension(
      async () => ({
        accounts: {
          get: async () => [{ address: pair.address, type: 'sr25519' as const }],
          subscribe: () => () => undefined,
        },
        signer,
      }),
      { name: 'polkadot-js', version: '0.63.1' },
    )
    cleanups.push(() => delete (window.injectedWeb3 as Record<string, unknown>)['polkadot-js'])
    const kit = kitFor()
    expect(kit.getState().connectors.entities['polkadot/polkadot-js']?.name).toBe('polkadot{.js}')
    const result = await kit.connect({ namespace: 'polkadot', connectorId: 'polkadot-js' })
    expect(result.caipAddress).toBe(`${LOCAL_NETWORK_ID}:${pair.address}`)
  })

  test('behavior: an extension injected after the kit started is listed on the next look', async () => {
    const env = createVirtualEnv()
    const kit = createKit({ plugins: [polkadot({ networks: [localnet] })], env })
    cleanups.push(() => kit.destroy())
    expect(kit.getState().connectors.ids).not.toContain('polkadot/late-extension')
    extensionWith([{ uri: freshUri() }], 'late-extension')
    await env.advance(100)
    expect(kit.getState().connectors.ids).toContain('polkadot/late-extension')
  })

  test('behavior: switching network writes the same account with the other network’s prefix', async () => {
    const extension = extensionWith([{ uri: freshUri() }])
    const polkadotPrefixed = polkadotLocalnet({
      rpcUrl: node.url,
      genesisHash: node.genesisHash,
      networkId: 'polkadot:gangway-local-0',
      name: 'Rococo Local (prefix 0)',
      ss58Prefix: 0,
    })
    const kit = kitFor([localnet, polkadotPrefixed] as never)
    await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    await kit.switchNetwork('polkadot:gangway-local-0')
    expect(account(kit).caipAddress).toBe(
      `polkadot:gangway-local-0:${encodeAddress(extension.pairs[0]!.addressRaw, 0)}`,
    )
  })

  test('behavior: the extension switching account is followed; revoking the site disconnects', async () => {
    const extension = extensionWith([{ uri: freshUri() }, { uri: freshUri() }])
    const kit = kitFor()
    await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    extension.switchAccount(1)
    await until(
      kit,
      (state) =>
        state.namespaces.entities.polkadot?.accountState.address === extension.pairs[1]!.address,
    )
    extension.disconnect()
    await until(
      kit,
      (state) => state.namespaces.entities.polkadot?.accountState.status === 'disconnected',
    )
  })
})

describe('balances from the node', () => {
  test('default: free balance in ROC with 12 decimals, reserved read beside it', async () => {
    const extension = extensionWith([{ uri: freshUri() }])
    const address = extension.addresses[0]!
    await setBalance(node.url, address, 12_345_678_900_000n, 1_500_000_000_000n)
    const kit = kitFor()
    await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    await kit.refreshBalance('polkadot')
    expect(account(kit).balance).toBe('12.3456789')
    expect(account(kit).balanceSymbol).toBe('ROC')
    expect(account(kit).tokenBalance[0]).toMatchObject({
      symbol: 'ROC',
      quantity: { decimals: '12', numeric: '12.3456789' },
    })
  })

  test('behavior: funds arriving in a new block show without the visitor doing anything', async () => {
    const extension = extensionWith([{ uri: freshUri() }])
    const address = extension.addresses[0]!
    await setBalance(node.url, address, 10n ** 12n)
    const kit = kitFor()
    await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    await kit.refreshBalance('polkadot')
    expect(account(kit).balance).toBe('1')
    // Someone else sends 2 ROC: the chain builds a block with it.
    const sender = new Keyring({ type: 'sr25519' }).addFromUri(freshUri())
    await setBalance(node.url, sender.address, 10n ** 14n)
    await new Promise<void>((resolve, reject) => {
      api.tx.balances!.transferKeepAlive!(address, 2n * 10n ** 12n)
        .signAndSend(sender, (result) => {
          if (result.status.isInBlock) resolve()
        })
        .catch(reject)
    })
    await until(
      kit,
      (state) => state.namespaces.entities.polkadot?.accountState.balance === '3',
      30_000,
    )
    // Two blocks are built on the way (the balances set, then the transfer): on a loaded machine
    // the local node's runtime takes seconds for each, which outlasted the 20 s default.
  }, 60_000)
})
