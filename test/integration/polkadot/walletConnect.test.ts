/**
 * The `polkadot` CAIP-25 namespace over WalletConnect, through the shared hub: one remote wallet
 * serving eip155 and polkadot is paired once; the polkadot account signs a message
 * (`polkadot_signMessage`) and a transfer (`polkadot_signTransaction`) that lands on chopsticks.
 */
import { randomUUID } from 'node:crypto'
import type { ApiPromise } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, test } from 'vitest'
import { type LocalRelay, startRelay } from '../../../server/index.js'
import { selectPairing } from '../../../src/features/walletConnect/selectors.js'
import {
  createKit,
  type DefaultFeatures,
  type Kit,
  selectConnectionStatus,
} from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { polkadot } from '../../../src/plugins/polkadot/index.js'
import { createTestWallet, createVirtualEnv } from '../../../src/testing/index.js'
import {
  createPolkadotTestExtension,
  createRemoteWallet,
  eip155RemoteNamespace,
  type PolkadotTestExtension,
  polkadotRemoteNamespace,
  type RemoteWallet,
} from '../../../src/testing/node.js'
import { createWalletConnect, type WalletConnect } from '../../../src/walletconnect/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { memoryKeyValueStorage } from '../../support/memoryKeyValueStorage.js'
import {
  apiOf,
  balanceOf,
  freshUri,
  LOCAL_NETWORK_ID,
  localnetOf,
  setBalance,
} from '../../support/polkadot.js'
import { installWindowShim, until } from '../../support/solana.js'

const node = inject('polkadot')
const evm = inject('eip155')
installWindowShim()
const localnet = localnetOf(node)
const ROC = 10n ** 12n
const TIMEOUT = 30_000

let api: ApiPromise
let relay: LocalRelay
let hub: WalletConnect
let extension: PolkadotTestExtension
let remote: RemoteWallet
let kit: Kit<DefaultFeatures>

beforeAll(async () => {
  await cryptoWaitReady()
  api = await apiOf(node.url)
})
afterAll(async () => {
  await api.disconnect()
})
beforeEach(async () => {
  relay = await startRelay()
  extension = createPolkadotTestExtension({ keys: [{ uri: freshUri() }] })
  await setBalance(node.url, extension.addresses[0]!, 10n * ROC)
  remote = await createRemoteWallet({
    relayUrl: relay.url,
    namespaces: {
      eip155: eip155RemoteNamespace(
        createTestWallet({
          privateKeys: [ANVIL_KEYS[5]],
          chains: [{ id: evm.main.chainId, rpcUrl: evm.main.url }],
          authorized: false,
        }),
        [evm.main.chainId],
      ),
      polkadot: polkadotRemoteNamespace(extension, [LOCAL_NETWORK_ID]),
    },
  })
  hub = createWalletConnect({
    relayUrl: relay.url,
    storagePrefix: `dapp-${randomUUID()}`,
    storage: memoryKeyValueStorage(),
  })
  kit = createKit({
    plugins: [
      eip155({
        chains: [localChain(evm.main.chainId, evm.main.url)],
        rpcUrls: { [evm.main.chainId]: [evm.main.url] },
        walletConnect: hub,
      }),
      polkadot({ networks: [localnet], walletConnect: hub }),
    ],
    env: createVirtualEnv(),
  })
})
afterEach(async () => {
  kit.destroy()
  hub.destroy()
  await remote.close()
  await relay.close()
})

test(
  'behavior: one pairing carries eip155 and polkadot; the polkadot account signs a message and a transfer that lands exactly',
  async () => {
    const connecting = kit.connect({ namespace: 'polkadot', connectorId: 'walletConnect' })
    const state = await until(kit, (current) => selectPairing(current) !== null, 10_000)
    await remote.pair(selectPairing(state)!.uri)
    const address = extension.addresses[0]!
    await expect(connecting).resolves.toMatchObject({
      caipAddress: `${LOCAL_NETWORK_ID}:${address}`,
    })
    await expect(
      kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' }),
    ).resolves.toMatchObject({
      caipAddress: `eip155:${evm.main.chainId}:${privateKeyToAccount(ANVIL_KEYS[5]).address}`,
    })
    expect(remote.proposals).toBe(1)
    expect(remote.sessions()).toHaveLength(1)

    const { signature } = await kit.signMessage({ namespace: 'polkadot', message: 'both' })
    expect(signatureVerify('both', signature, address).isValid).toBe(true)
    expect(extension.requests.at(-1)).toMatchObject({ method: 'signRaw' })

    await until(
      kit,
      (current) => current.namespaces.entities.polkadot!.accountState.balance === '10',
      10_000,
    )
    kit.setActiveNamespace('polkadot')
    const receiver = new Keyring({ type: 'sr25519' }).addFromUri(freshUri()).address
    const before = (await balanceOf(api, address)).free
    await kit.features.send.send({ to: receiver, amount: '2' })
    await expect
      .poll(async () => (await balanceOf(api, receiver)).free, { timeout: 15_000 })
      .toBe(2n * ROC)
    const paid = before - (await balanceOf(api, address)).free - 2n * ROC
    expect(paid).toBeGreaterThan(0n)
    expect(paid).toBeLessThan(ROC / 100n)
    expect(extension.requests.filter((request) => request.method === 'signPayload')).toHaveLength(1)

    // The wallet ending its one session disconnects both families.
    await remote.disconnect()
    await until(kit, (current) => selectConnectionStatus(current) === 'disconnected', 10_000)
    expect(kit.getState().namespaces.entities.polkadot?.accountState.status).toBe('disconnected')
  },
  TIMEOUT,
)
