/**
 * The features Gangway ships, and which of them a kit registers when the site does not list its
 * own: every one whose §9 switch is on (decision 0015). Only their eager parts (a name, views and
 * a loader, a few hundred bytes) are in the page; their code loads on first use.
 * @module
 */
import type { FeatureName } from '../kernel/constants.js'
import { send } from './send/index.js'

/** The shipped features, in registration order. */
export type ShippedFeatures = readonly [ReturnType<typeof send>]

/**
 * The shipped features a kit registers for the given §9 switches.
 * @internal
 */
export function shippedFeatures(switches: Readonly<Record<FeatureName, boolean>>): ShippedFeatures {
  return [switches.send ? send() : undefined].filter(Boolean) as unknown as ShippedFeatures
}
