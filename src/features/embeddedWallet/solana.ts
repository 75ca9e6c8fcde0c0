/**
 * The solana plugin's view of the embedded wallet: a Wallet Standard wallet over the frame, so the
 * plugin's own connect, send and sign paths work unchanged. The frame derives the account
 * (SLIP-10 m/44'/501'/0'/0' from the same seed as eip155), reads every transaction it is asked to
 * sign, shows the visitor what it does, and signs only after their click in the frame.
 * @module
 */
import { base58, base64, hex } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { KitError } from '../../kernel/index.js'
import type { FrameClient } from './frameClient.js'

/** A network the site's solana plugin offers: its CAIP-2 id and its Wallet Standard chain. */
export interface EmbeddedSolanaNetwork {
  readonly id: string
  readonly walletChain: string
}

const FEATURES = [
  'solana:signAndSendTransaction',
  'solana:signTransaction',
  'solana:signMessage',
] as const

// A plain key on a dark tile: the AUTH connector's own mark, inline so nothing is fetched.
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M9 14h14v10H9z" fill="#fff"/><path d="M12 14v-3a4 4 0 0 1 8 0v3" stroke="#fff" stroke-width="2" fill="none"/></svg>')}`

const unexpected = (what: string) =>
  new KitError('EMBEDDED_WALLET_ERROR', { details: `The wallet frame answered ${what} oddly.` })

/**
 * Builds the wallet.
 * @param frame - the frame client.
 * @param networks - the site's solana networks (the frame serves those the operator configured).
 * @param name - the AUTH connector's name.
 * @returns a Wallet Standard wallet; it is handed to the plugin, never registered in the page.
 * @internal
 */
export function createEmbeddedSolanaWallet(
  frame: FrameClient,
  networks: readonly EmbeddedSolanaNetwork[],
  name: string,
): Wallet {
  const [first] = networks
  if (!first) throw new KitError('EMBEDDED_NETWORK_NOT_FOUND', { details: 'No solana network.' })
  const chains = networks.map((network) => network.walletChain) as `${string}:${string}`[]
  const networkOf = (chain: unknown) => {
    const found = networks.find((network) => network.walletChain === chain)
    if (!found)
      throw new KitError('EMBEDDED_NETWORK_NOT_FOUND', { details: `Not a network here: ${chain}` })
    return found.id
  }
  let accounts: WalletAccount[] = []
  const listeners = new Set<(properties: { accounts: readonly WalletAccount[] }) => void>()
  const setAccounts = (next: WalletAccount[]) => {
    accounts = next
    for (const listener of listeners) listener({ accounts })
  }
  frame.watchEvents((event) => {
    if (event.type === 'SESSION_EXPIRED') setAccounts([])
  })
  const accountOf = (address: string): WalletAccount => {
    let publicKey: Uint8Array
    try {
      publicKey = base58.decode(address)
    } catch {
      throw unexpected('GET_USER')
    }
    if (publicKey.length !== 32) throw unexpected('GET_USER')
    return { address, publicKey, chains, features: FEATURES }
  }
  const rpc = async (chain: unknown, method: string, params: Record<string, unknown>) => {
    const { result } = await frame.request('RPC_REQUEST', {
      chainId: networkOf(chain),
      method,
      params,
    })
    return (result ?? {}) as Record<string, unknown>
  }
  return {
    version: '1.0.0',
    name,
    icon: ICON as Wallet['icon'],
    chains,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          const { isConnected } = await frame.request('IS_CONNECTED', {})
          if (!isConnected) {
            // Signing in happens in the feature's views; a reload without a session is quiet.
            if (input?.silent) return { accounts: [] }
            throw new KitError('AUTH_CONNECTOR_NOT_FOUND', { details: 'Not signed in.' })
          }
          const user = await frame.request('GET_USER', { chainId: first.id })
          accounts = [accountOf(user.address)]
          return { accounts }
        },
      },
      // §4: signing out is the feature's SIGN_OUT on disconnect.
      'standard:disconnect': { version: '1.0.0', disconnect: async () => undefined },
      'standard:events': {
        version: '1.0.0',
        on: (
          _event: 'change',
          listener: (properties: { accounts: readonly WalletAccount[] }) => void,
        ) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...inputs: { transaction: Uint8Array; chain: string }[]) =>
          Promise.all(
            inputs.map(async ({ transaction, chain }) => {
              const { signature } = await rpc(chain, 'solana_signAndSendTransaction', {
                transaction: base64.encode(transaction),
              })
              if (typeof signature !== 'string') throw unexpected('signAndSendTransaction')
              return { signature: base58.decode(signature) }
            }),
          ),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs: { transaction: Uint8Array; chain?: string }[]) =>
          Promise.all(
            inputs.map(async ({ transaction, chain }) => {
              const signed = await rpc(chain ?? first.walletChain, 'solana_signTransaction', {
                transaction: base64.encode(transaction),
              })
              if (typeof signed.transaction !== 'string') throw unexpected('signTransaction')
              return { signedTransaction: base64.decode(signed.transaction) }
            }),
          ),
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { message: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ message }) => {
              const { signature } = await rpc(first.walletChain, 'solana_signMessage', {
                message: `0x${hex.encode(message)}`,
              })
              if (typeof signature !== 'string' || !/^0x[0-9a-f]{128}$/.test(signature))
                throw unexpected('signMessage')
              return { signedMessage: message, signature: hex.decode(signature.slice(2)) }
            }),
          ),
      },
    },
  }
}
