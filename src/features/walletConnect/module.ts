/**
 * The WalletConnect pairing's code, loaded when the visitor points at or picks WalletConnect (or a
 * registry wallet), or a WalletConnect view is shown.
 * @module
 */
import type { FeatureModule } from '../../kernel/index.js'
import {
  linkCopiedEffect,
  pairingExpiryEffect,
  pairingRefreshEffect,
  walletConnectOpenEffect,
} from './effects.js'
import { walletConnectEvents } from './events.js'
import { createWalletConnectIntents, type WalletConnectIntents } from './intents.js'
import { type WalletConnectState, walletConnectSlice } from './slice.js'

/** Everything the pairing feature brings when it loads. */
export const walletConnectModule: FeatureModule<WalletConnectState, WalletConnectIntents> = {
  events: walletConnectEvents,
  slice: walletConnectSlice,
  effects: [pairingExpiryEffect, pairingRefreshEffect, walletConnectOpenEffect, linkCopiedEffect],
  intents: createWalletConnectIntents,
}
