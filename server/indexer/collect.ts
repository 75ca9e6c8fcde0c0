/**
 * What one block means for the watched addresses: their native transfers, ERC20 `Transfer` logs,
 * the ERC20 `Approval` logs of allowances they set themselves, and each touched transaction's
 * status and fee, as rows to store. Pure apart from the reads it is given.
 * @module
 */
import { type Block, decodeEventLog, erc20Abi, type Log, type Transaction } from 'viem'

/** The ERC20 `Transfer(address,address,uint256)` topic. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** The ERC20 `Approval(address,address,uint256)` topic. */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'

/** A transaction row, as one watched address sees it. */
export interface TransactionRow {
  chainId: string
  address: string
  hash: string
  blockNumber: number
  txIndex: number
  minedAt: number
  status: 'confirmed' | 'failed'
  operationType: 'send' | 'receive' | 'approve' | 'execute'
  sentFrom: string
  sentTo: string
  fee: string
}

/**
 * A transfer row, or an allowance the address set (`direction: 'approval'`: `amount` is what the
 * spender may now take; stored beside the transfers, never counted as one).
 */
export interface TransferRow {
  chainId: string
  address: string
  hash: string
  logIndex: number
  token: string | null
  symbol: string
  decimals: number
  amount: string
  direction: 'in' | 'out' | 'self' | 'approval'
}

/** A receipt's part the indexer needs. */
export interface ReceiptFacts {
  readonly status: 'success' | 'reverted'
  readonly fee: bigint
  readonly contractAddress: string | null
}

/** Token metadata. */
export interface TokenFacts {
  readonly symbol: string
  readonly decimals: number
}

const direction = (from: string, to: string, address: string): TransferRow['direction'] =>
  from === address && to === address ? 'self' : from === address ? 'out' : 'in'

/**
 * The rows of one block for the watched addresses.
 * @param parameters - the block (with transactions), its Transfer logs, the addresses (lower
 * case) still to index at this block, and readers for receipts and token metadata.
 * @returns the rows.
 */
export async function collectBlock(parameters: {
  readonly chainId: string
  readonly block: Block<bigint, true>
  readonly logs: readonly Log[]
  readonly addresses: ReadonlySet<string>
  readonly native: TokenFacts
  readonly receipt: (hash: `0x${string}`) => Promise<ReceiptFacts>
  readonly token: (address: `0x${string}`) => Promise<TokenFacts>
}): Promise<{ transactions: TransactionRow[]; transfers: TransferRow[] }> {
  const { chainId, block, addresses } = parameters
  const byHash = new Map<string, Transaction>(
    block.transactions.map((transaction) => [transaction.hash, transaction as Transaction]),
  )
  /** Per transaction hash, per watched address: its transfers. */
  const touched = new Map<string, Map<string, TransferRow[]>>()
  /** Who paid and who got the first transfer, per hash and address (§3 sentFrom, sentTo). */
  const parties = new Map<string, { from: string; to: string }>()
  const touch = (hash: string, address: string, row?: TransferRow, from?: string, to?: string) => {
    if (row && from && to && !parties.has(`${hash}|${address}`)) {
      parties.set(`${hash}|${address}`, { from, to })
    }
    let perAddress = touched.get(hash)
    if (!perAddress) {
      perAddress = new Map()
      touched.set(hash, perAddress)
    }
    const rows = perAddress.get(address) ?? []
    if (row) rows.push(row)
    perAddress.set(address, rows)
  }

  for (const transaction of block.transactions) {
    const from = transaction.from.toLowerCase()
    const to = transaction.to?.toLowerCase() ?? ''
    for (const address of new Set([from, to])) {
      if (!addresses.has(address)) continue
      const row: TransferRow | undefined =
        transaction.value > 0n
          ? {
              chainId,
              address,
              hash: transaction.hash,
              logIndex: -1,
              token: null,
              symbol: parameters.native.symbol,
              decimals: parameters.native.decimals,
              amount: transaction.value.toString(),
              direction: direction(from, to, address),
            }
          : undefined
      touch(transaction.hash, address, row, from, to)
    }
  }

  for (const log of parameters.logs) {
    if (log.topics.length === 3 && log.topics[0] === APPROVAL_TOPIC && log.transactionHash) {
      let approval: { owner: string; value: bigint }
      try {
        approval = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics })
          .args as unknown as { owner: string; value: bigint }
      } catch {
        continue
      }
      const owner = approval.owner.toLowerCase()
      // Only an allowance the address set in its own transaction: a spender's transferFrom that
      // lowers it (some tokens log that as an Approval too) is no approval of the address's.
      const sender = byHash.get(log.transactionHash)?.from.toLowerCase()
      if (!addresses.has(owner) || sender !== owner) continue
      const token = await parameters.token(log.address)
      touch(log.transactionHash, owner, {
        chainId,
        address: owner,
        hash: log.transactionHash,
        logIndex: log.logIndex ?? 0,
        token: log.address.toLowerCase(),
        symbol: token.symbol,
        decimals: token.decimals,
        amount: approval.value.toString(),
        direction: 'approval',
      })
      continue
    }
    // ERC721 Transfer has a fourth topic (the token id); only fungible transfers count here.
    if (log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC || !log.transactionHash)
      continue
    let decoded: { from: string; to: string; value: bigint }
    try {
      decoded = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics })
        .args as unknown as { from: string; to: string; value: bigint }
    } catch {
      continue
    }
    const from = decoded.from.toLowerCase()
    const to = decoded.to.toLowerCase()
    const involved = [...new Set([from, to])].filter((address) => addresses.has(address))
    if (involved.length === 0) continue
    const token = await parameters.token(log.address)
    for (const address of involved) {
      touch(
        log.transactionHash,
        address,
        {
          chainId,
          address,
          hash: log.transactionHash,
          logIndex: log.logIndex ?? 0,
          token: log.address.toLowerCase(),
          symbol: token.symbol,
          decimals: token.decimals,
          amount: decoded.value.toString(),
          direction: direction(from, to, address),
        },
        from,
        to,
      )
    }
  }

  const transactions: TransactionRow[] = []
  const transfers: TransferRow[] = []
  for (const [hash, perAddress] of touched) {
    const transaction = byHash.get(hash)
    if (!transaction) continue
    const receipt = await parameters.receipt(hash as `0x${string}`)
    for (const [address, rows] of perAddress) {
      const party = parties.get(`${hash}|${address}`)
      const isOut = rows.some((row) => row.direction === 'out' || row.direction === 'self')
      const isIn = rows.some((row) => row.direction === 'in')
      const isApproval = rows.some((row) => row.direction === 'approval')
      transactions.push({
        chainId,
        address,
        hash,
        blockNumber: Number(block.number),
        txIndex: transaction.transactionIndex ?? 0,
        minedAt: Number(block.timestamp) * 1000,
        status: receipt.status === 'success' ? 'confirmed' : 'failed',
        operationType: isOut ? 'send' : isIn ? 'receive' : isApproval ? 'approve' : 'execute',
        // A token transfer goes from its sender to its receiver, not to the token contract.
        sentFrom: party?.from ?? transaction.from.toLowerCase(),
        sentTo:
          party?.to ??
          (transaction.to ?? receipt.contractAddress ?? transaction.from).toLowerCase(),
        // Only the sender pays for gas.
        fee: transaction.from.toLowerCase() === address ? receipt.fee.toString() : '0',
      })
      transfers.push(...rows)
    }
  }
  return { transactions, transfers }
}
