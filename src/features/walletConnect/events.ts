/**
 * The WalletConnect pairing feature's events: a pairing link a plugin made, its expiry, and a reset.
 * @module
 */
import * as z from 'zod/mini'
import type { WalletConnectState } from './slice.js'

/** Payload schema of every pairing event. */
export const walletConnectEvents = {
  /** A plugin made a pairing link (any plugin may: the link names no namespace). */
  'walletConnect/pairingCreated': z.object({
    uri: z.string().check(z.minLength(1), z.maxLength(2_048)),
    expiresAt: z.number(),
  }),
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
