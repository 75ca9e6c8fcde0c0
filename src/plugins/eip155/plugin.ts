import type { Chain, EIP1193Provider } from 'viem'
import { mainnet } from 'viem/chains'
import type { EmbeddedWallet } from '../../features/embeddedWallet/wallet.js'
import type { SwapAdapter } from '../../features/swap/capability.js'
import {
  type ChainPlugin,
  definePlugin,
  KitError,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import type { WalletConnect, WalletConnectParameters } from '../../walletconnect/index.js'
import { createLazyAdapter } from '../kit/index.js'
import { eip155AccountTypes } from './accountTypes.js'
import type { Eip155Adapter } from './adapter.js'
import { createEip6963Discovery, type Eip6963Discovery } from './discovery.js'
import { toEip155KitError } from './errors.js'
import { eip155NativeTokenAddress } from './nativeToken.js'
import { toEip155NetworkId, toNetworkDescriptor } from './networks.js'
import { eip155AddressSchema } from './schemas.js'
import type { Eip155WalletConnect } from './walletConnect.js'

/** Parameters of {@link eip155}. */
export interface Eip155Parameters {
  /** viem chain definitions (`viem/chains`, or `defineChain` for a site's own); mainnet by default. */
  readonly chains?: readonly [Chain, ...Chain[]]
  /** Node URLs per chain id; several go behind viem's ranked fallback. */
  readonly rpcUrls?: Readonly<Record<number, readonly string[]>>
  /** The RPC gateway used with a project id when a chain has no node URL (§7). */
  readonly gatewayUrl?: string
  /** Chains where smart accounts are enabled (§6); elsewhere the account type falls back to eoa. */
  readonly smartAccountChainIds?: readonly number[]
  /** The chain to start on; the first by default. */
  readonly defaultChainId?: number
  /** Ranking interval and ping timeout overrides, for tests (the §9 values otherwise). */
  readonly rank?: { readonly interval?: number; readonly timeout?: number }
  /**
   * Lists the WalletConnect connector (id `walletConnect`): remote wallets pair through the relay
   * with a URI the kit reports as `walletConnect/pairingCreated`. sign-client loads on first use.
   * A hub from `createWalletConnect` shares one session with the site's other chain plugins;
   * parameters make a hub for this plugin alone.
   */
  readonly walletConnect?: WalletConnect | WalletConnectParameters
  /**
   * Lists the embedded wallet's AUTH connector (id `auth`, email and social login): accounts are
   * `eoa`; its frame code loads when the visitor signs in. From `createEmbeddedWallet`
   * (`@gangway/kit/embedded-wallet`), shared with the solana plugin and the `embeddedWallet` feature.
   */
  readonly embeddedWallet?: EmbeddedWallet
}

/**
 * The EVM chain plugin on viem: EIP-6963 and injected wallets, WalletConnect v2 remote wallets
 * (with `walletConnect`, loaded on first use), network switching with the EIP-3085
 * add-chain fallback, balances read from the chain (one multicall for tokens), ENS profiles, sends
 * of native currency and ERC20 tokens, and message and typed-data signing.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { eip155 } from '@gangway/kit/eip155'
 * import { base, mainnet } from 'viem/chains'
 * const kit = createKit({ plugins: [eip155({ chains: [mainnet, base] })] })
 * @param parameters - chains, node URLs and smart-account networks.
 * @returns the plugin.
 * @see /docs/plugins.md
 */
export function eip155(parameters: Eip155Parameters = {}): ChainPlugin<'eip155'> {
  const chains = parameters.chains ?? [mainnet]
  const rpcUrls = parameters.rpcUrls ?? {}
  return definePlugin({
    namespace: 'eip155',
    networks: chains.map((chain) => toNetworkDescriptor(chain, rpcUrls[chain.id])),
    defaultNetworkId: toEip155NetworkId(parameters.defaultChainId ?? chains[0].id),
    schemas: { address: eip155AddressSchema },
    accountTypes: eip155AccountTypes,
    nativeTokenAddress: eip155NativeTokenAddress,
    smartAccountNetworkIds: (parameters.smartAccountChainIds ?? []).map(toEip155NetworkId),
    toKitError: toEip155KitError,
    createAdapter: (context) => {
      const walletConnect = parameters.walletConnect
      return createLazyAdapter<Eip155Adapter, Eip6963Discovery, Eip155WalletConnect>(context, {
        namespace: 'eip155',
        // Discovery (a few hundred bytes, no chain library) runs at once so wallets are listed;
        // the viem part loads on first use, so a page pays for it only once the visitor acts.
        discovery: ({ events$ }) => {
          const discovered = createEip6963Discovery(events$, context.env.scheduler)
          const embedded = parameters.embeddedWallet
          if (!embedded) return discovered
          return {
            ...discovered,
            listConnectors: () => [...discovered.listConnectors(), embedded.connector('eip155')],
            providerOf: (connectorId) => {
              const connector = embedded.connector('eip155')
              if (connectorId !== connector.id) return discovered.providerOf(connectorId)
              const provider = embedded.eip1193(context.env.scheduler) as EIP1193Provider
              return { provider, wallet: { rdns: connector.id, name: connector.name, provider } }
            },
          }
        },
        load: async ({ events$, discovery: announced, walletConnect: session }) => {
          const module = await import('./adapter.js')
          // The adapter reaches a WalletConnect session through the same lookup as announced
          // wallets.
          const discovery: Eip6963Discovery = {
            ...announced,
            providerOf: (connectorId) => {
              if (!session || connectorId !== WALLET_CONNECT_CONNECTOR_ID)
                return announced.providerOf(connectorId)
              const provider = session.current()?.provider()
              if (!provider)
                throw new KitError('NOT_CONNECTED', { details: 'No WalletConnect session.' })
              return { provider }
            },
          }
          return module.createEip155Adapter(
            context,
            { chains, rpcUrls, gatewayUrl: parameters.gatewayUrl, rank: parameters.rank },
            discovery,
            events$,
          )
        },
        methods: [
          'switchNetwork',
          'getBalance',
          'send',
          'quoteSend',
          'waitForTransaction',
          'signMessage',
          'signTypedData',
          'getProfile',
          'checkAddress',
        ],
        // WalletConnect (sign-client, the largest part) loads only when the visitor picks it or a
        // stored session is restored; its connect needs no viem.
        walletConnect: walletConnect && {
          hub: walletConnect,
          load: async ({ events$ }) =>
            (await import('./walletConnect.js')).createEip155WalletConnect(
              context,
              walletConnect,
              chains.map((chain) => chain.id),
              events$,
            ),
          session: {
            connect: (connector, request, signal) => connector.connect(request, signal),
            disconnect: (connector, adapter) => {
              adapter?.forgetConnection()
              return connector.disconnect()
            },
          },
        },
        extend: (adapter, lazy) => ({
          capabilities: {
            swap: {
              sendTransaction: async (parameters, signal) =>
                (await adapter.load()).sendTransaction(parameters, signal),
              // Read only when a swap is prepared: its ABI and decoder are their own chunk.
              decodeSwapCall: async (data) =>
                (await import('./swapCalls.js')).decodeEip155SwapCall(data),
            } satisfies SwapAdapter,
          },
          // EIP-4361 (viem/siwe) is its own chunk: a page that never signs in does not download it.
          loadSiwx: async () => {
            const [loaded, module] = await Promise.all([adapter.load(), import('./siwx.js')])
            return module.createEip155SiwxAdapter({
              publicClientOf: loaded.publicClientOf,
              signMessage: lazy('signMessage'),
            })
          },
        }),
      })
    },
  })
}
