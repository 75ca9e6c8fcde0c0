/**
 * Generates `src/ui/logos/catalogue.ts`: the wallet, chain family and network logos the kit ships, taken from
 * `@web3icons/core` (MIT; a build-time dependency only: the kit ships the few SVGs it shows, not
 * the 80 MB package). Run it with `npx tsx scripts/generateLogos.ts` after changing the lists below
 * or upgrading the package; `src/ui/logos/catalogue.test.ts` fails while the committed file is stale.
 * Decision 0022 says why these logos and why they are shipped this way.
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { BUILT_IN_WALLETS } from '../src/kernel/index.js'

/** The file this script writes. */
export const CATALOGUE_PATH = new URL('../src/ui/logos/catalogue.ts', import.meta.url)

/** Each built-in wallet's icon in the package (tile variant: readable on light and dark). */
const WALLET_ICONS: Readonly<Record<string, string>> = {
  MetaMask: 'wallets/background/metamask',
  'Trust Wallet': 'wallets/background/trust',
  'Coinbase Wallet': 'wallets/background/coinbase',
  Rainbow: 'wallets/background/rainbow',
  'OKX Wallet': 'wallets/background/okx',
  Zerion: 'wallets/background/zerion',
  // The Uniswap Wallet wears the Uniswap mark.
  'Uniswap Wallet': 'tokens/background/UNI',
  'Ledger Live': 'wallets/background/ledger',
  'Rabby Wallet': 'wallets/background/rabby',
  Safe: 'wallets/background/safe',
}

/** The mark of each chain family, shown for its networks that bring no icon of their own. */
const FAMILY_ICONS: Readonly<Record<string, string>> = {
  eip155: 'networks/background/ethereum',
  solana: 'networks/background/solana',
  polkadot: 'networks/background/polkadot',
  bip122: 'networks/background/bitcoin',
}

/**
 * The CAIP-2 ids of the eip155 networks that wear one mark: the main network first, then its test
 * networks, which wear their parent's mark.
 */
const wornBy = (mark: string, ...chainIds: readonly number[]) =>
  chainIds.map((chainId) => [`eip155:${chainId}`, mark] as const)

/**
 * Well-known networks a site configures, by CAIP-2 id: each network's own mark (by its name in the
 * package), a test network its parent's. Ethereum and its test networks wear the `eip155` family
 * mark (the same SVG, not a second copy). Only what is listed ships: every entry costs the lazy
 * module bytes.
 */
const NETWORK_ICONS: Readonly<Record<string, string>> = Object.fromEntries([
  ...wornBy('eip155', 1, 11155111 /* Sepolia */, 17000 /* Holesky */, 560048 /* Hoodi */),
  ...wornBy('optimism', 10, 11155420 /* OP Sepolia */),
  ...wornBy('arbitrum-one', 42161, 421614 /* Arbitrum Sepolia */),
  ...wornBy('base', 8453, 84532 /* Base Sepolia */),
  ...wornBy('polygon', 137, 80002 /* Polygon Amoy */),
  ...wornBy('binance-smart-chain', 56, 97 /* BNB Smart Chain testnet */),
  ...wornBy('avalanche', 43114, 43113 /* Avalanche Fuji */),
  ...wornBy('zksync', 324, 300 /* zkSync Sepolia */),
  ...wornBy('linea', 59144, 59141 /* Linea Sepolia */),
  ...wornBy('scroll', 534352, 534351 /* Scroll Sepolia */),
  ...wornBy('gnosis', 100, 10200 /* Gnosis Chiado */),
  ...wornBy('celo', 42220, 44787 /* Celo Alfajores */, 11142220 /* Celo Sepolia */),
])

const require = createRequire(import.meta.url)
// The package exports no package.json; its main module sits in `dist/`.
const root = require.resolve('@web3icons/core').replace(/dist[\\/]index\.js$/, '')
const version = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string })
  .version

/** One SVG from the package, as compact as it renders: no class, no indentation, no newlines. */
function svgOf(path: string): string {
  const module = readFileSync(`${root}dist/svgs/${path}.svg.js`, 'utf8')
  const literal = /=\s*('(?:[^'\\]|\\.)*')/.exec(module)?.[1]
  if (!literal) throw new Error(`generateLogos: no SVG string in ${path}`)
  // The module holds one single-quoted JS string literal; JSON reads it once its quotes are swapped.
  const svg = JSON.parse(`"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`)
  let text = (svg as string)
    .replace(/ class="web3icons"/, '')
    .replace(/ width="24" height="24"/, '')
    .replace(/>\s+</g, '><')
    .trim()
  // A clip path that is the whole 24×24 view clips nothing an <img> shows: dropped, with the
  // attribute naming it (a good part of each mark's bytes).
  const fullView = /<clipPath id="([\w-]+)"><path fill="#fff" d="M0 0h24v24H0z"\/><\/clipPath>/g
  for (const [element, id] of [...text.matchAll(fullView)]) {
    text = text.replace(element, '').replace(` clip-path="url(#${id})"`, '')
  }
  return text.replace('<defs></defs>', '')
}

/** The catalogue module's text. */
export function renderCatalogue(): string {
  // Each network mark once, by its name; the ids point at it (or at a family's mark).
  const networkMarks = [...new Set(Object.values(NETWORK_ICONS))]
    .filter((name) => !Object.hasOwn(FAMILY_ICONS, name))
    .sort()
  const wallets = BUILT_IN_WALLETS.flatMap((wallet) => {
    const path = WALLET_ICONS[wallet.name]
    return path ? [[wallet.id, svgOf(path)] as const] : []
  })
  const missing = BUILT_IN_WALLETS.filter((wallet) => !WALLET_ICONS[wallet.name])
  if (missing.length > 0) {
    throw new Error(`generateLogos: no logo for ${missing.map((wallet) => wallet.name).join(', ')}`)
  }
  // Written as biome formats it (single quotes; an SVG has none, nor backslashes).
  const quote = (text: string) => {
    if (/['\\\n]/.test(text)) throw new Error('generateLogos: unexpected quote in an SVG')
    return `'${text}'`
  }
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name))
  // Biome keeps a value beside a key shorter than the indent plus 3 (Prettier's short-key rule);
  // a short value (a mark's name, not an SVG) fits beside any key.
  const entries = (pairs: readonly (readonly [string, string])[], isShort = false) =>
    pairs
      .map(([name, value]) =>
        isShort || key(name).length < 5
          ? `  ${key(name)}: ${quote(value)},`
          : `  ${key(name)}:\n    ${quote(value)},`,
      )
      .join('\n')
  return `/**
 * The logos the kit ships: its built-in wallets' (by registry id), WalletConnect's, the mark of
 * each chain family, and well-known networks' marks (by CAIP-2 id). Generated by
 * \`scripts/generateLogos.ts\` from @web3icons/core ${version} (MIT License,
 * https://github.com/0xa3k5/web3icons); do not edit. The marks are their owners' trademarks, shown
 * to name their wallets and networks. Only \`KitProvider\` imports this module, lazily: a page
 * fetches it the first time it shows a logo.
 * @module
 */

/** Built-in wallets' logos (SVG text) by registry id. */
export const WALLET_LOGOS: Readonly<Record<string, string>> = {
${entries(wallets)}
}

/** The WalletConnect logo (SVG text). */
export const WALLET_CONNECT_LOGO =
  ${quote(svgOf('wallets/background/wallet-connect'))}

/** Each chain family's mark (SVG text) by CAIP-2 namespace. */
export const FAMILY_LOGOS: Readonly<Record<string, string>> = {
${entries(Object.entries(FAMILY_ICONS).map(([family, path]) => [family, svgOf(path)] as const))}
}

/** Well-known networks' marks (SVG text) by name; \`NETWORK_ICONS\` says which network wears which. */
export const NETWORK_LOGOS: Readonly<Record<string, string>> = {
${entries(networkMarks.map((name) => [name, svgOf(`networks/background/${name}`)] as const))}
}

/**
 * Well-known networks by CAIP-2 id: the name of their mark in \`NETWORK_LOGOS\`, or a family's
 * namespace for its mark in \`FAMILY_LOGOS\` (Ethereum and its test networks). A test network
 * wears its parent's mark.
 */
export const NETWORK_ICONS: Readonly<Record<string, string>> = {
${entries(Object.entries(NETWORK_ICONS), true)}
}
`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(CATALOGUE_PATH, renderCatalogue())
  process.stdout.write(`wrote ${CATALOGUE_PATH.pathname}\n`)
}
