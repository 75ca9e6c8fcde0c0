/**
 * §6's split of the RPC methods the frame is asked for: safe ones (read-only `eth_*` and
 * `wallet_get*`, plus `eth_sendRawTransaction`) go to the configured node; unsafe ones (signing,
 * sending, permissions, user operations) need the visitor's click in the frame and are refused
 * in a restricted context; anything else is refused.
 * @module
 */
import * as z from 'zod/mini'

/** §6's unsafe methods. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
])

/** `eth_*` methods that sign or hold keys: never read-only, whatever their prefix says. */
const SIGNING_ETH =
  /^eth_(sign|signTransaction|signTypedData.*|sendTransaction|accounts|requestAccounts|sendUserOperation|coinbase)$/

/** §8: a method refused where it may not run. */
export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'

/** How the frame treats a method. */
export type MethodClass = 'safe' | 'unsafe' | 'refused'

/**
 * Classifies a method.
 * @param method - the JSON-RPC method.
 * @returns `safe`, `unsafe` or `refused`.
 */
export function classifyMethod(method: string): MethodClass {
  if (UNSAFE_METHODS.has(method)) return 'unsafe'
  if (method === 'eth_sendRawTransaction') return 'safe'
  if (/^eth_[A-Za-z]+$/.test(method) && !SIGNING_ETH.test(method)) return 'safe'
  if (/^wallet_get[A-Za-z]+$/.test(method)) return 'safe'
  return 'refused'
}

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))

/** §5: `wallet_sendCalls` needs calls whose `to` and `data` start with 0x. */
export const sendCallsSchema = z.tuple([
  z.object({
    chainId: z.optional(hex),
    from: z.optional(hex),
    calls: z
      .array(
        z.object({
          to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
          data: hex,
          value: z.optional(hex),
        }),
      )
      .check(z.minLength(1), z.maxLength(32)),
  }),
])
