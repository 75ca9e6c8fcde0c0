/**
 * The browser demo's back end: two local anvil nodes (the main one with a Uniswap V2 loaded from a
 * saved state), the demo token, the local Solana node, a local Polkadot node (chopsticks), the
 * Gangway server (relay, wallet registry, data service and convert API on PGlite, and the
 * Esplora-shaped API over a Bitcoin regtest node), the demo phone wallet, the Solana, Polkadot and
 * Bitcoin demo wallets' backends, and a Vite dev server for
 * `demo/site` that bakes the URLs, token and dev keys into the page as `__GANGWAY_DEMO__`.
 * Used by `npm run demo` (demo/start.ts) and by the end-to-end tests (test/e2e/globalSetup.ts).
 * Fully offline: everything listens on loopback and nothing is fetched from the network.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { build, createServer, preview as previewServer, type ViteDevServer } from 'vite'
import { esploraPathOf } from '../server/bitcoin/routes.js'
import { parseConfig } from '../server/config.js'
import { createLogger } from '../server/log.js'
import { type RunningServer, startServer } from '../server/startServer.js'
import { pgliteSnapshot } from '../server/storage/snapshot.js'
import { solanaLocalnet } from '../src/plugins/solana/networks.js'
import { deployTestToken } from '../src/testing/eip155/deployTestToken.js'
import {
  type BitcoinNode,
  createBitcoinTestWallet,
  createPolkadotTestExtension,
  createRemoteTestWallet,
  createSolanaTestWallet,
  type PolkadotNode,
  type RemoteTestWallet,
  type SolanaNode,
  startBitcoinNode,
  startPolkadotNode,
  startSolanaNode,
} from '../src/testing/node.js'
import { ANVIL_MNEMONIC, type AnvilNode, startAnvil } from '../src/testing/nodes/anvil.js'
import { ammServerConfig, startLocalAmm } from '../test/support/amm.js'
import { ANVIL_KEYS, localChain } from '../test/support/eip155.js'
import { bitcoinWalletPlugin } from './bitcoinWallet.js'
import { phoneWalletPlugin } from './phoneWallet.js'
import { polkadotWalletPlugin } from './polkadotWallet.js'
import { solanaWalletPlugin } from './solanaWallet.js'

/**
 * What the demo page receives as the compile-time constant `__GANGWAY_DEMO__`: the local chains,
 * the demo token and the private keys of the page's demo wallet. JSON-serializable.
 * @example
 * declare const __GANGWAY_DEMO__: DemoConfig
 * const [main] = __GANGWAY_DEMO__.chains
 */
export interface DemoConfig {
  /** The local chains, main chain (31337, holding the token) first. */
  chains: { id: number; name: string; rpcUrl: string }[]
  /** The demo ERC-20, deployed on `chainId`; its whole supply belongs to `walletKeys[0]`. */
  token: { address: `0x${string}`; symbol: string; name: string; decimals: number; chainId: number }
  /** Anvil dev keys (accounts 0–2 of the test mnemonic), each funded with 10,000 ETH on both chains. */
  walletKeys: `0x${string}`[]
  /** The Gangway server's relay (WebSocket URL). */
  relayUrl: string
  /** The Gangway server's wallet registry (the kit's `walletRegistryUrl`). */
  registryUrl: string
  /** The Gangway server's data service (the kit's `serviceUrl`). */
  serviceUrl: string
  /**
   * The Uniswap V2 on the main chain (loaded from a saved anvil state): its router, fee router,
   * WETH and tokens, whose pools the convert API quotes; the networks the page's kit offers swaps
   * on. The page's kit names the fee router (with WETH) as the router it checks swaps against.
   */
  amm: {
    router: `0x${string}`
    feeRouter: `0x${string}`
    /** The router's wrapped native token (WETH9). */
    weth: `0x${string}`
    tokens: Record<string, { address: `0x${string}`; decimals: number }>
    networks: `eip155:${number}`[]
    /** How long loading the saved state (or deploying, the first time) took, in ms. */
    setupMs: number
    fromCache: boolean
  }
  /** The demo phone wallet (a WalletConnect wallet in the demo process): its one account. */
  phoneWallet: { address: `0x${string}` }
  /**
   * The local Solana node and the demo Solana wallet: its keys stay in the demo process, the page
   * holds a Wallet Standard wallet that asks it (demo/solanaWallet.ts).
   */
  solana: {
    rpcUrl: string
    genesisHash: string
    /** The demo SPL token (6 decimals); the wallet holds 1,000 of it. */
    token: { mint: string; symbol: string; name: string; decimals: number }
    /** The name the demo Solana wallet registers under. */
    walletName: string
    /** The demo Solana wallet's accounts, base58. */
    walletAddresses: string[]
  }
  /**
   * The local Bitcoin regtest node (litecoind) and the demo Bitcoin wallet: the page reads the
   * node through the Gangway server's Esplora-shaped API; the wallet's keys stay in the demo process
   * (demo/bitcoinWallet.ts). The demo mines a block whenever a transaction waits.
   */
  bitcoin: {
    /** The Esplora-shaped API's base URL, on the Gangway server. */
    esploraUrl: string
    genesisHash: string
    /** The name the demo Bitcoin wallet registers under. */
    walletName: string
    /** Its payment and ordinals addresses (`bcrt1…`); the payment one holds 1 BTC. */
    walletAddresses: string[]
  }
  /**
   * The local Polkadot node (chopsticks from Rococo Asset Hub's genesis) and the demo Polkadot
   * extension: its keys stay in the demo process, the page holds an `injectedWeb3` entry that asks
   * it (demo/polkadotWallet.ts).
   */
  polkadot: {
    rpcUrl: string
    /** The genesis hash the node reports (chopsticks makes it up). */
    genesisHash: `0x${string}`
    /** The CAIP-2 id the page gives the node's network. */
    networkId: `polkadot:${string}`
    nativeCurrency: { name: string; symbol: string; decimals: number }
    ss58Prefix: number
    /** The key the demo extension injects itself under in `window.injectedWeb3`. */
    extensionName: string
    /** The demo extension's accounts (SS58, the node's prefix); each holds 1,000,000 ROC. */
    walletAddresses: string[]
  }
}

/**
 * A running demo, returned by {@link startDemo}.
 * @example
 * const demo = await startDemo()
 * console.log(demo.url, demo.config.token.address)
 * await demo.stop()
 */
export interface RunningDemo {
  /** The page's URL as Vite listens on it, e.g. `http://127.0.0.1:5173/`. */
  url: string
  /** What the page was built with (also its `__GANGWAY_DEMO__`). */
  config: DemoConfig
  /** The demo phone wallet: pairs from a `wc:` link (the terminal and demo/site/phone.html use it). */
  phoneWallet: RemoteTestWallet
  /** Closes the Vite server and stops both nodes; resolves once all are gone. Idempotent. */
  stop(): Promise<void>
}

/** Where the migrated PGlite snapshot is kept between runs (git-ignored with node_modules). */
const SNAPSHOT_CACHE = fileURLToPath(new URL('../node_modules/.cache/gangway/', import.meta.url))

/** The page's sources; resolved from this file so the working directory does not matter. */
const SITE_ROOT = fileURLToPath(new URL('./site/', import.meta.url))

const MAIN_CHAIN = { id: 31337, name: 'Anvil' } as const
const SIDE_CHAIN = { id: 1337, name: 'Anvil 1337' } as const
const TOKEN = {
  name: 'Gangway Demo Token',
  symbol: 'GDT',
  decimals: 6,
  wholeUnits: 1_000_000n,
  // Inline, so the offline demo fetches no icon from anywhere.
  iconUrl: `data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8" fill="#2563eb"/><text x="8" y="11" font-size="8" font-family="sans-serif" text-anchor="middle" fill="#fff">G</text></svg>',
  )}`,
}

/**
 * A token's mark from @web3icons/core (a dev dependency), inline: the offline demo fetches no icon.
 * `undefined` for a symbol the package has no mark for.
 */
async function tokenIconOf(symbol: string): Promise<string | undefined> {
  if (!/^[A-Z0-9]{1,12}$/.test(symbol)) return undefined
  try {
    const module = (await import(`@web3icons/core/svgs/tokens/branded/${symbol}.svg.js`)) as {
      default: string
    }
    return `data:image/svg+xml,${encodeURIComponent(module.default.replace(/\s*\n\s*/g, ''))}`
  } catch {
    return undefined
  }
}
const WALLET_KEY_COUNT = 3
/** The phone wallet's key: anvil account 3, apart from the in-page wallet's accounts 0–2. */
const PHONE_WALLET_KEY = ANVIL_KEYS[3]
const SOLANA_TOKEN = { name: 'Gangway Solana Demo Token', symbol: 'GSD', decimals: 6 }
/** The key the page's Polkadot demo extension injects itself under (shown as the wallet's name). */
export const POLKADOT_DEMO_EXTENSION = 'gangway-demo-polkadot'
/** chopsticks' genesis hash is made up and shared by every such node: the demo names its network. */
const POLKADOT_NETWORK_ID = 'polkadot:gangway-demo'
/** The name the page's Solana demo wallet registers under. */
export const SOLANA_DEMO_WALLET = 'Demo Solana Wallet (development key)'
/** The name the page's Bitcoin demo wallet registers under. */
export const BITCOIN_DEMO_WALLET = 'Demo Bitcoin Wallet (development key)'
/** The demo Bitcoin wallet's development keys: fixed, so its addresses are the same every run. */
const BITCOIN_KEYS = ['payment', 'ordinals'].map((purpose) =>
  createHash('sha256').update(`gangway demo bitcoin ${purpose} key`).digest('hex'),
)
/** How often the demo looks for waiting Bitcoin transactions to mine. */
const BITCOIN_BLOCK_CHECK_MS = 1_000

/**
 * Starts the browser demo: anvil on chains 31337 ('Anvil') and 1337 ('Anvil 1337') from the
 * default dev mnemonic, the demo token (GDT, 6 decimals, 1,000,000 minted to the first dev
 * account) on 31337, and a Vite dev server (React plugin) for `demo/site`.
 * @example
 * import { startDemo } from './serve.js'
 * const demo = await startDemo({ port: 5173 })
 * try {
 *   console.log(`open ${demo.url}`)
 * } finally {
 *   await demo.stop()
 * }
 * @param options - `host` (default `127.0.0.1`) and `port` (default 0: any free port; a taken
 * port makes Vite try the next ones).
 * @returns the page URL Vite listens on, the config baked into the page, and `stop()`.
 * @throws Error when demo/site/index.html is missing, or when a node, the token deployment or Vite fails to start; whatever had already
 * started is stopped first.
 */
export async function startDemo(
  options: { port?: number; host?: string; production?: boolean } = {},
): Promise<RunningDemo> {
  const page = join(SITE_ROOT, 'index.html')
  if (!existsSync(page)) throw new Error(`demo: the page ${page} does not exist`)
  const nodes: AnvilNode[] = []
  let solanaNode: SolanaNode | undefined
  let bitcoinNode: BitcoinNode | undefined
  let bitcoinMiner: ReturnType<typeof setInterval> | undefined
  let polkadotNode: PolkadotNode | undefined
  let vite: { close(): Promise<void> } | undefined
  let server: RunningServer | undefined
  let phoneWallet: RemoteTestWallet | undefined
  const dataDir = mkdtempSync(join(tmpdir(), 'gangway-demo-data-'))
  const stopAll = async (): Promise<void> => {
    const closing = vite?.close()
    await phoneWallet?.close()
    await Promise.allSettled([closing, server?.close()])
    clearInterval(bitcoinMiner)
    await Promise.allSettled([
      ...nodes.map((node) => node.stop()),
      solanaNode?.stop(),
      bitcoinNode?.stop(),
      polkadotNode?.stop(),
    ])
    rmSync(dataDir, { recursive: true, force: true })
  }
  let stopping: Promise<void> | undefined
  // Idempotent: a second stop() waits for the first.
  const stop = (): Promise<void> => {
    stopping ??= stopAll()
    return stopping
  }

  try {
    // Started side by side; a failure of one still leaves the other in `nodes` to be stopped. The
    // main chain comes with the AMM, from its saved state once it was deployed the first time.
    // chopsticks (about 2 s to build its genesis) starts beside them.
    const [withAmm, plain, substrate] = await Promise.allSettled([
      startLocalAmm(MAIN_CHAIN.id),
      startAnvil({ chainId: SIDE_CHAIN.id, mnemonic: ANVIL_MNEMONIC }),
      startPolkadotNode({ accounts: 3 }),
    ])
    if (substrate.status === 'fulfilled') polkadotNode = substrate.value
    else throw substrate.reason
    if (withAmm.status === 'fulfilled') nodes.push(withAmm.value.node)
    if (plain.status === 'fulfilled') nodes.push(plain.value)
    for (const result of [withAmm, plain]) if (result.status === 'rejected') throw result.reason
    const [main, side] = nodes
    if (main === undefined || side === undefined || withAmm.status !== 'fulfilled') {
      throw new Error('demo: a node did not start')
    }
    const amm = withAmm.value
    // Account 0 funds and mints; the demo wallet holds accounts 1 and 2 (1,000 SOL each).
    solanaNode = await startSolanaNode({ accounts: 3 })
    const solanaKeys = solanaNode.keypairs.slice(1, 3)
    const solanaMint = await solanaNode.createMint({
      decimals: SOLANA_TOKEN.decimals,
      holders: [{ owner: solanaKeys[0]!.publicKey, amount: 1_000n * 10n ** 6n }],
    })
    const solanaWallet = createSolanaTestWallet({
      keypairs: solanaKeys,
      rpcUrls: { 'solana:localnet': solanaNode.url },
      name: SOLANA_DEMO_WALLET,
    })

    // The Bitcoin regtest node and the demo Bitcoin wallet, its payment address holding 1 BTC.
    bitcoinNode = await startBitcoinNode()
    const bitcoin = bitcoinNode
    const bitcoinWallet = createBitcoinTestWallet({ privateKeys: BITCOIN_KEYS })
    await bitcoin.fund(bitcoinWallet.accounts[0]!.address, 100_000_000n)
    await bitcoin.mine(1)
    // Like anvil's automine: a transaction the page broadcast is mined within a second.
    let mining = false
    bitcoinMiner = setInterval(() => {
      if (mining) return
      mining = true
      bitcoin.api
        .rpc<string[]>('getrawmempool')
        .then((waiting) => (waiting.length > 0 ? bitcoin.mine(1) : undefined))
        .catch(() => undefined)
        .finally(() => {
          mining = false
        })
    }, BITCOIN_BLOCK_CHECK_MS)
    // Account 0 stays the node's; the demo extension holds accounts 1 and 2.
    const polkadotExtension = createPolkadotTestExtension({
      keys: polkadotNode.accounts.slice(1, 3).map((account, index) => ({
        uri: account.uri,
        name: `Demo account ${index + 1}`,
      })),
      name: POLKADOT_DEMO_EXTENSION,
    })

    const chain = localChain(main.chainId, main.url)
    const transport = http(main.url)
    const { address } = await deployTestToken({
      // ANVIL_KEYS[0] is the mnemonic's first account (0xf39F…2266).
      walletClient: createWalletClient({
        account: privateKeyToAccount(ANVIL_KEYS[0]),
        chain,
        transport,
      }),
      publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
      name: TOKEN.name,
      symbol: TOKEN.symbol,
      decimals: TOKEN.decimals,
      supply: TOKEN.wholeUnits * 10n ** BigInt(TOKEN.decimals),
    })

    // One Gangway server: the relay, the registry (the built-in list of well-known wallets) and the
    // data service on PGlite in a throwaway directory (the chains are new every run too).
    server = await startServer(
      parseConfig({
        host: options.host ?? '127.0.0.1',
        port: 0,
        dataDir,
        chains: [
          { id: `eip155:${main.chainId}`, name: MAIN_CHAIN.name, rpcUrl: main.url },
          { id: `eip155:${side.chainId}`, name: SIDE_CHAIN.name, rpcUrl: side.url },
          // §9: activity chains are eip155 and solana; the local Solana node's history too.
          { id: solanaNode.networkId, name: 'Solana Localnet', rpcUrl: solanaNode.url },
        ],
        tokens: [
          {
            chainId: `eip155:${main.chainId}`,
            address,
            name: TOKEN.name,
            symbol: TOKEN.symbol,
            decimals: TOKEN.decimals,
            iconUrl: TOKEN.iconUrl,
          },
          // The AMM's tokens with their marks, as an operator lists the tokens it prices.
          ...(await Promise.all(
            Object.values(amm.amm.tokens).map(async (token) => {
              const iconUrl = await tokenIconOf(token.symbol)
              return {
                chainId: `eip155:${main.chainId}`,
                address: token.address,
                name: token.name,
                symbol: token.symbol,
                decimals: token.decimals,
                ...(iconUrl ? { iconUrl } : {}),
              }
            }),
          )),
          {
            chainId: solanaNode.networkId,
            address: solanaMint.toBase58(),
            name: SOLANA_TOKEN.name,
            symbol: SOLANA_TOKEN.symbol,
            decimals: SOLANA_TOKEN.decimals,
          },
        ],
        // The convert API on the main chain's AMM (USDC its stablecoin), its only swap network.
        swap: ammServerConfig(amm.amm, main.chainId, main.url).swap,
        // A fixed table: the demo's prices are the operator's, never invented; the AMM's tokens
        // are priced from their pools.
        prices: {
          [`eip155:${main.chainId}:native`]: '3000',
          [`eip155:${side.chainId}:native`]: '3000',
          [`eip155:${main.chainId}:${address}`]: '1',
        },
        indexer: { pollIntervalMs: 250 },
        // The page's sign-in messages name the Vite server's host, whose port is chosen later;
        // they may name the local Solana and Polkadot nodes, which are no public network.
        siwx: {
          domains: ['127.0.0.1:*', 'localhost:*'],
          solanaNetworks: [
            {
              id: solanaLocalnet({ genesisHash: solanaNode.genesisHash, rpcUrl: solanaNode.url })
                .id,
              walletChain: 'solana:localnet',
            },
          ],
          polkadotNetworks: [{ id: POLKADOT_NETWORK_ID, ss58Prefix: polkadotNode.ss58Prefix }],
        },
        // The Esplora-shaped API over the Bitcoin node, where the page's bip122 plugin reads it.
        bitcoin: {
          nodes: [
            {
              id: bitcoin.networkId,
              rpcUrl: bitcoin.rpc.url,
              rpcUser: bitcoin.rpc.user,
              rpcPassword: bitcoin.rpc.password,
            },
          ],
        },
        logLevel: 'warn',
      }),
      {
        snapshot: await pgliteSnapshot(SNAPSHOT_CACHE),
        log: createLogger('warn', (line) => process.stderr.write(`${line}\n`)),
      },
    )
    phoneWallet = await createRemoteTestWallet({
      relayUrl: server.relayUrl,
      privateKeys: [PHONE_WALLET_KEY],
      chains: [
        { id: main.chainId, rpcUrl: main.url, name: MAIN_CHAIN.name },
        { id: side.chainId, rpcUrl: side.url, name: SIDE_CHAIN.name },
      ],
      metadata: {
        name: 'Demo Phone Wallet (development key)',
        description: 'A WalletConnect wallet in the demo process; approves every request',
        url: 'https://gangway.invalid/demo-phone-wallet',
        icons: [],
      },
    })
    const phone = phoneWallet

    const config: DemoConfig = {
      chains: [
        { ...MAIN_CHAIN, rpcUrl: main.url },
        { ...SIDE_CHAIN, rpcUrl: side.url },
      ],
      token: {
        address,
        symbol: TOKEN.symbol,
        name: TOKEN.name,
        decimals: TOKEN.decimals,
        chainId: main.chainId,
      },
      walletKeys: ANVIL_KEYS.slice(0, WALLET_KEY_COUNT),
      relayUrl: server.relayUrl,
      registryUrl: server.url,
      serviceUrl: server.url,
      amm: {
        router: amm.amm.router,
        feeRouter: amm.amm.feeRouter,
        weth: amm.amm.weth,
        tokens: Object.fromEntries(
          Object.values(amm.amm.tokens).map((token) => [
            token.symbol,
            { address: token.address, decimals: token.decimals },
          ]),
        ),
        networks: [`eip155:${main.chainId}`],
        setupMs: Math.round(amm.setupMs),
        fromCache: amm.fromCache,
      },
      phoneWallet: { address: phone.wallet.addresses[0] as `0x${string}` },
      solana: {
        rpcUrl: solanaNode.url,
        genesisHash: solanaNode.genesisHash,
        token: { mint: solanaMint.toBase58(), ...SOLANA_TOKEN },
        walletName: SOLANA_DEMO_WALLET,
        walletAddresses: [...solanaWallet.addresses],
      },
      bitcoin: {
        esploraUrl: `${server.url}${esploraPathOf(bitcoin.networkId)}`,
        genesisHash: bitcoin.genesisHash,
        walletName: BITCOIN_DEMO_WALLET,
        walletAddresses: bitcoinWallet.accounts.map((account) => account.address),
      },
      polkadot: {
        rpcUrl: polkadotNode.url,
        genesisHash: polkadotNode.genesisHash,
        networkId: POLKADOT_NETWORK_ID,
        nativeCurrency: polkadotNode.nativeCurrency,
        ss58Prefix: polkadotNode.ss58Prefix,
        extensionName: POLKADOT_DEMO_EXTENSION,
        walletAddresses: [...polkadotExtension.addresses],
      },
    }
    const walletPlugins = [
      phoneWalletPlugin(phone),
      solanaWalletPlugin(solanaWallet),
      polkadotWalletPlugin(polkadotExtension),
      bitcoinWalletPlugin(bitcoinWallet),
    ]
    const pages = {
      main: join(SITE_ROOT, 'index.html'),
      hydration: join(SITE_ROOT, 'hydration.html'),
      phone: join(SITE_ROOT, 'phone.html'),
    }

    if (options.production) {
      // A minified production build served statically, for measurements that must not include
      // the dev server's on-demand compilation.
      const outDir = mkdtempSync(join(tmpdir(), 'gangway-demo-'))
      await build({
        configFile: false,
        root: SITE_ROOT,
        plugins: [react(), ...walletPlugins],
        // React's profiling build, so benchmarks can count commits; same code otherwise.
        resolve: { alias: { 'react-dom/client': 'react-dom/profiling' } },
        define: { __GANGWAY_DEMO__: JSON.stringify(config) },
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true, rollupOptions: { input: pages } },
      })
      const preview = await previewServer({
        configFile: false,
        root: SITE_ROOT,
        plugins: walletPlugins,
        build: { outDir },
        preview: { host: options.host ?? '127.0.0.1', port: options.port ?? 0, strictPort: false },
        logLevel: 'warn',
      })
      vite = {
        close: async () => {
          await preview.close()
          rmSync(outDir, { recursive: true, force: true })
        },
      }
      const url = preview.resolvedUrls?.local[0]
      if (url === undefined) throw new Error('demo: Vite preview reports no local URL')
      return { url, config, phoneWallet: phone, stop }
    }

    const dev: ViteDevServer = await createServer({
      // Everything is configured here; a stray vite.config.* must not change the demo.
      configFile: false,
      root: SITE_ROOT,
      plugins: [react(), ...walletPlugins],
      define: { __GANGWAY_DEMO__: JSON.stringify(config) },
      // Pre-bundling runs locally (Rolldown over node_modules): discovery stays on and nothing
      // is downloaded.
      optimizeDeps: { noDiscovery: false },
      server: {
        host: options.host ?? '127.0.0.1',
        port: options.port ?? 0,
        strictPort: false,
      },
      logLevel: 'warn',
      clearScreen: false,
    })
    vite = dev
    await dev.listen()
    const url = dev.resolvedUrls?.local[0]
    if (url === undefined) throw new Error('demo: Vite reports no local URL')

    return { url, config, phoneWallet: phone, stop }
  } catch (error) {
    await stopAll()
    throw error
  }
}
