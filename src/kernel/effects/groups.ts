import { lazyEffects } from '../lazy/lazyEffects.js'
import { balanceFailed, signatureFailed } from './failures.js'

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
    after.namespaces.ids.some(
      (namespace) => after.namespaces.entities[namespace]?.accountState.caipAddress,
    ),
  load: () => import('./deferred.js').then((module) => module.ACCOUNT_EFFECTS),
  failed: (event, error) => {
    if (event.type === 'balance/requested') return balanceFailed(event, error)
    if (event.type === 'signature/requested') return signatureFailed(event, error)
    return undefined
  },
})
