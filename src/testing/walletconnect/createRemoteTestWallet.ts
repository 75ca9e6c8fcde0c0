import type { CoreTypes } from '@walletconnect/types'
import { numberToHex } from 'viem'
import {
  createTestWallet,
  type TestWallet,
  type TestWalletParameters,
} from '../eip155/createTestWallet.js'
import {
  createRemoteWallet,
  type RemoteWallet,
  type RemoteWalletNamespace,
} from './createRemoteWallet.js'

/**
 * What {@link createRemoteTestWallet} needs: the relay to reach the site through, plus the keys
 * and local nodes of the wallet behind it (as for `createTestWallet`).
 * @example
 * const parameters: RemoteTestWalletParameters = {
 *   relayUrl: relay.url,
 *   privateKeys: [ANVIL_KEYS[3]],
 *   chains: [{ id: 31337, rpcUrl: anvil.url }],
 * }
 */
export interface RemoteTestWalletParameters extends TestWalletParameters {
  /** The WalletConnect relay's WebSocket URL (a local relay from `startRelay`). */
  readonly relayUrl: string
  /** The project id sent to the relay; a local relay ignores it. */
  readonly projectId?: string
  /** What the site sees about the wallet; a clearly labelled test wallet by default. */
  readonly metadata?: CoreTypes.Metadata
}

/**
 * An eip155 wallet on another device: a {@link RemoteWallet} serving the eip155 namespace with a
 * real {@link TestWallet} (real signatures, real transactions on the local node).
 * @example
 * const remote = await createRemoteTestWallet({ relayUrl, privateKeys, chains })
 * await remote.pair(uriShownByTheModal)
 * await remote.switchChain(8453) // every session hears chainChanged
 * await remote.close()
 */
export interface RemoteTestWallet extends RemoteWallet {
  /** The wallet behind the session: its addresses, failure switches and request log. */
  readonly wallet: TestWallet
  /** Switches the wallet's account and tells every session (accountsChanged). */
  switchAccount(index: number): Promise<void>
  /** Switches the wallet's chain and tells every session (chainChanged). */
  switchChain(chainId: number): Promise<void>
}

/** The chain the wallet is on, as a CAIP-2 id. */
async function chainOf(wallet: TestWallet): Promise<string> {
  return `eip155:${Number(await wallet.provider.request({ method: 'eth_chainId' }))}`
}

/** Tells every session which chain the wallet is on now (chainChanged, EIP-1193 hex). */
async function emitChain(wallet: TestWallet, remote: RemoteWallet): Promise<void> {
  const chainId = await chainOf(wallet)
  await remote.emit(chainId, 'chainChanged', numberToHex(Number(chainId.slice('eip155:'.length))))
}

/**
 * The eip155 namespace of a remote wallet, answered by an eip155 test wallet: it approves the
 * proposed chains among `chainIds` once the wallet authorizes the site (`eth_requestAccounts`),
 * answers each request switched to the request's chain (4902 for a chain it does not have), and
 * tells the sessions after a `wallet_switchEthereumChain`.
 * @example
 * import { createTestWallet } from '@gangway/kit/testing'
 * import { createRemoteWallet, eip155RemoteNamespace } from '@gangway/kit/testing/node'
 * const wallet = createTestWallet({ privateKeys: [key], chains: [{ id: 31337, rpcUrl }], authorized: false })
 * const remote = await createRemoteWallet({ relayUrl, namespaces: { eip155: eip155RemoteNamespace(wallet, [31337]) } })
 * @param wallet - the test wallet behind the namespace (unauthorized, so the proposal asks it).
 * @param chainIds - the chains it serves.
 * @returns the namespace.
 */
export function eip155RemoteNamespace(
  wallet: TestWallet,
  chainIds: readonly number[],
): RemoteWalletNamespace {
  const known = new Set(chainIds)
  return {
    chains: chainIds.map((chainId) => `eip155:${chainId}`),
    authorize: async () => {
      const [address] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as [
        `0x${string}`,
      ]
      return address
    },
    request: async ({ chainId, method, params }) => {
      const id = Number(chainId.split(':')[1])
      if (!known.has(id)) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
      wallet.switchChain(id)
      return wallet.provider.request({ method, params } as Parameters<
        TestWallet['provider']['request']
      >[0])
    },
    answered: async ({ method }, remote) => {
      if (method === 'wallet_switchEthereumChain') await emitChain(wallet, remote)
    },
    disconnect: () => wallet.disconnect(),
  }
}

/**
 * Starts a remote eip155 test wallet: {@link createRemoteWallet} with the eip155 namespace of a
 * new `createTestWallet` (the site unauthorized until a proposal is approved). Session chains are
 * the requested eip155 chains the wallet knows; every request is answered by the test wallet
 * switched to the request's chain.
 * @example
 * import { startRelay } from '@gangway/server'
 * import { createRemoteTestWallet } from '@gangway/kit/testing/node'
 * const relay = await startRelay()
 * const remote = await createRemoteTestWallet({ relayUrl: relay.url, privateKeys: [key], chains })
 * @param parameters - the relay URL, keys and chains, optional metadata.
 * @returns the running wallet.
 * @throws Error when the keys or chains are invalid (as `createTestWallet`) or the relay cannot be reached.
 */
export async function createRemoteTestWallet(
  parameters: RemoteTestWalletParameters,
): Promise<RemoteTestWallet> {
  const wallet = createTestWallet({ ...parameters, authorized: false })
  const remote = await createRemoteWallet({
    relayUrl: parameters.relayUrl,
    ...(parameters.projectId ? { projectId: parameters.projectId } : {}),
    ...(parameters.metadata ? { metadata: parameters.metadata } : {}),
    namespaces: {
      eip155: eip155RemoteNamespace(
        wallet,
        parameters.chains.map((chain) => chain.id),
      ),
    },
  })
  return Object.assign(remote, {
    wallet,
    switchAccount: async (index: number) => {
      wallet.switchAccount(index)
      await remote.emit(await chainOf(wallet), 'accountsChanged', [wallet.addresses[index]])
    },
    switchChain: async (chainId: number) => {
      wallet.switchChain(chainId)
      await emitChain(wallet, remote)
    },
  })
}
