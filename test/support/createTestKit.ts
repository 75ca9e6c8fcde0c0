import {
  type CreateKitParameters,
  createKit,
  type FeatureInput,
  type Kit,
} from '../../src/index.js'
import type { DefaultFeatures as ShippedFeatures } from '../../src/preset/defaultFeatures.js'
import { createVirtualEnv, type VirtualEnv } from '../../src/testing/index.js'
import { type ToyChainOptions, toyChain } from './toyChain.js'
// The kit loads these effect groups on first need (src/kernel/effects/groups.ts). Evaluating them
// here puts them in the module cache, so a group woken in a test is running after one settle()
// and virtual-time tests stay deterministic. Their loading itself is tested in lazy.test.ts.
import '../../src/kernel/effects/deferred.js'
// Likewise the shipped features' code (the kit loads each on first need).
import '../../src/features/send/module.js'
import '../../src/features/walletRegistry/module.js'
import '../../src/features/walletConnect/module.js'
import '../../src/features/siwx/module.js'
import '../../src/features/activity/module.js'
import '../../src/features/prices/module.js'

/** A kit on virtual time with the toychain plugin, and handles to everything a test pokes. */
export function createTestKit(
  options: ToyChainOptions & {
    readonly kit?: Omit<Partial<CreateKitParameters<readonly FeatureInput[]>>, 'env'>
    readonly env?: VirtualEnv
    readonly extraPlugins?: CreateKitParameters['plugins']
  } = {},
): {
  kit: Kit<ShippedFeatures>
  env: VirtualEnv
  wallet: ReturnType<typeof toyChain>['wallet']
} {
  const env = options.env ?? createVirtualEnv()
  const { plugin, wallet } = toyChain(options)
  const kit = createKit({
    ...options.kit,
    plugins: [plugin, ...(options.extraPlugins ?? [])],
    env,
  })
  // With no features listed the kit registers the shipped ones; a test listing its own reads
  // them through the same typed surface.
  return { kit: kit as unknown as Kit<ShippedFeatures>, env, wallet }
}
