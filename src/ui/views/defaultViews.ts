'use client'
import { sendViews } from '../../features/send/react/index.js'
import { siwxViews } from '../../features/siwx/react/index.js'
import { swapViews } from '../../features/swap/react/index.js'
import { walletConnectViews } from '../../features/walletConnect/react/index.js'
import { walletRegistryViews } from '../../features/walletRegistry/react/index.js'
import { CORE_VIEW_REGISTRATIONS, UNAVAILABLE_VIEW } from './coreViews.js'
import type { ViewRegistration } from './registry.js'

/**
 * The views `KitProvider` knows without being told: the core's and the shipped features'. Each is
 * a few lines until it is shown; a view whose feature the kit does not register is never shown.
 * @internal
 */
export const DEFAULT_VIEW_REGISTRATIONS: readonly ViewRegistration[] = [
  UNAVAILABLE_VIEW,
  ...CORE_VIEW_REGISTRATIONS,
  sendViews,
  walletRegistryViews,
  walletConnectViews,
  siwxViews,
  swapViews,
]
