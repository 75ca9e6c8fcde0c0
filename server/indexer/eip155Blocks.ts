/**
 * Reading an eip155 chain for the indexer: the node's head, the facts of the tokens it meets, and
 * one batch of blocks turned into rows for the addresses each block was read for.
 * @module
 */
import { erc20Abi, type Log, type PublicClient } from 'viem'
import type { ChainConfig, TokenConfig } from '../config.js'
import {
  APPROVAL_TOPIC,
  collectBlock,
  type TokenFacts,
  TRANSFER_TOPIC,
  type TransactionRow,
  type TransferRow,
} from './collect.js'
import type { WatchedAddress } from './watchList.js'

/**
 * The node's head, asked now: viem's `getBlockNumber` hands a concurrent caller the answer of a
 * request already in flight, which can predate the block being waited for.
 * @param client - the chain's client.
 * @returns the newest block number.
 */
export async function headOf(client: PublicClient): Promise<number> {
  return Number(BigInt(await client.request({ method: 'eth_blockNumber' })))
}

/** Looks up a token's symbol and decimals. */
export type TokenFactsReader = (
  chain: ChainConfig,
  client: PublicClient,
  address: `0x${string}`,
) => Promise<TokenFacts>

/**
 * Creates a token-facts reader: configured tokens as configured, others asked of the chain once.
 * @param tokens - the configured tokens.
 * @returns the reader, with its own cache.
 */
export function createTokenFacts(tokens: readonly TokenConfig[]): TokenFactsReader {
  const tokenCache = new Map<string, TokenFacts>()
  return async (chain, client, address) => {
    const key = `${chain.id}:${address.toLowerCase()}`
    const configured = tokens.find(
      (token) =>
        token.chainId === chain.id && token.address.toLowerCase() === address.toLowerCase(),
    )
    if (configured) return { symbol: configured.symbol, decimals: configured.decimals }
    const cached = tokenCache.get(key)
    if (cached) return cached
    // An unknown token names itself; one that cannot is shown as raw units.
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }).catch(() => '?'),
      client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }).catch(() => 0),
    ])
    const facts = { symbol: String(symbol).slice(0, 16), decimals: Number(decimals) }
    tokenCache.set(key, facts)
    return facts
  }
}

/** What one batch of blocks holds for the watched addresses. */
export interface BlockBatch {
  readonly transactions: TransactionRow[]
  readonly transfers: TransferRow[]
  /** The hashes of the blocks a reorg can still replace, to compare with the node later. */
  readonly blocks: { chainId: string; number: number; hash: string }[]
  /** The last block read (`cursor` when none was). */
  readonly last: number
}

/**
 * Reads the blocks `cursor + 1` to `to` for every address whose own cursor is `cursor` or, as the
 * read passes it, higher. Stops early when the node moves under it (a block whose parent is not
 * the one before) or the indexer stops: what was read so far is returned.
 * @param parameters - chain, client, watched addresses, the batch's cursor and end, the node's
 * head, the reorg depth, the stored hash of block `cursor`, whether the indexer stopped, and the
 * token-facts reader.
 * @returns the rows and hashes read, and the last block read.
 */
export async function readBlocks(parameters: {
  readonly chain: ChainConfig
  readonly client: PublicClient
  readonly watched: readonly WatchedAddress[]
  readonly cursor: number
  readonly to: number
  readonly head: number
  readonly reorgDepth: number
  readonly parentHash: string | undefined
  readonly isStopped: () => boolean
  readonly tokenFacts: TokenFactsReader
}): Promise<BlockBatch> {
  const { chain, client, watched, cursor, to, head } = parameters
  const chainId = chain.id
  const from = cursor + 1
  const logs = await client.getLogs({
    fromBlock: BigInt(from),
    toBlock: BigInt(to),
    // biome-ignore lint/suspicious/noExplicitAny: viem types topic filters per event; raw topics here
    topics: [[TRANSFER_TOPIC, APPROVAL_TOPIC]] as any,
  } as Parameters<PublicClient['getLogs']>[0])
  let parentHash = parameters.parentHash
  const transactions: TransactionRow[] = []
  const transfers: TransferRow[] = []
  const blocks: { chainId: string; number: number; hash: string }[] = []
  let last = cursor
  for (let number = from; number <= to && !parameters.isStopped(); number += 1) {
    const block = await client.getBlock({
      blockNumber: BigInt(number),
      includeTransactions: true,
    })
    // The node moved under us: what was read so far is kept; the next step's reorg check
    // rolls back first.
    if (parentHash !== undefined && parentHash !== block.parentHash) break
    parentHash = block.hash!
    const addresses = new Set(
      watched
        .filter((entry) => entry.indexedTo >= cursor && entry.indexedTo < number)
        .map((entry) => entry.address),
    )
    const rows = await collectBlock({
      chainId,
      block,
      logs: (logs as Log[]).filter((entry) => Number(entry.blockNumber) === number),
      addresses,
      native: chain.nativeCurrency,
      receipt: async (hash) => {
        const receipt = await client.getTransactionReceipt({ hash })
        return {
          status: receipt.status,
          fee: receipt.gasUsed * receipt.effectiveGasPrice,
          contractAddress: receipt.contractAddress ?? null,
        }
      },
      token: (address) => parameters.tokenFacts(chain, client, address),
    })
    transactions.push(...rows.transactions)
    transfers.push(...rows.transfers)
    // Only blocks a reorg can still replace are kept to compare with the node later.
    if (number > head - parameters.reorgDepth) blocks.push({ chainId, number, hash: block.hash! })
    last = number
  }
  return { transactions, transfers, blocks, last }
}
