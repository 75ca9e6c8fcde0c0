/**
 * The bip122 plugin against the local Bitcoin-regtest node (litecoind behind its Esplora-shaped
 * API) with the Bitcoin test wallet: connect, balances, sends moving exact amounts (fee included)
 * and mined, change, refusals in the spec's words, and what a rejected or tampered PSBT changes
 * (nothing).
 */
import { Transaction } from 'bitcoinjs-lib'
import { afterEach, describe, expect, test } from 'vitest'
import { selectSendQuote, send } from '../../../src/features/send/index.js'
import { createKit } from '../../../src/kernel/index.js'
import { bip122, bitcoinRegtest } from '../../../src/plugins/bip122/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
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
  return kit
}

interface Utxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean }
}
const utxos = async (address: string) => (await node.get(`/address/${address}/utxo`)) as Utxo[]
const balanceOf = async (address: string) =>
  (await utxos(address)).reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)
const receiver = () => {
  const wallet = installedWallet()
  wallet.uninstall()
  return wallet.payment.address
}

/** A wallet with `amounts` (sats) in separate UTXOs on its payment address, mined unless said. */
async function fundedWallet(
  amounts: readonly bigint[],
  options: Parameters<typeof installedWallet>[0] & { mined?: boolean } = {},
) {
  const installed = installedWallet(options)
  cleanups.push(installed.uninstall)
  for (const amount of amounts) await node.fund(installed.payment.address, amount)
  if (options.mined !== false) await node.mine(1)
  return installed
}

/** A connected kit on `wallet`'s Wallet Standard shape, its balance read. */
async function connectedKit(connectorId = NAME) {
  const kit = kitWith()
  await kit.connect({ namespace: 'bip122', connectorId })
  await until(kit, (state) => state.namespaces.entities.bip122!.accountState.balance !== null)
  return kit
}

/** Fills the send form and waits for the plugin's price of it. */
async function quoted(kit: ReturnType<typeof kitWith>, to: string, amount: string) {
  kit.features.send.setReceiver(to)
  kit.features.send.setAmount(amount)
  const state = await until(kit, (current) => {
    const quote = selectSendQuote(current)
    return quote !== null && quote.status !== 'pending'
  })
  return selectSendQuote(state)!
}

describe('connect and balances', () => {
  test('default: a Wallet Standard wallet connects with its payment and ordinals accounts; the balance comes from the node', async () => {
    const { payment, ordinals } = await fundedWallet([250_000n])
    const kit = await connectedKit()
    const account = kit.getState().namespaces.entities.bip122!.accountState
    expect(account.caipAddress).toBe(`${regtest.id}:${payment.address}`)
    expect(account.allAccounts).toEqual([
      { caipAddress: `${regtest.id}:${payment.address}`, type: 'payment' },
      { caipAddress: `${regtest.id}:${ordinals.address}`, type: 'ordinals' },
    ])
    expect(account).toMatchObject({ balance: '0.0025', balanceSymbol: 'BTC' })
    // BTC is the account's one token, so the send form offers it.
    expect(account.tokenBalance).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: regtest.id,
        address: '0x',
        price: 0,
        quantity: { decimals: '8', numeric: '0.0025' },
      },
    ])
  })

  test('behavior: a sats-connect provider listed in btc_providers connects on its own', async () => {
    const sats = installedWallet({ shapes: ['sats'], name: 'Sats Wallet' })
    cleanups.push(sats.uninstall)
    const kit = kitWith()
    expect(kit.getState().connectors.ids).toContain('bip122/GangwayTestBitcoinProvider')
    const connected = await kit.connect({
      namespace: 'bip122',
      connectorId: 'GangwayTestBitcoinProvider',
    })
    expect(connected.caipAddress).toBe(`${regtest.id}:${sats.payment.address}`)
  })

  test('behavior: a Unisat-style provider connects on its own, with one account', async () => {
    const unisat = installedWallet({ shapes: ['unisat'] })
    cleanups.push(unisat.uninstall)
    const kit = kitWith()
    const connected = await kit.connect({ namespace: 'bip122', connectorId: 'unisat' })
    expect(connected.caipAddress).toBe(`${regtest.id}:${unisat.payment.address}`)
    expect(kit.getState().namespaces.entities.bip122!.accountState.allAccounts).toHaveLength(1)
  })

  test('behavior: a reload reconnects silently, without a prompt', async () => {
    const { wallet, payment } = await fundedWallet([10_000n])
    const env = createVirtualEnv()
    const first = createKit({ plugins: [bip122({ networks: [regtest] })], env })
    await first.connect({ namespace: 'bip122', connectorId: NAME })
    first.destroy()
    const prompts = () =>
      wallet.requests.filter((request) => request.method === 'connect' && !request.silent).length
    const before = prompts()
    const second = createKit({
      plugins: [bip122({ networks: [regtest] })],
      env: createVirtualEnv({ storage: env.storage.dump() }),
    })
    cleanups.push(() => second.destroy())
    const state = await until(
      second,
      (current) => current.namespaces.entities.bip122!.accountState.status === 'connected',
    )
    expect(state.namespaces.entities.bip122!.accountState.address).toBe(payment.address)
    expect(prompts()).toBe(before)
    expect(wallet.requests.at(-1)).toEqual({ method: 'connect', silent: true })
  })
})

describe('send', () => {
  test('behavior: the fee and total are shown before signing; the send moves exactly the amount, pays exactly that fee, and is mined', async () => {
    const sender = await fundedWallet([100_000n])
    const to = receiver()
    const kit = await connectedKit()
    const quote = await quoted(kit, to, '0.0004')
    // Regtest's estimate for 6 blocks (standard) is 2 sat/vB: one p2wpkh input, a receiver and
    // a change output make 141 vB.
    expect(quote).toMatchObject({
      status: 'ready',
      fee: '0.00000282',
      total: '0.00040282',
      symbol: 'BTC',
      feeSpeed: 'standard',
      feeRate: '2 sat/vB',
    })
    expect(sender.wallet.requests.map((request) => request.method)).not.toContain('signPsbt')
    const { hash } = await kit.features.send.send()
    await node.mine(1)
    await until(kit, (state) =>
      Boolean(
        (state as unknown as { send?: { last?: { status: string } } }).send?.last?.status ===
          'success',
      ),
    )
    expect(await utxos(to)).toMatchObject([
      { txid: hash, value: 40_000, status: { confirmed: true } },
    ])
    expect(await balanceOf(sender.payment.address)).toBe(100_000n - 40_282n)
    // Replace-by-fee is signalled on every input (BIP-125).
    const raw = Transaction.fromHex(await (await fetch(`${node.esploraUrl}/tx/${hash}/hex`)).text())
    expect(raw.ins.every((input) => input.sequence === 0xfffffffd)).toBe(true)
  })

  test('behavior: the visitor’s speed sets the fee; a faster speed pays more', async () => {
    await fundedWallet([100_000n])
    const kit = await connectedKit()
    const to = receiver()
    const standard = await quoted(kit, to, '0.0004')
    kit.features.send.setFeeSpeed('instant')
    const instant = selectSendQuote(
      await until(kit, (state) => selectSendQuote(state)?.status === 'ready'),
    )!
    expect(standard).toMatchObject({ fee: '0.00000282' })
    // 5 sat/vB for the next block on this node.
    expect(instant).toMatchObject({ fee: '0.00000705', feeSpeed: 'instant', feeRate: '5 sat/vB' })
  })

  test('behavior: spending everything but dust leaves no change output; the leftover pays the fee', async () => {
    const sender = await fundedWallet([50_000n])
    const kit = await connectedKit()
    const to = receiver()
    // 50,000 − 49,500 = 500 sats: below the 546 dust limit once a change output's fee is taken.
    const quote = await quoted(kit, to, '0.000495')
    expect(quote).toMatchObject({ status: 'ready', fee: '0.000005', total: '0.0005' })
    const { hash } = await kit.features.send.send()
    await node.mine(1)
    const raw = Transaction.fromHex(await (await fetch(`${node.esploraUrl}/tx/${hash}/hex`)).text())
    expect(raw.outs.map((output) => output.value)).toEqual([49_500n])
    expect(await balanceOf(sender.payment.address)).toBe(0n)
  })

  test('behavior: a send needing several UTXOs spends them and returns change', async () => {
    const sender = await fundedWallet([30_000n, 30_000n, 30_000n])
    const kit = await connectedKit()
    const to = receiver()
    const quote = await quoted(kit, to, '0.0005')
    expect(quote.status).toBe('ready')
    const { hash } = await kit.features.send.send()
    await node.mine(1)
    const raw = Transaction.fromHex(await (await fetch(`${node.esploraUrl}/tx/${hash}/hex`)).text())
    expect(raw.ins).toHaveLength(2)
    const fee = quote.status === 'ready' ? BigInt(Math.round(Number(quote.fee) * 1e8)) : 0n
    expect(await balanceOf(sender.payment.address)).toBe(90_000n - 50_000n - fee)
    expect(await balanceOf(to)).toBe(50_000n)
  })

  test('behavior: an amount the balance covers but not with its fee is refused in the spec’s words, before the wallet is asked', async () => {
    const sender = await fundedWallet([40_000n])
    const kit = await connectedKit()
    const quote = await quoted(kit, receiver(), '0.0004')
    expect(quote).toMatchObject({ status: 'failed', code: 'INSUFFICIENT_GAS' })
    await expect(kit.features.send.send()).rejects.toMatchObject({
      code: 'INSUFFICIENT_GAS',
      userMessage: 'Insufficient balance',
    })
    expect(sender.wallet.requests.map((request) => request.method)).not.toContain('signPsbt')
    expect(await balanceOf(sender.payment.address)).toBe(40_000n)
  })

  test('behavior: unconfirmed coins are not spent', async () => {
    const sender = await fundedWallet([80_000n], { mined: false })
    const kit = kitWith()
    await kit.connect({ namespace: 'bip122', connectorId: NAME })
    const quote = await quoted(kit, receiver(), '0.0001')
    expect(quote).toMatchObject({ status: 'failed', code: 'INSUFFICIENT_BALANCE' })
    await node.mine(1)
    expect(await balanceOf(sender.payment.address)).toBe(80_000n)
  })

  test('behavior: a rejected PSBT changes nothing: no broadcast, the form kept, the balance as it was', async () => {
    const sender = await fundedWallet([100_000n])
    const kit = await connectedKit()
    const to = receiver()
    await quoted(kit, to, '0.0002')
    sender.wallet.features.rejectRequests = true
    await expect(kit.features.send.send()).rejects.toMatchObject({ code: 'USER_REJECTED' })
    await node.mine(1)
    expect(await balanceOf(sender.payment.address)).toBe(100_000n)
    expect(await utxos(to)).toEqual([])
    expect(kit.getState()).toMatchObject({
      send: { sendTokenAmount: '0.0002', receiverAddress: to },
    })
  })

  test('behavior: a wallet that signs another transaction than the plugin built is refused and nothing is broadcast', async () => {
    const sender = await fundedWallet([100_000n])
    const kit = await connectedKit()
    const to = receiver()
    await quoted(kit, to, '0.0002')
    sender.wallet.features.tamperPsbt = true
    await expect(kit.features.send.send()).rejects.toMatchObject({ code: 'SEND_FAILED' })
    await node.mine(1)
    expect(await balanceOf(sender.payment.address)).toBe(100_000n)
    expect(await utxos(to)).toEqual([])
  })

  test.each([['p2sh-p2wpkh' as const], ['p2tr' as const], ['p2pkh' as const]])(
    'parameters: a %s payment account sends',
    async (paymentType) => {
      const sender = await fundedWallet([60_000n], { paymentType })
      const kit = await connectedKit()
      const to = receiver()
      const quote = await quoted(kit, to, '0.0001')
      expect(quote.status).toBe('ready')
      const { hash } = await kit.features.send.send()
      await node.mine(1)
      // The block's outputs reach the address index a moment after the block is mined.
      await expect
        .poll(() => utxos(to), { timeout: 15_000 })
        .toMatchObject([{ txid: hash, value: 10_000 }])
      const fee = quote.status === 'ready' ? BigInt(Math.round(Number(quote.fee) * 1e8)) : 0n
      expect(await balanceOf(sender.payment.address)).toBe(50_000n - fee)
    },
  )
})

describe('addresses and messages', () => {
  test('behavior: a receiver that is a mainnet or testnet address is refused on regtest in the spec’s words', async () => {
    await fundedWallet([10_000n])
    const kit = await connectedKit()
    for (const to of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      // A regtest address with a broken checksum: its shape passes, its decoding does not.
      'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt08z',
    ])
      await expect(kit.features.send.send({ to, amount: '0.00001' })).rejects.toMatchObject({
        code: 'INVALID_SEND_INPUT',
        userMessage: 'Please enter a valid amount and receiver address',
      })
  })

  test('behavior: signMessage returns a BIP-322 signature the kit checked; a wallet signing another message is refused', async () => {
    const { wallet, payment } = await fundedWallet([10_000n])
    const kit = await connectedKit()
    const { signature } = await kit.signMessage({ namespace: 'bip122', message: 'Hello Gangway' })
    const { Verifier } = await import('bip322-js')
    expect(Verifier.verifySignature(payment.address, 'Hello Gangway', signature)).toBe(true)
    wallet.features.signWrongMessage = true
    await expect(
      kit.signMessage({ namespace: 'bip122', message: 'Hello Gangway' }),
    ).rejects.toMatchObject({ code: 'UNKNOWN_ERROR' })
  })
})
