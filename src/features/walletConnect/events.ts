/**
 * The WalletConnect pairing feature's events: a pairing link a plugin made, its expiry, and a reset.
 * @module
 */
import * as z from 'zod/mini'
import type { WalletConnectState } from './slice.js'

/** Payload schema of every pairing event. */
export const walletConnectEvents = {
  'walletConnect/pairingExpired': z.object({ uri: z.string() }),
  'walletConnect/linkReset': z.object({}),
} as const

type WalletConnectPayloads = {
  [TType in keyof typeof walletConnectEvents]: z.infer<(typeof walletConnectEvents)[TType]>
}

declare module '../../kernel/index.js' {
  interface FeatureEventPayloads extends WalletConnectPayloads {}
  interface FeatureStates {
    walletConnect: WalletConnectState
  }
}
