/**
 * The PSBT builder on its own (the integration tests spend on the regtest node): a send spending
 * a hundred UTXOs is one valid PSBT with each input once, its amount and fee, RBF on every input;
 * an output the API lists twice counts once.
 */
import { randomBytes } from 'node:crypto'
import { networks, Psbt } from 'bitcoinjs-lib'
import { describe, expect, test } from 'vitest'
import { createBitcoinTestWallet } from '../../testing/bip122/createBitcoinTestWallet.js'
import { buildSendPsbt, RBF_SEQUENCE } from './psbt.js'

const key = () => randomBytes(32).toString('hex')
const payer = createBitcoinTestWallet({ privateKeys: [key()] }).accounts[0]!
const receiver = createBitcoinTestWallet({ privateKeys: [key()] }).accounts[0]!
const utxo = (value: bigint, vout = 0, txid = randomBytes(32).toString('hex')) => ({
  txid,
  vout,
  value,
  confirmed: true,
  height: 200,
})
const send = (utxos: ReturnType<typeof utxo>[], amount: bigint) =>
  buildSendPsbt({
    network: networks.regtest,
    from: { address: payer.address, publicKey: payer.publicKey },
    to: receiver.address,
    amount,
    feeRate: 2,
    utxos,
  })

describe('buildSendPsbt', () => {
  test('behavior: a send spending 100 UTXOs is one PSBT with each of them once, the amount, the fee and RBF', async () => {
    const utxos = Array.from({ length: 100 }, (_, index) => utxo(20_000n, index))
    // Only all 100 together pay this and its fee.
    const plan = await send(utxos, 1_975_000n)
    const psbt = Psbt.fromBase64(plan.psbt, { network: networks.regtest })
    expect(psbt.txInputs).toHaveLength(100)
    expect(
      new Set(
        psbt.txInputs.map(
          (input) => `${Buffer.from(input.hash).reverse().toString('hex')}:${input.index}`,
        ),
      ),
    ).toEqual(new Set(utxos.map((entry) => `${entry.txid}:${entry.vout}`)))
    expect(psbt.txInputs.every((input) => input.sequence === RBF_SEQUENCE)).toBe(true)
    expect(psbt.data.inputs.every((input) => input.witnessUtxo?.value === 20_000n)).toBe(true)
    const paid = psbt.txOutputs.reduce((sum, output) => sum + output.value, 0n)
    expect(2_000_000n - paid).toBe(plan.fee)
    expect(psbt.txOutputs[0]!.value).toBe(1_975_000n)
    expect(plan.signingIndexes).toHaveLength(100)
  })

  test('behavior: an output the API lists twice counts once', async () => {
    const twice = utxo(30_000n)
    await expect(send([twice, { ...twice }], 40_000n)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    })
    const plan = await send([twice, { ...twice }, utxo(30_000n)], 40_000n)
    expect(Psbt.fromBase64(plan.psbt).txInputs).toHaveLength(2)
  })
})
