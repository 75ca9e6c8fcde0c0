import { lazyEffects } from '../lazy/lazyEffects.js'
import { balanceFailed, signatureFailed, walletRegistryFailed } from './failures.js'

/**
 * Balances, profiles and signatures: nothing to do until some namespace has an address,
 * so a visitor who only opens the modal never downloads them. They start loading as soon as the
 * visitor points at or picks a wallet, so the download runs beside the wallet's own prompt and
 * the balance does not wait for it once the account arrives.
 */
export const accountEffects = lazyEffects({
  name: 'account',
  wakesOn: ({ event, after }) =>
    event.type === 'connection/intended' ||
    event.type === 'connection/requested' ||
    event.type === 'balance/requested' ||
    event.type === 'signature/requested' ||
    after.chains.ids.some(
      (namespace) => after.chains.entities[namespace]?.accountState.caipAddress,
    ),
  load: () => import('./deferred.js').then((module) => module.ACCOUNT_EFFECTS),
  failed: (event, error) => {
    if (event.type === 'balance/requested') return balanceFailed(event, error)
    if (event.type === 'signature/requested') return signatureFailed(event, error)
    return undefined
  },
})

/**
 * The registry's fetch and search: woken by the first request, which goes out only once the
 * visitor acts in the open modal.
 */
export const walletRegistryEffects = lazyEffects({
  name: 'wallet registry',
  wakesOn: ({ event }) =>
    event.type === 'walletRegistry/requested' || event.type === 'walletRegistry/searchChanged',
  load: () => import('./deferred.js').then((module) => module.WALLET_REGISTRY_EFFECTS),
  failed: (event, error) =>
    event.type === 'walletRegistry/requested' ? walletRegistryFailed(event, error) : undefined,
})

/** A WalletConnect pairing's expiry and refresh: woken by the first pairing. */
export const pairingEffects = lazyEffects({
  name: 'WalletConnect pairing',
  wakesOn: ({ event }) => event.type === 'walletConnect/pairingCreated',
  load: () => import('./deferred.js').then((module) => module.PAIRING_EFFECTS),
})
