import { type ChainPlugin, definePlugin, type KitError } from '../../kernel/index.js'
import type { WalletConnect, WalletConnectParameters } from '../../walletconnect/index.js'
import { createLazyAdapter } from '../kit/index.js'
import { polkadotAccountTypes } from './accountTypes.js'
import type { PolkadotAdapter } from './adapter.js'
import { createPolkadotDiscovery, type PolkadotDiscovery } from './discovery.js'
import { polkadotErrors } from './errorCodes.js'
import { polkadotNativeTokenAddress } from './nativeToken.js'
import { type PolkadotNetwork, polkadotMainnet } from './networks.js'
import { createSs58ShapeSchema } from './ss58.js'
import type { PolkadotWalletConnectConnector } from './walletConnect.js'

/** Parameters of {@link polkadot}. */
export interface PolkadotParameters {
  /** The networks the site offers, the first the default unless `defaultNetworkId` says otherwise; Polkadot by default. */
  readonly networks?: readonly [PolkadotNetwork, ...PolkadotNetwork[]]
  /** The network to start on. */
  readonly defaultNetworkId?: `polkadot:${string}`
  /**
   * The name extensions show when they ask the visitor to let the site in (`enable(origin)`); the
   * page's host by default.
   */
  readonly appName?: string
  /**
   * How long a silent reconnect after reload waits for its extension to inject itself and answer
   * (extensions load after the page; one the visitor has cut off from the site prompts instead);
   * 3000 ms by default.
   */
  readonly reconnectWaitMs?: number
  /**
   * Lists the WalletConnect connector and contributes the `polkadot` CAIP-25 namespace to the
   * session (`polkadot_signTransaction`, `polkadot_signMessage`). A hub from `createWalletConnect`
   * shares one pairing with the site's other chain plugins.
   */
  readonly walletConnect?: WalletConnect | WalletConnectParameters
}

/**
 * The Polkadot chain plugin on `@polkadot/api`: the browser extensions that inject themselves
 * into `window.injectedWeb3` (polkadot{.js}, Talisman, SubWallet, Nova Wallet), sr25519, ed25519
 * and ecdsa accounts written with each network's SS58 prefix, free and reserved balances followed
 * block by block while the page is visible, `balances.transferKeepAlive` sends priced before the
 * wallet signs and refused when the existential deposit forbids them, waited to finality, message
 * signing, sign-in, and WalletConnect. Only discovery runs at start; `@polkadot/api` loads when a
 * Polkadot wallet is picked or restored.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { polkadot, polkadotAssetHub, polkadotMainnet } from '@gangway/kit/polkadot'
 * const kit = createKit({ plugins: [polkadot({ networks: [polkadotAssetHub, polkadotMainnet] })] })
 * @param parameters - networks, the default network, the name shown by extensions, the reconnect wait and WalletConnect.
 * @returns the plugin.
 * @throws VALIDATION_FAILED (from createKit) for a network outside the namespace or repeated.
 * @see /docs/polkadot.md
 */
export function polkadot(parameters: PolkadotParameters = {}): ChainPlugin<'polkadot'> {
  const networks = parameters.networks ?? [polkadotMainnet]
  // The error mapping ships with the lazy part: every wallet or node error comes from code that
  // part runs, so the mapping is there before the first error can be.
  let toKitError: ((error: unknown) => KitError | undefined) | undefined
  return definePlugin({
    namespace: 'polkadot',
    // The kernel stores plain descriptors; the genesis hash and prefix stay with the plugin.
    networks: networks.map(
      ({ genesisHash: _genesisHash, ss58Prefix: _ss58Prefix, ...descriptor }) => descriptor,
    ),
    defaultNetworkId: parameters.defaultNetworkId ?? networks[0].id,
    schemas: { address: createSs58ShapeSchema(networks.map((network) => network.ss58Prefix)) },
    accountTypes: polkadotAccountTypes,
    nativeTokenAddress: polkadotNativeTokenAddress,
    errors: polkadotErrors.entries,
    toKitError: (error) => toKitError?.(error),
    createAdapter: (context) => {
      const walletConnect = parameters.walletConnect
      return createLazyAdapter<PolkadotAdapter, PolkadotDiscovery, PolkadotWalletConnectConnector>(
        context,
        {
          namespace: 'polkadot',
          // Reading `window.injectedWeb3` runs now so extensions are listed; @polkadot/api waits
          // for a Polkadot wallet to be picked.
          discovery: ({ events$ }) => createPolkadotDiscovery(events$, context.env.scheduler),
          load: async ({ events$, discovery, walletConnect: remote }) => {
            const module = await import('./adapter.js')
            toKitError = module.toPolkadotKitError
            return module.createPolkadotAdapter(
              context,
              {
                networks,
                appName: parameters.appName,
                reconnectWaitMs: parameters.reconnectWaitMs ?? 3_000,
                walletConnect: remote?.load,
              },
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
            'checkAddress',
          ],
          walletConnect: walletConnect && {
            hub: walletConnect,
            load: async ({ events$ }) =>
              (await import('./walletConnect.js')).createPolkadotWalletConnectConnector(
                context,
                walletConnect,
                networks,
                events$,
              ),
          },
          extend: (adapter, lazy) => ({
            // The sign-in family (`signatureVerify`) loads with the chain code it shares.
            loadSiwx: async () => {
              const [, module] = await Promise.all([adapter.load(), import('./siwx.js')])
              return module.createPolkadotSiwxAdapter({
                networks,
                signMessage: lazy('signMessage'),
              })
            },
          }),
        },
      )
    },
  })
}
