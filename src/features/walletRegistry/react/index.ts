/**
 * `@gangway/kit/react/wallet-registry`: the AllWallets view (search, pages of 40).
 * @module @gangway/kit/react/wallet-registry
 */
import { defineViews } from '../../../ui/views/registry.js'

/** AllWallets: every wallet the kit knows and the registry's, searchable, in pages. */
export const walletRegistryViews = defineViews({
  views: ['AllWallets'],
  title: 'allWallets.title',
  feature: 'walletRegistry',
  load: () => import('./AllWalletsView.js').then((module) => module.AllWalletsView),
})
