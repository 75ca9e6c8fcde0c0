/**
 * Key shares on the server (decision 0713): at wallet creation the frame hands over the device
 * share already sealed under the visitor's passkey (the server cannot open it) and the server
 * share, which the server seals at rest. After a login, the server share is released sealed with
 * HPKE to a public key the frame just generated, so only that frame can read it.
 * @module
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { HttpError, parseInput, readJson } from '../http.js'
import { embeddedShares } from '../storage/schema.js'
import type { WalletOriginContext } from './walletOrigin.js'

const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/), z.maxLength(8_192))
const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const solanaAddress = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))

const saveBody = z.object({
  /** The device share sealed in the frame (JSON text the server keeps as is). */
  deviceShare: z.string().check(z.minLength(1), z.maxLength(4_096)),
  /** The server share, base64 (the frame sends it once, at creation). */
  serverShare: base64,
  accounts: z.object({ eip155: evmAddress, solana: solanaAddress }),
})
const releaseBody = z.object({
  /** The frame's fresh P-256 public key, raw (65 bytes), base64. */
  publicKey: base64,
})

/** The HPKE suite both sides use (RFC 9180: DHKEM P-256, HKDF-SHA256, AES-256-GCM). */
export const shareSuite = (): CipherSuite =>
  new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes256Gcm(),
  })

/** The `info` binding a released share to its purpose. */
export const SHARE_HPKE_INFO = new TextEncoder().encode('gangway/embedded/server-share/v1')

/**
 * The share paths.
 * @param shared - the wallet origin's context.
 * @returns the routes.
 */
export function createShareRoutes(shared: WalletOriginContext): Hono {
  const app = new Hono()
  const suite = shareSuite()

  app.put('/embedded/api/shares', async (context) => {
    const session = await shared.sessionOf(context)
    const body = parseInput(saveBody, await readJson(context), 'body')
    const serverShare = new Uint8Array(Buffer.from(body.serverShare, 'base64'))
    if (serverShare.length < 17 || serverShare.length > 129) {
      throw new HttpError(400, 'INVALID_REQUEST', 'body.serverShare: not a key share')
    }
    const inserted = await shared.db
      .insert(embeddedShares)
      .values({
        userId: session.userId,
        deviceShare: body.deviceShare,
        serverShare: shared.keys.sealAtRest(serverShare, session.userId),
        accounts: JSON.stringify(body.accounts),
        createdAt: shared.now(),
      })
      .onConflictDoNothing()
      .returning({ userId: embeddedShares.userId })
    // A wallet is created once: a second one would orphan the first's funds.
    if (inserted.length !== 1)
      throw new HttpError(409, 'WALLET_EXISTS', 'This account has a wallet')
    return context.json({ saved: true })
  })

  app.get('/embedded/api/shares/device', async (context) => {
    const session = await shared.sessionOf(context)
    const [row] = await shared.db
      .select({ deviceShare: embeddedShares.deviceShare })
      .from(embeddedShares)
      .where(eq(embeddedShares.userId, session.userId))
    if (!row) throw new HttpError(404, 'NO_WALLET', 'This account has no wallet yet')
    return context.json({ deviceShare: row.deviceShare })
  })

  app.post('/embedded/api/shares/server', async (context) => {
    const session = await shared.sessionOf(context)
    const { publicKey } = parseInput(releaseBody, await readJson(context), 'body')
    const [row] = await shared.db
      .select({ serverShare: embeddedShares.serverShare })
      .from(embeddedShares)
      .where(eq(embeddedShares.userId, session.userId))
    if (!row) throw new HttpError(404, 'NO_WALLET', 'This account has no wallet yet')
    let recipientPublicKey: CryptoKey
    try {
      recipientPublicKey = await suite.kem.deserializePublicKey(
        new Uint8Array(Buffer.from(publicKey, 'base64')).buffer,
      )
    } catch {
      throw new HttpError(400, 'INVALID_REQUEST', 'body.publicKey: not a P-256 public key')
    }
    const share = shared.keys.openAtRest(row.serverShare, session.userId)
    const sealed = await suite.seal({ recipientPublicKey, info: SHARE_HPKE_INFO }, share)
    share.fill(0)
    return context.json({
      enc: Buffer.from(sealed.enc).toString('base64'),
      ciphertext: Buffer.from(sealed.ct).toString('base64'),
    })
  })
  return app
}
