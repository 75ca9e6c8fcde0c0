/** Passkeys (filled in below). */
import { Hono } from 'hono'
import type { WalletOriginContext } from './walletOrigin.js'

export function createPasskeyRoutes(_shared: WalletOriginContext): Hono {
  return new Hono()
}
