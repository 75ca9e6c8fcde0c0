/**
 * The frame's reading of Solana transactions before the visitor approves them: what a transfer
 * does in words, refusals for what is not this wallet's to sign or cannot be shown, and a
 * signature web3.js verifies over exactly the bytes that were read.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import {
  Keypair,
  MessageV0,
  SystemProgram,
  Transaction,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { frameLanguage } from '../../server/embedded/frame/copy.js'
import { type SummaryLine, summaryText } from '../../server/embedded/frame/dialogs.js'
import {
  readSolanaTransaction,
  signatureText,
  UnsignableTransaction,
} from '../../server/embedded/frame/solana.js'

/** A summary as the approval shows it in the languages `tags` pick. */
const shown = (summary: readonly SummaryLine[], tags = ['en']) =>
  summary.map((line) => summaryText(frameLanguage(tags), line))

const blockhash = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG'
const wallet = Keypair.generate()
const signer = wallet.publicKey.toBase58()
const sign = (message: Uint8Array) => ed25519.sign(message, wallet.secretKey.slice(0, 32))

const unsigned = (transaction: Transaction) =>
  new Uint8Array(transaction.serialize({ requireAllSignatures: false, verifySignatures: false }))

describe('Solana transactions in the frame', () => {
  test('behavior: a SOL transfer reads as what it sends and to whom; the signature covers those bytes', () => {
    const receiver = Keypair.generate().publicKey
    const transaction = new Transaction({
      feePayer: wallet.publicKey,
      recentBlockhash: blockhash,
    }).add(
      SystemProgram.transfer({
        fromPubkey: wallet.publicKey,
        toPubkey: receiver,
        lamports: 10_000_000,
      }),
    )
    const read = readSolanaTransaction(unsigned(transaction), signer)
    expect(shown(read.summary)).toEqual([`Send 0.01 SOL to ${receiver.toBase58()}`])
    // A German kit's approval: the German words and decimal comma.
    expect(shown(read.summary, ['de-AT'])).toEqual([`0,01 SOL an ${receiver.toBase58()} senden`])
    const signed = read.signWith(sign)
    const parsed = Transaction.from(signed)
    expect(parsed.verifySignatures()).toBe(true)
    expect(parsed.instructions[0]?.keys[1]?.pubkey.toBase58()).toBe(receiver.toBase58())
    expect(signatureText(signed, signer)).toBe(base58.encode(parsed.signature ?? new Uint8Array()))
  })

  test('behavior: an SPL transfer reads with its amount in the token’s units and its mint', () => {
    const mint = Keypair.generate().publicKey
    const from = getAssociatedTokenAddressSync(mint, wallet.publicKey)
    const to = getAssociatedTokenAddressSync(mint, Keypair.generate().publicKey)
    const transaction = new Transaction({
      feePayer: wallet.publicKey,
      recentBlockhash: blockhash,
    }).add(createTransferCheckedInstruction(from, mint, to, wallet.publicKey, 2_500_000n, 6))
    const { summary } = readSolanaTransaction(unsigned(transaction), signer)
    expect(shown(summary)).toEqual([
      `Send 2.5 of the token ${mint.toBase58()} to the token account ${to.toBase58()}`,
    ])
    expect(shown(summary, ['it'])).toEqual([
      `Invia 2,5 del token ${mint.toBase58()} al conto del token ${to.toBase58()}`,
    ])
  })

  test('behavior: refused: another fee payer, a transaction this wallet does not sign, lookup tables, junk', () => {
    const other = Keypair.generate()
    const paidByOther = new Transaction({
      feePayer: other.publicKey,
      recentBlockhash: blockhash,
    }).add(
      SystemProgram.transfer({
        fromPubkey: wallet.publicKey,
        toPubkey: other.publicKey,
        lamports: 1,
      }),
    )
    expect(() => readSolanaTransaction(unsigned(paidByOther), signer)).toThrow(
      UnsignableTransaction,
    )
    const notOurs = new Transaction({ feePayer: other.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({
        fromPubkey: other.publicKey,
        toPubkey: wallet.publicKey,
        lamports: 1,
      }),
    )
    expect(() => readSolanaTransaction(unsigned(notOurs), signer)).toThrow(UnsignableTransaction)
    const withTables = new VersionedTransaction(
      new MessageV0({
        header: {
          numRequiredSignatures: 1,
          numReadonlySignedAccounts: 0,
          numReadonlyUnsignedAccounts: 1,
        },
        staticAccountKeys: [wallet.publicKey, SystemProgram.programId],
        recentBlockhash: blockhash,
        compiledInstructions: [
          { programIdIndex: 1, accountKeyIndexes: [0, 2], data: new Uint8Array(12) },
        ],
        addressTableLookups: [
          { accountKey: Keypair.generate().publicKey, writableIndexes: [0], readonlyIndexes: [] },
        ],
      }),
    )
    expect(() => readSolanaTransaction(withTables.serialize(), signer)).toThrow('lookup tables')
    expect(() => readSolanaTransaction(new Uint8Array([1, 2, 3]), signer)).toThrow(
      UnsignableTransaction,
    )
  })
})
