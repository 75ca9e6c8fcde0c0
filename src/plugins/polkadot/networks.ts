/**
 * Polkadot and Kusama networks as CAIP-2 ids (`polkadot:` and the first 32 hex characters of the
 * genesis hash), each with the SS58 prefix its addresses carry. No chain library: this runs in the
 * eager part.
 * @module
 */
import type { CaipNetworkId, NetworkDescriptor } from '../../kernel/index.js'

/**
 * A Polkadot-family network a site offers: its §3 descriptor plus what the plugin needs to talk
 * to it (the genesis hash a wallet signs for, the SS58 prefix its addresses are written with).
 * @example
 * import { polkadotMainnet } from '@gangway/kit/polkadot'
 * polkadotMainnet.ss58Prefix // 0
 */
export interface PolkadotNetwork extends NetworkDescriptor {
  readonly id: CaipNetworkId<'polkadot'>
  readonly namespace: 'polkadot'
  /** The chain's genesis hash, `0x` and 64 hex characters, as its node reports it. */
  readonly genesisHash: `0x${string}`
  /** The SS58 prefix addresses on this network are written with (0 Polkadot, 2 Kusama, 42 generic). */
  readonly ss58Prefix: number
}

const GENESIS_HASH = /^0x[0-9a-f]{64}$/
const NETWORK_ID = /^polkadot:[-_a-zA-Z0-9]{1,32}$/

/**
 * The CAIP-2 id of a Polkadot-family chain from its genesis hash.
 * @example
 * import { toPolkadotNetworkId } from '@gangway/kit/polkadot'
 * toPolkadotNetworkId('0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3') // 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
 * @param genesisHash - the genesis hash, `0x` and 64 lowercase hex characters.
 * @returns the network id.
 * @throws RangeError when the text is not a genesis hash.
 * @see https://namespaces.chainagnostic.org/polkadot/caip2
 */
export function toPolkadotNetworkId(genesisHash: string): CaipNetworkId<'polkadot'> {
  if (!GENESIS_HASH.test(genesisHash))
    throw new RangeError('toPolkadotNetworkId: expected 0x and 64 lowercase hex characters')
  return `polkadot:${genesisHash.slice(2, 34)}`
}

function network(
  name: string,
  genesisHash: `0x${string}`,
  currency: { readonly name: string; readonly symbol: string; readonly decimals: number },
  ss58Prefix: number,
  rpcUrl: string,
  explorer: string | undefined,
  testnet: boolean,
  id: CaipNetworkId<'polkadot'> = toPolkadotNetworkId(genesisHash),
): PolkadotNetwork {
  return Object.freeze({
    id,
    name,
    nativeCurrency: Object.freeze({ ...currency }),
    rpcUrls: Object.freeze([rpcUrl]) as string[],
    ...(explorer
      ? { blockExplorers: Object.freeze([{ name: 'Subscan', url: explorer }]) as never }
      : {}),
    testnet,
    namespace: 'polkadot' as const,
    genesisHash,
    ss58Prefix,
  })
}

const DOT = { name: 'Polkadot', symbol: 'DOT', decimals: 10 }
const KSM = { name: 'Kusama', symbol: 'KSM', decimals: 12 }

/**
 * The Polkadot relay chain.
 * @example
 * import { polkadot, polkadotMainnet } from '@gangway/kit/polkadot'
 * polkadot({ networks: [polkadotMainnet] })
 */
export const polkadotMainnet: PolkadotNetwork = /* @__PURE__ */ network(
  'Polkadot',
  '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  DOT,
  0,
  'wss://rpc.polkadot.io',
  'https://polkadot.subscan.io',
  false,
)

/**
 * The Kusama relay chain.
 * @example
 * import { kusamaMainnet, polkadot } from '@gangway/kit/polkadot'
 * polkadot({ networks: [kusamaMainnet] })
 */
export const kusamaMainnet: PolkadotNetwork = /* @__PURE__ */ network(
  'Kusama',
  '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
  KSM,
  2,
  'wss://kusama-rpc.polkadot.io',
  'https://kusama.subscan.io',
  false,
)

/**
 * Polkadot Asset Hub (formerly Statemint), where DOT balances and transfers now live.
 * @example
 * import { polkadot, polkadotAssetHub } from '@gangway/kit/polkadot'
 * polkadot({ networks: [polkadotAssetHub] })
 */
export const polkadotAssetHub: PolkadotNetwork = /* @__PURE__ */ network(
  'Polkadot Asset Hub',
  '0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f',
  DOT,
  0,
  'wss://polkadot-asset-hub-rpc.polkadot.io',
  'https://assethub-polkadot.subscan.io',
  false,
)

/**
 * Kusama Asset Hub (formerly Statemine).
 * @example
 * import { kusamaAssetHub, polkadot } from '@gangway/kit/polkadot'
 * polkadot({ networks: [kusamaAssetHub] })
 */
export const kusamaAssetHub: PolkadotNetwork = /* @__PURE__ */ network(
  'Kusama Asset Hub',
  '0x48239ef607d7928874027a43a67689209727dfb3d3dc5e5b03a39bdc2eda771a',
  KSM,
  2,
  'wss://kusama-asset-hub-rpc.polkadot.io',
  'https://assethub-kusama.subscan.io',
  false,
)

/** Parameters of {@link polkadotLocalnet}. */
export interface PolkadotLocalnetParameters {
  /** The node's WebSocket URL (`ws://127.0.0.1:…`). */
  readonly rpcUrl: string
  /** The genesis hash the node reports (`chain_getBlockHash(0)`); wallets sign for it. */
  readonly genesisHash: `0x${string}`
  /**
   * The CAIP-2 id the site gives the network; from the genesis hash by default. A local fork
   * (chopsticks) reports a synthetic genesis hash that other local nodes share, so two of them on
   * one page need ids of their own.
   */
  readonly networkId?: CaipNetworkId<'polkadot'>
  /** A display name; 'Polkadot Localnet' by default. */
  readonly name?: string
  /** The native currency; the node's own (`system_properties`) is what a site should pass. */
  readonly nativeCurrency?: {
    readonly name: string
    readonly symbol: string
    readonly decimals: number
  }
  /** The SS58 prefix addresses are written with; 42 (generic Substrate) by default. */
  readonly ss58Prefix?: number
}

/**
 * A local node (chopsticks from `startPolkadotNode`, or a dev node): its URL and genesis hash, and
 * the network id and currency the site gives it.
 * @example
 * import { polkadot, polkadotLocalnet } from '@gangway/kit/polkadot'
 * const local = polkadotLocalnet({ rpcUrl: node.url, genesisHash: node.genesisHash })
 * polkadot({ networks: [local] })
 * @param parameters - the node's URL and genesis hash; optionally the id, name, currency and prefix.
 * @returns the network, marked as a testnet and without an explorer.
 * @throws RangeError for a malformed genesis hash, network id or SS58 prefix.
 */
export function polkadotLocalnet(parameters: PolkadotLocalnetParameters): PolkadotNetwork {
  const prefix = parameters.ss58Prefix ?? 42
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16_383 || prefix === 46 || prefix === 47)
    throw new RangeError('polkadotLocalnet: ss58Prefix must be 0 to 16383, not 46 or 47')
  if (parameters.networkId !== undefined && !NETWORK_ID.test(parameters.networkId))
    throw new RangeError(
      'polkadotLocalnet: networkId must be polkadot: and 1 to 32 of [-_a-zA-Z0-9]',
    )
  const genesisHash = parameters.genesisHash.toLowerCase() as `0x${string}`
  return network(
    parameters.name ?? 'Polkadot Localnet',
    genesisHash,
    parameters.nativeCurrency ?? { name: 'Unit', symbol: 'UNIT', decimals: 12 },
    prefix,
    parameters.rpcUrl,
    undefined,
    true,
    parameters.networkId ?? toPolkadotNetworkId(genesisHash),
  )
}
