/**
 * The plugin's Bitcoin transactions: a PSBT built for a send (coin selection over confirmed
 * UTXOs, the fee from a fee rate, change back to the sender, the dust limit, replace-by-fee
 * signalled), and the check of what the wallet signed against what was built, before anything is
 * broadcast. bitcoinjs-lib 7; loaded with the adapter.
 * @module
 */

import * as ecc from '@bitcoinerlab/secp256k1'
import { equalBytes } from '@noble/curves/utils.js'
import { hex } from '@scure/base'
import {
  address as bitcoinAddress,
  initEccLib,
  type Network,
  Psbt,
  payments,
  Transaction,
} from 'bitcoinjs-lib'
import { KitError } from '../../kernel/index.js'
import type { Utxo } from './esplora.js'

initEccLib(ecc)

/** BIP-125: a sequence below 0xfffffffe signals that the transaction may be replaced. */
export const RBF_SEQUENCE = 0xfffffffd
/**
 * Outputs below this many satoshis are dust to Bitcoin Core's relay policy for every standard
 * script at the 3 sat/vB dust relay fee (546 is the highest, pay to public key hash's): none is
 * created, and change below it goes to the fee.
 */
export const DUST_LIMIT = 546n

/** The script kinds the plugin spends from and pays to. */
export type ScriptKind = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

/** Virtual bytes an input of each kind adds once signed (typical signature sizes). */
const INPUT_VBYTES: Readonly<Record<ScriptKind, number>> = {
  p2pkh: 148,
  'p2sh-p2wpkh': 91,
  p2wpkh: 68,
  p2wsh: 105,
  p2tr: 58,
}
/** Virtual bytes of an output paying to each kind. */
const OUTPUT_VBYTES: Readonly<Record<ScriptKind, number>> = {
  p2pkh: 34,
  'p2sh-p2wpkh': 32,
  p2wpkh: 31,
  p2wsh: 43,
  p2tr: 43,
}
/** Version, locktime, counts, and segwit's marker and flag. */
const OVERHEAD_VBYTES = 11

/** The kind of an output script, or `undefined` for a non-standard one. */
export function scriptKindOf(script: Uint8Array): ScriptKind | undefined {
  const [op0, op1] = script
  if (script.length === 25 && op0 === 0x76 && op1 === 0xa9) return 'p2pkh'
  if (script.length === 23 && op0 === 0xa9 && op1 === 0x14) return 'p2sh-p2wpkh'
  if (script.length === 22 && op0 === 0x00 && op1 === 0x14) return 'p2wpkh'
  if (script.length === 34 && op0 === 0x00 && op1 === 0x20) return 'p2wsh'
  if (script.length === 34 && op0 === 0x51 && op1 === 0x20) return 'p2tr'
  return undefined
}

/**
 * The output script of an address on a network; `undefined` when it does not decode there (a
 * checksum, a prefix of another network, a program of the wrong length).
 */
export function outputScriptOf(address: string, network: Network): Uint8Array | undefined {
  try {
    return bitcoinAddress.toOutputScript(address, network)
  } catch {
    return undefined
  }
}

/** The account a send spends from, as the wallet described it. */
export interface SpendingAccount {
  readonly address: string
  /** The account's public key, hex (33 bytes, or 32 x-only for taproot). */
  readonly publicKey: string | undefined
}

/** What {@link buildSendPsbt} needs. */
export interface BuildSendParameters {
  readonly network: Network
  readonly from: SpendingAccount
  readonly to: string
  /** Satoshis to the receiver. */
  readonly amount: bigint
  /** Satoshis per virtual byte. */
  readonly feeRate: number
  /** The sender's UTXOs; only confirmed ones are spent. */
  readonly utxos: readonly Utxo[]
  /** The previous transactions' hex by txid, for pay to public key hash inputs (BIP-174). */
  readonly previousTransaction?: (txid: string) => Promise<string>
}

/** A send's PSBT with what the visitor is shown before signing. */
export interface SendPlan {
  /** The unsigned PSBT, base64. */
  readonly psbt: string
  /** Satoshis to the receiver. */
  readonly amount: bigint
  /** The miner fee in satoshis. */
  readonly fee: bigint
  /** Change back to the sender, 0 when there is none. */
  readonly change: bigint
  /** Amount plus fee: what leaves the sender's balance. */
  readonly total: bigint
  /** The fee rate used, sat/vB. */
  readonly feeRate: number
  /** The inputs spent, `txid:vout`. */
  readonly inputs: readonly string[]
  /** Indexes of the inputs the sender signs (all of them). */
  readonly signingIndexes: readonly number[]
}

/** Inputs of the sender's kind need these PSBT fields to be signed (BIP-174). */
function spendFields(kind: ScriptKind, account: SpendingAccount, script: Uint8Array) {
  const key = account.publicKey ? hex.decode(account.publicKey) : undefined
  if (kind === 'p2tr') {
    if (!key) return {}
    // The wallet's key (33 bytes) or its x-only form: the internal key is the x coordinate.
    const internal = key.length === 33 ? key.subarray(1) : key
    const derived = payments.p2tr({ internalPubkey: internal }).output
    if (!derived || !equalBytes(derived, script))
      throw new KitError('UNKNOWN_ERROR', {
        details: 'The wallet’s public key does not match its taproot address.',
      })
    return { tapInternalKey: internal }
  }
  if (kind === 'p2sh-p2wpkh') {
    if (key?.length !== 33)
      throw new KitError('UNKNOWN_ERROR', {
        details: 'A nested segwit account needs its public key to be spent.',
      })
    return { redeemScript: payments.p2wpkh({ pubkey: key }).output! }
  }
  return {}
}

/**
 * Builds the PSBT of a send: confirmed UTXOs largest first until they pay the amount and the fee
 * of the transaction they make (with a change output, or without one when the change would be
 * dust, which then goes to the fee); every input signals replace-by-fee.
 * @throws INVALID_AMOUNT (below the dust limit), INSUFFICIENT_BALANCE (the confirmed UTXOs do not
 * cover the amount), INSUFFICIENT_GAS (they cover the amount but not the fee),
 * VALIDATION_FAILED (a receiver or sender that is not an address of the network; the kit's
 * send checks the receiver before)
 */
export async function buildSendPsbt(parameters: BuildSendParameters): Promise<SendPlan> {
  const { network, from, amount } = parameters
  const receiverScript = outputScriptOf(parameters.to, network)
  const senderScript = outputScriptOf(from.address, network)
  const receiverKind = receiverScript && scriptKindOf(receiverScript)
  const senderKind = senderScript && scriptKindOf(senderScript)
  if (!receiverScript || !receiverKind || !senderScript || !senderKind || senderKind === 'p2wsh')
    throw new KitError('VALIDATION_FAILED', {
      details: 'The receiver or the sender is not a spendable address of this network.',
    })
  if (amount < DUST_LIMIT)
    throw new KitError('INVALID_AMOUNT', {
      details: `${amount} sats is below the dust limit (${DUST_LIMIT}).`,
    })
  // Whole sat/vB at least 1: Bitcoin Core's default minimum relay fee.
  const feeRate = Math.max(1, Math.ceil(parameters.feeRate))
  const feeFor = (inputs: number, withChange: boolean) =>
    BigInt(
      Math.ceil(
        (OVERHEAD_VBYTES +
          inputs * INPUT_VBYTES[senderKind] +
          OUTPUT_VBYTES[receiverKind] +
          (withChange ? OUTPUT_VBYTES[senderKind] : 0)) *
          feeRate,
      ),
    )
  // An API that lists an output twice must not make it count twice (nor spend it twice).
  const seen = new Set<string>()
  const spendable = parameters.utxos
    .filter((utxo) => {
      const outpoint = `${utxo.txid}:${utxo.vout}`
      if (seen.has(outpoint)) return false
      seen.add(outpoint)
      return utxo.confirmed && utxo.value > 0n
    })
    .sort((left, right) => (left.value === right.value ? 0 : left.value > right.value ? -1 : 1))
  const available = spendable.reduce((sum, utxo) => sum + utxo.value, 0n)
  if (available < amount)
    throw new KitError('INSUFFICIENT_BALANCE', {
      details: `${available} confirmed sats cannot pay ${amount}.`,
    })

  let chosen: Utxo[] | undefined
  let fee = 0n
  let change = 0n
  let sum = 0n
  for (let count = 1; count <= spendable.length; count += 1) {
    sum += spendable[count - 1]!.value
    const withChange = feeFor(count, true)
    if (sum >= amount + withChange && sum - amount - withChange >= DUST_LIMIT) {
      chosen = spendable.slice(0, count)
      fee = withChange
      change = sum - amount - withChange
      break
    }
    const without = feeFor(count, false)
    if (sum >= amount + without) {
      chosen = spendable.slice(0, count)
      // The leftover is below the dust limit (or just covers the fee): it is part of the fee.
      fee = sum - amount
      change = 0n
      break
    }
  }
  if (!chosen)
    throw new KitError('INSUFFICIENT_GAS', {
      details: `${available} confirmed sats cannot pay ${amount} and its fee.`,
    })

  const psbt = new Psbt({ network })
  for (const utxo of chosen) {
    const base = { hash: utxo.txid, index: utxo.vout, sequence: RBF_SEQUENCE }
    if (senderKind === 'p2pkh') {
      const previousHex = await parameters.previousTransaction?.(utxo.txid)
      if (!previousHex) throw new KitError('UNKNOWN_ERROR', { details: 'No previous transaction.' })
      const previous = Transaction.fromHex(previousHex)
      if (previous.getId() !== utxo.txid || !previous.outs[utxo.vout])
        throw new KitError('UNKNOWN_ERROR', { details: 'The previous transaction does not match.' })
      psbt.addInput({ ...base, nonWitnessUtxo: hex.decode(previousHex) })
    } else {
      // Psbt.addInput re-checks every earlier input (taproot fields, signatures) on each call,
      // which made 100 inputs take half a second; these inputs are new, unsigned, distinct (above)
      // and built here, so they go straight into the PSBT's BIP-174 data.
      psbt.data.addInput({
        ...base,
        hash: hex.decode(utxo.txid).reverse(),
        witnessUtxo: { script: senderScript, value: utxo.value },
        ...spendFields(senderKind, from, senderScript),
      })
    }
  }
  psbt.addOutput({ script: receiverScript, value: amount })
  if (change > 0n) psbt.addOutput({ script: senderScript, value: change })
  return {
    psbt: psbt.toBase64(),
    amount,
    fee,
    change,
    total: amount + fee,
    feeRate,
    inputs: chosen.map((utxo) => `${utxo.txid}:${utxo.vout}`),
    signingIndexes: chosen.map((_, index) => index),
  }
}

/** The value each input spends, from its witness or previous transaction. */
function inputValues(psbt: Psbt): bigint[] {
  return psbt.data.inputs.map((input, index) => {
    if (input.witnessUtxo) return input.witnessUtxo.value
    const previous = input.nonWitnessUtxo && Transaction.fromBuffer(input.nonWitnessUtxo)
    const spent = previous?.outs[psbt.txInputs[index]!.index]
    if (!spent) throw new KitError('UNKNOWN_ERROR', { details: 'An input has no value.' })
    return spent.value
  })
}

/**
 * Checks what the wallet signed against the plan, finalizes it and extracts the transaction: the
 * same inputs in the same order with the same sequences, the same outputs (scripts and values),
 * hence the same fee. A wallet that pays anyone else, more, or a higher fee is refused before
 * anything reaches the network.
 * @returns the raw transaction hex and its txid.
 * @throws UNKNOWN_ERROR when the signed PSBT is not the plan's, or is not fully signed
 */
export function finalizeSigned(
  plan: SendPlan,
  signedBase64: string,
  network: Network,
): { hex: string; txid: string } {
  const refuse = (details: string) =>
    new KitError('UNKNOWN_ERROR', { details: `The wallet signed another transaction: ${details}` })
  let signed: Psbt
  try {
    signed = Psbt.fromBase64(signedBase64, { network })
  } catch {
    throw refuse('not a PSBT.')
  }
  const built = Psbt.fromBase64(plan.psbt, { network })
  const sameInputs =
    signed.txInputs.length === built.txInputs.length &&
    signed.txInputs.every((input, index) => {
      const ours = built.txInputs[index]!
      return (
        equalBytes(input.hash, ours.hash) &&
        input.index === ours.index &&
        input.sequence === ours.sequence
      )
    })
  if (!sameInputs) throw refuse('its inputs differ.')
  const sameOutputs =
    signed.txOutputs.length === built.txOutputs.length &&
    signed.txOutputs.every((output, index) => {
      const ours = built.txOutputs[index]!
      return output.value === ours.value && equalBytes(output.script, ours.script)
    })
  if (!sameOutputs) throw refuse('its outputs differ.')
  if (signed.version !== built.version || signed.locktime !== built.locktime)
    throw refuse('its version or lock time differs.')
  // The value spent comes from our own PSBT: a wallet cannot change the fee by claiming its
  // inputs are worth more.
  const spent = inputValues(built).reduce((sum, value) => sum + value, 0n)
  const paid = built.txOutputs.reduce((sum, output) => sum + output.value, 0n)
  if (spent - paid !== plan.fee) throw refuse('its fee differs.')
  try {
    signed.data.inputs.forEach((input, index) => {
      if (!input.finalScriptWitness && !input.finalScriptSig) signed.finalizeInput(index)
    })
    const transaction = signed.extractTransaction(true)
    return { hex: transaction.toHex(), txid: transaction.getId() }
  } catch (error) {
    throw new KitError('UNKNOWN_ERROR', {
      details: 'The wallet did not sign every input.',
      cause: error,
    })
  }
}
