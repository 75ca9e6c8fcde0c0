/**
 * The remote test wallet parameterised by namespace: one sign-client wallet serving eip155 and
 * solana through their test wallets, paired once with a kit whose two plugins share one hub.
 */
import { randomUUID } from 'node:crypto'
import { Keypair } from '@solana/web3.js'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, expect, inject, test } from 'vitest'
import { type LocalRelay, startRelay } from '../../../server/index.js'
import { walletConnectPairing } from '../../../src/features/walletConnect/feature.js'
import { selectPairing } from '../../../src/features/walletConnect/selectors.js'
import { createKit, type Kit, selectConnectionStatus } from '../../../src/kernel/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { createTestWallet, createVirtualEnv, type TestWallet } from '../../../src/testing/index.js'
import {
  createRemoteWallet,
  createSolanaTestWallet,
  eip155RemoteNamespace,
  type RemoteWallet,
  type SolanaTestWallet,
  solanaRemoteNamespace,
} from '../../../src/testing/node.js'
import { createWalletConnect, type WalletConnect } from '../../../src/walletconnect/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { memoryKeyValueStorage } from '../../support/memoryKeyValueStorage.js'
import { installWindowShim, until } from '../../support/solana.js'

const node = inject('solana')
const evm = inject('eip155')
installWindowShim()
const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
const TIMEOUT = 30_000

let relay: LocalRelay
let hub: WalletConnect
let evmWallet: TestWallet
let solanaWallet: SolanaTestWallet
let remote: RemoteWallet
let kit: Kit

beforeEach(async () => {
  relay = await startRelay()
  evmWallet = createTestWallet({
    privateKeys: [ANVIL_KEYS[4]],
    chains: [{ id: evm.main.chainId, rpcUrl: evm.main.url }],
    authorized: false,
  })
  solanaWallet = createSolanaTestWallet({
    keypairs: [Keypair.generate()],
    rpcUrls: { [localnet.id]: node.url },
  })
  remote = await createRemoteWallet({
    relayUrl: relay.url,
    namespaces: {
      eip155: eip155RemoteNamespace(evmWallet, [evm.main.chainId]),
      solana: solanaRemoteNamespace(solanaWallet, [localnet.id]),
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
      solana({ networks: [localnet], walletConnect: hub }),
    ],
    // The pairing (its URI) is the pairing feature's state.
    features: [walletConnectPairing()],
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
  'behavior: one wallet serving two namespaces is paired once; each family signs with its own key',
  async () => {
    const connecting = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    const state = await until(kit, (current) => selectPairing(current) !== null, 10_000)
    await remote.pair(selectPairing(state)!.uri)
    const evmAddress = privateKeyToAccount(ANVIL_KEYS[4]).address
    await expect(connecting).resolves.toMatchObject({
      caipAddress: `eip155:${evm.main.chainId}:${evmAddress}`,
    })
    const solanaAddress = solanaWallet.addresses[0]!
    await expect(
      kit.connect({ namespace: 'solana', connectorId: 'walletConnect' }),
    ).resolves.toMatchObject({ caipAddress: `${localnet.id}:${solanaAddress}` })
    expect(remote.proposals).toBe(1)
    expect(remote.sessions()).toHaveLength(1)

    const evmSigned = await kit.signMessage({ namespace: 'eip155', message: 'both' })
    expect(
      await verifyMessage({
        address: evmAddress,
        message: 'both',
        signature: evmSigned.signature as `0x${string}`,
      }),
    ).toBe(true)
    const solanaSigned = await kit.signMessage({ namespace: 'solana', message: 'both' })
    expect(solanaSigned.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    expect(solanaWallet.requests.at(-1)).toMatchObject({ method: 'signMessage' })

    // The wallet ending its one session disconnects both families.
    await remote.disconnect()
    await until(kit, (current) => selectConnectionStatus(current) === 'disconnected', 10_000)
    expect(kit.getState().namespaces.entities.solana?.accountState.status).toBe('disconnected')
  },
  TIMEOUT,
)

test(
  'behavior: a proposal offering none of the chains the wallet serves is declined',
  async () => {
    const elsewhere = await createRemoteWallet({
      relayUrl: relay.url,
      namespaces: { eip155: eip155RemoteNamespace(evmWallet, [424242]) },
    })
    try {
      const connecting = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      const state = await until(kit, (current) => selectPairing(current) !== null, 10_000)
      await elsewhere.pair(selectPairing(state)!.uri)
      await expect(connecting).rejects.toMatchObject({ code: 'USER_REJECTED' })
      expect(elsewhere.sessions()).toEqual([])
    } finally {
      await elsewhere.close()
    }
  },
  TIMEOUT,
)
