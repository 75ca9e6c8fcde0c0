/**
 * The JSON-RPC methods the local Solana node answers, over one litesvm instance. Kept apart from
 * the HTTP and WebSocket servers so each method's shape can be read next to the RPC docs.
 * @module
 */
import { createHash } from 'node:crypto'
import { address, getBase58Decoder, getBase58Encoder, getTransactionDecoder } from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import {
  encodeTransaction,
  readMessage,
  recordTransaction,
  signaturesForAddress,
  snapshotAccounts,
  type TransactionHistory,
} from './transactionRecords.js'

/** A JSON-RPC error the servers send back as `{ error: { code, message, data } }`. @internal */
export class RpcError extends Error {
  override readonly name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** What a processed transaction left behind, for `getSignatureStatuses` and `signatureSubscribe`. @internal */
export interface SignatureRecord {
  readonly slot: number
  readonly err: string | null
}

/** The state the methods share with the servers. @internal */
export interface SolanaRpcState {
  readonly svm: LiteSVM
  readonly genesisHash: string
  readonly signatures: Map<string, SignatureRecord>
  /** The transactions that landed, for `getTransaction` and `getSignaturesForAddress`. */
  readonly history: TransactionHistory
  /** Called after every committed transaction (the WebSocket side notifies subscribers). */
  readonly onProcessed: (signature: string, record: SignatureRecord) => void
}

/** The SPL Token and Token-2022 program ids, the only owners `getTokenAccountsByOwner` searches. */
const TOKEN_PROGRAMS = new Set([
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
])
/** Blocks a blockhash stays valid for on a real cluster (`lastValidBlockHeight - blockHeight`). */
const BLOCKHASH_LIFETIME = 150
/** The fee per signature on every cluster today. */
const LAMPORTS_PER_SIGNATURE = 5000
const decodeTransaction = getTransactionDecoder()
const base58 = getBase58Decoder()
const fromBase58 = getBase58Encoder()

/**
 * A genesis hash for a local node: 32 bytes from a label, in base58, so CAIP-2 ids stay stable
 * across runs.
 * @internal
 */
export function localGenesisHash(label: string): string {
  return base58.decode(createHash('sha256').update(label).digest())
}

const params = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const config = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

function toAddress(value: unknown) {
  if (typeof value !== 'string') throw new RpcError(-32602, 'Invalid params: expected a pubkey')
  try {
    return address(value)
  } catch {
    throw new RpcError(-32602, `Invalid param: Invalid pubkey "${value}"`)
  }
}

function slotOf(svm: LiteSVM): number {
  return Number(svm.getClock().slot)
}

function context(svm: LiteSVM) {
  return { slot: slotOf(svm), apiVersion: '2.2.0' }
}

/** An account in the RPC's `base64` encoding; `null` when it does not exist. */
function encodeAccount(svm: LiteSVM, key: unknown, encoding: unknown) {
  if (encoding !== undefined && encoding !== 'base64') {
    throw new RpcError(-32602, `Invalid params: encoding ${String(encoding)} is not served`)
  }
  const account = svm.getAccount(toAddress(key))
  if (!account.exists) return null
  return {
    data: [Buffer.from(account.data).toString('base64'), 'base64'],
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress,
    rentEpoch: 0,
    space: Number(account.space),
  }
}

/** The wire transaction of `sendTransaction` / `simulateTransaction` (base64 or base58). */
function decodeWire(value: unknown, encoding: unknown) {
  if (typeof value !== 'string')
    throw new RpcError(-32602, 'Invalid params: expected a transaction')
  try {
    const bytes = encoding === 'base58' ? fromBase58.encode(value) : Buffer.from(value, 'base64')
    return decodeTransaction.decode(bytes)
  } catch (error) {
    throw new RpcError(-32602, `failed to deserialize transaction: ${String(error)}`)
  }
}

/** litesvm reports errors as Rust debug text (`InsufficientFundsForRent { account_index: 1 }`). */
function errorText(failure: { toString(): string }): string {
  const text = failure.toString()
  const match = /err: (.*?), meta: TransactionMetadata/.exec(text)
  return match?.[1] ?? text
}

/**
 * Runs a transaction. Preflight (the default) simulates first and refuses a failing transaction
 * with -32002 and its logs, charging nothing, as a real node does; with `skipPreflight` a failing
 * transaction lands, pays its fee and reports its error in `getSignatureStatuses`.
 */
function execute(state: SolanaRpcState, wire: ReturnType<typeof decodeWire>, preflight: boolean) {
  const { svm } = state
  if (preflight) {
    const simulated = svm.simulateTransaction(wire)
    if ('err' in simulated) {
      const meta = simulated.meta()
      throw new RpcError(-32002, `Transaction simulation failed: ${errorText(simulated)}`, {
        err: errorText(simulated),
        logs: meta.logs(),
        accounts: null,
        unitsConsumed: Number(meta.computeUnitsConsumed()),
      })
    }
  }
  const read = readMessage(svm, new Uint8Array(wire.messageBytes))
  const before = snapshotAccounts(svm, read.accountKeys)
  const result = svm.sendTransaction(wire)
  const failed = 'err' in result
  const meta = failed ? result.meta() : result
  const signature = base58.decode(meta.signature())
  const err = failed ? errorText(result) : null
  const after = snapshotAccounts(svm, read.accountKeys)
  const charged = before.lamports.some((lamports, index) => lamports !== after.lamports[index])
  // A failed transaction that paid its fee landed (a cluster lists it); one refused before
  // anything was charged (a bad signature, a blockhash already used) never did.
  if (!failed || charged) {
    const others = Object.values(wire.signatures)
      .slice(1)
      .map((bytes) => (bytes ? base58.decode(bytes) : ''))
    recordTransaction(state.history, {
      signatures: [signature, ...others],
      read,
      slot: slotOf(svm),
      err,
      meta,
      before,
      after,
    })
  }
  commit(state, signature, err)
  return signature
}

/** Records a committed transaction, then moves on to a new slot and blockhash (the toolbox pitfall). */
function commit(state: SolanaRpcState, signature: string, err: string | null = null) {
  const record = { slot: slotOf(state.svm), err }
  state.signatures.set(signature, record)
  // web3.js reuses a cached blockhash for ~30 s: without a fresh one, two identical transfers
  // would carry the same signature and the second would be refused as already processed.
  state.svm.expireBlockhash()
  state.svm.warpToSlot(BigInt(record.slot + 1))
  state.onProcessed(signature, record)
}

/** Token accounts (both token programs) whose owner field (bytes 32..64) is `owner`. */
function tokenAccountsByOwner(state: SolanaRpcState, raw: unknown[]) {
  const owner = toAddress(raw[0])
  const filter = config(raw[1])
  const options = config(raw[2])
  const programs =
    typeof filter.programId === 'string'
      ? [filter.programId]
      : typeof filter.mint === 'string'
        ? [...TOKEN_PROGRAMS]
        : undefined
  if (!programs) throw new RpcError(-32602, 'Invalid params: expected { mint } or { programId }')
  const ownerBytes = Buffer.from(fromBase58.encode(owner))
  const value = programs.flatMap((program) => {
    if (!TOKEN_PROGRAMS.has(program))
      throw new RpcError(-32602, 'Invalid params: unrecognized Token program id')
    return state.svm
      .getProgramAccounts(address(program))
      .filter(
        (account) =>
          account.data.length >= 165 &&
          ownerBytes.equals(account.data.subarray(32, 64)) &&
          (typeof filter.mint !== 'string' ||
            base58.decode(account.data.subarray(0, 32)) === filter.mint),
      )
      .map((account) => ({
        pubkey: account.address,
        account: encodeAccount(state.svm, account.address, options.encoding),
      }))
  })
  return { context: context(state.svm), value }
}

type Method = (state: SolanaRpcState, raw: unknown[]) => unknown

/**
 * Every HTTP JSON-RPC method the node serves, by name. Anything else answers -32601.
 * @internal
 */
export const SOLANA_RPC_METHODS: Readonly<Record<string, Method>> = Object.freeze({
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': '2.2.0-litesvm', 'feature-set': 0 }),
  getGenesisHash: (state) => state.genesisHash,
  // A cluster's confirmed (or finalized) slot is a finished block: nothing lands in it any more.
  // Here the current slot is still open (the next transaction runs in it), so those commitments
  // answer the slot before it, and only `processed` the open one; an indexer that reads up to the
  // answer then never misses a transaction landing after it asked.
  getSlot: (state, raw) =>
    config(raw[0]).commitment === 'processed'
      ? slotOf(state.svm)
      : Math.max(0, slotOf(state.svm) - 1),
  getBlockHeight: (state) => slotOf(state.svm),
  getEpochInfo: (state) => ({
    absoluteSlot: slotOf(state.svm),
    blockHeight: slotOf(state.svm),
    epoch: Number(state.svm.getClock().epoch),
    slotIndex: 0,
    slotsInEpoch: 432000,
    transactionCount: state.signatures.size,
  }),
  getLatestBlockhash: (state) => ({
    context: context(state.svm),
    value: {
      blockhash: state.svm.latestBlockhash(),
      lastValidBlockHeight: slotOf(state.svm) + BLOCKHASH_LIFETIME,
    },
  }),
  // The node runs withBlockhashCheck(false): every blockhash is accepted, so every one is valid.
  isBlockhashValid: (state) => ({ context: context(state.svm), value: true }),
  getFeeForMessage: (state, raw) => {
    if (typeof raw[0] !== 'string') throw new RpcError(-32602, 'Invalid params: expected a message')
    // The first byte of a legacy message (after a v0 prefix) counts the required signatures.
    const bytes = Buffer.from(raw[0], 'base64')
    const signers = (bytes[0] ?? 0) & 0x80 ? (bytes[1] ?? 1) : (bytes[0] ?? 1)
    return { context: context(state.svm), value: signers * LAMPORTS_PER_SIGNATURE }
  },
  getMinimumBalanceForRentExemption: (state, raw) =>
    Number(state.svm.minimumBalanceForRentExemption(BigInt(Number(raw[0] ?? 0)))),
  getBalance: (state, raw) => ({
    context: context(state.svm),
    value: Number(state.svm.getBalance(toAddress(raw[0])) ?? 0n),
  }),
  getAccountInfo: (state, raw) => ({
    context: context(state.svm),
    value: encodeAccount(state.svm, raw[0], config(raw[1]).encoding),
  }),
  getMultipleAccounts: (state, raw) => ({
    context: context(state.svm),
    value: params(raw[0]).map((key) => encodeAccount(state.svm, key, config(raw[1]).encoding)),
  }),
  getTokenAccountsByOwner: tokenAccountsByOwner,
  getTokenAccountBalance: (state, raw) => {
    const account = state.svm.getAccount(toAddress(raw[0]))
    if (!account.exists || account.data.length < 165)
      throw new RpcError(-32602, 'Invalid param: not a Token account')
    const mint = state.svm.getAccount(address(base58.decode(account.data.subarray(0, 32))))
    const decimals = mint.exists ? (mint.data[44] ?? 0) : 0
    const amount = Buffer.from(account.data.subarray(64, 72)).readBigUInt64LE().toString()
    return {
      context: context(state.svm),
      value: {
        amount,
        decimals,
        uiAmount: Number(formatUnits(amount, decimals)),
        uiAmountString: formatUnits(amount, decimals),
      },
    }
  },
  getSignatureStatuses: (state, raw) => ({
    context: context(state.svm),
    value: params(raw[0]).map((signature) => {
      const record = typeof signature === 'string' ? state.signatures.get(signature) : undefined
      return record
        ? {
            slot: record.slot,
            confirmations: null,
            err: record.err,
            status: { Ok: null },
            confirmationStatus: 'finalized',
          }
        : null
    }),
  }),
  sendTransaction: (state, raw) => {
    const options = config(raw[1])
    return execute(state, decodeWire(raw[0], options.encoding), options.skipPreflight !== true)
  },
  simulateTransaction: (state, raw) => {
    const options = config(raw[1])
    const wire = decodeWire(raw[0], options.encoding)
    const { svm } = state
    // Simulation accepts unsigned transactions (sigVerify defaults to false), as real nodes do.
    svm.withSigverify(options.sigVerify === true)
    try {
      const result = svm.simulateTransaction(wire)
      const failed = 'err' in result
      const meta = result.meta()
      return {
        context: context(svm),
        value: {
          err: failed ? errorText(result) : null,
          logs: meta.logs(),
          accounts: null,
          unitsConsumed: Number(meta.computeUnitsConsumed()),
          returnData: null,
        },
      }
    } finally {
      svm.withSigverify(true)
    }
  },
  getTransaction: (state, raw) => {
    if (typeof raw[0] !== 'string')
      throw new RpcError(-32602, 'Invalid params: expected a signature')
    const options = config(raw[1])
    const encoding = options.encoding ?? 'json'
    if (encoding !== 'json' && encoding !== 'jsonParsed') {
      throw new RpcError(-32602, `Invalid params: encoding ${String(encoding)} is not served`)
    }
    const record = state.history.transactions.get(raw[0])
    if (!record) return null
    if (record.version !== 'legacy' && options.maxSupportedTransactionVersion === undefined) {
      throw new RpcError(
        -32015,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      )
    }
    return encodeTransaction(record, encoding)
  },
  getSignaturesForAddress: (state, raw) =>
    signaturesForAddress(state.history, toAddress(raw[0]), config(raw[1])),
  requestAirdrop: (state, raw) => {
    const lamports = Number(raw[1])
    if (!Number.isSafeInteger(lamports) || lamports <= 0)
      throw new RpcError(-32602, 'Invalid params: lamports must be a positive integer')
    const result = state.svm.airdrop(toAddress(raw[0]), BigInt(lamports) as never)
    if (!result || 'err' in result) throw new RpcError(-32603, 'airdrop failed')
    const signature = base58.decode(result.signature())
    commit(state, signature)
    return signature
  },
})

function formatUnits(amount: string, decimals: number): string {
  if (decimals === 0) return amount
  const padded = amount.padStart(decimals + 1, '0')
  const whole = padded.slice(0, -decimals)
  const fraction = padded.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
