/**
 * The bip122 namespace over WalletConnect with real clients: the kit's sign-client beside a remote
 * Bitcoin test wallet on its own sign-client, through the local relay of the Gangway server. The
 * proposal carries the namespace beside eip155; the session's accounts (payment and ordinals),
 * a BIP-322 message signature, a PSBT send mined on the regtest node, a refused PSBT that changes
 * nothing, and the wallet ending the session.
 */
import { randomUUID } from 'node:crypto'
import { Verifier } from 'bip322-js'
import { afterEach, beforeEach, expect, inject, test } from 'vitest'
import { type LocalRelay, startRelay } from '../../../server/index.js'
import { selectSendQuote, send } from '../../../src/features/send/index.js'
import { walletConnectPairing } from '../../../src/features/walletConnect/feature.js'
import { selectPairing } from '../../../src/features/walletConnect/selectors.js'
import { createKit, type Kit, selectConnectionStatus } from '../../../src/index.js'
import { bip122, bitcoinRegtest } from '../../../src/plugins/bip122/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import {
  createRemoteBitcoinTestWallet,
  type RemoteBitcoinTestWallet,
} from '../../../src/testing/node.js'
import { createWalletConnect, type WalletConnect } from '../../../src/walletconnect/index.js'
import { bitcoinNode, freshKey, installedWallet } from '../../support/bitcoin.js'
import { localChain } from '../../support/eip155.js'
import { memoryKeyValueStorage } from '../../support/memoryKeyValueStorage.js'
import { installWindowShim, until } from '../../support/solana.js'

const node = bitcoinNode()
const evm = inject('eip155')
installWindowShim()
const regtest = bitcoinRegtest({ esploraUrl: node.esploraUrl, genesisHash: node.genesisHash })
const TIMEOUT = 30_000

let relay: LocalRelay
let remote: RemoteBitcoinTestWallet
let hub: WalletConnect
const kits: Kit[] = []

beforeEach(async () => {
  relay = await startRelay()
  remote = await createRemoteBitcoinTestWallet({
    relayUrl: relay.url,
    privateKeys: [freshKey(), freshKey()],
    networkIds: [regtest.id],
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
      bip122({ networks: [regtest], walletConnect: hub, confirmationPollMs: 100 }),
    ],
    features: [send(), walletConnectPairing()],
  })
  kits.push(kit as unknown as Kit)
  return kit
}

async function connectThroughPairing(kit: ReturnType<typeof kitWithHub>) {
  const connecting = kit.connect({ namespace: 'bip122', connectorId: 'walletConnect' })
  const state = await until(
    kit as unknown as Kit,
    (current) => selectPairing(current) !== null,
    10_000,
  )
  await remote.pair(selectPairing(state)!.uri)
  return connecting
}

test(
  'behavior: one proposal carries bip122 beside eip155; the payment and ordinals accounts connect, a BIP-322 signature verifies, a PSBT send is mined',
  async () => {
    const [payment, ordinals] = remote.wallet.accounts
    await node.fund(payment!.address, 80_000n)
    await node.mine(1)
    const kit = kitWithHub()
    const { caipAddress } = await connectThroughPairing(kit)
    expect(caipAddress).toBe(`${regtest.id}:${payment!.address}`)
    expect(remote.lastProposal?.optionalNamespaces.bip122).toEqual({
      chains: [regtest.id],
      methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
      events: ['bip122_addressesChanged'],
    })
    expect(Object.keys(remote.lastProposal?.optionalNamespaces ?? {}).sort()).toEqual([
      'bip122',
      'eip155',
    ])
    expect(kit.getState().namespaces.entities.bip122!.accountState.allAccounts).toEqual([
      { caipAddress: `${regtest.id}:${payment!.address}`, type: 'payment' },
      { caipAddress: `${regtest.id}:${ordinals!.address}`, type: 'ordinals' },
    ])

    const { signature } = await kit.signMessage({ namespace: 'bip122', message: 'remote' })
    expect(Verifier.verifySignature(payment!.address, 'remote', signature)).toBe(true)

    const to = installedWallet()
    to.uninstall()
    await until(
      kit as unknown as Kit,
      (state) => state.namespaces.entities.bip122!.accountState.balance !== null,
    )
    kit.features.send.setReceiver(to.payment.address)
    kit.features.send.setAmount('0.0003')
    await until(kit as unknown as Kit, (state) => selectSendQuote(state)?.status === 'ready')
    const { hash } = await kit.features.send.send()
    expect(remote.wallet.requests.at(-1)).toMatchObject({ method: 'signPsbt' })
    await node.mine(1)
    expect(await node.get(`/address/${to.payment.address}/utxo`)).toMatchObject([
      { txid: hash, value: 30_000, status: { confirmed: true } },
    ])
  },
  TIMEOUT,
)

test(
  'behavior: a PSBT the remote wallet refuses reads as a refusal and broadcasts nothing; the wallet ending the session disconnects the kit',
  async () => {
    const [payment] = remote.wallet.accounts
    await node.fund(payment!.address, 50_000n)
    await node.mine(1)
    const kit = kitWithHub()
    await connectThroughPairing(kit)
    await until(
      kit as unknown as Kit,
      (state) => state.namespaces.entities.bip122!.accountState.balance !== null,
    )
    const to = installedWallet()
    to.uninstall()
    kit.features.send.setReceiver(to.payment.address)
    kit.features.send.setAmount('0.0001')
    await until(kit as unknown as Kit, (state) => selectSendQuote(state)?.status === 'ready')
    remote.wallet.features.rejectRequests = true
    await expect(kit.features.send.send()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(await node.get(`/address/${to.payment.address}/utxo`)).toEqual([])
    expect(await node.get(`/address/${payment!.address}/utxo`)).toMatchObject([
      { value: 50_000, status: { confirmed: true } },
    ])

    await remote.disconnect()
    await until(
      kit as unknown as Kit,
      (state) => selectConnectionStatus(state) === 'disconnected',
      10_000,
    )
  },
  TIMEOUT,
)
