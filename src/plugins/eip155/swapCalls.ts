/**
 * Reads the call data of a swap's transactions (a Uniswap V2 Router02 swap, or an ERC-20
 * approval) so the swap feature can check them before the wallet sees them. Loaded only when a
 * swap is prepared.
 * @module
 */
import { decodeFunctionData, encodeFunctionData, isHex } from 'viem'
import type { SwapCall } from '../../features/swap/capability.js'

const path = { name: 'path', type: 'address[]' } as const
const to = { name: 'to', type: 'address' } as const
const deadline = { name: 'deadline', type: 'uint256' } as const
const amountIn = { name: 'amountIn', type: 'uint256' } as const
const amountOutMin = { name: 'amountOutMin', type: 'uint256' } as const
const amounts = [{ name: 'amounts', type: 'uint256[]' }] as const

/**
 * The calls a swap sends, and nothing else: Router02's three exact-input swaps (the
 * fee-on-transfer variants and the exact-output ones are refused, as the swap never asks for
 * them) and ERC-20 `approve`.
 */
const swapCallAbi = [
  {
    type: 'function',
    name: 'swapExactETHForTokens',
    stateMutability: 'payable',
    inputs: [amountOutMin, path, to, deadline],
    outputs: amounts,
  },
  {
    type: 'function',
    name: 'swapExactTokensForETH',
    stateMutability: 'nonpayable',
    inputs: [amountIn, amountOutMin, path, to, deadline],
    outputs: amounts,
  },
  {
    type: 'function',
    name: 'swapExactTokensForTokens',
    stateMutability: 'nonpayable',
    inputs: [amountIn, amountOutMin, path, to, deadline],
    outputs: amounts,
  },
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const

/**
 * The swap call that call data encodes, or `undefined` when it is none of them. Only the standard
 * encoding counts: call data that decodes but does not encode back to the same bytes (dirty
 * padding, offsets pointing elsewhere, trailing bytes) is refused, so what the kit checked is what
 * the contract reads.
 * @example
 * import { decodeEip155SwapCall } from './swapCalls.js'
 * decodeEip155SwapCall('0x095ea7b3…') // { functionName: 'approve', spender: '0x…', amount: '125500000' }
 * @param data - the transaction's call data, `0x…` hex.
 * @returns the call, or `undefined`.
 * @internal
 */
export function decodeEip155SwapCall(data: string): SwapCall | undefined {
  if (!isHex(data, { strict: true })) return undefined
  let call: ReturnType<typeof decodeFunctionData<typeof swapCallAbi>>
  try {
    call = decodeFunctionData({ abi: swapCallAbi, data })
  } catch {
    return undefined
  }
  const canonical = encodeFunctionData({
    abi: swapCallAbi,
    functionName: call.functionName,
    args: call.args,
  } as Parameters<typeof encodeFunctionData<typeof swapCallAbi>>[0])
  if (canonical.toLowerCase() !== data.toLowerCase()) return undefined
  switch (call.functionName) {
    case 'approve': {
      const [spender, amount] = call.args
      return { functionName: 'approve', spender, amount: String(amount) }
    }
    case 'swapExactETHForTokens': {
      const [minimum, route, recipient, until] = call.args
      return {
        functionName: 'swapExactETHForTokens',
        amountOutMin: String(minimum),
        path: [...route],
        recipient,
        deadline: String(until),
      }
    }
    default: {
      const [input, minimum, route, recipient, until] = call.args
      return {
        functionName: call.functionName,
        amountIn: String(input),
        amountOutMin: String(minimum),
        path: [...route],
        recipient,
        deadline: String(until),
      }
    }
  }
}
