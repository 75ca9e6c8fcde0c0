/**
 * What the approval of an unsafe request says it does. It is read from what will be signed, never
 * from what the page says about it, on this wallet's own account and the network's family:
 * anything the frame cannot show, or that is not this wallet's to sign, is refused before the
 * visitor is asked.
 * @module
 */
import { type Hex, hexToString, isAddress, isHex } from 'viem'
import { fromScaledInteger } from '../../../src/kernel/rules/decimal.js'
import type { SummaryLine } from './dialogs.js'
import { AN_ERROR_OCCURRED, FrameError, INVALID_INPUT, NETWORK_NOT_FOUND } from './frameErrors.js'
import { RPC_NOT_ALLOWED, sendCallsSchema } from './rpcPolicy.js'
import {
  type ReadSolanaTransaction,
  readSolanaTransaction,
  UnsignableTransaction,
} from './solana.js'

/** An unsafe request as read before the visitor's approval. */
export interface Prepared {
  readonly summary: readonly SummaryLine[]
  /** A Solana transaction: the bytes that were read are the bytes signed. */
  readonly solana?: ReadSolanaTransaction
}

const base64Bytes = (text: string): Uint8Array => {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    throw new FrameError(INVALID_INPUT)
  }
}

/** Kept for the message a decoded personal_sign shows on the approval. */
export const readableMessage = (message: string): string =>
  isHex(message) ? hexToString(message as Hex) : message

const ETHER_DECIMALS = 18

/** A message to sign: the words that say so, then the message itself as it will be signed. */
const messageSummary = (message: unknown): SummaryLine[] => [
  { id: 'summary.signMessage' },
  { text: typeof message === 'string' ? readableMessage(message).slice(0, 2_000) : '' },
]

/**
 * Reads an unsafe request before the visitor is asked.
 * @param method - the RPC method (an unsafe one).
 * @param params - its parameters, as the page sent them.
 * @param on - the CAIP-2 network it is for.
 * @param accounts - this wallet's addresses.
 * @returns what the approval shows, and what signing needs of what was read.
 * @throws FrameError when it cannot be shown, is not this wallet's, or is not for this family.
 */
export function prepareApproval(
  method: string,
  params: unknown,
  on: string,
  accounts: { readonly eip155: string; readonly solana: string },
): Prepared {
  const family = on.split(':')[0]
  if (method.startsWith('solana_') !== (family === 'solana'))
    throw new FrameError(NETWORK_NOT_FOUND)
  const list = Array.isArray(params) ? params : []
  const record = (params ?? {}) as Record<string, unknown>
  switch (method) {
    case 'personal_sign': {
      const [message] = list as [unknown]
      return { summary: messageSummary(message) }
    }
    case 'eth_signTypedData_v4': {
      const [, typed] = list as [unknown, unknown]
      const data = (typeof typed === 'string' ? JSON.parse(typed) : typed) as {
        domain?: { name?: unknown }
        primaryType?: unknown
      }
      // The struct's name is the dapp's own word: it is shown as it is, in every language.
      const primaryType = String(data?.primaryType ?? 'EIP-712')
      const app = data?.domain?.name
      return {
        summary: [
          app === undefined
            ? { id: 'summary.signTypedDataNoApp', values: { primaryType } }
            : { id: 'summary.signTypedData', values: { primaryType, app: String(app) } },
        ],
      }
    }
    case 'eth_sendTransaction':
    case 'wallet_sendCalls': {
      const calls =
        method === 'wallet_sendCalls'
          ? sendCallsSchema.parse(list)[0].calls
          : [list[0] as { from?: unknown; to?: unknown; data?: unknown; value?: unknown }]
      const from = (list[0] as { from?: unknown } | undefined)?.from
      if (typeof from === 'string' && from.toLowerCase() !== accounts.eip155.toLowerCase())
        throw new FrameError(AN_ERROR_OCCURRED)
      return {
        summary: calls.map((call): SummaryLine => {
          if (!call || typeof call.to !== 'string' || !isAddress(call.to))
            throw new FrameError(INVALID_INPUT)
          const amount = fromScaledInteger(
            BigInt(typeof call.value === 'string' ? call.value : '0x0'),
            ETHER_DECIMALS,
          )
          const data = typeof call.data === 'string' && call.data !== '0x' ? call.data : undefined
          return data
            ? {
                id: 'summary.callContract',
                values: { to: call.to, symbol: 'ETH', selector: data.slice(0, 10) },
                amounts: { amount },
              }
            : { id: 'summary.send', values: { to: call.to, symbol: 'ETH' }, amounts: { amount } }
        }),
      }
    }
    case 'solana_signMessage':
      return { summary: messageSummary(record.message) }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      if (typeof record.transaction !== 'string' || record.transaction.length > 16_384)
        throw new FrameError(INVALID_INPUT)
      try {
        const read = readSolanaTransaction(base64Bytes(record.transaction), accounts.solana)
        return { summary: read.summary, solana: read }
      } catch (error) {
        if (error instanceof UnsignableTransaction) throw new FrameError(INVALID_INPUT)
        throw error
      }
    }
    default:
      throw new FrameError(RPC_NOT_ALLOWED)
  }
}
