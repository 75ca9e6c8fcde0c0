/**
 * `@gangway/kit/react/wallet-registry`: the AllWallets view (search, pages of 40).
 * @module @gangway/kit/react/wallet-registry
 */

import { defineFeatureUi, defineViews } from '../../../ui/index.js'
import { walletRegistryMessages } from './messages.js'

/** AllWallets: every wallet the kit knows and the registry's, searchable, in pages. */
export const walletRegistryViews = defineViews({
  views: ['AllWallets'],
  title: 'allWallets.title',
  feature: 'walletRegistry',
  load: () => import('./AllWalletsView.js').then((module) => module.AllWalletsView),
})

/** The walletRegistry feature's React part: its views and its copy in every shipped language. */
export const walletRegistryUi = defineFeatureUi({
  views: [walletRegistryViews],
  messages: walletRegistryMessages,
})
