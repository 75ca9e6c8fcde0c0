/**
 * The demo site: a page with the connect and network buttons, the modal, the eip155 plugin on two
 * local anvil nodes, the solana and polkadot plugins on their local nodes, and clearly labelled
 * demo wallets that sign with development keys.
 */

import { createKit, defaultFeatures } from '@gangway/kit'
import { bip122, bitcoinRegtest } from '@gangway/kit/bip122'
import { DEFAULT_FEATURES } from '@gangway/kit/core'
import { eip155 } from '@gangway/kit/eip155'
import { polkadot, polkadotLocalnet } from '@gangway/kit/polkadot'
import {
  ConnectButton,
  KitProvider,
  type Locale,
  NetworkButton,
  WalletPanel,
} from '@gangway/kit/react'
import { ActivityList } from '@gangway/kit/react/activity'
import { createGangwaySessions } from '@gangway/kit/siwx'
import { solana, solanaLocalnet } from '@gangway/kit/solana'
import {
  createTestWallet,
  installBitcoinTestWallet,
  installPolkadotTestExtension,
  installSolanaTestWallet,
} from '@gangway/kit/testing'
import { Profiler, StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { defineChain } from 'viem'
import type { DemoConfig } from '../serve.js'

// Type only: erased from the page, so none of the server's Node code reaches the browser.
declare const __GANGWAY_DEMO__: DemoConfig
const config = __GANGWAY_DEMO__

const chains = config.chains.map((chain) =>
  defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  }),
)

// The demo wallet: an EIP-6963 wallet in the page, signing with anvil's development keys. Like a
// browser extension it remembers that it trusts this site, and the chain it is on, across reloads.
const TRUSTED = 'gangway-demo-wallet:trusted'
const CHAIN = 'gangway-demo-wallet:chain'
const storedChain = Number(localStorage.getItem(CHAIN))
const wallet = createTestWallet({
  authorized: localStorage.getItem(TRUSTED) === '1',
  ...(config.chains.some((chain) => chain.id === storedChain) ? { chainId: storedChain } : {}),
  privateKeys: config.walletKeys,
  chains: config.chains.map((chain) => ({ id: chain.id, rpcUrl: chain.rpcUrl, name: chain.name })),
  info: {
    uuid: crypto.randomUUID(),
    name: 'Demo Wallet (development key)',
    icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#e7a008"/><text x="16" y="22" font-size="16" text-anchor="middle" font-family="sans-serif" fill="#fff">D</text></svg>')}`,
    rdns: 'dev.gangway.demowallet',
  },
})
wallet.provider.on('accountsChanged', (accounts) => {
  if (accounts.length) localStorage.setItem(TRUSTED, '1')
  else localStorage.removeItem(TRUSTED)
})
wallet.provider.on('disconnect', () => localStorage.removeItem(TRUSTED))
wallet.provider.on('chainChanged', (chainId) =>
  localStorage.setItem(CHAIN, String(Number.parseInt(String(chainId), 16))),
)

const query = new URLSearchParams(location.search)
// `?bare` is the README's minimal page on a desktop without a wallet extension: no demo wallet,
// no WalletConnect, no project id and no registry.
const bare = query.has('bare')
if (!bare) {
  wallet.announce(window)
  Object.assign(window, { gangwayDemoWallet: wallet })
  // The Solana demo wallet: a Wallet Standard wallet in the page whose keys stay in the demo
  // process (demo/solanaWallet.ts).
  installSolanaTestWallet({
    bridge: '__gangwayDemoSolanaWallet',
    name: config.solana.walletName,
    icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7c3aed"/><text x="16" y="22" font-size="16" text-anchor="middle" font-family="sans-serif" fill="#fff">S</text></svg>')}`,
    chains: ['solana:localnet'],
    call: async (request) => {
      const response = await fetch('/__demo/solana-wallet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      })
      if (!response.ok) throw new Error(`The demo Solana wallet answered ${response.status}`)
      return response.json()
    },
  })
  // The Bitcoin demo wallet: a Wallet Standard `bitcoin:connect` wallet in the page whose keys
  // stay in the demo process (demo/bitcoinWallet.ts).
  installBitcoinTestWallet({
    name: config.bitcoin.walletName,
    icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><text x="16" y="22" font-size="16" text-anchor="middle" font-family="sans-serif" fill="#fff">B</text></svg>')}`,
    shapes: ['standard'],
    call: async (request) => {
      const response = await fetch('/__demo/bitcoin-wallet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      })
      if (!response.ok) throw new Error(`The demo Bitcoin wallet answered ${response.status}`)
      return response.json()
    },
  })
  // The Polkadot demo extension: an entry of `window.injectedWeb3`, as polkadot{.js} injects
  // itself, whose keys stay in the demo process (demo/polkadotWallet.ts).
  installPolkadotTestExtension({
    bridge: '__gangwayDemoPolkadotExtension',
    name: config.polkadot.extensionName,
    version: '0.1.0',
    call: async (request) => {
      const response = await fetch('/__demo/polkadot-extension', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      })
      if (!response.ok) throw new Error(`The demo Polkadot extension answered ${response.status}`)
      return response.json()
    },
  })
}
// `?embedded` shows the views inline in the page instead of a floating modal.
const embedded = query.has('embedded')
// `?relay=ws://127.0.0.1:<port>` points WalletConnect at another local relay (tests restart one).
const relayOverride = query.get('relay')
const relayUrl =
  relayOverride && /^ws:\/\/(127\.0\.0\.1|localhost):\d+\/?$/.test(relayOverride)
    ? relayOverride
    : config.relayUrl
// `?registry=http://127.0.0.1:<port>` points the wallet list at another local registry (tests).
const registryOverride = query.get('registry')
const walletRegistryUrl =
  registryOverride && /^http:\/\/(127\.0\.0\.1|localhost):\d+\/?$/.test(registryOverride)
    ? registryOverride.replace(/\/$/, '')
    : config.registryUrl
// `?service=http://127.0.0.1:<port>` points the data service elsewhere (tests: one that is down).
const serviceOverride = query.get('service')
const serviceUrl =
  serviceOverride && /^http:\/\/(127\.0\.0\.1|localhost):\d+\/?$/.test(serviceOverride)
    ? serviceOverride.replace(/\/$/, '')
    : config.serviceUrl
// `?siwx=required` (or `optional`) asks the visitor to sign in with the wallet after connect. The
// sessions stay in the page (a nonce made here) unless `&siwxServer` hands them to the demo's
// Gangway server (its nonces, verification and session paths). `&siwxDomain=other.example` names
// another site in the message, which the sign view warns about.
const siwxMode = query.get('siwx')
const siwxDomain = query.get('siwxDomain')
const signIn =
  siwxMode === 'required' || siwxMode === 'optional'
    ? {
        required: siwxMode === 'required',
        statement: 'Sign in to the Gangway demo.',
        ...(siwxDomain && /^[a-z0-9.-]{1,64}$/.test(siwxDomain) ? { domain: siwxDomain } : {}),
        ...(query.has('siwxServer') ? createGangwaySessions({ baseUrl: serviceUrl }) : {}),
      }
    : undefined
// `?wallet=http://wallet.localhost:<port>&walletProject=<id>` offers email and social login into
// the embedded wallet a Gangway server serves on that origin (the embedded-wallet browser tests).
// Loopback names only; without it the page loads none of the embedded wallet.
const walletOrigin = query.get('wallet')
const walletProject = query.get('walletProject')
const embeddedWalletSetup =
  walletOrigin &&
  walletProject &&
  /^http:\/\/([a-z0-9-]+\.localhost|127\.0\.0\.\d{1,3}):\d{1,5}$/.test(walletOrigin)
    ? await import('@gangway/kit/embedded-wallet').then((module) => {
        const wallet = module.createEmbeddedWallet({ walletOrigin, projectId: walletProject })
        return { wallet, feature: module.embeddedWallet({ wallet }) }
      })
    : undefined
// `?ens=0x<address>` names a Universal Resolver a test deployed on the main chain, whose names and
// avatars the page then shows (the ENS browser test, decision 0103); the demo itself names no one.
const ensResolver = query.get('ens')
const eip155Chains = (
  ensResolver && /^0x[0-9a-fA-F]{40}$/.test(ensResolver)
    ? chains.map((chain, index) =>
        index === 0
          ? {
              ...chain,
              contracts: { ensUniversalResolver: { address: ensResolver as `0x${string}` } },
            }
          : chain,
      )
    : chains
) as [ReturnType<typeof defineChain>, ...ReturnType<typeof defineChain>[]]
const rpcUrls = Object.fromEntries(config.chains.map((chain) => [chain.id, [chain.rpcUrl]]))
const localnet = solanaLocalnet({
  genesisHash: config.solana.genesisHash,
  rpcUrl: config.solana.rpcUrl,
  name: 'Solana Localnet',
})
const substrateLocal = polkadotLocalnet({
  rpcUrl: config.polkadot.rpcUrl,
  genesisHash: config.polkadot.genesisHash,
  networkId: config.polkadot.networkId,
  name: 'Polkadot Local',
  nativeCurrency: config.polkadot.nativeCurrency,
  ss58Prefix: config.polkadot.ss58Prefix,
})
// Swaps on the main chain's own AMM, besides §9's networks (docs/swap.md). The kit checks every
// swap the server builds against this router: the fee router the server's swaps call (the spender
// of approvals), in front of the Uniswap V2 router, with its WETH.
const swapOptions = {
  networks: config.amm.networks,
  routers: Object.fromEntries(
    config.amm.networks.map((id) => [
      id,
      { router: config.amm.feeRouter, wrappedNative: config.amm.weth },
    ]),
  ),
}
const kit = bare
  ? createKit({ plugins: [eip155({ chains: eip155Chains, rpcUrls })] })
  : createKit({
      embedded,
      serviceUrl,
      plugins: [
        eip155({
          chains: eip155Chains,
          rpcUrls,
          walletConnect: { relayUrl, projectId: 'gangway-demo' },
          ...(embeddedWalletSetup ? { embeddedWallet: embeddedWalletSetup.wallet } : {}),
        }),
        solana({
          networks: [localnet],
          ...(embeddedWalletSetup ? { embeddedWallet: embeddedWalletSetup.wallet } : {}),
        }),
        polkadot({ networks: [substrateLocal], appName: 'Gangway demo' }),
        bip122({
          networks: [
            bitcoinRegtest({
              esploraUrl: config.bitcoin.esploraUrl,
              genesisHash: config.bitcoin.genesisHash,
            }),
          ],
        }),
      ],
      tokens: [
        { ...config.token, chainId: `eip155:${config.token.chainId}` },
        {
          chainId: localnet.id,
          address: config.solana.token.mint,
          name: config.solana.token.name,
          symbol: config.solana.token.symbol,
          decimals: config.solana.token.decimals,
        },
      ],
      // Any id works with the local relay and registry; a real site uses its WalletConnect id.
      projectId: 'gangway-demo',
      // The embedded wallet is one more feature beside the defaults: the site lists them all.
      ...(embeddedWalletSetup
        ? {
            features: [
              ...defaultFeatures(DEFAULT_FEATURES, {
                swap: swapOptions,
                walletRegistry: { url: walletRegistryUrl },
                ...(signIn ? { siwx: signIn } : {}),
              }),
              embeddedWalletSetup.feature,
            ],
          }
        : {
            swap: swapOptions,
            walletRegistry: { url: walletRegistryUrl },
            // Sign-in with the wallet when the page asks for it (the preset registers the feature).
            ...(signIn ? { siwx: signIn } : {}),
          }),
      metadata: {
        name: 'Gangway demo',
        description: 'Local demo',
        url: location.origin,
        icons: [],
      },
    })
Object.assign(window, { gangwayKit: kit })

// Every shipped language, each named in itself. A catalogue is fetched when it is chosen (or named
// by `?locale=`), so the page carries English only until then (docs/react.md#languages).
const LANGUAGES: Readonly<Record<string, { name: string; load?: () => Promise<Locale> }>> = {
  en: { name: 'English' },
  de: { name: 'Deutsch', load: () => import('@gangway/kit/react/locales/de').then((m) => m.de) },
  es: { name: 'Español', load: () => import('@gangway/kit/react/locales/es').then((m) => m.es) },
  fr: { name: 'Français', load: () => import('@gangway/kit/react/locales/fr').then((m) => m.fr) },
  it: { name: 'Italiano', load: () => import('@gangway/kit/react/locales/it').then((m) => m.it) },
  pt: { name: 'Português', load: () => import('@gangway/kit/react/locales/pt').then((m) => m.pt) },
  ja: { name: '日本語', load: () => import('@gangway/kit/react/locales/ja').then((m) => m.ja) },
  'zh-CN': {
    name: '简体中文',
    load: () => import('@gangway/kit/react/locales/zh-CN').then((m) => m.zhCN),
  },
  ko: { name: '한국어', load: () => import('@gangway/kit/react/locales/ko').then((m) => m.ko) },
  tr: { name: 'Türkçe', load: () => import('@gangway/kit/react/locales/tr').then((m) => m.tr) },
  ru: { name: 'Русский', load: () => import('@gangway/kit/react/locales/ru').then((m) => m.ru) },
  ar: { name: 'العربية', load: () => import('@gangway/kit/react/locales/ar').then((m) => m.ar) },
}
const loadLanguage = (tag: string): Promise<Locale> =>
  LANGUAGES[tag]?.load?.() ?? Promise.resolve('en')

function App({ initialLocale }: { readonly initialLocale: Locale }) {
  const [theme, setTheme] = useState<'dark' | 'light'>(
    query.get('theme') === 'light' ? 'light' : 'dark',
  )
  const [locale, setLocale] = useState<Locale>(initialLocale)
  const language = locale === 'en' ? 'en' : locale.tag
  return (
    <KitProvider kit={kit} theme={theme} locale={locale}>
      <header>
        <h1>Gangway demo</h1>
        <NetworkButton />
        <ConnectButton />
      </header>
      <main>
        <p className="demo-note">
          Offline demo: two local anvil chains (
          {config.chains.map((chain) => `${chain.name} ${chain.id}`).join(', ')}), the{' '}
          {config.token.symbol} test token, a Uniswap V2 on the first chain for swaps (
          {Object.keys(config.amm.tokens).join(', ')}), a local Solana node, a local Polkadot node
          (chopsticks, {config.polkadot.nativeCurrency.symbol}), and a{' '}
          <strong>demo wallet for each family that signs with development keys</strong>. Never send
          real funds to these keys.
        </p>
        <p className="demo-note">
          A remote wallet too: choose <strong>WalletConnect</strong>, copy the link, and paste it
          into the <a href="./phone.html">demo phone wallet</a> (another tab, standing in for a
          phone) or into the terminal running the demo.
        </p>
        {embeddedWalletSetup ? (
          <p className="demo-note" data-demo="email-note">
            No wallet at all: log in with <strong>any email address</strong> (the code is printed in
            the terminal running the demo) or with <strong>Google</strong> (a local OpenID
            provider). The wallet is kept by a passkey in your browser and the wallet origin on{' '}
            {walletOrigin}; never send real funds to it.
          </p>
        ) : null}
        {embedded ? <WalletPanel /> : null}
        {/* `?activity` places the activity list in the page, outside the modal (docs/react.md). */}
        {query.has('activity') ? <ActivityList /> : null}
        <fieldset>
          <legend>Appearance</legend>
          <label>
            Theme{' '}
            <select
              data-demo="theme"
              value={theme}
              onChange={(event) => setTheme(event.target.value as 'dark' | 'light')}
            >
              <option value="dark">Dark</option>
              <option value="light">Light</option>
            </select>
          </label>{' '}
          <label>
            Language{' '}
            <select
              data-demo="locale"
              value={language}
              onChange={(event) => {
                void loadLanguage(event.target.value).then(setLocale)
              }}
            >
              {Object.entries(LANGUAGES).map(([tag, { name }]) => (
                <option key={tag} value={tag} lang={tag}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      </main>
    </KitProvider>
  )
}

// Benchmarks count React commits here (only a profiling build calls onRender).
const probe = window as { gangwayCommits?: number[] }
probe.gangwayCommits ??= []
const commits = probe.gangwayCommits
// `?locale=ar` opens the demo in that language (its catalogue fetched before the first render).
void loadLanguage(query.get('locale') ?? 'en').then((initialLocale) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Profiler id="demo" onRender={(_id, _phase, duration) => commits.push(duration)}>
        <App initialLocale={initialLocale} />
      </Profiler>
    </StrictMode>,
  ),
)
