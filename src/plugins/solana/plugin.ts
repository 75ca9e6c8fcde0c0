import { Subject } from 'rxjs'
import {
  type ChainAdapter,
  type ChainPlugin,
  type Connector,
  createLoader,
  definePlugin,
  type KitError,
  type PluginEventInput,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import type { WalletConnect, WalletConnectParameters } from '../../walletconnect/index.js'
import { solanaAccountTypes } from './accountTypes.js'
import { createSolanaDiscovery } from './discovery.js'
import { solanaNativeTokenAddress } from './nativeToken.js'
import { type SolanaNetwork, solanaMainnet } from './networks.js'
import { solanaAddressSchema } from './schemas.js'

/** The adapter methods that wait for the lazily loaded web3.js part. */
type LazyMethod =
  | 'connect'
  | 'disconnect'
  | 'switchNetwork'
  | 'getBalance'
  | 'send'
  | 'waitForTransaction'
  | 'signMessage'

/** Parameters of {@link solana}. */
export interface SolanaParameters {
  /** The clusters the site offers, first is the default unless `defaultNetworkId` says otherwise; mainnet-beta by default. */
  readonly networks?: readonly [SolanaNetwork, ...SolanaNetwork[]]
  /** The network to start on. */
  readonly defaultNetworkId?: `solana:${string}`
  /**
   * How long a silent reconnect after reload waits for its wallet to register with Wallet
   * Standard (extensions may load after the page); 3000 ms by default.
   */
  readonly reconnectWaitMs?: number
  /**
   * Lists the WalletConnect connector and contributes the `solana` CAIP-25 namespace to the
   * session (`solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`).
   * A hub from `createWalletConnect` shares one pairing with the site's other chain plugins.
   */
  readonly walletConnect?: WalletConnect | WalletConnectParameters
}

/**
 * The Solana chain plugin on `@solana/web3.js` 1.x: Wallet Standard wallets (registered before or
 * after the kit starts) and legacy injected providers, silent reconnect, account changes, SOL and
 * SPL balances (both token programs), SOL and SPL sends (creating the receiver's token account),
 * message signing, and WalletConnect. Only discovery runs at start; web3.js loads when a Solana
 * wallet is picked or restored.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { solana, solanaDevnet, solanaMainnet } from '@gangway/kit/solana'
 * const kit = createKit({ plugins: [solana({ networks: [solanaMainnet, solanaDevnet] })] })
 * @param parameters - networks, the default network, the reconnect wait and WalletConnect.
 * @returns the plugin.
 * @throws VALIDATION_FAILED (from createKit) for a network outside the namespace or repeated.
 * @see /docs/solana.md
 */
export function solana(parameters: SolanaParameters = {}): ChainPlugin<'solana'> {
  const networks = parameters.networks ?? [solanaMainnet]
  // The error mapping ships with the lazy part: every wallet or node error comes from code that
  // part runs, so the mapping is there before the first error can be.
  let toKitError: ((error: unknown) => KitError | undefined) | undefined
  return definePlugin({
    namespace: 'solana',
    // The kernel stores plain descriptors; `walletChain` stays with the plugin.
    networks: networks.map(({ walletChain: _walletChain, ...descriptor }) => descriptor),
    defaultNetworkId: parameters.defaultNetworkId ?? networks[0].id,
    schemas: { address: solanaAddressSchema },
    accountTypes: solanaAccountTypes,
    nativeTokenAddress: solanaNativeTokenAddress,
    toKitError: (error) => toKitError?.(error),
    createAdapter: (context) => {
      const events$ = new Subject<PluginEventInput>()
      // Discovery (@wallet-standard/app and the per-wallet checks, about 2.5 KB gzip) runs now so
      // wallets are listed; web3.js and spl-token wait for a Solana wallet to be picked.
      const discovery = createSolanaDiscovery(events$, context.env.scheduler)
      const walletConnect = parameters.walletConnect
      const walletConnectConnector: Connector | undefined = walletConnect && {
        id: WALLET_CONNECT_CONNECTOR_ID,
        name: 'WalletConnect',
        type: 'EXTERNAL',
        namespace: 'solana',
      }
      const isWalletConnect = (connectorId: string) =>
        walletConnect !== undefined && connectorId === WALLET_CONNECT_CONNECTOR_ID
      // Code that arrives after the kit was destroyed is released at once.
      let destroyed = false
      const remoteLoader = createLoader(() =>
        import('./walletConnect.js').then((module) => {
          const connector = module.createSolanaWalletConnectConnector(
            context,
            walletConnect!,
            networks,
            events$,
          )
          if (destroyed) connector.destroy()
          return connector
        }),
      )
      const loadRemote = remoteLoader.load
      const unregister =
        walletConnect && !('relayUrl' in walletConnect)
          ? walletConnect.register(async () => (await loadRemote()).namespace, context)
          : undefined
      const adapterLoader = createLoader(() =>
        import('./adapter.js').then((module) => {
          toKitError = module.toSolanaKitError
          const adapter = module.createSolanaAdapter(
            context,
            {
              networks,
              reconnectWaitMs: parameters.reconnectWaitMs ?? 3_000,
              walletConnect: walletConnect ? loadRemote : undefined,
            },
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
      const signMessage = lazy('signMessage')
      return {
        connectors: () => [
          ...(walletConnectConnector ? [walletConnectConnector] : []),
          ...discovery.listConnectors(),
        ],
        prepare: (connectorId) => {
          // Failures surface, and are retried, in the connect that needs the code (a loader
          // forgets a failed download).
          load().catch(() => undefined)
          if (isWalletConnect(connectorId)) {
            loadRemote().then(
              (connector) => connector.preload(),
              () => undefined,
            )
          }
        },
        connect: lazy('connect'),
        disconnect: lazy('disconnect'),
        switchNetwork: lazy('switchNetwork'),
        getBalance: lazy('getBalance'),
        send: lazy('send'),
        waitForTransaction: lazy('waitForTransaction'),
        signMessage,
        // Sign-In With Solana (and ed25519) is its own chunk: a page that never signs in does not
        // download it.
        loadSiwx: async () => {
          const [adapter, module] = await Promise.all([load(), import('./siwx.js')])
          return module.createSolanaSiwxAdapter({
            networks,
            walletSignIn: adapter.walletSignIn,
            signMessage,
          })
        },
        watch: () => events$.asObservable(),
        destroy: () => {
          destroyed = true
          discovery.destroy()
          adapterLoader.current()?.destroy?.()
          unregister?.()
          remoteLoader.current()?.destroy()
          events$.complete()
        },
      } satisfies ChainAdapter
    },
  })
}
