/**
 * One indexer step on a Solana chain (decision 0308): for each watched address behind the node's
 * slot (those a history request waits for first, then the ones synced longest ago), the
 * signatures the node lists since the address's `indexed_to` slot, then each transaction, oldest
 * first, stored in the same tables as the eip155 history. A batch ends at a slot boundary and is
 * committed in one database transaction with the address's new `indexed_to`, so a restart
 * resumes where the last batch ended. Per step the node is asked for a bounded number of
 * addresses and transactions; per address at most `historyDepth` signatures are read.
 * @module
 */
import { and, eq, sql } from 'drizzle-orm'
import type { ChainConfig, ServerConfig, TokenConfig } from '../config.js'
import type { Logger } from '../log.js'
import type { Database } from '../storage/openStorage.js'
import { activityTransactions, activityTransfers, watchedAddresses } from '../storage/schema.js'
import type { TransactionRow, TransferRow } from './collect.js'
import {
  collectSolanaTransaction,
  readSignatures,
  type SignatureInfo,
  type SolanaRows,
} from './collectSolana.js'
import {
  SolanaNodeBehindError,
  SolanaNodeUnreachableError,
  type SolanaReader,
} from './solanaReader.js'

/** Signatures per `getSignaturesForAddress` call: the most a node answers. */
const SIGNATURES_PER_PAGE = 1_000
/** Transactions asked for at once. */
const CONCURRENT_READS = 4
/**
 * How many steps in a row a listed transaction may be missing (`null`, or an error answer) before
 * it is skipped: a node behind a load balancer may list a signature another one does not have yet.
 */
const MISSING_STEPS_BEFORE_SKIP = 3
/** Most missing signatures counted at once. */
const MAX_MISSING_KEPT = 10_000

/** A watched address and the slot it is indexed to. */
export interface WatchedSolanaAddress {
  readonly address: string
  readonly indexedTo: number
}

/** What one step did. */
export interface SolanaStepResult {
  /** Transactions read from the node. */
  readonly transactions: number
  /** Addresses now indexed up to the step's head. */
  readonly caughtUp: readonly string[]
}

/** What the steps of one chain keep between them. */
export interface SolanaFollowState {
  /** Steps in a row each listed signature was missing. */
  readonly missing: Map<string, number>
}

/** The state a chain's steps share. */
export const createSolanaFollowState = (): SolanaFollowState => ({ missing: new Map() })

/**
 * Runs one step on a Solana chain.
 * @param parameters - database, chain, reader, the node's slot now, the watched addresses in the
 * order they are to be followed, settings, tokens, logger, the shared state and the stop signal.
 * @returns transactions read and the addresses caught up.
 * @throws SolanaNodeUnreachableError when the node does not answer (the step ends there).
 */
export async function followSolana(parameters: {
  readonly db: Database
  readonly chain: ChainConfig
  readonly reader: SolanaReader
  readonly head: number
  readonly watched: readonly WatchedSolanaAddress[]
  readonly settings: ServerConfig['indexer']['solana']
  readonly tokens: readonly TokenConfig[]
  readonly log: Logger
  readonly state: SolanaFollowState
  readonly signal: AbortSignal
}): Promise<SolanaStepResult> {
  const { chain, head, settings, signal } = parameters
  let budget = settings.transactionsPerStep
  let transactions = 0
  const caughtUp: string[] = []
  for (const entry of parameters.watched.slice(0, settings.addressesPerStep)) {
    if (signal.aborted) break
    if (entry.indexedTo >= head) {
      caughtUp.push(entry.address)
      continue
    }
    try {
      const done = await syncAddress(parameters, entry, Math.max(budget, 1))
      budget -= done.read
      transactions += done.read
      if (done.indexedTo >= head) caughtUp.push(entry.address)
    } catch (error) {
      if (error instanceof SolanaNodeUnreachableError || signal.aborted) throw error
      // A node not yet at the slot this step reads to: the address waits for the next step.
      if (error instanceof SolanaNodeBehindError) continue
      // An error answer about one address (a node refusing its index, say) holds up no other.
      parameters.log.warn('indexer: solana address not synced', {
        chainId: chain.id,
        address: entry.address,
        error,
      })
    }
    if (budget <= 0) break
  }
  return { transactions, caughtUp }
}

/** The address's signatures after `indexedTo` up to `head`, oldest first; at most `historyDepth`. */
async function listSignatures(
  parameters: Parameters<typeof followSolana>[0],
  entry: WatchedSolanaAddress,
): Promise<SignatureInfo[]> {
  const { reader, head, settings, signal, log, chain } = parameters
  const floor = Math.max(entry.indexedTo, chain.startBlock - 1)
  const found = new Map<string, SignatureInfo>()
  let before: string | undefined
  let malformed = 0
  let deeper = false
  const pages = Math.ceil(settings.historyDepth / SIGNATURES_PER_PAGE) + 1
  for (let page = 0; page < pages; page += 1) {
    const limit = Math.min(SIGNATURES_PER_PAGE, settings.historyDepth - found.size + 1)
    const answer = readSignatures(
      await reader.signatures(
        entry.address,
        { limit, minContextSlot: head, ...(before ? { before } : {}) },
        signal,
      ),
    )
    malformed += answer.malformed
    let older = false
    for (const item of answer.valid) {
      if (item.slot <= floor) {
        older = true
        continue
      }
      // Newer than the head the step reads to: the next step's.
      if (item.slot > head || found.has(item.signature)) continue
      if (found.size >= settings.historyDepth) {
        deeper = true
        break
      }
      found.set(item.signature, item)
    }
    if (older || deeper || answer.length < limit || !answer.last) break
    before = answer.last
  }
  if (malformed > 0) {
    log.warn('indexer: malformed solana signatures skipped', {
      chainId: chain.id,
      address: entry.address,
      malformed,
    })
  }
  if (deeper) {
    log.info('indexer: solana history deeper than historyDepth; older transactions not read', {
      chainId: chain.id,
      address: entry.address,
      historyDepth: settings.historyDepth,
    })
  }
  // The node lists newest first; within a slot its order is kept, reversed.
  return [...found.values()].reverse().sort((a, b) => a.slot - b.slot)
}

/** Reads one transaction: its rows, a skip, or `'missing'` (to be asked again next step). */
async function readOne(
  parameters: Parameters<typeof followSolana>[0],
  address: string,
  listed: SignatureInfo,
): Promise<SolanaRows | 'skip' | 'missing'> {
  const { reader, chain, signal, log, state } = parameters
  let answer: unknown
  try {
    answer = await reader.transaction(listed.signature, signal)
  } catch (error) {
    if (error instanceof SolanaNodeUnreachableError || signal.aborted) throw error
    answer = null
  }
  if (answer === null) {
    const steps = (state.missing.get(listed.signature) ?? 0) + 1
    if (steps < MISSING_STEPS_BEFORE_SKIP) {
      state.missing.set(listed.signature, steps)
      // Bounded: the oldest count goes first (at worst a signature is waited for once more).
      if (state.missing.size > MAX_MISSING_KEPT) {
        state.missing.delete(state.missing.keys().next().value as string)
      }
      return 'missing'
    }
    state.missing.delete(listed.signature)
    log.warn('indexer: listed solana transaction never found; skipped', {
      chainId: chain.id,
      signature: listed.signature,
    })
    return 'skip'
  }
  state.missing.delete(listed.signature)
  const rows = collectSolanaTransaction({
    chainId: chain.id,
    address,
    listed,
    answer,
    native: chain.nativeCurrency,
    symbolOf: (mint) =>
      parameters.tokens.find((token) => token.chainId === chain.id && token.address === mint)
        ?.symbol,
  })
  if ('kind' in rows) {
    if (rows.kind === 'malformed') {
      log.warn('indexer: malformed solana transaction skipped', {
        chainId: chain.id,
        signature: listed.signature,
        reason: rows.reason.slice(0, 200),
      })
    }
    return 'skip'
  }
  return rows
}

/**
 * Syncs one address: its new signatures, slot by slot, until `budget` transactions were read (a
 * slot is never split), committed with its new `indexed_to`.
 */
async function syncAddress(
  parameters: Parameters<typeof followSolana>[0],
  entry: WatchedSolanaAddress,
  budget: number,
): Promise<{ read: number; indexedTo: number }> {
  const { db, chain, head, signal } = parameters
  const signatures = await listSignatures(parameters, entry)
  const rows: SolanaRows[] = []
  let read = 0
  let reached = entry.indexedTo
  let whole = true
  for (let start = 0; start < signatures.length; ) {
    const slot = signatures[start]!.slot
    let end = start
    while (end < signatures.length && signatures[end]!.slot === slot) end += 1
    if (read > 0 && read + (end - start) > budget) {
      whole = false
      break
    }
    const group = signatures.slice(start, end)
    const results: (SolanaRows | 'skip' | 'missing')[] = []
    for (let offset = 0; offset < group.length; offset += CONCURRENT_READS) {
      if (signal.aborted) throw signal.reason
      results.push(
        ...(await Promise.all(
          group
            .slice(offset, offset + CONCURRENT_READS)
            .map((listed) => readOne(parameters, entry.address, listed)),
        )),
      )
    }
    read += group.length
    // A slot with a transaction the node could not hand over yet is read again next step.
    if (results.includes('missing')) {
      whole = false
      break
    }
    for (const result of results) if (typeof result === 'object') rows.push(result)
    reached = slot
    start = end
  }
  const indexedTo = whole ? head : reached
  if (indexedTo === entry.indexedTo) return { read, indexedTo }
  await db.transaction(async (tx) => {
    // Moved on only from the slot it had when the step read it: an address unwatched meanwhile
    // gets nothing stored, one watched again keeps its own cursor.
    const moved = await tx
      .update(watchedAddresses)
      .set({ indexedTo })
      .where(
        and(
          eq(watchedAddresses.chainId, chain.id),
          eq(watchedAddresses.address, entry.address),
          eq(watchedAddresses.indexedTo, entry.indexedTo),
        ),
      )
      .returning({ address: watchedAddresses.address })
    if (moved.length === 0) return
    // Within a slot the order is the node's; across the address's history one sequence, so pages
    // of it never tie (decision 0308).
    const [last] = await tx
      .select({ txIndex: sql<number>`coalesce(max(${activityTransactions.txIndex}), -1)` })
      .from(activityTransactions)
      .where(
        and(
          eq(activityTransactions.chainId, chain.id),
          eq(activityTransactions.address, entry.address),
        ),
      )
    const base = Number(last?.txIndex ?? -1) + 1
    const transactionRows: TransactionRow[] = rows.map((entryRows, position) => ({
      ...entryRows.transaction,
      txIndex: base + position,
    }))
    const transferRows: TransferRow[] = rows.flatMap((entryRows) => [...entryRows.transfers])
    for (let offset = 0; offset < transactionRows.length; offset += 1_000) {
      await tx
        .insert(activityTransactions)
        .values(transactionRows.slice(offset, offset + 1_000))
        .onConflictDoNothing()
    }
    for (let offset = 0; offset < transferRows.length; offset += 1_000) {
      await tx
        .insert(activityTransfers)
        .values(transferRows.slice(offset, offset + 1_000))
        .onConflictDoNothing()
    }
  })
  return { read, indexedTo }
}
