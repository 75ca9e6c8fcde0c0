/**
 * What a Solana node's answers mean for one watched address: the signatures it lists, and each
 * transaction (`jsonParsed`) as rows to store: native SOL transfers (the System program's
 * `transfer` and `transferWithSeed`, top-level and inner), SPL token movements (the address's
 * token balances before and after, per mint), the fee (the fee payer's), the status (`meta.err`)
 * and the block time. Every answer is untrusted: each item is checked on its own, and one that
 * does not hold together is reported as malformed, never stored. Pure.
 * @module
 */
import * as z from 'zod'
import type { TokenFacts, TransactionRow, TransferRow } from './collect.js'

/** The System program. */
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** Compute budget instructions say nothing about where a transaction went. */
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** The largest decimals a token may have and still be shown (the configuration's bound). */
const MAX_DECIMALS = 36
/** The latest block time believed (seconds; the year 5138): a later one is no time at all. */
const MAX_BLOCK_TIME = 100_000_000_000

const pubkey = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
const signatureText = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
/** An integer as the RPC client hands it over: a bigint, or a number where it keeps one. */
const integer = z.union([z.bigint(), z.number().int()]).transform((value) => BigInt(value))
const u64 = integer.refine((value) => value >= 0n && value < 2n ** 64n, 'expected a u64')
const index = integer
  .refine((value) => value >= 0n && value <= BigInt(Number.MAX_SAFE_INTEGER), 'expected an index')
  .transform(Number)
const blockTime = z.nullable(
  integer
    .refine((value) => value >= 0n && value <= BigInt(MAX_BLOCK_TIME), 'expected a block time')
    .transform(Number),
)

/** One `getSignaturesForAddress` item. */
const signatureInfoSchema = z.object({
  signature: signatureText,
  slot: index,
  blockTime: z.optional(blockTime),
})

/** A checked signature of an address. */
export interface SignatureInfo {
  readonly signature: string
  readonly slot: number
  readonly blockTime: number | null
}

/**
 * Checks a `getSignaturesForAddress` answer item by item.
 * @param answer - what the node answered.
 * @returns the items that hold together, in the node's order, how many did not, and the last
 * signature of the answer (where the next page starts), whether or not its item held together.
 */
export function readSignatures(answer: unknown): {
  readonly valid: readonly SignatureInfo[]
  readonly malformed: number
  readonly length: number
  readonly last: string | undefined
} {
  if (!Array.isArray(answer)) return { valid: [], malformed: 1, length: 0, last: undefined }
  const valid: SignatureInfo[] = []
  for (const item of answer) {
    const parsed = signatureInfoSchema.safeParse(item)
    if (parsed.success) valid.push({ ...parsed.data, blockTime: parsed.data.blockTime ?? null })
  }
  const tail = answer.at(-1) as { signature?: unknown } | undefined
  const last = signatureText.safeParse(tail?.signature)
  return {
    valid,
    malformed: answer.length - valid.length,
    length: answer.length,
    last: last.success ? last.data : undefined,
  }
}

const tokenBalanceSchema = z.object({
  accountIndex: index,
  mint: pubkey,
  // Old nodes leave the owner out; such a balance cannot be told to be the address's.
  owner: z.optional(pubkey),
  uiTokenAmount: z.object({
    amount: z.string().regex(/^\d{1,20}$/),
    decimals: index.refine((value) => value <= MAX_DECIMALS, 'too many decimals'),
  }),
})

const systemTransferSchema = z.object({
  parsed: z.object({
    type: z.enum(['transfer', 'transferWithSeed']),
    info: z.object({ source: pubkey, destination: pubkey, lamports: u64 }),
  }),
})

const instructionSchema = z.object({ programId: pubkey, parsed: z.optional(z.unknown()) })

const transactionSchema = z.object({
  slot: index,
  blockTime: z.optional(blockTime),
  transaction: z.object({
    signatures: z.array(signatureText).check(z.minLength(1)),
    message: z.object({
      accountKeys: z.array(z.object({ pubkey })).check(z.minLength(1), z.maxLength(256)),
      instructions: z.array(instructionSchema).check(z.maxLength(256)),
    }),
  }),
  meta: z.object({
    err: z.unknown(),
    fee: u64,
    innerInstructions: z.optional(
      z.nullable(
        z.array(
          z.object({
            index,
            instructions: z.array(instructionSchema).check(z.maxLength(1_024)),
          }),
        ),
      ),
    ),
    preTokenBalances: z.optional(z.nullable(z.array(tokenBalanceSchema))),
    postTokenBalances: z.optional(z.nullable(z.array(tokenBalanceSchema))),
  }),
})

type Instruction = z.infer<typeof instructionSchema>

/** A transaction's rows for one address, before its place in the address's order is known. */
export interface SolanaRows {
  readonly transaction: Omit<TransactionRow, 'txIndex'>
  readonly transfers: readonly TransferRow[]
}

/** Why a transaction gave no rows. */
export type SolanaSkip =
  /** The answer does not hold together (wrong shape, another signature or slot, no time). */
  | { readonly kind: 'malformed'; readonly reason: string }
  /** It names the address without moving anything of its or charging it a fee. */
  | { readonly kind: 'unrelated' }

const direction = (from: string, to: string, address: string): TransferRow['direction'] =>
  from === address && to === address ? 'self' : from === address ? 'out' : 'in'

/**
 * The rows one transaction gives a watched address.
 * @param parameters - the chain, the address (base58, as written), the signature and slot the node
 * listed it under, its answer to `getTransaction`, the native currency, and the configured tokens'
 * names by mint.
 * @returns the rows, or why there are none.
 */
export function collectSolanaTransaction(parameters: {
  readonly chainId: string
  readonly address: string
  readonly listed: SignatureInfo
  readonly answer: unknown
  readonly native: TokenFacts
  readonly symbolOf: (mint: string) => string | undefined
}): SolanaRows | SolanaSkip {
  const { chainId, address, listed } = parameters
  const parsed = transactionSchema.safeParse(parameters.answer)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      kind: 'malformed',
      reason: `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'unexpected shape'}`,
    }
  }
  const { transaction, meta } = parsed.data
  if (transaction.signatures[0] !== listed.signature) {
    return { kind: 'malformed', reason: 'another transaction than the one asked for' }
  }
  if (parsed.data.slot !== listed.slot) {
    return { kind: 'malformed', reason: 'another slot than the one listed' }
  }
  if (!('err' in (parameters.answer as { meta: object }).meta)) {
    return { kind: 'malformed', reason: 'meta.err: missing' }
  }
  const time = parsed.data.blockTime ?? listed.blockTime
  if (time === null || time === undefined) {
    return { kind: 'malformed', reason: 'no block time' }
  }

  const transfers: TransferRow[] = []
  /** Who sent and who got the first transfer (§3 sentFrom, sentTo). */
  let party: { from: string; to: string } | undefined
  const row = (
    from: string,
    to: string,
    fields: Pick<TransferRow, 'token' | 'symbol' | 'decimals' | 'amount' | 'direction'>,
  ) => {
    party ??= { from, to }
    transfers.push({
      chainId,
      address,
      hash: listed.signature,
      logIndex: transfers.length,
      ...fields,
    })
  }

  // Native transfers in the order they ran: each instruction, then the ones it invoked.
  const inner = new Map<number, readonly Instruction[]>()
  for (const entry of meta.innerInstructions ?? []) {
    inner.set(entry.index, [...(inner.get(entry.index) ?? []), ...entry.instructions])
  }
  const ordered = transaction.message.instructions.flatMap((instruction, position) => [
    instruction,
    ...(inner.get(position) ?? []),
  ])
  for (const instruction of ordered) {
    if (instruction.programId !== SYSTEM_PROGRAM) continue
    const kind = (instruction.parsed as { type?: unknown } | undefined)?.type
    if (kind !== 'transfer' && kind !== 'transferWithSeed') continue
    // A transfer the node claims with fields that do not hold is a malformed answer.
    const checked = systemTransferSchema.safeParse(instruction)
    if (!checked.success)
      return { kind: 'malformed', reason: 'a System transfer without its fields' }
    const { source, destination, lamports } = checked.data.parsed.info
    if (source !== address && destination !== address) continue
    row(source, destination, {
      token: null,
      symbol: parameters.native.symbol,
      decimals: parameters.native.decimals,
      amount: lamports.toString(),
      direction: direction(source, destination, address),
    })
  }

  // Token movements: per mint, what each token account changed, from the balances around it.
  const changes = new Map<
    string,
    { decimals: number; accounts: Map<number, { owner: string | undefined; delta: bigint }> }
  >()
  const account = (balance: z.infer<typeof tokenBalanceSchema>) => {
    const mint = changes.get(balance.mint) ?? {
      decimals: balance.uiTokenAmount.decimals,
      accounts: new Map(),
    }
    changes.set(balance.mint, mint)
    const entry = mint.accounts.get(balance.accountIndex) ?? { owner: balance.owner, delta: 0n }
    mint.accounts.set(balance.accountIndex, entry)
    return entry
  }
  for (const balance of meta.preTokenBalances ?? []) {
    account(balance).delta -= BigInt(balance.uiTokenAmount.amount)
  }
  for (const balance of meta.postTokenBalances ?? []) {
    const entry = account(balance)
    entry.delta += BigInt(balance.uiTokenAmount.amount)
    entry.owner ??= balance.owner
  }
  for (const [mint, { decimals, accounts }] of changes) {
    let received = 0n
    let sent = 0n
    for (const entry of accounts.values()) {
      if (entry.owner !== address) continue
      if (entry.delta > 0n) received += entry.delta
      else sent -= entry.delta
    }
    const net = received - sent
    if (received === 0n && sent === 0n) continue
    // The other side: an owner whose balance of the mint moved the other way. None: minted (from
    // the mint) or burnt (to it).
    const other = (sign: 1n | -1n) =>
      [...accounts.values()].find(
        (entry) => entry.owner !== undefined && entry.owner !== address && entry.delta * sign > 0n,
      )?.owner ?? mint
    const fields = { token: mint, symbol: parameters.symbolOf(mint) ?? '?', decimals }
    if (net > 0n) row(other(-1n), address, { ...fields, amount: net.toString(), direction: 'in' })
    else if (net < 0n)
      row(address, other(1n), { ...fields, amount: (-net).toString(), direction: 'out' })
    else row(address, address, { ...fields, amount: sent.toString(), direction: 'self' })
  }

  const feePayer = transaction.message.accountKeys[0]!.pubkey
  if (transfers.length === 0 && feePayer !== address) return { kind: 'unrelated' }
  const isOut = transfers.some((entry) => entry.direction === 'out' || entry.direction === 'self')
  const isIn = transfers.some((entry) => entry.direction === 'in')
  const program = transaction.message.instructions.find(
    (instruction) => instruction.programId !== COMPUTE_BUDGET_PROGRAM,
  )?.programId
  return {
    transaction: {
      chainId,
      address,
      hash: listed.signature,
      blockNumber: listed.slot,
      minedAt: time * 1000,
      status: meta.err === null ? 'confirmed' : 'failed',
      operationType: isOut ? 'send' : isIn ? 'receive' : 'execute',
      sentFrom: party?.from ?? feePayer,
      sentTo: party?.to ?? program ?? feePayer,
      // Only the fee payer pays.
      fee: feePayer === address ? meta.fee.toString() : '0',
    },
    transfers,
  }
}
