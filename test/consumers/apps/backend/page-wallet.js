// The test wallet a browser test puts into a site's pages before they load, as an extension
// injects itself: @gangway/kit/testing's EIP-1193 wallet, announced over EIP-6963. Bundled once
// into an init script; `window.__consumerTestWallet` (set by the test) says which keys and node.
// Like an extension it remembers that it trusts the site and the network it is on, so a reload
// reconnects silently where the visitor left it.
import { createTestWallet } from '@gangway/kit/testing'

const TRUSTED = 'consumer-test-wallet:trusted'
const CHAIN = 'consumer-test-wallet:chain'
const options = window.__consumerTestWallet
const storedChain = Number(localStorage.getItem(CHAIN))
const wallet = createTestWallet({
  authorized: localStorage.getItem(TRUSTED) === '1',
  ...(options.chains.some((chain) => chain.id === storedChain) ? { chainId: storedChain } : {}),
  privateKeys: options.privateKeys,
  chains: options.chains,
  info: {
    uuid: crypto.randomUUID(),
    name: options.name,
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"%3E%3Crect width="32" height="32" rx="8" fill="%23e7a008"/%3E%3C/svg%3E',
    rdns: 'dev.gangway.consumertestwallet',
  },
})
wallet.provider.on('accountsChanged', (accounts) => {
  if (accounts.length) localStorage.setItem(TRUSTED, '1')
  else localStorage.removeItem(TRUSTED)
})
wallet.provider.on('chainChanged', (chainId) => localStorage.setItem(CHAIN, `${Number(chainId)}`))
wallet.announce(window)
