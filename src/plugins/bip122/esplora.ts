/**
 * A client of an Esplora-shaped HTTP API (Blockstream's Esplora, mempool.space, or the Gangway
 * server's over its node): address stats and UTXOs, fee estimates, the tip height, a transaction's
 * status and hex, and `POST /tx`. Every answer is untrusted and checked item by item: a malformed
 * UTXO is dropped, not the whole list.
 * @module
 */
import * as z from 'zod/mini'
import { KitError } from '../../kernel/index.js'

/** §9 embedded-wallet HTTP RPC timeout, applied to every call so none waits forever. */
const TIMEOUT_MS = 10_000
/** More UTXOs than any wallet the kit should spend from in one send; the rest are ignored. */
const MAX_UTXOS = 5_000

const sats = z.number().check(z.int(), z.gte(0), z.lte(21e14))
const txid = z.string().check(z.regex(/^[0-9a-f]{64}$/))
const statusSchema = z.object({
  confirmed: z.boolean(),
  block_height: z.optional(z.number().check(z.int(), z.gte(0))),
})
const utxoSchema = z.object({
  txid,
  vout: z.number().check(z.int(), z.gte(0), z.lte(100_000)),
  value: sats,
  status: statusSchema,
})
const statsSchema = z.object({
  funded_txo_sum: sats,
  spent_txo_sum: sats,
})
const addressSchema = z.object({ chain_stats: statsSchema, mempool_stats: statsSchema })

/** An unspent output of an address. */
export interface Utxo {
  readonly txid: string
  readonly vout: number
  /** Satoshis. */
  readonly value: bigint
  readonly confirmed: boolean
  readonly height: number | undefined
}

/** An address's balance in satoshis: mined, and with the mempool's effect added. */
export interface AddressBalance {
  readonly confirmed: bigint
  readonly unconfirmed: bigint
}

/** The Esplora calls the plugin makes. @internal */
export interface EsploraClient {
  balance(address: string, signal: AbortSignal): Promise<AddressBalance>
  utxos(address: string, signal: AbortSignal): Promise<Utxo[]>
  /** Fee rates in sat/vB by confirmation target (blocks). */
  feeEstimates(signal: AbortSignal): Promise<ReadonlyMap<number, number>>
  tipHeight(signal: AbortSignal): Promise<number>
  transactionHex(id: string, signal: AbortSignal): Promise<string>
  transactionStatus(
    id: string,
    signal: AbortSignal,
  ): Promise<{ confirmed: boolean; height: number | undefined }>
  /** Broadcasts a raw transaction; resolves with the txid the API answered. */
  broadcast(hex: string, signal: AbortSignal): Promise<string>
}

const unexpected = (what: string) =>
  new KitError('UNKNOWN_ERROR', { details: `The Esplora API answered ${what} unexpectedly.` })

/**
 * An Esplora client on `baseUrl` (e.g. `https://mempool.space/api`). Failed HTTP statuses throw
 * §8 'HTTP status code: N' with the body's first line as details.
 * @internal
 */
export function createEsploraClient(baseUrl: string): EsploraClient {
  const base = baseUrl.replace(/\/$/, '')
  const call = async (path: string, signal: AbortSignal, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
    })
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).split('\n')[0]?.slice(0, 300)
      throw new KitError('HTTP_STATUS', {
        params: { status: response.status },
        ...(text ? { details: text } : {}),
      })
    }
    return response
  }
  const json = async (path: string, signal: AbortSignal) =>
    (await call(path, signal)).json() as Promise<unknown>
  const safe = encodeURIComponent

  return {
    balance: async (address, signal) => {
      const parsed = addressSchema.safeParse(await json(`/address/${safe(address)}`, signal))
      if (!parsed.success) throw unexpected('the address')
      const { chain_stats: chain, mempool_stats: mempool } = parsed.data
      const confirmed = BigInt(chain.funded_txo_sum) - BigInt(chain.spent_txo_sum)
      return {
        confirmed,
        unconfirmed: confirmed + BigInt(mempool.funded_txo_sum) - BigInt(mempool.spent_txo_sum),
      }
    },
    utxos: async (address, signal) => {
      const answer = await json(`/address/${safe(address)}/utxo`, signal)
      if (!Array.isArray(answer)) throw unexpected('the UTXO list')
      const seen = new Set<string>()
      return answer.slice(0, MAX_UTXOS).flatMap((item) => {
        const parsed = utxoSchema.safeParse(item)
        if (!parsed.success) return []
        const { data } = parsed
        // One outpoint listed twice would be spent twice in one transaction: invalid.
        const key = `${data.txid}:${data.vout}`
        if (seen.has(key)) return []
        seen.add(key)
        return [
          {
            txid: data.txid,
            vout: data.vout,
            value: BigInt(data.value),
            confirmed: data.status.confirmed,
            height: data.status.block_height,
          },
        ]
      })
    },
    feeEstimates: async (signal) => {
      const answer = await json('/fee-estimates', signal)
      const rates = new Map<number, number>()
      if (typeof answer !== 'object' || answer === null) throw unexpected('the fee estimates')
      for (const [target, rate] of Object.entries(answer).slice(0, 100)) {
        const blocks = Number(target)
        // A rate above 10,000 sat/vB is no estimate anyone should pay.
        if (
          Number.isInteger(blocks) &&
          blocks > 0 &&
          typeof rate === 'number' &&
          rate > 0 &&
          rate <= 10_000
        )
          rates.set(blocks, rate)
      }
      return rates
    },
    tipHeight: async (signal) => {
      const text = (await (await call('/blocks/tip/height', signal)).text()).trim()
      if (!/^\d{1,9}$/.test(text)) throw unexpected('the tip height')
      return Number(text)
    },
    transactionHex: async (id, signal) => {
      const text = (await (await call(`/tx/${safe(id)}/hex`, signal)).text()).trim()
      if (!/^([0-9a-f]{2}){10,2000000}$/.test(text)) throw unexpected('the transaction')
      return text
    },
    transactionStatus: async (id, signal) => {
      const parsed = statusSchema.safeParse(await json(`/tx/${safe(id)}/status`, signal))
      if (!parsed.success) throw unexpected('the transaction status')
      return { confirmed: parsed.data.confirmed, height: parsed.data.block_height }
    },
    broadcast: async (hex, signal) => {
      const text = (
        await (
          await call('/tx', signal, {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: hex,
          })
        ).text()
      ).trim()
      if (!txid.safeParse(text).success) throw unexpected('the broadcast')
      return text
    },
  }
}
