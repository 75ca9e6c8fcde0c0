/**
 * The server-rendered page of the hydration checks: one tree and one way to make its kit, shared
 * by the server (Node, which renders it to HTML in test/e2e/ssr.test.ts) and the browser
 * (hydration.tsx, which hydrates that HTML), so both render the same page from the same options.
 * Imports nothing that needs a browser.
 */

import { createKit, type Kit, type StoragePort } from '@gangway/kit'
import { eip155 } from '@gangway/kit/eip155'
import { ConnectButton, KitProvider, NetworkButton } from '@gangway/kit/react'
import { defineChain } from 'viem'
import type { DemoConfig } from '../serve.js'

/**
 * The page's kit, made for a server-rendered page (`ssr: true`): the demo's local chains, the
 * browser's localStorage unless `storage` is given.
 * @example
 * const kit = createHydrationKit(__GANGWAY_DEMO__)
 * @param config - the demo's config (its chains).
 * @param storage - the storage; the default (localStorage, memory on a server) when omitted.
 * @returns the kit.
 */
export function createHydrationKit(config: Pick<DemoConfig, 'chains'>, storage?: StoragePort): Kit {
  const chains = config.chains.map((chain) =>
    defineChain({
      id: chain.id,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      testnet: true,
    }),
  ) as [ReturnType<typeof defineChain>, ...ReturnType<typeof defineChain>[]]
  const rpcUrls = Object.fromEntries(config.chains.map((chain) => [chain.id, [chain.rpcUrl]]))
  return createKit({
    ssr: true,
    plugins: [eip155({ chains, rpcUrls })],
    ...(storage ? { storage } : {}),
  })
}

/**
 * The page: the network and connect buttons under the provider, the modal closed.
 * @example
 * renderToString(<HydrationPage kit={createHydrationKit(config)} />)
 */
export function HydrationPage({ kit }: { readonly kit: Kit }) {
  return (
    <KitProvider kit={kit}>
      <NetworkButton />
      <ConnectButton />
    </KitProvider>
  )
}
