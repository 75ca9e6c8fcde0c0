/**
 * The embedded wallet feature's code, loaded when the visitor picks email or social login, one of
 * its views is shown, the AUTH connector connects (a restored session), or the page came back from
 * a social login's redirect fallback.
 * @module
 */
import type { FeatureModule } from '../../kernel/index.js'
import {
  createApprovalEffect,
  createApprovalLeftEffect,
  createSignOutEffect,
  createUserEffect,
} from './effects.js'
import { embeddedWalletEvents } from './events.js'
import {
  createEmbeddedWalletIntents,
  type EmbeddedWalletIntents,
  finishSocialReturn,
} from './intents.js'
import { type EmbeddedWalletState, embeddedWalletRoute, embeddedWalletSlice } from './slice.js'
import type { EmbeddedWallet } from './wallet.js'

/**
 * Everything the feature brings when it loads, for one configured wallet.
 * @internal
 */
export function createEmbeddedWalletModule(
  wallet: EmbeddedWallet,
): FeatureModule<EmbeddedWalletState, EmbeddedWalletIntents> {
  return {
    events: embeddedWalletEvents,
    slice: embeddedWalletSlice,
    routes: [embeddedWalletRoute],
    effects: [
      createUserEffect(wallet),
      createSignOutEffect(wallet),
      createApprovalEffect(wallet),
      createApprovalLeftEffect(wallet),
    ],
    intents: (context) => {
      const intents = createEmbeddedWalletIntents(context, wallet)
      finishSocialReturn(context, intents)
      return intents
    },
  }
}
