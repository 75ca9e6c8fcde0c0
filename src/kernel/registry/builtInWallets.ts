import type { RegistryWallet } from '../domain.js'

const wallet = (entry: RegistryWallet): RegistryWallet => Object.freeze(entry)

/**
 * Well-known WalletConnect wallets, listed when the wallet registry is not configured (no
 * `projectId`) or cannot be reached: their public registry ids, names, https homepages and mobile
 * deep-link schemes. No remote images: the UI draws a letter avatar. Frozen.
 * @example
 * import { BUILT_IN_WALLETS } from '@gangway/kit'
 * BUILT_IN_WALLETS.map((wallet) => wallet.name)
 * @see /docs/wallet-registry.md
 */
export const BUILT_IN_WALLETS: readonly RegistryWallet[] = Object.freeze([
  wallet({
    id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
    name: 'MetaMask',
    homepage: 'https://metamask.io/',
    mobileLink: 'metamask://',
    rdns: 'io.metamask',
  }),
  wallet({
    id: '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0',
    name: 'Trust Wallet',
    homepage: 'https://trustwallet.com/',
    mobileLink: 'trust://',
    rdns: 'com.trustwallet.app',
  }),
  wallet({
    id: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa',
    name: 'Coinbase Wallet',
    homepage: 'https://www.coinbase.com/wallet',
    mobileLink: 'cbwallet://',
    rdns: 'com.coinbase.wallet',
  }),
  wallet({
    id: '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369',
    name: 'Rainbow',
    homepage: 'https://rainbow.me/',
    mobileLink: 'rainbow://',
    rdns: 'me.rainbow',
  }),
  wallet({
    id: '971e689d0a5be527bac79629b4ee9b925e82208e5168b733496a09c0faed0709',
    name: 'OKX Wallet',
    homepage: 'https://www.okx.com/web3',
    mobileLink: 'okex://main',
    rdns: 'com.okex.wallet',
  }),
  wallet({
    id: 'ecc4036f814562b41a5268adc86270fba1365471402006302e70169465b7ac18',
    name: 'Zerion',
    homepage: 'https://zerion.io/',
    mobileLink: 'zerion://',
    rdns: 'io.zerion.wallet',
  }),
  wallet({
    id: 'c03dfee351b6fcc421b4494ea33b9d4b92a984f87aa76d1663bb28705e95034a',
    name: 'Uniswap Wallet',
    homepage: 'https://wallet.uniswap.org/',
    mobileLink: 'uniswap://',
  }),
  wallet({
    id: '19177a98252e07ddfc9af2083ba8e07ef627cb6103467ffebb3f8f4205fd7927',
    name: 'Ledger Live',
    homepage: 'https://www.ledger.com/ledger-live',
    mobileLink: 'ledgerlive://',
  }),
  wallet({
    id: '18388be9ac2d02726dbac9777c96efaac06d744b2f6d580fccdd4127a6d01fd1',
    name: 'Rabby Wallet',
    homepage: 'https://rabby.io/',
    rdns: 'io.rabby',
  }),
  wallet({
    id: '225affb176778569276e484e1b92637ad061b01e13a048b35a9d280c3b58970f',
    name: 'Safe',
    homepage: 'https://safe.global/',
    webappLink: 'https://app.safe.global/',
  }),
])

/** The fields of a wallet that send the visitor somewhere: a built-in wallet's stay its own. */
const LINK_FIELDS = ['homepage', 'mobileLink', 'desktopLink'] as const

/**
 * A wallet reported by a source (the wallet registry), with a built-in wallet's own links where
 * it carries a built-in's id: an entry claiming MetaMask's id keeps MetaMask's name shown from the
 * source, but its homepage and deep links are `metamask://` and `https://metamask.io/`, never what
 * the source says (a link the built-in does not have is dropped, not taken from the source).
 * Other wallets come back as they are.
 * @example
 * import { withBuiltInLinks } from '@gangway/kit'
 * withBuiltInLinks({ id: BUILT_IN_WALLETS[0].id, name: 'MetaMask', mobileLink: 'evil://' }).mobileLink
 * // 'metamask://'
 * @param wallet - a sanitised wallet from a source.
 * @returns the wallet to keep.
 * @see /docs/decisions/0102-wallet-deep-links-allow-list.md
 */
export function withBuiltInLinks(wallet: RegistryWallet): RegistryWallet {
  const builtIn = BUILT_IN_WALLETS.find((entry) => entry.id === wallet.id)
  if (!builtIn) return wallet
  const kept: Record<string, unknown> = { ...wallet }
  for (const field of LINK_FIELDS) {
    if (builtIn[field] === undefined) delete kept[field]
    else kept[field] = builtIn[field]
  }
  return kept as RegistryWallet
}
