/**
 * Bitcoin networks as CAIP-2 networks (`bip122:` and the first 32 hex characters of the genesis
 * block hash, BIP-122 / CAIP-4) with the address parameters of each, and the Esplora-shaped HTTP
 * API each one reads from. No chain library: this runs in the eager part.
 * @module
 */
import type { CaipNetworkId, NetworkDescriptor } from '../../kernel/index.js'

/**
 * The address and key parameters of a Bitcoin network, in bitcoinjs-lib's `Network` shape (so
 * the lazily loaded code passes them to bitcoinjs-lib as they are).
 */
export interface Bip122AddressParameters {
  readonly messagePrefix: string
  /** The bech32 human-readable part: `bc`, `tb`, `bcrt`. */
  readonly bech32: string
  readonly bip32: { readonly public: number; readonly private: number }
  /** The base58 version byte of pay to public key hash addresses. */
  readonly pubKeyHash: number
  /** The base58 version byte of pay to script hash addresses. */
  readonly scriptHash: number
  readonly wif: number
}

/** What wallets call a network (sats-connect `BitcoinNetworkType`, Unisat `getNetwork`). */
export type Bip122WalletNetwork = 'mainnet' | 'testnet' | 'signet' | 'regtest'

/**
 * A Bitcoin network a site offers: its §3 descriptor (whose first RPC URL is the base URL of an
 * Esplora-shaped HTTP API: a real Esplora or mempool instance, or the Gangway server's) plus the
 * address parameters and the name wallets use.
 * @example
 * import { bitcoinMainnet } from '@gangway/kit/bip122'
 * bitcoinMainnet.id // 'bip122:000000000019d6689c085ae165831e93'
 */
export interface Bip122Network extends NetworkDescriptor {
  readonly id: CaipNetworkId<'bip122'>
  readonly namespace: 'bip122'
  /** The network's address parameters. */
  readonly addresses: Bip122AddressParameters
  /** What wallets call the network. */
  readonly walletNetwork: Bip122WalletNetwork
}

// `@__PURE__`: a page that offers mainnet only does not carry the other networks' descriptors.
const MAINNET_ADDRESSES: Bip122AddressParameters = /* @__PURE__ */ Object.freeze({
  messagePrefix: '\x18Bitcoin Signed Message:\n',
  bech32: 'bc',
  bip32: Object.freeze({ public: 0x0488b21e, private: 0x0488ade4 }),
  pubKeyHash: 0x00,
  scriptHash: 0x05,
  wif: 0x80,
})
const TESTNET_ADDRESSES: Bip122AddressParameters = /* @__PURE__ */ Object.freeze({
  messagePrefix: '\x18Bitcoin Signed Message:\n',
  bech32: 'tb',
  bip32: Object.freeze({ public: 0x043587cf, private: 0x04358394 }),
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
})
const REGTEST_ADDRESSES: Bip122AddressParameters = /* @__PURE__ */ Object.freeze({
  ...TESTNET_ADDRESSES,
  bech32: 'bcrt',
})

/**
 * The CAIP-2 id of a Bitcoin network from its genesis block hash (hex, as RPCs print it).
 * @example
 * import { toBip122NetworkId } from '@gangway/kit/bip122'
 * toBip122NetworkId('000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f') // 'bip122:000000000019d6689c085ae165831e93'
 * @param genesisHash - the 64 hex characters of the genesis block hash.
 * @returns the CAIP-2 id.
 * @throws RangeError when the hash is not 64 hex characters.
 * @see https://github.com/ChainAgnostic/CAIPs/blob/main/CAIPs/caip-4.md
 */
export function toBip122NetworkId(genesisHash: string): CaipNetworkId<'bip122'> {
  if (!/^[0-9a-fA-F]{64}$/.test(genesisHash))
    throw new RangeError('toBip122NetworkId: the genesis hash is 64 hex characters')
  return `bip122:${genesisHash.slice(0, 32).toLowerCase()}`
}

function network(
  name: string,
  genesisHash: string,
  walletNetwork: Bip122WalletNetwork,
  esploraUrl: string,
  addresses: Bip122AddressParameters,
  explorerUrl?: string,
): Bip122Network {
  const testnet = walletNetwork !== 'mainnet'
  return Object.freeze({
    id: toBip122NetworkId(genesisHash),
    name,
    nativeCurrency: Object.freeze({
      name: 'Bitcoin',
      symbol: testnet && walletNetwork !== 'regtest' ? 'tBTC' : 'BTC',
      decimals: 8,
    }),
    rpcUrls: [esploraUrl],
    ...(explorerUrl ? { blockExplorers: [{ name: 'mempool.space', url: explorerUrl }] } : {}),
    testnet,
    namespace: 'bip122' as const,
    addresses,
    walletNetwork,
  })
}

/**
 * Bitcoin mainnet, read from mempool.space's Esplora API.
 * @example
 * import { bip122, bitcoinMainnet } from '@gangway/kit/bip122'
 * bip122({ networks: [bitcoinMainnet] })
 */
export const bitcoinMainnet: Bip122Network = /* @__PURE__ */ network(
  'Bitcoin',
  '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  'mainnet',
  'https://mempool.space/api',
  MAINNET_ADDRESSES,
  'https://mempool.space',
)

/**
 * Bitcoin testnet (testnet3), read from mempool.space's Esplora API.
 * @example
 * import { bip122, bitcoinTestnet } from '@gangway/kit/bip122'
 * bip122({ networks: [bitcoinTestnet] })
 */
export const bitcoinTestnet: Bip122Network = /* @__PURE__ */ network(
  'Bitcoin Testnet',
  '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
  'testnet',
  'https://mempool.space/testnet/api',
  TESTNET_ADDRESSES,
  'https://mempool.space/testnet',
)

/**
 * Bitcoin signet (the default signet), read from mempool.space's Esplora API. Its addresses are
 * testnet's (`tb1…`, `m…`, `n…`, `2…`).
 * @example
 * import { bip122, bitcoinSignet } from '@gangway/kit/bip122'
 * bip122({ networks: [bitcoinSignet] })
 */
export const bitcoinSignet: Bip122Network = /* @__PURE__ */ network(
  'Bitcoin Signet',
  '00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6',
  'signet',
  'https://mempool.space/signet/api',
  TESTNET_ADDRESSES,
  'https://mempool.space/signet',
)

/** Bitcoin Core's regtest genesis block hash. */
const REGTEST_GENESIS = '0f9188f13cb7b2b71f2a335e3a4fc3282b1aee79a70d7b74d0b5e1c58b3a1206'

/**
 * A regtest network (a local node: `startBitcoinNode`, or the Gangway server's), with regtest
 * addresses (`bcrt1…`). The id comes from the node's genesis hash, Bitcoin Core's regtest one by
 * default; a node of another chain's code (the local litecoind) passes its own.
 * @example
 * import { bip122, bitcoinRegtest } from '@gangway/kit/bip122'
 * bip122({ networks: [bitcoinRegtest({ esploraUrl: node.esploraUrl, genesisHash: node.genesisHash })] })
 * @param parameters - the Esplora-shaped API's base URL, the genesis hash and a display name.
 * @returns the network.
 * @throws RangeError when the genesis hash is not 64 hex characters.
 */
export function bitcoinRegtest(parameters: {
  readonly esploraUrl: string
  readonly genesisHash?: string
  readonly name?: string
}): Bip122Network {
  return network(
    parameters.name ?? 'Bitcoin Regtest',
    parameters.genesisHash ?? REGTEST_GENESIS,
    'regtest',
    parameters.esploraUrl.replace(/\/$/, ''),
    REGTEST_ADDRESSES,
  )
}
