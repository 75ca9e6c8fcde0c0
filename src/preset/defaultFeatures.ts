/**
 * The features Gangway ships, and which of them the preset registers when the site does not list
 * its own: every one whose §9 switch is on (decision 0015). Only their eager parts (a name, views
 * and a loader, a few hundred bytes) are in the page; their code loads on first use.
 * @module
 */
import { activity } from '../features/activity/feature.js'
import { prices } from '../features/prices/feature.js'
import { receive } from '../features/receive/feature.js'
import { send } from '../features/send/feature.js'
import { siwx } from '../features/siwx/feature.js'
import type { SiwxParameters } from '../features/siwx/parameters.js'
import { swap } from '../features/swap/feature.js'
import type { SwapParameters } from '../features/swap/settings.js'
import { walletConnectPairing } from '../features/walletConnect/feature.js'
import { walletRegistry } from '../features/walletRegistry/feature.js'
import type { WalletRegistryParameters } from '../features/walletRegistry/settings.js'
import type { FeatureName } from '../kernel/index.js'

/** The default features' own options, passed to their factories by the preset. */
export interface DefaultFeatureOptions {
  /** Sign in with the wallet (the `siwx` feature, registered only when this is given). */
  readonly siwx?: SiwxParameters
  /** The swap feature's networks, slippage and routers (Swap is offered only where a router is named). */
  readonly swap?: SwapParameters
  /** The wallet registry's URL (`null`: none). */
  readonly walletRegistry?: WalletRegistryParameters
}

/** The default features, in registration order. */
export type DefaultFeatures = readonly [
  ReturnType<typeof send>,
  ReturnType<typeof walletRegistry>,
  ReturnType<typeof walletConnectPairing>,
  ReturnType<typeof siwx>,
  ReturnType<typeof activity>,
  ReturnType<typeof swap>,
  ReturnType<typeof receive>,
  ReturnType<typeof prices>,
]

/**
 * The default features for the given §9 switches: every shipped feature whose switch is on.
 * @example
 * import { createKit, defaultFeatures } from '@gangway/kit'
 * import { DEFAULT_FEATURES } from '@gangway/kit/core'
 * const kit = createKit({ plugins: [], features: defaultFeatures({ ...DEFAULT_FEATURES, swaps: false }) })
 * @param switches - every §9 switch, resolved.
 * @param options - the default features' own options.
 * @returns the features, in registration order.
 */
export function defaultFeatures(
  switches: Readonly<Record<FeatureName, boolean>>,
  options: DefaultFeatureOptions = {},
): DefaultFeatures {
  // The pairing has no switch: it is how every WalletConnect connect shows its link.
  return [
    switches.send && send(),
    switches.allWallets && walletRegistry(options.walletRegistry),
    walletConnectPairing(),
    // Sign-in is on when the site configures it.
    options.siwx && siwx(options.siwx),
    // Account's activity list: the data service's history, or this page's sends without one.
    switches.history && activity(),
    // §4 swap flow against the Gangway server's convert API (it needs the kit's serviceUrl).
    switches.swaps && swap(options.swap),
    switches.receive && receive(),
    // USD prices and icons beside balances, from the data service (no switch: it needs serviceUrl).
    prices(),
  ].filter(Boolean) as unknown as DefaultFeatures
}
