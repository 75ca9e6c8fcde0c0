/**
 * The code of every feature Gangway ships, loaded: for what is generated from them (docs/errors.md)
 * and for tests over all of them. Pages never import this module; they load each feature's code
 * on first use through its definition.
 * @module
 */
import type { LoadedFeature } from '../kernel/index.js'
import { activityModule } from './activity/module.js'
import { sendModule } from './send/module.js'
import { createSiwxModule } from './siwx/module.js'
import { swapModule } from './swap/module.js'
import { walletConnectModule } from './walletConnect/module.js'
import { walletRegistryModule } from './walletRegistry/module.js'

/** Every shipped feature with its loaded module, in the order the docs list them. */
export const SHIPPED_FEATURE_MODULES: readonly LoadedFeature[] = [
  { name: 'send', module: sendModule },
  { name: 'walletRegistry', module: walletRegistryModule },
  { name: 'walletConnect', module: walletConnectModule },
  // Fixed settings: this module is never a page's, so nothing reads the page's location.
  {
    name: 'siwx',
    module: createSiwxModule({ domain: 'site.example', uri: 'https://site.example' }),
  },
  { name: 'swap', module: swapModule },
  { name: 'activity', module: activityModule },
]
