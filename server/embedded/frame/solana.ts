/**
 * Solana transactions in the frame: read what a transaction does before the visitor approves it
 * (transfers of SOL and SPL tokens, token accounts created, memos, any other program named), check
 * that this wallet pays its fee and signs it, and sign it with the key derived for this one use.
 * Decoding is `@solana/kit`'s; nothing is signed that could not be shown.
 * @module
 */
import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
} from '@solana/kit'
import { fromScaledInteger } from '../../../src/kernel/rules/decimal.js'
import type { SummaryLine } from './dialogs.js'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
])
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvW3dxmpNfhEVKdfHw5Lp7S1YXGyKdN',
])
const LAMPORTS_PER_SOL_DECIMALS = 9

/** A Solana transaction the frame was asked to sign, read. */
export interface ReadSolanaTransaction {
  /** What it does, one line per instruction, for the visitor's approval. */
  readonly summary: readonly SummaryLine[]
  /** Signs it with `sign` (ed25519 over the message) and returns the wire bytes. */
  signWith(sign: (message: Uint8Array) => Uint8Array): Uint8Array
}

/** A transaction the frame refuses to sign, and why (shown to nobody but the frame's console). */
export class UnsignableTransaction extends Error {
  override name = 'UnsignableTransaction'
}

const u64 = (data: Uint8Array, at: number): bigint | undefined =>
  data.length >= at + 8
    ? new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true)
    : undefined

/**
 * Reads a transaction's wire bytes for the wallet `signer`.
 * @param wire - the transaction as the kit serialized it (signatures not yet made).
 * @param signer - this wallet's base58 address.
 * @returns its summary and a way to sign it.
 * @throws UnsignableTransaction when it is not one, this wallet does not pay its fee or sign it,
 * or it reads accounts from lookup tables (the frame could not show what it touches).
 */
export function readSolanaTransaction(wire: Uint8Array, signer: string): ReadSolanaTransaction {
  let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    transaction = getTransactionDecoder().decode(wire)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch {
    throw new UnsignableTransaction('not a Solana transaction')
  }
  if (!('instructions' in message))
    throw new UnsignableTransaction('a transaction version the frame cannot show')
  const accounts = message.staticAccounts.map(String)
  if (accounts[0] !== signer) throw new UnsignableTransaction('this wallet does not pay its fee')
  if (!(signer in transaction.signatures))
    throw new UnsignableTransaction('this wallet is not one of its signers')
  if ('addressTableLookups' in message && (message.addressTableLookups?.length ?? 0) > 0)
    throw new UnsignableTransaction('it reads accounts from lookup tables')
  const at = (index: number | undefined) => (index === undefined ? '?' : (accounts[index] ?? '?'))
  const summary = message.instructions.map((instruction): SummaryLine => {
    const program = at(instruction.programAddressIndex)
    const keys = (instruction.accountIndices ?? []).map(at)
    const data = new Uint8Array(instruction.data ?? [])
    const kind =
      data.length >= 4 ? new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true) : -1
    if (program === SYSTEM_PROGRAM && kind === 2) {
      const lamports = u64(data, 4)
      if (lamports !== undefined)
        return {
          id: 'summary.send',
          values: { to: keys[1] ?? '?', symbol: 'SOL' },
          amounts: { amount: fromScaledInteger(lamports, LAMPORTS_PER_SOL_DECIMALS) },
        }
    }
    if (program === SYSTEM_PROGRAM && kind === 0) {
      const lamports = u64(data, 4)
      if (lamports !== undefined)
        return {
          id: 'summary.createAccount',
          values: { account: keys[1] ?? '?', symbol: 'SOL' },
          amounts: { amount: fromScaledInteger(lamports, LAMPORTS_PER_SOL_DECIMALS) },
        }
    }
    if (TOKEN_PROGRAMS.has(program) && data[0] === 12 && data.length >= 10) {
      return {
        id: 'summary.sendToken',
        values: { mint: keys[1] ?? '?', to: keys[2] ?? '?' },
        amounts: { amount: fromScaledInteger(u64(data, 1) ?? 0n, data[9] ?? 0) },
      }
    }
    if (TOKEN_PROGRAMS.has(program) && data[0] === 3) {
      return {
        id: 'summary.sendTokenBaseUnits',
        values: { to: keys[1] ?? '?' },
        amounts: { amount: String(u64(data, 1) ?? 0n) },
      }
    }
    if (program === ASSOCIATED_TOKEN_PROGRAM)
      return {
        id: 'summary.createTokenAccount',
        values: { account: keys[1] ?? '?', owner: keys[2] ?? '?', mint: keys[3] ?? '?' },
      }
    if (program === COMPUTE_BUDGET_PROGRAM) return { id: 'summary.computeBudget' }
    if (MEMO_PROGRAMS.has(program))
      return {
        id: 'summary.memo',
        values: { memo: new TextDecoder().decode(data).slice(0, 200) },
      }
    return {
      id: 'summary.callProgram',
      values: { program },
      amounts: { count: String(keys.length) },
    }
  })
  return {
    summary,
    signWith: (sign) => {
      const signature = sign(new Uint8Array(transaction.messageBytes)) as SignatureBytes
      return new Uint8Array(
        getTransactionEncoder().encode({
          ...transaction,
          signatures: { ...transaction.signatures, [signer as Address]: signature },
        }),
      )
    },
  }
}

/** A signature's base58 text (what a node answers `sendTransaction` with). */
export const signatureText = (wire: Uint8Array, signer: string): string => {
  const { signatures } = getTransactionDecoder().decode(wire)
  const signature = signatures[signer as Address]
  if (!signature) throw new UnsignableTransaction('unsigned')
  return getBase58Decoder().decode(signature)
}
