import type { EmbeddedWallet } from '../../features/embeddedWallet/wallet.js'
import { type ChainPlugin, definePlugin, type KitError } from '../../kernel/index.js'
import type { WalletConnect, WalletConnectParameters } from '../../walletconnect/index.js'
import { createLazyAdapter } from '../kit/index.js'
import { solanaAccountTypes } from './accountTypes.js'
import type { SolanaAdapter } from './adapter.js'
import { createSolanaDiscovery, type SolanaDiscovery } from './discovery.js'
import { solanaNativeTokenAddress } from './nativeToken.js'
import { type SolanaNetwork, solanaMainnet } from './networks.js'
import { solanaAddressSchema } from './schemas.js'
import type { SolanaWalletConnectConnector } from './walletConnect.js'

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
  /**
   * Lists the embedded wallet's AUTH connector (id `auth`, email and social login): the account
   * is derived in the wallet's frame (m/44'/501'/0'/0'), which signs only after the visitor's
   * click there. From `createEmbeddedWallet` (`@gangway/kit/embedded-wallet`), shared with the
   * eip155 plugin and the `embeddedWallet` feature.
   */
  readonly embeddedWallet?: EmbeddedWallet
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
      const walletConnect = parameters.walletConnect
      return createLazyAdapter<SolanaAdapter, SolanaDiscovery, SolanaWalletConnectConnector>(
        context,
        {
          namespace: 'solana',
          // Discovery (@wallet-standard/app and the per-wallet checks, about 2.5 KB gzip) runs now
          // so wallets are listed; web3.js and spl-token wait for a Solana wallet to be picked.
          discovery: ({ events$ }) => {
            const discovered = createSolanaDiscovery(events$, context.env.scheduler)
            const embedded = parameters.embeddedWallet
            if (!embedded) return discovered
            return {
              ...discovered,
              listConnectors: () => [...discovered.listConnectors(), embedded.connector('solana')],
            }
          },
          load: async ({ events$, discovery: found, walletConnect: remote }) => {
            const embedded = parameters.embeddedWallet
            const [module, embeddedWallet] = await Promise.all([
              import('./adapter.js'),
              embedded?.solanaWallet(context.env.scheduler, networks),
            ])
            // The AUTH connector is a Wallet Standard wallet over the embedded wallet's frame.
            const discovery: SolanaDiscovery =
              embedded && embeddedWallet
                ? {
                    ...found,
                    walletOf: (connectorId) => {
                      const connector = embedded.connector('solana')
                      return connectorId === connector.id
                        ? { kind: 'standard', wallet: embeddedWallet, connector }
                        : found.walletOf(connectorId)
                    },
                    whenRegistered: (connectorId, signal) =>
                      connectorId === embedded.connector('solana').id
                        ? Promise.resolve()
                        : found.whenRegistered(connectorId, signal),
                  }
                : found
            toKitError = module.toSolanaKitError
            return module.createSolanaAdapter(
              context,
              {
                networks,
                reconnectWaitMs: parameters.reconnectWaitMs ?? 3_000,
                walletConnect: remote?.load,
              },
              discovery,
              events$,
            )
          },
          methods: ['switchNetwork', 'getBalance', 'send', 'waitForTransaction', 'signMessage'],
          // A WalletConnect session is one more wallet to the adapter: connects go through it.
          walletConnect: walletConnect && {
            hub: walletConnect,
            load: async ({ events$ }) =>
              (await import('./walletConnect.js')).createSolanaWalletConnectConnector(
                context,
                walletConnect,
                networks,
                events$,
              ),
          },
          extend: (adapter, lazy) => ({
            // Sign-In With Solana (and ed25519) is its own chunk: a page that never signs in does
            // not download it.
            loadSiwx: async () => {
              const [loaded, module] = await Promise.all([adapter.load(), import('./siwx.js')])
              return module.createSolanaSiwxAdapter({
                networks,
                walletSignIn: loaded.walletSignIn,
                signMessage: lazy('signMessage'),
              })
            },
          }),
        },
      )
    },
  })
}
