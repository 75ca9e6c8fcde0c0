/**
 * The WalletConnect pairing feature's events: a pairing link a plugin made, its expiry, a reset,
 * and the visitor copying the link (with the end of its "copied" feedback).
 * @module
 */
import * as z from 'zod/mini'
import type { WalletConnectState } from './slice.js'

/** Payload schema of every pairing event. */
export const walletConnectEvents = {
  'walletConnect/pairingExpired': z.object({ uri: z.string() }),
  'walletConnect/linkReset': z.object({}),
  /** The visitor copied this pairing URI (the browser confirmed the write). */
  'walletConnect/linkCopied': z.object({ uri: z.string().check(z.minLength(1)) }),
  /** The "copied" feedback for this URI has been shown long enough. */
  'walletConnect/linkCopiedExpired': z.object({ uri: z.string() }),
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
