/**
 * The eager part of the walletRegistry feature: its name, views, wake rule and loader, all a page pays for
 * until the feature is used. Kept apart from the feature's public entry so that registering it
 * pulls in nothing else of the feature.
 * @module
 */
import { defineFeature, selectWalletConnectNamespace } from '../../kernel/index.js'
import {
  selectWalletRegistryConfig,
  toWalletRegistrySettings,
  type WalletRegistryParameters,
} from './settings.js'

/**
 * The wallet registry feature. Its code loads the first time the visitor acts in the open modal
 * of a kit that has a registry (a `projectId`, a registry URL and a WalletConnect connector), or
 * opens AllWallets; nothing is asked before.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { walletRegistry } from '@gangway/kit/wallet-registry'
 * const kit = createKit({ plugins: [eip155({ walletConnect })], projectId, features: [walletRegistry()] })
 * @param parameters - the registry's URL (`null`: none).
 * @returns the feature.
 * @throws VALIDATION_FAILED for a URL that is not http(s).
 * @see /docs/wallet-registry.md
 */
export const walletRegistry = (parameters: WalletRegistryParameters = {}) =>
  defineFeature({
    name: 'walletRegistry',
    views: ['AllWallets'],
    settings: { ...toWalletRegistrySettings(parameters) },
    wakesOn: ({ event, after }) =>
      event.meta.source === 'ui' &&
      after.modal.isOpen &&
      selectWalletRegistryConfig(after) !== null &&
      selectWalletConnectNamespace(after) !== null,
    load: () => import('./module.js').then((module) => module.walletRegistryModule),
    ui: { load: () => import('./react/index.js').then((module) => module.walletRegistryUi) },
  })
