import { Subject } from 'rxjs'
import type { Chain } from 'viem'
import { mainnet } from 'viem/chains'
import {
  type ChainAdapter,
  type ChainPlugin,
  type Connector,
  createLoader,
  definePlugin,
  KitError,
  type PluginEventInput,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import type { WalletConnect, WalletConnectParameters } from '../../walletconnect/index.js'
import { eip155AccountTypes } from './accountTypes.js'
import { createEip6963Discovery, type Eip6963Discovery } from './discovery.js'
import { toEip155KitError } from './errors.js'
import { eip155NativeTokenAddress } from './nativeToken.js'
import { toEip155NetworkId, toNetworkDescriptor } from './networks.js'
import { eip155AddressSchema } from './schemas.js'
import type { WalletConnectConnector } from './walletConnect.js'

/** The adapter methods that wait for the lazily loaded viem part. */
type LazyMethod =
  | 'connect'
  | 'disconnect'
  | 'switchNetwork'
  | 'getBalance'
  | 'send'
  | 'sendTransaction'
  | 'waitForTransaction'
  | 'signMessage'
  | 'signTypedData'
  | 'getProfile'
  | 'checkAddress'

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
      const events$ = new Subject<PluginEventInput>()
      // Discovery (a few hundred bytes, no chain library) runs at once so wallets are listed; the viem part
      // loads on first use, so a page pays for it only once the visitor acts.
      const announced = createEip6963Discovery(events$, context.env.scheduler)
      const walletConnect = parameters.walletConnect
      const walletConnectConnector: Connector | undefined = walletConnect && {
        id: WALLET_CONNECT_CONNECTOR_ID,
        name: 'WalletConnect',
        type: 'EXTERNAL',
        namespace: 'eip155',
      }
      // WalletConnect (sign-client, the largest part) loads only when the visitor picks it or a
      // stored session is restored. A shared hub gets a loader for the eip155 namespace, which it
      // calls before proposing, since another plugin's connect may propose eip155 too.
      let session: WalletConnectConnector | undefined
      // Code that arrives after the kit was destroyed is released at once.
      let destroyed = false
      const sessionLoader = createLoader(() =>
        import('./walletConnect.js').then((module) => {
          session = module.createWalletConnectConnector(
            context,
            walletConnect!,
            chains.map((chain) => chain.id),
            events$,
          )
          if (destroyed) session.destroy()
          return session
        }),
      )
      const loadSession = sessionLoader.load
      const unregister =
        walletConnect && !('relayUrl' in walletConnect)
          ? walletConnect.register(async () => (await loadSession()).namespace, context)
          : undefined
      const isWalletConnect = (connectorId: string) =>
        walletConnect !== undefined && connectorId === WALLET_CONNECT_CONNECTOR_ID
      // The adapter reaches a WalletConnect session through the same lookup as announced wallets.
      const discovery: Eip6963Discovery = {
        listConnectors: () => [
          ...(walletConnectConnector ? [walletConnectConnector] : []),
          ...announced.listConnectors(),
        ],
        providerOf: (connectorId) => {
          if (!isWalletConnect(connectorId)) return announced.providerOf(connectorId)
          const provider = session?.provider()
          if (!provider)
            throw new KitError('NOT_CONNECTED', { details: 'No WalletConnect session.' })
          return { provider }
        },
        destroy: announced.destroy,
      }
      const adapterLoader = createLoader(() =>
        import('./adapter.js').then((module) => {
          const adapter = module.createEip155Adapter(
            context,
            { chains, rpcUrls, gatewayUrl: parameters.gatewayUrl, rank: parameters.rank },
            discovery,
            events$,
          )
          if (destroyed) adapter.destroy?.()
          return adapter
        }),
      )
      const load = adapterLoader.load
      const lazy = <TMethod extends LazyMethod>(name: TMethod) =>
        (async (...args: unknown[]) => {
          const adapter = await load()
          const method = adapter[name] as (...values: unknown[]) => Promise<unknown>
          return method.apply(adapter, args)
        }) as NonNullable<ChainAdapter[TMethod]>
      const connect = lazy('connect')
      const disconnect = lazy('disconnect')
      const signMessage = lazy('signMessage')
      return {
        connectors: discovery.listConnectors,
        prepare: (connectorId) => {
          // Failures surface, and are retried, in the connect that needs the code (a loader
          // forgets a failed download).
          if (!isWalletConnect(connectorId)) {
            load().catch(() => undefined)
            return
          }
          if (walletConnect) {
            loadSession().then(
              (connector) => connector.preload(),
              () => undefined,
            )
          }
        },
        connect: async (request, signal) => {
          if (isWalletConnect(request.connectorId))
            return (await loadSession()).connect(request, signal)
          return connect(request, signal)
        },
        disconnect: async (request) => {
          if (isWalletConnect(request.connectorId)) {
            adapterLoader.current()?.forgetConnection()
            return (await loadSession()).disconnect()
          }
          return disconnect(request)
        },
        switchNetwork: lazy('switchNetwork'),
        getBalance: lazy('getBalance'),
        send: lazy('send'),
        sendTransaction: lazy('sendTransaction'),
        waitForTransaction: lazy('waitForTransaction'),
        signMessage,
        signTypedData: lazy('signTypedData'),
        getProfile: lazy('getProfile'),
        checkAddress: lazy('checkAddress'),
        // Read only when a swap is prepared: its ABI and decoder are their own chunk.
        decodeSwapCall: async (data) => (await import('./swapCalls.js')).decodeEip155SwapCall(data),
        // EIP-4361 (viem/siwe) is its own chunk: a page that never signs in does not download it.
        loadSiwx: async () => {
          const [adapter, module] = await Promise.all([load(), import('./siwx.js')])
          return module.createEip155SiwxAdapter({
            publicClientOf: adapter.publicClientOf,
            signMessage,
          })
        },
        watch: () => events$.asObservable(),
        destroy: () => {
          destroyed = true
          discovery.destroy()
          adapterLoader.current()?.destroy?.()
          unregister?.()
          sessionLoader.current()?.destroy()
          events$.complete()
        },
      } satisfies ChainAdapter
    },
  })
}
