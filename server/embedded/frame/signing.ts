/**
 * Signs or sends an unsafe request once the visitor approved it, with keys derived for this one
 * call and dropped after it. A Solana transaction is signed from the very bytes the approval was
 * read from, so what the visitor saw is what is signed.
 * @module
 */
import { bytesToHex, type Hex, hexToBytes, isHex } from 'viem'
import { deriveKeys, type WalletKeys } from './accounts.js'
import type { Prepared } from './approvalSummary.js'
import { AN_ERROR_OCCURRED, FrameError, INVALID_INPUT } from './frameErrors.js'
import type { NodeCall } from './nodeRpc.js'
import { sendCallsSchema } from './rpcPolicy.js'
import { signatureText } from './solana.js'

const bytesBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

/** One approved request, and what signing it needs. */
export interface ApprovedRequest {
  readonly method: string
  readonly params: unknown
  /** The CAIP-2 network. */
  readonly on: string
  readonly rpcUrl: string
  readonly prepared: Prepared
}

/**
 * Signs (and for a send, sends) an approved request.
 * @param entropy - the wallet's seed entropy, opened for this call; wiped here.
 * @param request - the request as approved.
 * @param nodeCall - the node caller.
 * @returns the RPC result the kit gets.
 */
export async function signApproved(
  entropy: Uint8Array,
  request: ApprovedRequest,
  nodeCall: NodeCall,
): Promise<unknown> {
  const { method, params, on, rpcUrl, prepared } = request
  let keys: WalletKeys
  try {
    keys = deriveKeys(entropy)
  } finally {
    entropy.fill(0)
  }
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'personal_sign': {
      const [message, address] = list as [unknown, unknown]
      if (typeof message !== 'string' || typeof address !== 'string')
        throw new FrameError(INVALID_INPUT)
      if (address.toLowerCase() !== keys.eip155.address.toLowerCase())
        throw new FrameError(AN_ERROR_OCCURRED)
      return keys.eip155.signMessage({
        message: isHex(message) ? { raw: message as Hex } : message,
      })
    }
    case 'eth_signTypedData_v4': {
      const [, typed] = list as [unknown, unknown]
      const data = typeof typed === 'string' ? (JSON.parse(typed) as Record<string, never>) : typed
      return keys.eip155.signTypedData(data as never)
    }
    case 'eth_sendTransaction':
    case 'wallet_sendCalls': {
      const calls =
        method === 'wallet_sendCalls'
          ? sendCallsSchema.parse(list)[0].calls
          : [list[0] as { to: string; data?: string; value?: string }]
      const reference = Number(on.split(':')[1])
      const hashes: string[] = []
      for (const call of calls) {
        const nonce = (await nodeCall(rpcUrl, 'eth_getTransactionCount', [
          keys.eip155.address,
          'pending',
        ])) as Hex
        const gasPrice = (await nodeCall(rpcUrl, 'eth_gasPrice', [])) as Hex
        const transaction = {
          to: call.to as Hex,
          data: (call.data ?? '0x') as Hex,
          value: BigInt(call.value ?? '0x0'),
          nonce: Number(BigInt(nonce)),
          gasPrice: BigInt(gasPrice),
          chainId: reference,
        }
        const gas = (await nodeCall(rpcUrl, 'eth_estimateGas', [
          {
            from: keys.eip155.address,
            to: call.to,
            data: transaction.data,
            value: call.value ?? '0x0',
          },
        ])) as Hex
        const raw = await keys.eip155.signTransaction({
          ...transaction,
          gas: BigInt(gas),
          type: 'legacy',
        })
        hashes.push((await nodeCall(rpcUrl, 'eth_sendRawTransaction', [raw])) as string)
      }
      return method === 'wallet_sendCalls' ? { id: hashes.at(-1) } : hashes[0]
    }
    case 'solana_signMessage': {
      const { message } = (params ?? {}) as { message?: unknown }
      if (typeof message !== 'string') throw new FrameError(INVALID_INPUT)
      const bytes = isHex(message) ? hexToBytes(message as Hex) : new TextEncoder().encode(message)
      return { signature: bytesToHex(keys.solana.sign(bytes)) }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      if (!prepared.solana) throw new FrameError(AN_ERROR_OCCURRED)
      const signed = prepared.solana.signWith(keys.solana.sign)
      const text = bytesBase64(signed)
      if (method === 'solana_signTransaction') return { transaction: text }
      await nodeCall(rpcUrl, 'sendTransaction', [
        text,
        { encoding: 'base64', preflightCommitment: 'confirmed' },
      ])
      return { signature: signatureText(signed, keys.solana.address) }
    }
    default:
      throw new FrameError(AN_ERROR_OCCURRED)
  }
}
