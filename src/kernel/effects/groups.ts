import type { SerializedKitError } from '../errors/serialize.js'
import type { EventInput, KitEvent } from '../events/types.js'
import { lazyEffects } from './lazy.js'

/**
 * Balances, profiles, sends and signatures: nothing to do until some namespace has an address,
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
    event.type === 'send/requested' ||
    event.type === 'signature/requested' ||
    after.chains.ids.some(
      (namespace) => after.chains.entities[namespace]?.accountState.caipAddress,
    ),
  load: () => import('./deferred.js').then((module) => module.ACCOUNT_EFFECTS),
  failed: (event: KitEvent, error: SerializedKitError): EventInput | undefined => {
    if (event.type === 'balance/requested') {
      return { type: 'balance/failed', payload: { ...event.payload, error } }
    }
    if (event.type === 'send/requested') {
      return { type: 'send/failed', payload: { namespace: event.payload.namespace, error } }
    }
    if (event.type === 'signature/requested') {
      return { type: 'signature/failed', payload: { namespace: event.payload.namespace, error } }
    }
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
    event.type === 'walletRegistry/requested'
      ? { type: 'walletRegistry/failed', payload: { ...event.payload, error } }
      : undefined,
})

/** A WalletConnect pairing's expiry and refresh: woken by the first pairing. */
export const pairingEffects = lazyEffects({
  name: 'WalletConnect pairing',
  wakesOn: ({ event }) => event.type === 'walletConnect/pairingCreated',
  load: () => import('./deferred.js').then((module) => module.PAIRING_EFFECTS),
})
