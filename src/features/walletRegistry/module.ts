/**
 * The wallet registry's code, loaded the first time the visitor acts in the open modal of a kit
 * with a registry (or opens AllWallets).
 * @module
 */
import type { FeatureModule } from '../../kernel/index.js'
import {
  walletCatalogueEffect,
  walletRegistryEffect,
  walletRegistryLoadEffect,
  walletSearchEffect,
} from './effects.js'
import { walletRegistryEvents } from './events.js'
import { createWalletRegistryIntents, type WalletRegistryIntents } from './intents.js'
import { type WalletRegistryState, walletRegistrySlice } from './slice.js'

/** Everything the wallet registry feature brings when it loads. */
export const walletRegistryModule: FeatureModule<WalletRegistryState, WalletRegistryIntents> = {
  events: walletRegistryEvents,
  slice: walletRegistrySlice,
  effects: [
    walletRegistryLoadEffect,
    walletSearchEffect,
    walletRegistryEffect,
    walletCatalogueEffect,
  ],
  intents: createWalletRegistryIntents,
}
