import { randomUUID } from 'node:crypto'
import { Keypair } from '@solana/web3.js'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, expect, inject, test } from 'vitest'
import { type LocalRelay, startRelay } from '../../../server/index.js'
import { selectPairing } from '../../../src/features/walletConnect/selectors.js'
import { createKit, type Kit, selectConnectionStatus } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import {
  createRemoteSolanaTestWallet,
  type RemoteSolanaTestWallet,
} from '../../../src/testing/node.js'
import { createWalletConnect, type WalletConnect } from '../../../src/walletconnect/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { memoryKeyValueStorage } from '../../support/memoryKeyValueStorage.js'
import {
  connectionTo,
  funderOf,
  fundOwner,
  installWindowShim,
  until,
} from '../../support/solana.js'

const node = inject('solana')
const evm = inject('eip155')
installWindowShim()
const connection = connectionTo(node.url)
const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
const TIMEOUT = 30_000

let relay: LocalRelay
let remote: RemoteSolanaTestWallet
let hub: WalletConnect
let owner: Keypair
const kits: Kit[] = []

beforeEach(async () => {
  owner = await fundOwner(connection, funderOf(node.funder), 1)
  relay = await startRelay()
  remote = await createRemoteSolanaTestWallet({
    relayUrl: relay.url,
    keypairs: [owner, Keypair.generate()],
    networks: { [localnet.id]: node.url },
  })
  hub = createWalletConnect({
    relayUrl: relay.url,
    storagePrefix: `dapp-${randomUUID()}`,
    storage: memoryKeyValueStorage(),
  })
})
afterEach(async () => {
  for (const kit of kits.splice(0)) kit.destroy()
  hub.destroy()
  await remote.close()
  await relay.close()
})

function kitWithHub() {
  const kit = createKit({
    plugins: [
      eip155({
        chains: [localChain(evm.main.chainId, evm.main.url)],
        rpcUrls: { [evm.main.chainId]: [evm.main.url] },
        walletConnect: hub,
      }),
      solana({ networks: [localnet], walletConnect: hub }),
    ],
    env: createVirtualEnv(),
  })
  kits.push(kit)
  return kit
}

async function connectThroughPairing(kit: Kit) {
  const connecting = kit.connect({ namespace: 'solana', connectorId: 'walletConnect' })
  const state = await until(kit, (current) => selectPairing(current) !== null, 10_000)
  await remote.pair(selectPairing(state)!.uri)
  return connecting
}

test(
  'behavior: one proposal carries solana beside eip155; the solana account becomes the connection, signs and sends',
  async () => {
    const kit = kitWithHub()
    const { caipAddress } = await connectThroughPairing(kit)
    expect(caipAddress).toBe(`${localnet.id}:${owner.publicKey.toBase58()}`)
    expect(remote.lastProposal?.optionalNamespaces.solana).toEqual({
      chains: [localnet.id],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: [],
    })
    expect(Object.keys(remote.lastProposal?.optionalNamespaces ?? {}).sort()).toEqual([
      'eip155',
      'solana',
    ])
    const { signature } = await kit.signMessage({ message: 'remote' })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    expect(remote.wallet.requests.at(-1)).toMatchObject({ method: 'signMessage' })

    const receiver = Keypair.generate().publicKey
    await kit.features.send.send({ to: receiver.toBase58(), amount: '0.25' })
    expect(await connection.getBalance(receiver)).toBe(250_000_000)
  },
  TIMEOUT,
)

test(
  'behavior: the wallet switching account and ending the session reach the kit',
  async () => {
    const kit = kitWithHub()
    await connectThroughPairing(kit)
    await remote.switchAccount(1)
    await until(
      kit,
      (state) =>
        state.namespaces.entities.solana!.accountState.address === remote.wallet.addresses[1],
      10_000,
    )
    await remote.disconnect()
    await until(kit, (state) => selectConnectionStatus(state) === 'disconnected', 10_000)
  },
  TIMEOUT,
)

test(
  'behavior: one QR pairing with a multichain wallet connects Solana and EVM; the EVM connect asks nothing more',
  async () => {
    const evmAccount = privateKeyToAccount(ANVIL_KEYS[5]).address
    const multichain = await createRemoteSolanaTestWallet({
      relayUrl: relay.url,
      keypairs: [owner],
      networks: { [localnet.id]: node.url },
      evmAccount,
    })
    try {
      const kit = kitWithHub()
      const connecting = kit.connect({ namespace: 'solana', connectorId: 'walletConnect' })
      const state = await until(kit, (current) => selectPairing(current) !== null, 10_000)
      await multichain.pair(selectPairing(state)!.uri)
      await connecting
      const proposals = multichain.lastProposal
      const { caipAddress } = await kit.connect({
        namespace: 'eip155',
        connectorId: 'walletConnect',
      })
      expect(caipAddress).toBe(`eip155:${evm.main.chainId}:${evmAccount}`)
      // The same proposal served both: no second pairing was shown or proposed.
      expect(multichain.lastProposal).toBe(proposals)
      expect(selectPairing(kit.getState())).toBeNull()
      const namespaces = kit.getState().namespaces.entities
      expect(namespaces.solana?.accountState.address).toBe(owner.publicKey.toBase58())
      expect(namespaces.eip155?.accountState.address).toBe(evmAccount)
      // One session: the wallet ending it disconnects both families.
      await multichain.disconnect()
      await until(kit, (current) => selectConnectionStatus(current) === 'disconnected', 10_000)
      expect(kit.getState().namespaces.entities.eip155?.accountState.status).toBe('disconnected')
    } finally {
      await multichain.close()
    }
  },
  TIMEOUT,
)
