import { type ChainPlugin, definePlugin, type FeeSpeed, type KitError } from '../../kernel/index.js'
import type { WalletConnect, WalletConnectParameters } from '../../walletconnect/index.js'
import { createLazyAdapter } from '../kit/index.js'
import { bip122AccountTypes } from './accountTypes.js'
import type { Bip122Adapter } from './adapter.js'
import { type Bip122Discovery, createBip122Discovery } from './discovery.js'
import { bip122NativeTokenAddress } from './nativeToken.js'
import { type Bip122Network, bitcoinMainnet } from './networks.js'
import { createAddressShapeSchema } from './shape.js'
import type { Bip122WalletConnectConnector } from './walletConnect.js'

/** Parameters of {@link bip122}. */
export interface Bip122Parameters {
  /**
   * The networks the site offers (each one's first RPC URL is its Esplora-shaped API), first is
   * the default unless `defaultNetworkId` says otherwise; Bitcoin mainnet by default.
   */
  readonly networks?: readonly [Bip122Network, ...Bip122Network[]]
  /** The network to start on. */
  readonly defaultNetworkId?: `bip122:${string}`
  /**
   * The speed a send is priced at until the visitor picks one (§7: standard, fast, instant are
   * the fee estimates for 6, 3 and 1 blocks); `standard` by default.
   */
  readonly feeSpeed?: FeeSpeed
  /** How often a sent transaction's status is read until it is mined; 5,000 ms by default. */
  readonly confirmationPollMs?: number
  /**
   * Lists the WalletConnect connector and contributes the `bip122` CAIP-25 namespace (`signMessage`,
   * `sendTransfer`, `signPsbt`, `getAccountAddresses`). A hub from `createWalletConnect` shares one
   * pairing with the site's other chain plugins.
   */
  readonly walletConnect?: WalletConnect | WalletConnectParameters
}

/**
 * The Bitcoin chain plugin on bitcoinjs-lib 7: Wallet Standard wallets with `bitcoin:connect`,
 * sats-connect providers (WBIP004 `btc_providers`), Unisat-style providers and WalletConnect;
 * payment and ordinals accounts; balances from an Esplora-shaped API; sends as PSBTs the plugin
 * builds (coin selection, fee by speed, change, dust limit, RBF) and checks after the wallet signs;
 * BIP-322 message signing and sign-in. Only discovery runs at start; bitcoinjs-lib loads when a
 * Bitcoin wallet is picked or restored.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { bip122, bitcoinMainnet } from '@gangway/kit/bip122'
 * const kit = createKit({ plugins: [bip122({ networks: [bitcoinMainnet] })] })
 * @param parameters - networks, the default network, the fee speed and WalletConnect.
 * @returns the plugin.
 * @throws VALIDATION_FAILED (from createKit) for a network outside the namespace or repeated.
 * @see /docs/bip122.md
 */
export function bip122(parameters: Bip122Parameters = {}): ChainPlugin<'bip122'> {
  const networks = parameters.networks ?? [bitcoinMainnet]
  let toKitError: ((error: unknown) => KitError | undefined) | undefined
  return definePlugin({
    namespace: 'bip122',
    // The kernel stores plain descriptors; address parameters stay with the plugin.
    networks: networks.map(({ addresses: _a, walletNetwork: _w, ...descriptor }) => descriptor),
    defaultNetworkId: parameters.defaultNetworkId ?? networks[0].id,
    schemas: { address: createAddressShapeSchema(networks.map((network) => network.addresses)) },
    accountTypes: bip122AccountTypes,
    nativeTokenAddress: bip122NativeTokenAddress,
    toKitError: (error) => toKitError?.(error),
    createAdapter: (context) => {
      const walletConnect = parameters.walletConnect
      return createLazyAdapter<Bip122Adapter, Bip122Discovery, Bip122WalletConnectConnector>(
        context,
        {
          namespace: 'bip122',
          discovery: ({ events$ }) => createBip122Discovery(events$),
          load: async ({ events$, discovery, walletConnect: remote }) => {
            const module = await import('./adapter.js')
            toKitError = module.toBip122KitError
            return module.createBip122Adapter(
              context,
              {
                networks,
                feeSpeed: parameters.feeSpeed ?? 'standard',
                confirmationPollMs: parameters.confirmationPollMs ?? 5_000,
                walletConnect: remote?.load,
              },
              discovery,
              events$,
            )
          },
          methods: [
            'switchNetwork',
            'getBalance',
            'quoteSend',
            'send',
            'waitForTransaction',
            'signMessage',
            'checkAddress',
          ],
          walletConnect: walletConnect && {
            hub: walletConnect,
            load: async ({ events$ }) =>
              (await import('./walletConnect.js')).createBip122WalletConnectConnector(
                context,
                walletConnect,
                networks,
                events$,
              ),
          },
          extend: (_adapter, lazy) => ({
            // The sign-in text is its own small chunk; the signature check comes with the adapter.
            loadSiwx: async () =>
              (await import('./siwx.js')).createBip122SiwxAdapter({
                networks,
                signMessage: lazy('signMessage'),
              }),
          }),
        },
      )
    },
  })
}
