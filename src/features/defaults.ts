/**
 * The features Gangway ships, and which of them a kit registers when the site does not list its
 * own: every one whose §9 switch is on (decision 0015). Only their eager parts (a name, views and
 * a loader, a few hundred bytes) are in the page; their code loads on first use.
 * @module
 */
import type { FeatureName } from '../kernel/constants.js'
import { activity } from './activity/feature.js'
import { emailLogin } from './emailLogin/feature.js'
import { send } from './send/feature.js'
import { siwx } from './siwx/feature.js'
import { swap } from './swap/feature.js'
import { walletConnectPairing } from './walletConnect/feature.js'
import { walletRegistry } from './walletRegistry/feature.js'

/** The shipped features, in registration order. */
export type ShippedFeatures = readonly [
  ReturnType<typeof send>,
  ReturnType<typeof walletRegistry>,
  ReturnType<typeof walletConnectPairing>,
  ReturnType<typeof siwx>,
  ReturnType<typeof emailLogin>,
  ReturnType<typeof activity>,
  ReturnType<typeof swap>,
]

/**
 * The shipped features a kit registers for the given §9 switches.
 * @internal
 */
export function shippedFeatures(switches: Readonly<Record<FeatureName, boolean>>): ShippedFeatures {
  // The pairing has no switch: it is how every WalletConnect connect shows its link.
  return [
    switches.send && send(),
    switches.allWallets && walletRegistry(),
    walletConnectPairing(),
    // Loads only when the site turns sign-in on.
    siwx(),
    switches.email && emailLogin(),
    // Account's activity list: the data service's history, or this page's sends without one.
    switches.history && activity(),
    // §4 swap flow against the Gangway server's convert API (it needs the kit's serviceUrl).
    switches.swaps && swap(),
  ].filter(Boolean) as unknown as ShippedFeatures
}
