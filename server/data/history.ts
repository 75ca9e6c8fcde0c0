/**
 * `GET /v1/account/{address}/history`: one page of an address's transactions, newest first, with
 * a cursor to the next (§7: account, cursor, chainId → data, next).
 * @module
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { formatUnits, getAddress } from 'viem'
import type { HistoryResponse, ServiceTransaction } from '../../src/services/gangway/schemas.js'
import type { ChainConfig } from '../config.js'
import { HttpError } from '../http.js'
import type { Database } from '../storage/openStorage.js'
import { activityTransactions, activityTransfers } from '../storage/schema.js'

/** An allowance this large (2^128 base units) or larger reads as unlimited: no token holds that much. */
const UNLIMITED_APPROVAL = 2n ** 128n

/** Transactions per page unless the client asks for fewer (at most 100). */
export const DEFAULT_PAGE_SIZE = 20

/**
 * A chain id a cursor may name: eip155, or solana (`solana:` and 32 base58 characters). Anything
 * else is no cursor this server wrote.
 */
const CURSOR_CHAIN_ID = /^(?:eip155:\d{1,12}|solana:[1-9A-HJ-NP-Za-km-z]{32})$/

/** Where a page ends: the sort key of its last transaction. */
export interface Cursor {
  readonly minedAt: number
  readonly chainId: string
  readonly blockNumber: number
  readonly txIndex: number
}

/**
 * Writes a cursor (what `decodeCursor` reads back).
 * @internal
 */
export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(
    `${cursor.minedAt}|${cursor.chainId}|${cursor.blockNumber}|${cursor.txIndex}`,
  ).toString('base64url')

/**
 * Reads a cursor.
 * @throws HttpError 400 for a malformed one.
 */
export function decodeCursor(text: string): Cursor {
  const parts = Buffer.from(text, 'base64url').toString('utf8').split('|')
  const [minedAt, chainId, blockNumber, txIndex] = parts
  if (
    parts.length !== 4 ||
    !/^\d{1,16}$/.test(minedAt ?? '') ||
    !CURSOR_CHAIN_ID.test(chainId ?? '') ||
    !/^\d{1,16}$/.test(blockNumber ?? '') ||
    !/^\d{1,9}$/.test(txIndex ?? '')
  ) {
    throw new HttpError(400, 'INVALID_REQUEST', 'query.cursor: Malformed cursor')
  }
  return {
    minedAt: Number(minedAt),
    chainId: chainId!,
    blockNumber: Number(blockNumber),
    txIndex: Number(txIndex),
  }
}

/**
 * An address as the indexer stores it: eip155 in lower case, base58 (solana) as written, since
 * its case is part of it.
 */
export const storedAddress = (address: string): string =>
  address.startsWith('0x') ? address.toLowerCase() : address

/** An address as the service shows it: eip155 checksummed, base58 as stored. */
const shownAddress = (address: string) => (address.startsWith('0x') ? getAddress(address) : address)

/**
 * Reads one page of history.
 * @param db - the database.
 * @param parameters - the address (eip155 in any case, solana as written), the chains to include
 * (of the address's namespace), cursor and page size.
 * @returns the page.
 * @throws HttpError 400 for a malformed cursor.
 */
export async function readHistory(
  db: Database,
  parameters: {
    readonly address: string
    readonly chains: readonly ChainConfig[]
    readonly cursor: string | undefined
    readonly limit: number
    /** Configured token icons, by `chainId:token address` (lower case). */
    readonly icons?: ReadonlyMap<string, string>
  },
): Promise<HistoryResponse> {
  const address = storedAddress(parameters.address)
  const chainIds = parameters.chains.map((chain) => chain.id)
  if (chainIds.length === 0) return { data: [], next: null }
  const cursor = parameters.cursor ? decodeCursor(parameters.cursor) : undefined
  const t = activityTransactions
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.address, address),
        inArray(t.chainId, chainIds),
        cursor
          ? sql`(${t.minedAt}, ${t.chainId}, ${t.blockNumber}, ${t.txIndex}) < (${cursor.minedAt}, ${cursor.chainId}, ${cursor.blockNumber}, ${cursor.txIndex})`
          : undefined,
      ),
    )
    .orderBy(desc(t.minedAt), desc(t.chainId), desc(t.blockNumber), desc(t.txIndex))
    .limit(parameters.limit + 1)
  const page = rows.slice(0, parameters.limit)
  const transfers =
    page.length === 0
      ? []
      : await db
          .select()
          .from(activityTransfers)
          .where(
            and(
              eq(activityTransfers.address, address),
              inArray(
                activityTransfers.hash,
                page.map((row) => row.hash),
              ),
            ),
          )
  const decimalsOf = new Map(parameters.chains.map((chain) => [chain.id, chain.nativeCurrency]))
  const iconOf = (chainId: string, token: string | null) =>
    token ? parameters.icons?.get(`${chainId}:${token.toLowerCase()}`) : undefined
  const data = page.map((row): ServiceTransaction => {
    const rowsOf = transfers
      .filter((transfer) => transfer.chainId === row.chainId && transfer.hash === row.hash)
      .sort((a, b) => a.logIndex - b.logIndex)
    // Allowances are kept beside the transfers (decision 0307) and served apart from them.
    const own = rowsOf.filter((transfer) => transfer.direction !== 'approval')
    const approvals = rowsOf.flatMap((approval) => {
      if (approval.direction !== 'approval' || !approval.token) return []
      const icon = iconOf(row.chainId, approval.token)
      const amount = BigInt(approval.amount)
      return [
        {
          fungible_info: {
            symbol: approval.symbol,
            address: getAddress(approval.token),
            ...(icon ? { icon: { url: icon } } : {}),
          },
          quantity: { numeric: formatUnits(amount, approval.decimals) },
          ...(amount >= UNLIMITED_APPROVAL ? { unlimited: true } : {}),
        },
      ]
    })
    return {
      id: row.hash,
      metadata: {
        minedAt: new Date(row.minedAt).toISOString(),
        chain: row.chainId,
        operationType: row.operationType as ServiceTransaction['metadata']['operationType'],
        status: row.status as ServiceTransaction['metadata']['status'],
        sentFrom: shownAddress(row.sentFrom),
        sentTo: shownAddress(row.sentTo),
        fee: formatUnits(BigInt(row.fee), decimalsOf.get(row.chainId)?.decimals ?? 18),
        blockNumber: row.blockNumber,
      },
      ...(approvals.length > 0 ? { approvals } : {}),
      transfers: own.map((transfer) => {
        const icon = iconOf(row.chainId, transfer.token)
        return {
          fungible_info: {
            symbol: transfer.symbol,
            ...(transfer.token ? { address: shownAddress(transfer.token) } : {}),
            ...(icon ? { icon: { url: icon } } : {}),
          },
          quantity: { numeric: formatUnits(BigInt(transfer.amount), transfer.decimals) },
          direction: transfer.direction as 'in' | 'out' | 'self',
        }
      }),
    }
  })
  const last = page.at(-1)
  return {
    data,
    next: rows.length > parameters.limit && last ? encodeCursor(last) : null,
  }
}
