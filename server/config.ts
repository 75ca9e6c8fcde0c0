/**
 * The server's configuration: a JSON file (`--config`, or `GANGWAY_CONFIG`) and environment
 * variables over it, checked by one schema so a mistake stops the start with a message naming
 * the field, never a crash later.
 * @module
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import * as z from 'zod'
import { SWAP_SUPPORTED_EIP155_CHAIN_IDS } from '../src/services/gangway/convertRules.js'
import { embeddedConfigSchema } from './embedded/config.js'
import { trustedProxiesProblem } from './source.js'

const caip2 = z.string().regex(/^eip155:\d{1,12}$/, 'expected an eip155 CAIP-2 id like eip155:1')
/** A CAIP-2 solana id: `solana:` and the first 32 characters of the genesis hash (base58). */
const SOLANA_CHAIN_ID = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/
/** A chain the data service serves: eip155, or solana (history only, decision 0308). */
const servedChainId = z
  .string()
  .refine(
    (value) => /^eip155:\d{1,12}$/.test(value) || SOLANA_CHAIN_ID.test(value),
    'expected a CAIP-2 id like eip155:1 or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  )
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an 0x address')
/** A base58 Solana address (an SPL mint). */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'expected an http(s) URL')
/** A token icon: an http(s) URL, or an inline image (an operator that fetches nothing elsewhere). */
const iconUrl = z.union([
  httpUrl,
  z
    .string()
    .max(65_536)
    .regex(
      /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/,
      'expected an http(s) or data:image URL',
    ),
])
const decimal = z.string().regex(/^\d{1,30}(\.\d{1,30})?$/, 'expected a decimal string like "1.5"')

const nativeCurrencySchema = z.object({
  name: z.string().min(1).max(32),
  symbol: z.string().min(1).max(16),
  decimals: z.number().int().min(0).max(36),
})

const chainSchema = z
  .object({
    id: servedChainId,
    name: z.string().min(1).max(64),
    /** The node's JSON-RPC URL (for solana: the cluster's, serving `getSignaturesForAddress`). */
    rpcUrl: httpUrl,
    explorer: httpUrl.optional(),
    /** Ether (18 decimals) on eip155, SOL (9) on solana, unless named. */
    nativeCurrency: nativeCurrencySchema.optional(),
    /** The first block (solana: slot) the indexer reads (default 0). */
    startBlock: z.number().int().min(0).default(0),
    /** An ENS Universal Resolver for `GET /v1/identity` on this chain (eip155 only). */
    ensUniversalResolver: address.optional(),
  })
  .transform((chain) => ({
    ...chain,
    nativeCurrency:
      chain.nativeCurrency ??
      (chain.id.startsWith('solana:')
        ? { name: 'Solana', symbol: 'SOL', decimals: 9 }
        : { name: 'Ether', symbol: 'ETH', decimals: 18 }),
  }))

const tokenSchema = z.object({
  chainId: servedChainId,
  /** The ERC20 contract (eip155) or the SPL mint (solana, base58). */
  address: z
    .string()
    .refine(
      (value) => /^0x[0-9a-fA-F]{40}$/.test(value) || SOLANA_ADDRESS.test(value),
      'expected an 0x address or a base58 mint',
    ),
  name: z.string().min(1).max(64),
  symbol: z.string().min(1).max(16),
  decimals: z.number().int().min(0).max(36),
  iconUrl: iconUrl.optional(),
})

/** A network the convert API serves: a Uniswap V2 router on a configured chain. */
const swapNetworkSchema = z.object({
  chainId: caip2,
  /** UniswapV2Router02 (or a fork with its interface): quotes come from its `getAmountsOut`. */
  router: address,
  /**
   * A GangwayFeeRouter in front of the router: it takes the provider fee (§9: 0.85 %) once from
   * the input for its fee recipient, and is the spender of approvals. Without one no fee is taken
   * and every quote says so.
   */
  feeRouter: address.optional(),
  /** The USD stablecoin prices are derived against (from pool reserves). */
  stablecoin: address,
  /**
   * The operator's own network, outside §9's twelve swap networks (a local chain): at most one.
   */
  local: z.boolean().default(false),
  /** Tokens to look for pools of, besides the configured `tokens` of the chain. */
  tokens: z.array(address).max(200).default([]),
})

const walletSchema = z
  .object({ id: z.string().min(1).max(128), name: z.string().min(1).max(128) })
  .passthrough()

/** A relay URL clients dial: `ws://` or `wss://`. */
const relayUrl = z
  .string()
  .url()
  .refine((value) => /^wss?:\/\//.test(value), 'expected a ws:// or wss:// URL')

/** Relay limits; see decision 0300 for why each default is what it is. */
const relaySchema = z
  .object({
    /** Longest a message is kept, in seconds (WalletConnect's own longest is one day). */
    maxTtlSeconds: z.number().int().min(1).max(86_400).default(86_400),
    maxMessageBytes: z
      .number()
      .int()
      .min(1_024)
      .default(256 * 1024),
    maxSockets: z.number().int().min(1).default(10_000),
    maxSocketsPerSource: z.number().int().min(1).default(200),
    maxSocketsPerClient: z.number().int().min(1).default(20),
    maxSubscriptionsPerSocket: z.number().int().min(1).default(1_000),
    maxSubscriptionsPerClient: z.number().int().min(1).default(5_000),
    maxSubscriptionsPerSource: z.number().int().min(1).default(20_000),
    maxSubscriptions: z.number().int().min(1).default(1_000_000),
    maxStoredBytes: z
      .number()
      .int()
      .min(1_024)
      .default(256 * 1024 * 1024),
    maxStoredBytesPerSource: z
      .number()
      .int()
      .min(1_024)
      .default(16 * 1024 * 1024),
    maxStoredBytesPerClient: z
      .number()
      .int()
      .min(1_024)
      .default(8 * 1024 * 1024),
    /** Publishes per second sustained, per socket, per client and overall (bursts: 2 s worth). */
    publishesPerSecondPerSocket: z.number().min(1).default(20),
    publishesPerSecondPerClient: z.number().min(1).default(50),
    publishesPerSecondPerSource: z.number().min(1).default(200),
    publishesPerSecond: z.number().min(1).default(5_000),
    /**
     * The share of each overall budget (sockets, subscriptions, stored bytes, publish rate) kept
     * for newcomers: past `1 - reservedShare` of it, only a source using no more than one client's
     * budget is served.
     */
    reservedShare: z.number().min(0).max(0.9).default(0.1),
    /** Whether sockets without an `auth` JWT are served (each is then its own identity). */
    allowAnonymous: z.boolean().default(false),
    /**
     * The URLs clients reach the relay at (`wss://relay.example`): a client's JWT must name one
     * as its audience. Empty: the URLs the server listens on (`ws://127.0.0.1:8787`).
     */
    audiences: z.array(relayUrl).max(32).default([]),
    pingIntervalMs: z.number().int().min(100).default(20_000),
  })
  .prefault({})

/** A solana network sign-in messages may name: its CAIP-2 id and the Wallet Standard chain. */
const solanaNetworkSchema = z.object({
  id: z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/, 'expected a solana CAIP-2 id'),
  walletChain: z.string().regex(/^solana:[a-z0-9-]{1,32}$/, 'expected solana:mainnet or the like'),
})

/**
 * A Bitcoin regtest node whose Esplora-shaped API the server serves (`/v1/bip122/{reference}/esplora`):
 * a local node only, since the API indexes the node's chain in memory (decision 0210). Public
 * networks read a real Esplora or mempool instance instead.
 */
const bitcoinNodeSchema = z.object({
  /** The network's CAIP-2 id: `bip122:` and the first 32 hex digits of the genesis hash. */
  id: z.string().regex(/^bip122:[0-9a-f]{32}$/, 'expected a bip122 CAIP-2 id'),
  /** The node's JSON-RPC URL (`http://127.0.0.1:18443/`). */
  rpcUrl: httpUrl,
  rpcUser: z.string().min(1).max(256),
  rpcPassword: z.string().min(1).max(256),
  /** Fee rates (sat/vB) by confirmation target answered while the node has no estimate. */
  fallbackFeeRates: z
    .record(z.string().regex(/^\d{1,4}$/), z.number().min(1).max(10_000))
    .optional(),
})

/** A polkadot network sign-in messages may name: its CAIP-2 id and its addresses' SS58 prefix. */
const polkadotNetworkSchema = z.object({
  id: z.string().regex(/^polkadot:[-_a-zA-Z0-9]{1,32}$/, 'expected a polkadot CAIP-2 id'),
  ss58Prefix: z.number().int().min(0).max(16_383),
})

/** Sign-in with the wallet (§7 session paths); see docs/siwx.md. */
const siwxSchema = z
  .object({
    /**
     * The domains sign-in messages may name: the sites this server signs visitors in for
     * (`shop.example`, `localhost:5173`; `host:*` for any port of a host). Empty: the session
     * paths answer 404 `SIWX_NOT_ENABLED`.
     */
    domains: z.array(z.string().min(1).max(256)).max(64).default([]),
    /** How long an issued nonce is accepted, in seconds. */
    nonceTtlSeconds: z.number().int().min(10).max(3_600).default(600),
    /** Solana networks besides mainnet, devnet and testnet (a local node's, for instance). */
    solanaNetworks: z.array(solanaNetworkSchema).max(16).default([]),
    /** Polkadot networks besides Polkadot, Kusama and their Asset Hubs (a local node's, for instance). */
    polkadotNetworks: z.array(polkadotNetworkSchema).max(16).default([]),
    /** Most live sessions kept per account; the oldest go first. */
    maxSessionsPerAccount: z.number().int().min(1).max(64).default(16),
    /**
     * Most unused nonces kept: past it new nonces are refused (503 `NONCE_LIMIT`), never older
     * ones dropped, so a flood cannot break a sign-in in progress.
     */
    maxOutstandingNonces: z.number().int().min(1).default(100_000),
    /** Nonces one network source may ask for: a burst of `nonceBurstPerSource`, then this many an hour. */
    noncesPerSourcePerHour: z.number().min(1).default(600),
    nonceBurstPerSource: z.number().int().min(1).default(20),
  })
  .prefault({})

/** The configuration file's shape (environment variables fill or override some fields). */
export const serverConfigSchema = z.object({
  host: z.string().default('127.0.0.1'),
  port: z.number().int().min(0).max(65_535).default(8787),
  /** PGlite's data directory, used when no `databaseUrl` is set. */
  dataDir: z.string().min(1).default('./gangway-data'),
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
    .optional(),
  redisUrl: z
    .string()
    .regex(/^rediss?:\/\//, 'expected a redis:// URL')
    .optional(),
  /**
   * The reverse proxies in front of the server (addresses or CIDR ranges, `loopback`,
   * `uniquelocal`): only a connection from one of them has its `X-Forwarded-For` believed when
   * the server tells network sources apart. Empty: the connection's own address is the source.
   */
  trustedProxies: z.array(z.string().min(1).max(64)).max(64).default([]),
  /** Origins allowed to call the HTTP paths from a browser; `*` for any. */
  allowedOrigins: z.array(z.string().min(1)).min(1).default(['*']),
  chains: z.array(chainSchema).default([]),
  tokens: z.array(tokenSchema).default([]),
  /**
   * USD prices by CAIP-10 token id (`eip155:1:native`, `eip155:1:0x…`): a fixed table the operator
   * maintains; tokens missing from it have no price.
   */
  prices: z.record(z.string(), decimal).default({}),
  /** The registry's wallets; the kit's built-in list when omitted. */
  wallets: z.array(walletSchema).max(10_000).optional(),
  relay: relaySchema,
  /**
   * The convert API (`/v1/convert/*`): the swap networks, each with its deployed router. Only
   * §9's twelve swap networks and one `local` network may be listed.
   */
  swap: z.object({ networks: z.array(swapNetworkSchema).max(13).default([]) }).prefault({}),
  indexer: z
    .object({
      /**
       * Whether this instance follows the chains in the background. With several instances on one
       * database, one indexing is enough; history requests still index what they need.
       */
      enabled: z.boolean().default(true),
      pollIntervalMs: z.number().int().min(10).default(1_000),
      /** Blocks read per step. */
      batchBlocks: z.number().int().min(1).max(1_000).default(50),
      /** How many recent block hashes are kept to notice a reorg. */
      reorgDepth: z.number().int().min(1).max(10_000).default(128),
      /**
       * Most addresses followed per chain: each new one is read from `startBlock`, so anyone
       * asking for histories must not be able to make the server follow without end.
       */
      maxWatchedAddresses: z.number().int().min(1).default(100_000),
      /** New addresses one network source may have followed: a burst, then this many an hour. */
      newWatchesPerSourcePerHour: z.number().min(1).default(60),
      newWatchBurstPerSource: z.number().int().min(1).default(10),
      /** An address whose history nobody asked for this long is no longer followed (its rows go). */
      idleWatchSeconds: z.number().int().min(60).default(86_400),
      /**
       * With the list full, the address asked for least recently gives way to a new one, if nobody
       * asked for it this long (so a visitor reading their history is never the one dropped).
       */
      evictableWatchSeconds: z.number().int().min(0).default(600),
      /**
       * How long a history request waits for its address to be indexed up to the head; past it
       * the page is answered with `complete: false` (decision 0303).
       */
      historyWaitMs: z.number().int().min(0).max(60_000).default(10_000),
      /** How a solana chain is followed (decision 0308). */
      solana: z
        .object({
          /**
           * Most of an address's signatures read when it is synced: its most recent ones when it
           * is first watched, or when it fell further behind than this.
           */
          historyDepth: z.number().int().min(1).max(100_000).default(1_000),
          /** Addresses whose new signatures one step asks for (those a request waits for first). */
          addressesPerStep: z.number().int().min(1).max(10_000).default(50),
          /** Transactions one step reads (`getTransaction`), across its addresses. */
          transactionsPerStep: z.number().int().min(1).max(10_000).default(100),
        })
        .prefault({}),
    })
    .prefault({}),
  siwx: siwxSchema,
  /**
   * Bitcoin regtest nodes the server serves an Esplora-shaped API for; their networks also join
   * the sign-in networks (§7). Requests per network source: a burst, then so many an hour.
   */
  bitcoin: z
    .object({
      nodes: z.array(bitcoinNodeSchema).max(4).default([]),
      requestsPerSourcePerHour: z.number().min(1).default(36_000),
      requestBurstPerSource: z.number().int().min(1).default(200),
    })
    .prefault({}),
  /**
   * The embedded wallet (email and social login) on a wallet origin of its own; see
   * docs/embedded-wallet.md. Absent: not served.
   */
  embedded: embeddedConfigSchema.optional(),
  logLevel: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
})

/** The checked configuration. */
export type ServerConfig = z.infer<typeof serverConfigSchema>
/** One configured chain. */
export type ChainConfig = ServerConfig['chains'][number]
/** One configured token. */
export type TokenConfig = ServerConfig['tokens'][number]
/** One swap network. */
export type SwapNetworkConfig = ServerConfig['swap']['networks'][number]
/** One Bitcoin regtest node. */
export type BitcoinNodeConfig = ServerConfig['bitcoin']['nodes'][number]
/** The relay's limits. */
export type RelayLimits = ServerConfig['relay']
/** The sign-in settings. */
export type SiwxConfig = ServerConfig['siwx']
/** What a configuration file may hold before defaults apply. */
export type ServerConfigInput = z.input<typeof serverConfigSchema>

/** A configuration that cannot be used; `issues` name each bad field. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(readonly issues: readonly string[]) {
    super(
      `Invalid Gangway server configuration:\n${issues.map((line) => `  - ${line}`).join('\n')}`,
    )
  }
}

/**
 * Checks a configuration object.
 * @param input - the parsed file, with environment overrides already applied.
 * @returns the configuration with defaults.
 * @throws ConfigError naming every bad field.
 */
export function parseConfig(input: unknown): ServerConfig {
  const parsed = serverConfigSchema.safeParse(input)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
      ),
    )
  }
  const config = parsed.data
  const ids = new Set<string>()
  const problems: string[] = []
  for (const chain of config.chains) {
    if (ids.has(chain.id)) problems.push(`chains: ${chain.id} is listed twice`)
    ids.add(chain.id)
  }
  for (const [index, chain] of config.chains.entries()) {
    if (chain.id.startsWith('solana:') && chain.ensUniversalResolver) {
      problems.push(`chains.${index}.ensUniversalResolver: names are eip155 only`)
    }
  }
  for (const [index, token] of config.tokens.entries()) {
    if (!ids.has(token.chainId)) {
      problems.push(`tokens.${index}.chainId: ${token.chainId} is not among chains`)
    }
    const isSolana = token.chainId.startsWith('solana:')
    if (isSolana !== SOLANA_ADDRESS.test(token.address)) {
      problems.push(
        `tokens.${index}.address: expected ${isSolana ? 'a base58 mint' : 'an 0x address'} on ${token.chainId}`,
      )
    }
  }
  problems.push(...swapProblems(config, ids))
  const bitcoinIds = new Set<string>()
  for (const node of config.bitcoin.nodes) {
    if (bitcoinIds.has(node.id)) problems.push(`bitcoin.nodes: ${node.id} is listed twice`)
    bitcoinIds.add(node.id)
  }
  const projectIds = new Set<string>()
  for (const project of config.embedded?.projects ?? []) {
    if (projectIds.has(project.id))
      problems.push(`embedded.projects: ${project.id} is listed twice`)
    projectIds.add(project.id)
  }
  const proxies = trustedProxiesProblem(config.trustedProxies)
  if (proxies) problems.push(`trustedProxies: ${proxies}`)
  if (config.redisUrl && !config.databaseUrl) {
    // Relay messages live in the database; instances on their own embedded databases could not
    // read each other's (decision 0305).
    problems.push('redisUrl: needs databaseUrl, the PostgreSQL database the instances share')
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

/** What is wrong with the swap networks: unknown chains, repeats, networks outside §9. */
function swapProblems(config: ServerConfig, chainIds: ReadonlySet<string>): string[] {
  const problems: string[] = []
  const served = new Set<string>()
  const swapChainIds: readonly string[] = SWAP_SUPPORTED_EIP155_CHAIN_IDS.map(
    (id) => `eip155:${id}`,
  )
  for (const [index, network] of config.swap.networks.entries()) {
    const at = `swap.networks.${index}.chainId`
    if (!chainIds.has(network.chainId))
      problems.push(`${at}: ${network.chainId} is not among chains`)
    if (served.has(network.chainId)) problems.push(`${at}: ${network.chainId} is listed twice`)
    served.add(network.chainId)
    if (!network.local && !swapChainIds.includes(network.chainId)) {
      problems.push(
        `${at}: ${network.chainId} is not one of the 12 swap networks; mark your own network "local": true`,
      )
    }
  }
  if (config.swap.networks.filter((network) => network.local).length > 1) {
    problems.push('swap.networks: at most one network may be local')
  }
  return problems
}

/**
 * Reads the configuration: the JSON file (if any), then the environment: `HOST`, `PORT`,
 * `DATA_DIR`, `DATABASE_URL`, `REDIS_URL`, `ALLOWED_ORIGINS` (comma-separated), `LOG_LEVEL`,
 * `SIWX_DOMAINS` (comma-separated).
 * @param options - the file path and the environment.
 * @returns the checked configuration.
 * @throws ConfigError for an unreadable file, bad JSON or a bad field.
 */
export function loadConfig(options: {
  readonly file?: string | undefined
  readonly env: Readonly<Record<string, string | undefined>>
}): ServerConfig {
  const { env } = options
  let input: Record<string, unknown> = {}
  const file = options.file ?? env.GANGWAY_CONFIG
  if (file) {
    let text: string
    try {
      text = readFileSync(resolve(file), 'utf8')
    } catch (error) {
      throw new ConfigError([`config file ${file}: ${(error as Error).message}`])
    }
    try {
      input = JSON.parse(text) as Record<string, unknown>
    } catch (error) {
      throw new ConfigError([`config file ${file}: not JSON (${(error as Error).message})`])
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new ConfigError([`config file ${file}: expected a JSON object`])
    }
  }
  const overrides: Record<string, unknown> = {}
  if (env.HOST) overrides.host = env.HOST
  if (env.PORT) overrides.port = /^\d+$/.test(env.PORT) ? Number(env.PORT) : env.PORT
  if (env.DATA_DIR) overrides.dataDir = env.DATA_DIR
  if (env.DATABASE_URL) overrides.databaseUrl = env.DATABASE_URL
  if (env.REDIS_URL) overrides.redisUrl = env.REDIS_URL
  if (env.LOG_LEVEL) overrides.logLevel = env.LOG_LEVEL
  if (env.ALLOWED_ORIGINS) {
    overrides.allowedOrigins = env.ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
  }
  if (env.SIWX_DOMAINS) {
    const siwx = typeof input.siwx === 'object' && input.siwx !== null ? input.siwx : {}
    overrides.siwx = {
      ...siwx,
      domains: env.SIWX_DOMAINS.split(',')
        .map((domain) => domain.trim())
        .filter(Boolean),
    }
  }
  return parseConfig({ ...input, ...overrides })
}
