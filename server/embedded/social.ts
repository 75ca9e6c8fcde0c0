/** Social login (filled in below). */
import { Hono } from 'hono'
import type { FrameAssets } from './assets.js'
import type { WalletOriginContext } from './walletOrigin.js'

/** OpenID clients by provider. */
export type SocialClients = Record<string, never>

export function createSocialRoutes(
  _shared: WalletOriginContext,
  _clients: SocialClients,
  _assets: FrameAssets,
  _waitMs: number,
): Hono {
  return new Hono()
}

export async function discoverSocialClients(
  _config: unknown,
  _origin: () => string,
  _log: unknown,
): Promise<SocialClients> {
  return {}
}
