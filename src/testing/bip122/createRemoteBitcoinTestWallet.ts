import type { CoreTypes } from '@walletconnect/types'
import {
  createRemoteWallet,
  type RemoteWallet,
  type RemoteWalletNamespace,
} from '../walletconnect/createRemoteWallet.js'
import {
  type BitcoinTestWallet,
  type BitcoinTestWalletParameters,
  createBitcoinTestWallet,
} from './createBitcoinTestWallet.js'

/**
 * What {@link createRemoteBitcoinTestWallet} needs: the relay, the keys and the networks served.
 * @example
 * const parameters: RemoteBitcoinTestWalletParameters = { relayUrl: relay.url, privateKeys: [key], networkIds: [node.networkId] }
 */
export interface RemoteBitcoinTestWalletParameters
  extends Omit<BitcoinTestWalletParameters, 'authorized'> {
  /** The WalletConnect relay's WebSocket URL (a local relay from `startRelay`). */
  readonly relayUrl: string
  /** The CAIP-2 ids (`bip122:` and 32 hex digits) the wallet approves. */
  readonly networkIds: readonly `bip122:${string}`[]
  /** What the site sees about the wallet; a clearly labelled test wallet by default. */
  readonly metadata?: CoreTypes.Metadata
}

/**
 * A Bitcoin wallet on another device: a {@link RemoteWallet} serving WalletConnect's `bip122`
 * namespace with a real {@link BitcoinTestWallet}.
 * @example
 * const remote = await createRemoteBitcoinTestWallet({ relayUrl, privateKeys, networkIds: [node.networkId] })
 * await remote.pair(uriShownByTheModal)
 * await remote.close()
 */
export interface RemoteBitcoinTestWallet extends RemoteWallet {
  /** The wallet behind the session: accounts, failure switches and request log. */
  readonly wallet: BitcoinTestWallet
}

/** WalletConnect's bip122 methods the test wallet answers (`sendTransfer` is not: see below). */
const METHODS = ['signMessage', 'signPsbt', 'getAccountAddresses']

/**
 * The `bip122` namespace of a remote wallet, answered by a Bitcoin test wallet: it approves the
 * proposed networks among `networkIds` with the payment address once the wallet connects, and
 * answers `getAccountAddresses` (payment and ordinal addresses with their keys), `signMessage`
 * (BIP-322, base64) and `signPsbt` (the listed inputs, base64, never broadcast). `sendTransfer`
 * fails with 4200: the wallet holds no coin index to build a transaction from, and the kit builds
 * PSBTs itself.
 * @example
 * import { bip122RemoteNamespace, createBitcoinTestWallet, createRemoteWallet } from '@gangway/kit/testing/node'
 * const wallet = createBitcoinTestWallet({ privateKeys: [key] })
 * const remote = await createRemoteWallet({ relayUrl, namespaces: { bip122: bip122RemoteNamespace(wallet, [node.networkId]) } })
 * @param wallet - the test wallet behind the namespace.
 * @param networkIds - the CAIP-2 networks it serves.
 * @returns the namespace.
 */
export function bip122RemoteNamespace(
  wallet: BitcoinTestWallet,
  networkIds: readonly string[],
): RemoteWalletNamespace {
  const call = async (request: Parameters<BitcoinTestWallet['handle']>[0]) => {
    const answer = await wallet.handle(request)
    // sats-connect's -32000 is a user's "no": WalletConnect clients know it as 4001.
    if (!answer.ok)
      throw answer.error.code === -32000 ? { ...answer.error, code: 4001 } : answer.error
    return answer.result
  }
  return {
    chains: networkIds,
    methods: METHODS,
    events: ['bip122_addressesChanged'],
    authorize: async () => {
      const { accounts } = (await call({ method: 'connect', silent: false })) as {
        accounts: { address: string }[]
      }
      return accounts[0]!.address
    },
    request: async ({ method, params }) => {
      const request = (params ?? {}) as Record<string, unknown>
      if (method === 'getAccountAddresses')
        return wallet.accounts.map((account) => ({
          address: account.address,
          publicKey: account.publicKey,
          intention: account.purpose === 'ordinals' ? 'ordinal' : 'payment',
        }))
      if (method === 'signMessage') {
        const address = String(request.address ?? wallet.accounts[0]!.address)
        const signed = await call({
          method: 'signMessage',
          address,
          message: String(request.message),
          protocol: request.protocol === 'ecdsa' ? 'ecdsa' : 'bip322',
        })
        return { address, signature: signed.signature }
      }
      if (method === 'signPsbt') {
        const byAddress = new Map<string, number[]>()
        for (const entry of (request.signInputs ?? []) as { address: string; index: number }[]) {
          byAddress.set(entry.address, [...(byAddress.get(entry.address) ?? []), entry.index])
        }
        const signed = await call({
          method: 'signPsbt',
          psbt: String(request.psbt),
          inputs: [...byAddress].map(([address, indexes]) => ({ address, indexes })),
        })
        return { psbt: signed.psbt }
      }
      throw { code: 4200, message: `Unsupported method ${method}` }
    },
    disconnect: () => void call({ method: 'disconnect' }),
  }
}

/**
 * Starts a remote Bitcoin test wallet: {@link createRemoteWallet} with the `bip122` namespace of a
 * new `createBitcoinTestWallet`.
 * @example
 * import { startRelay } from '@gangway/server'
 * import { createRemoteBitcoinTestWallet } from '@gangway/kit/testing/node'
 * const relay = await startRelay()
 * const remote = await createRemoteBitcoinTestWallet({ relayUrl: relay.url, privateKeys: [key], networkIds: [node.networkId] })
 * @param parameters - relay URL, keys, networks, address kind and metadata.
 * @returns the running wallet.
 * @throws Error when no key is given or the relay cannot be reached.
 */
export async function createRemoteBitcoinTestWallet(
  parameters: RemoteBitcoinTestWalletParameters,
): Promise<RemoteBitcoinTestWallet> {
  const { relayUrl, networkIds, metadata, ...walletParameters } = parameters
  const wallet = createBitcoinTestWallet(walletParameters)
  const remote = await createRemoteWallet({
    relayUrl,
    metadata: metadata ?? {
      name: 'Gangway Remote Bitcoin Test Wallet',
      description: 'A test wallet that signs with development keys',
      url: 'https://gangway.invalid',
      icons: [],
    },
    namespaces: { bip122: bip122RemoteNamespace(wallet, networkIds) },
  })
  return Object.assign(remote, { wallet })
}
