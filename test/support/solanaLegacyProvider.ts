/**
 * A legacy injected Solana provider (the `window.phantom.solana` shape: connect with
 * `onlyIfTrusted`, `signMessage`, `signAndSendTransaction` on web3.js transactions, `accountChanged`
 * and `disconnect` events) in front of the Solana test wallet's backend, so the legacy path signs
 * with real keys and sends to the real local node.
 */
import { PublicKey, type Transaction } from '@solana/web3.js'
import { toBase58 } from '../../src/plugins/solana/schemas.js'
import type { SolanaTestWallet } from '../../src/testing/solana/createSolanaTestWallet.js'

type Listener = (...args: unknown[]) => void

/** A Phantom-shaped provider over `wallet` (flag `isPhantom` unless `name` says otherwise). */
export function createLegacyProvider(
  wallet: SolanaTestWallet,
  flags: Record<string, boolean> = { isPhantom: true },
) {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  let publicKey: PublicKey | null = null
  wallet.onChange((accounts) => {
    const [first] = accounts
    if (!first) {
      publicKey = null
      emit('disconnect')
      return
    }
    publicKey = new PublicKey(first.address)
    emit('accountChanged', publicKey)
  })
  const call = async (request: Parameters<SolanaTestWallet['handle']>[0]) => {
    const answer = await wallet.handle(request)
    if (!answer.ok) throw Object.assign(new Error(answer.error.message), answer.error)
    return answer.result
  }
  return {
    ...flags,
    get publicKey() {
      return publicKey
    },
    connect: async (options?: { onlyIfTrusted?: boolean }) => {
      const { accounts } = (await call({
        method: 'connect',
        silent: options?.onlyIfTrusted === true,
      })) as {
        accounts: { address: string }[]
      }
      // Phantom rejects an untrusted onlyIfTrusted connect (code 4001) rather than answering empty.
      if (!accounts[0]) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      publicKey = new PublicKey(accounts[0].address)
      return { publicKey }
    },
    disconnect: async () => {
      await call({ method: 'disconnect' })
      publicKey = null
    },
    signMessage: async (message: Uint8Array) => {
      const result = await call({
        method: 'signMessage',
        address: publicKey?.toBase58() ?? '',
        message: Buffer.from(message).toString('base64'),
      })
      return { signature: Buffer.from(result.signature as string, 'base64'), publicKey }
    },
    signAndSendTransaction: async (transaction: Transaction) => {
      const result = await call({
        method: 'signAndSendTransaction',
        address: publicKey?.toBase58() ?? '',
        chain: 'solana:localnet',
        transaction: transaction
          .serialize({ requireAllSignatures: false, verifySignatures: false })
          .toString('base64'),
      })
      return { signature: toBase58(Buffer.from(result.signature as string, 'base64')) }
    },
    on: (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    off: (event: string, listener: Listener) => listeners.get(event)?.delete(listener),
  }
}
