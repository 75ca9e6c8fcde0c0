/**
 * The local Solana node's transaction history: what each committed transaction changed, kept so
 * the node answers `getTransaction` and `getSignaturesForAddress` as a cluster's RPC does, in the
 * `json` and `jsonParsed` encodings. litesvm keeps only metadata (logs, inner instructions), so
 * the balances an indexer reads (lamports and SPL token amounts before and after) are taken here
 * around each transaction.
 * @module
 */
import {
  type Address,
  address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
} from '@solana/kit'
import type { LiteSVM } from 'litesvm'

/** The System program; the only program whose instructions the node parses (`jsonParsed`). */
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
/** The SPL Token and Token-2022 program ids: accounts they own may be token accounts. */
const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
])
/** A token account's size without extensions; Token-2022 accounts with extensions are longer. */
const TOKEN_ACCOUNT_SIZE = 165
/** Token-2022's account-type byte after the base layout: 2 marks a token account (1 a mint). */
const TOKEN_2022_ACCOUNT_TYPE = 2
/** The address lookup table's header; the addresses follow it, 32 bytes each. */
const LOOKUP_TABLE_HEADER = 56
/** Most signatures `getSignaturesForAddress` answers per call, as on a cluster. */
const MAX_SIGNATURES_PER_CALL = 1_000

const base58 = getBase58Decoder()
const decodeMessage = getCompiledTransactionMessageDecoder()

/** An SPL token account's balance, as the RPC's `preTokenBalances` lists it. */
interface TokenBalance {
  readonly accountIndex: number
  readonly mint: string
  readonly owner: string
  readonly programId: string
  readonly amount: bigint
  readonly decimals: number
}

/** One instruction, compiled: indices into the transaction's account keys. */
interface CompiledInstructionRecord {
  readonly programIdIndex: number
  readonly accounts: readonly number[]
  readonly data: Uint8Array
  readonly stackHeight: number | null
}

/** A committed transaction, as the node answers it. @internal */
export interface TransactionRecord {
  readonly signature: string
  readonly signatures: readonly string[]
  readonly slot: number
  /** Seconds since the epoch when the node committed it (a cluster's block time). */
  readonly blockTime: number
  readonly err: string | null
  readonly version: 'legacy' | 0
  readonly header: {
    readonly numRequiredSignatures: number
    readonly numReadonlySignedAccounts: number
    readonly numReadonlyUnsignedAccounts: number
  }
  readonly recentBlockhash: string
  /** Static keys, then the writable and read-only keys loaded from lookup tables. */
  readonly accountKeys: readonly string[]
  readonly loaded: { readonly writable: readonly string[]; readonly readonly: readonly string[] }
  readonly lookups: readonly {
    readonly accountKey: string
    readonly writableIndexes: readonly number[]
    readonly readonlyIndexes: readonly number[]
  }[]
  readonly instructions: readonly CompiledInstructionRecord[]
  readonly innerInstructions: readonly {
    readonly index: number
    readonly instructions: readonly CompiledInstructionRecord[]
  }[]
  readonly logs: readonly string[]
  readonly fee: bigint
  readonly preBalances: readonly bigint[]
  readonly postBalances: readonly bigint[]
  readonly preTokenBalances: readonly TokenBalance[]
  readonly postTokenBalances: readonly TokenBalance[]
  readonly computeUnitsConsumed: number
}

/** The history the node keeps: every recorded transaction and, per address, its signatures. @internal */
export interface TransactionHistory {
  readonly transactions: Map<string, TransactionRecord>
  /** Oldest first. */
  readonly byAddress: Map<string, string[]>
}

/** An empty history. @internal */
export const createTransactionHistory = (): TransactionHistory => ({
  transactions: new Map(),
  byAddress: new Map(),
})

/** A message as the node reads it, with the addresses its lookup tables load. @internal */
export interface ReadMessage {
  readonly message: Extract<ReturnType<typeof decodeMessage.decode>, { version: 'legacy' | 0 }>
  readonly accountKeys: readonly string[]
  readonly loaded: TransactionRecord['loaded']
}

/** Decodes a wire transaction's message and resolves its lookup tables against the VM. @internal */
export function readMessage(svm: LiteSVM, messageBytes: Uint8Array): ReadMessage {
  const decoded = decodeMessage.decode(messageBytes)
  if (decoded.version !== 'legacy' && decoded.version !== 0) {
    throw new Error(`transaction version ${String(decoded.version)} is not served`)
  }
  const message = decoded
  const writable: string[] = []
  const readonly: string[] = []
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
  for (const lookup of lookups) {
    const table = svm.getAccount(lookup.lookupTableAddress)
    const entry = (index: number) => {
      const start = LOOKUP_TABLE_HEADER + index * 32
      if (!table.exists || table.data.length < start + 32) return undefined
      return base58.decode(table.data.subarray(start, start + 32))
    }
    for (const index of lookup.writableIndexes) writable.push(entry(index) ?? '')
    for (const index of lookup.readonlyIndexes) readonly.push(entry(index) ?? '')
  }
  return {
    message,
    accountKeys: [...message.staticAccounts, ...writable, ...readonly],
    loaded: { writable, readonly },
  }
}

function isTokenAccount(data: Uint8Array): boolean {
  return (
    data.length === TOKEN_ACCOUNT_SIZE ||
    (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === TOKEN_2022_ACCOUNT_TYPE)
  )
}

/** Lamports and token balances of the keys now (before or after a transaction). @internal */
export function snapshotAccounts(svm: LiteSVM, keys: readonly string[]) {
  const lamports: bigint[] = []
  const tokens: TokenBalance[] = []
  for (const [accountIndex, key] of keys.entries()) {
    if (key === '') {
      lamports.push(0n)
      continue
    }
    const account = svm.getAccount(address(key))
    lamports.push(account.exists ? BigInt(account.lamports) : 0n)
    if (!account.exists || !TOKEN_PROGRAMS.has(account.programAddress)) continue
    if (!isTokenAccount(account.data)) continue
    const mint = base58.decode(account.data.subarray(0, 32))
    const mintAccount = svm.getAccount(address(mint))
    tokens.push({
      accountIndex,
      mint,
      owner: base58.decode(account.data.subarray(32, 64)),
      programId: account.programAddress,
      amount: Buffer.from(account.data.subarray(64, 72)).readBigUInt64LE(),
      decimals: mintAccount.exists ? (mintAccount.data[44] ?? 0) : 0,
    })
  }
  return { lamports, tokens }
}

/** What litesvm reports of a transaction's run. */
interface RunMetadata {
  logs(): string[]
  computeUnitsConsumed(): bigint
  innerInstructions(): {
    instruction(): { programIdIndex(): number; accounts(): Uint8Array; data(): Uint8Array }
    stackHeight(): number
  }[][]
}

/**
 * Records a committed transaction: its message, what litesvm reported, and the balances around
 * it. The fee is what left the transaction's accounts altogether (lamports are otherwise only
 * moved between them).
 * @internal
 */
export function recordTransaction(
  history: TransactionHistory,
  parameters: {
    readonly signatures: readonly string[]
    readonly read: ReadMessage
    readonly slot: number
    readonly err: string | null
    readonly meta: RunMetadata
    readonly before: ReturnType<typeof snapshotAccounts>
    readonly after: ReturnType<typeof snapshotAccounts>
  },
): TransactionRecord {
  const { message } = parameters.read
  const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n)
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
  const record: TransactionRecord = {
    signature: parameters.signatures[0]!,
    signatures: parameters.signatures,
    slot: parameters.slot,
    blockTime: Math.floor(Date.now() / 1000),
    err: parameters.err,
    version: message.version === 'legacy' ? 'legacy' : 0,
    header: {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    },
    recentBlockhash: message.lifetimeToken,
    accountKeys: parameters.read.accountKeys,
    loaded: parameters.read.loaded,
    lookups: lookups.map((lookup) => ({
      accountKey: lookup.lookupTableAddress,
      writableIndexes: [...lookup.writableIndexes],
      readonlyIndexes: [...lookup.readonlyIndexes],
    })),
    instructions: message.instructions.map((instruction) => ({
      programIdIndex: instruction.programAddressIndex,
      accounts: [...(instruction.accountIndices ?? [])],
      data: new Uint8Array(instruction.data ?? []),
      stackHeight: null,
    })),
    innerInstructions: parameters.meta
      .innerInstructions()
      .map((list, index) => ({
        index,
        instructions: list.map((inner) => ({
          programIdIndex: inner.instruction().programIdIndex(),
          accounts: [...inner.instruction().accounts()],
          data: inner.instruction().data(),
          stackHeight: inner.stackHeight(),
        })),
      }))
      .filter((entry) => entry.instructions.length > 0),
    logs: parameters.meta.logs(),
    fee: sum(parameters.before.lamports) - sum(parameters.after.lamports),
    preBalances: parameters.before.lamports,
    postBalances: parameters.after.lamports,
    preTokenBalances: parameters.before.tokens,
    postTokenBalances: parameters.after.tokens,
    computeUnitsConsumed: Number(parameters.meta.computeUnitsConsumed()),
  }
  history.transactions.set(record.signature, record)
  for (const key of new Set(record.accountKeys)) {
    if (key === '') continue
    const list = history.byAddress.get(key) ?? []
    list.push(record.signature)
    history.byAddress.set(key, list)
  }
  return record
}

const u64 = (data: Uint8Array, offset: number) =>
  Buffer.from(data.subarray(offset, offset + 8)).readBigUInt64LE()

/** The System program instructions an indexer reads, as a cluster's `jsonParsed` shows them. */
function parseSystemInstruction(data: Uint8Array, accounts: readonly string[]) {
  if (data.length < 4) return undefined
  const kind = Buffer.from(data.subarray(0, 4)).readUInt32LE()
  if (kind === 2 && data.length >= 12 && accounts.length >= 2) {
    return {
      type: 'transfer',
      info: { source: accounts[0], destination: accounts[1], lamports: Number(u64(data, 4)) },
    }
  }
  if (kind === 0 && data.length >= 52 && accounts.length >= 2) {
    return {
      type: 'createAccount',
      info: {
        source: accounts[0],
        newAccount: accounts[1],
        lamports: Number(u64(data, 4)),
        space: Number(u64(data, 12)),
        owner: base58.decode(data.subarray(20, 52)),
      },
    }
  }
  if (kind === 11 && data.length >= 20 && accounts.length >= 3) {
    const seedLength = Number(u64(data, 12))
    const seedEnd = 20 + seedLength
    if (data.length < seedEnd + 32) return undefined
    return {
      type: 'transferWithSeed',
      info: {
        source: accounts[0],
        sourceBase: accounts[1],
        destination: accounts[2],
        lamports: Number(u64(data, 4)),
        sourceSeed: Buffer.from(data.subarray(20, seedEnd)).toString('utf8'),
        sourceOwner: base58.decode(data.subarray(seedEnd, seedEnd + 32)),
      },
    }
  }
  return undefined
}

function encodeInstruction(
  record: TransactionRecord,
  instruction: CompiledInstructionRecord,
  parsed: boolean,
) {
  if (!parsed) {
    return {
      programIdIndex: instruction.programIdIndex,
      accounts: instruction.accounts,
      data: base58.decode(instruction.data),
      stackHeight: instruction.stackHeight,
    }
  }
  const programId = record.accountKeys[instruction.programIdIndex] ?? ''
  const accounts = instruction.accounts.map((index) => record.accountKeys[index] ?? '')
  const system =
    programId === SYSTEM_PROGRAM ? parseSystemInstruction(instruction.data, accounts) : undefined
  return system
    ? { program: 'system', programId, parsed: system, stackHeight: instruction.stackHeight }
    : {
        programId,
        accounts,
        data: base58.decode(instruction.data),
        stackHeight: instruction.stackHeight,
      }
}

function encodeTokenBalance(balance: TokenBalance) {
  const text = balance.amount.toString()
  const padded = text.padStart(balance.decimals + 1, '0')
  const whole = balance.decimals === 0 ? text : padded.slice(0, -balance.decimals)
  const fraction = balance.decimals === 0 ? '' : padded.slice(-balance.decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: {
      amount: text,
      decimals: balance.decimals,
      uiAmount: Number(uiAmountString),
      uiAmountString,
    },
  }
}

/** Whether account `index` of the record is writable (static keys by the header, then lookups). */
function isWritable(record: TransactionRecord, index: number): boolean {
  const statics =
    record.accountKeys.length - record.loaded.writable.length - record.loaded.readonly.length
  if (index >= statics) return index < statics + record.loaded.writable.length
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } =
    record.header
  return index < numRequiredSignatures
    ? index < numRequiredSignatures - numReadonlySignedAccounts
    : index < statics - numReadonlyUnsignedAccounts
}

/**
 * A recorded transaction as `getTransaction` answers it, in `json` or `jsonParsed`.
 * @internal
 */
export function encodeTransaction(record: TransactionRecord, encoding: 'json' | 'jsonParsed') {
  const parsed = encoding === 'jsonParsed'
  const statics =
    record.accountKeys.length - record.loaded.writable.length - record.loaded.readonly.length
  const accountKeys = parsed
    ? record.accountKeys.map((pubkey, index) => ({
        pubkey,
        signer: index < record.header.numRequiredSignatures,
        writable: isWritable(record, index),
        source: index < statics ? 'transaction' : 'lookupTable',
      }))
    : record.accountKeys.slice(0, statics)
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version: record.version,
    transaction: {
      signatures: record.signatures,
      message: {
        accountKeys,
        ...(parsed ? {} : { header: record.header }),
        recentBlockhash: record.recentBlockhash,
        instructions: record.instructions.map((entry) => encodeInstruction(record, entry, parsed)),
        ...(record.version === 0 ? { addressTableLookups: record.lookups } : {}),
      },
    },
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: Number(record.fee),
      preBalances: record.preBalances.map(Number),
      postBalances: record.postBalances.map(Number),
      innerInstructions: record.innerInstructions.map((entry) => ({
        index: entry.index,
        instructions: entry.instructions.map((inner) => encodeInstruction(record, inner, parsed)),
      })),
      logMessages: record.logs,
      preTokenBalances: record.preTokenBalances.map(encodeTokenBalance),
      postTokenBalances: record.postTokenBalances.map(encodeTokenBalance),
      rewards: [],
      ...(parsed ? {} : { loadedAddresses: record.loaded }),
      computeUnitsConsumed: record.computeUnitsConsumed,
    },
  }
}

/**
 * `getSignaturesForAddress`: the address's signatures newest first, after `before` and down to
 * (not including) `until`, at most `limit` (1 000 by default and at most).
 * @internal
 */
export function signaturesForAddress(
  history: TransactionHistory,
  key: Address,
  options: { readonly limit?: unknown; readonly before?: unknown; readonly until?: unknown },
) {
  const limit =
    typeof options.limit === 'number' && Number.isInteger(options.limit) && options.limit > 0
      ? Math.min(options.limit, MAX_SIGNATURES_PER_CALL)
      : MAX_SIGNATURES_PER_CALL
  const list = history.byAddress.get(key) ?? []
  let end = list.length
  if (typeof options.before === 'string') {
    const at = list.lastIndexOf(options.before)
    // A `before` the node never saw for this address lists nothing, as a cluster does.
    end = at === -1 ? 0 : at
  }
  const answer = []
  for (let index = end - 1; index >= 0 && answer.length < limit; index -= 1) {
    const signature = list[index]!
    if (signature === options.until) break
    const record = history.transactions.get(signature)!
    answer.push({
      signature,
      slot: record.slot,
      err: record.err,
      memo: null,
      blockTime: record.blockTime,
      confirmationStatus: 'finalized',
    })
  }
  return answer
}
