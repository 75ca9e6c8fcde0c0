import { Keypair } from '@solana/web3.js'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { collectSolanaTransaction, readSignatures } from '../../server/indexer/collectSolana.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

/** Real keys (from generated seeds), so addresses are what a node would name. */
const key = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((seed) => Keypair.fromSeed(seed).publicKey.toBase58())
const SIGNATURE = '5'.repeat(88)
const SLOT = 1_000
const NATIVE = { symbol: 'SOL', decimals: 9 }

/** A well-formed `jsonParsed` answer: `owner` holds `before[i]` then `after[i]` in account i. */
function answer(parameters: {
  readonly feePayer: string
  readonly owner: string
  readonly mint: string
  readonly before: readonly bigint[]
  readonly after: readonly bigint[]
}) {
  const balances = (amounts: readonly bigint[]) =>
    amounts.map((amount, index) => ({
      accountIndex: index + 1,
      mint: parameters.mint,
      owner: parameters.owner,
      uiTokenAmount: { amount: amount.toString(), decimals: 6 },
    }))
  return {
    slot: BigInt(SLOT),
    blockTime: 1_800_000_000n,
    transaction: {
      signatures: [SIGNATURE],
      message: {
        accountKeys: [{ pubkey: parameters.feePayer, signer: true, writable: true }],
        instructions: [],
      },
    },
    meta: {
      err: null,
      fee: 5000n,
      innerInstructions: [],
      preTokenBalances: balances(parameters.before),
      postTokenBalances: balances(parameters.after),
    },
  }
}

const collect = (address: string, value: unknown) =>
  collectSolanaTransaction({
    chainId: 'solana:local',
    address,
    listed: { signature: SIGNATURE, slot: SLOT, blockTime: null },
    answer: value,
    native: NATIVE,
    symbolOf: () => 'TKN',
  })

test('property: whatever a node answers, reading it never throws and yields rows or a skip', () => {
  fc.assert(
    fc.property(
      key,
      fc.anything({ withBigInt: true, withNullPrototype: true }),
      (address, value) => {
        const result = collect(address, value)
        expect(['malformed', 'unrelated', 'rows']).toContain(
          'kind' in result ? result.kind : 'rows',
        )
      },
    ),
    runs,
  )
  fc.assert(
    fc.property(fc.anything({ withBigInt: true }), (value) => {
      const read = readSignatures(value)
      expect(read.valid.length + read.malformed).toBeGreaterThanOrEqual(
        Array.isArray(value) ? value.length : 1,
      )
    }),
    runs,
  )
})

test('property: an owner’s token movement is the sum of its accounts’ changes, in base units, with its direction', () => {
  const amounts = fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), {
    minLength: 1,
    maxLength: 4,
  })
  fc.assert(
    fc.property(key, key, key, amounts, amounts, (feePayer, owner, mint, before, after) => {
      const width = Math.min(before.length, after.length)
      const pre = before.slice(0, width)
      const post = after.slice(0, width)
      const result = collect(owner, answer({ feePayer, owner, mint, before: pre, after: post }))
      const received = pre.reduce((total, amount, index) => {
        const change = post[index]! - amount
        return change > 0n ? total + change : total
      }, 0n)
      const sent = pre.reduce((total, amount, index) => {
        const change = post[index]! - amount
        return change < 0n ? total - change : total
      }, 0n)
      if (received === 0n && sent === 0n) {
        // Nothing moved: listed only for the fee payer, with no transfer.
        if (feePayer === owner) expect('kind' in result ? [] : result.transfers).toEqual([])
        else expect(result).toEqual({ kind: 'unrelated' })
        return
      }
      expect('kind' in result).toBe(false)
      if ('kind' in result) return
      const [transfer] = result.transfers
      const net = received - sent
      expect(transfer).toMatchObject({
        token: mint,
        symbol: 'TKN',
        decimals: 6,
        amount: (net === 0n ? sent : net < 0n ? -net : net).toString(),
        direction: net > 0n ? 'in' : net < 0n ? 'out' : 'self',
      })
      expect(result.transaction.fee).toBe(feePayer === owner ? '5000' : '0')
    }),
    runs,
  )
})

test('property: an answer about another signature or slot is malformed, whatever else it says', () => {
  fc.assert(
    fc.property(
      key,
      key,
      fc.oneof(
        fc.constant({ signatures: ['4'.repeat(88)] }),
        fc.constant({ slot: BigInt(SLOT + 1) }),
        fc.constant({ blockTime: null }),
      ),
      (feePayer, mint, change) => {
        const base = answer({ feePayer, owner: feePayer, mint, before: [0n], after: [10n] })
        const spoilt =
          'signatures' in change
            ? { ...base, transaction: { ...base.transaction, signatures: change.signatures } }
            : { ...base, ...change }
        expect(collect(feePayer, spoilt)).toMatchObject({ kind: 'malformed' })
      },
    ),
    runs,
  )
})
