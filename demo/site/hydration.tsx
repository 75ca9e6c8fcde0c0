/**
 * Server-rendering checks; React reports any hydration mismatch through onRecoverableError and
 * the console.
 * - `hydration.html`: the buttons and provider are rendered to HTML with react-dom/server in the
 *   page, then hydrated.
 * - `hydration.html?ssr`: the page as a server-rendered site serves it. The HTML in `#root` comes
 *   from a server (test/e2e/ssr.test.ts renders `HydrationPage` in Node with a fresh kit); the page
 *   hydrates it with its own kit (`ssr: true`, the browser's localStorage) and the demo wallet,
 *   which, like an extension, remembers across reloads that it trusts the site and its chain.
 */

import { createKit, createMemoryStorage } from '@gangway/kit'
import { eip155 } from '@gangway/kit/eip155'
import { ConnectButton, KitProvider, NetworkButton } from '@gangway/kit/react'
import { createTestWallet } from '@gangway/kit/testing'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import type { DemoConfig } from '../serve.js'
import { createHydrationKit, HydrationPage } from './hydration.app.js'

// Type only: erased from the page, so none of the server's Node code reaches the browser.
declare const __GANGWAY_DEMO__: DemoConfig

const container = document.getElementById('root')!
const errors: string[] = []
const onRecoverableError = (error: unknown) => errors.push(String(error))

if (new URLSearchParams(location.search).has('ssr')) {
  const config = __GANGWAY_DEMO__
  const TRUSTED = 'gangway-demo-wallet:trusted'
  const CHAIN = 'gangway-demo-wallet:chain'
  const lastChain = Number(localStorage.getItem(CHAIN))
  const wallet = createTestWallet({
    authorized: localStorage.getItem(TRUSTED) === '1',
    privateKeys: config.walletKeys,
    chains: config.chains.map((chain) => ({
      id: chain.id,
      rpcUrl: chain.rpcUrl,
      name: chain.name,
    })),
    ...(config.chains.some((chain) => chain.id === lastChain) ? { chainId: lastChain } : {}),
    info: {
      uuid: crypto.randomUUID(),
      name: 'Demo Wallet (development key)',
      icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#e7a008"/></svg>')}`,
      rdns: 'dev.gangway.demowallet',
    },
  })
  wallet.provider.on('accountsChanged', (accounts) => {
    if (accounts.length) localStorage.setItem(TRUSTED, '1')
    else localStorage.removeItem(TRUSTED)
  })
  wallet.provider.on('chainChanged', (chainId) =>
    localStorage.setItem(CHAIN, String(Number(chainId))),
  )
  wallet.announce(window)
  // As a site's client bundle does: the kit is made when its module loads, before hydration.
  const kit = createHydrationKit(config)
  const serverHtml = container.innerHTML
  hydrateRoot(container, <HydrationPage kit={kit} />, { onRecoverableError })
  Object.assign(window, { hydration: { errors, serverHtml } })
} else {
  const kit = createKit({ plugins: [eip155()], storage: createMemoryStorage() })
  const app = (
    <KitProvider kit={kit}>
      <NetworkButton />
      <ConnectButton />
    </KitProvider>
  )
  container.innerHTML = renderToString(app)
  const serverHtml = container.innerHTML
  hydrateRoot(container, app, { onRecoverableError })
  setTimeout(() => {
    Object.assign(window, {
      hydration: {
        errors,
        serverHtml,
        modalHost: Boolean(document.querySelector('gangway-modal')),
      },
    })
  }, 200)
}
