/**
 * Key custody of the embedded wallet, through the real wallet origin: a wallet's seed split 2-of-3
 * (device share sealed under the passkey's PRF, server share sealed at rest and released only
 * to a logged-in frame's fresh key, recovery share with the visitor). What the server stores,
 * what a site's page can reach, and any single share cannot produce the wallet's signature;
 * device + recovery shares recover it with the server down; the signature is real (viem verifies).
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { combine } from 'shamir-secret-sharing'
import { verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { deriveKeys } from '../../server/embedded/frame/accounts.js'
import { createFrameApi, type FrameApi } from '../../server/embedded/frame/api.js'
import {
  createReleaseKey,
  decodeRecoveryKit,
  decodeRecoveryShare,
  mnemonicOf,
  openDeviceShare,
  recombine,
  type SealedDeviceShare,
} from '../../server/embedded/frame/custody.js'
import {
  createStoredWallet,
  fetchSealedDeviceShare,
  recoverFromKit,
  recoverWallet,
  unlockWallet,
} from '../../server/embedded/frame/wallet.js'
import { createServerKeys } from '../../server/embedded/secrets.js'
import type { RunningServer } from '../../server/startServer.js'
import { embeddedShares, embeddedUsers } from '../../server/storage/schema.js'
import {
  embeddedConfig,
  frameClient,
  type MailCapture,
  PROJECT,
  SITE,
  startEmbeddedServer,
  startMailCapture,
} from './support/embedded.js'
import { createTestStorage, type TestStorage } from './support/harness.js'

const MESSAGE = 'Gangway custody test'

describe('embedded wallet custody', () => {
  let mail: MailCapture
  let storage: TestStorage
  let server: RunningServer & { walletOrigin: { url: string } }
  const embedded = embeddedConfig(0)
  let frame: FrameApi
  let userId: string
  /** What the visitor's passkey answers for the device-share salt (the authenticator's secret). */
  const prf = new Uint8Array(randomBytes(32))
  let created: Awaited<ReturnType<typeof createStoredWallet>>
  let sealedDevice: SealedDeviceShare

  beforeAll(async () => {
    mail = await startMailCapture()
    storage = await createTestStorage('pglite')
    server = await startEmbeddedServer(storage, {
      ...embedded,
      smtp: { ...embedded.smtp, port: mail.port },
    })
    const origin = server.walletOrigin.url
    const client = frameClient(origin)
    const email = 'custody@mail.test'
    await client.call('POST', '/embedded/api/email/connect', { email })
    const login = await client.call('POST', '/embedded/api/email/otp', {
      email,
      otp: await mail.nextCode(email),
    })
    userId = (login.body.user as { id: string }).id
    frame = createFrameApi({
      walletOrigin: origin,
      projectId: PROJECT,
      site: SITE,
      device: client.device,
      token: client.token,
      // A browser sends the frame's own origin; Node's fetch sends none.
      extraHeaders: { origin },
    })
    created = await createStoredWallet(frame, prf, userId)
    sealedDevice = await fetchSealedDeviceShare(frame)
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await mail?.close()
    storage?.remove()
  })

  test('the frame signs with device + server shares, and viem verifies the signature', async () => {
    const entropy = await unlockWallet(frame, prf, userId)
    const keys = deriveKeys(entropy)
    entropy.fill(0)
    expect(keys.eip155.address).toBe(created.accounts.eip155)
    expect(keys.solana.address).toBe(created.accounts.solana)
    const signature = await keys.eip155.signMessage({ message: MESSAGE })
    expect(
      await verifyMessage({ address: created.accounts.eip155, message: MESSAGE, signature }),
    ).toBe(true)
    // `get user` names the accounts the seed derives.
    const user = await frameClient(server.walletOrigin.url, { device: frame.options.device })
    user.token = frame.options.token
    expect((await user.call('GET', '/embedded/api/user')).body.accounts).toEqual(created.accounts)
  })

  test('the server alone, with everything it stores and its at-rest key, cannot rebuild the wallet', async () => {
    const [row] = await server.storage.db
      .select()
      .from(embeddedShares)
      .where(eq(embeddedShares.userId, userId))
    expect(row).toBeDefined()
    const keys = createServerKeys(embedded.atRestKey)
    const serverShare = keys.openAtRest(row!.serverShare, userId)
    // The device share is sealed under the passkey: no key the server holds or could guess opens it.
    const sealed = JSON.parse(row!.deviceShare) as SealedDeviceShare
    for (const guess of [
      Buffer.from(embedded.atRestKey, 'base64'),
      new Uint8Array(32),
      new Uint8Array(randomBytes(32)),
    ]) {
      expect(() => openDeviceShare(sealed, guess, userId)).toThrow()
    }
    // Its one share with the sealed bytes (or its own share twice) is no wallet.
    const ciphertext = Buffer.from(sealed.ciphertext, 'base64')
    const fake = new Uint8Array(ciphertext.subarray(0, serverShare.length))
    fake[fake.length - 1] = serverShare.at(-1) === 1 ? 2 : 1
    const noise = await combine([serverShare, fake])
    expect(deriveKeys(noise).eip155.address).not.toBe(created.accounts.eip155)
    await expect(recombine([serverShare, serverShare])).rejects.toThrow()
    // Nothing it stores holds the recovery share.
    const everything =
      JSON.stringify(await server.storage.db.select().from(embeddedShares)) +
      JSON.stringify(await server.storage.db.select().from(embeddedUsers))
    const recovery = Buffer.from(decodeRecoveryShare(created.recoveryShare)).toString('base64')
    expect(everything).not.toContain(recovery)
  })

  test("a site's page cannot get the server share, and no single share is a wallet", async () => {
    const page = createFrameApi({
      ...frame.options,
      extraHeaders: { origin: SITE },
    })
    await expect(unlockWallet(page, prf, userId)).rejects.toMatchObject({ status: 403 })
    // Without a session (a frame that did not log in) the share is not released either.
    const stranger = createFrameApi({ ...frame.options, token: undefined })
    await expect(
      stranger.call('POST', '/embedded/api/shares/server', z.unknown(), { publicKey: 'AA==' }),
    ).rejects.toMatchObject({ message: 'Session Expired' })
    const recovery = decodeRecoveryShare(created.recoveryShare)
    await expect(recombine([recovery])).rejects.toThrow()
    await expect(recombine([recovery, recovery])).rejects.toThrow()
  })

  test('the released server share opens only with the key the frame just made', async () => {
    const mine = await createReleaseKey()
    const other = await createReleaseKey()
    const answer = await frame.call(
      'POST',
      '/embedded/api/shares/server',
      z.object({ enc: z.string(), ciphertext: z.string() }),
      { publicKey: mine.publicKey },
    )
    await expect(other.open(answer)).rejects.toThrow()
    expect((await mine.open(answer)).length).toBe(33)
  })

  test('the accounts are the standard paths other wallets derive from the same mnemonic', () => {
    const entropy = new Uint8Array(randomBytes(32))
    expect(deriveKeys(entropy).eip155.address).toBe(
      mnemonicToAccount(mnemonicOf(entropy), { path: "m/44'/60'/0'/0/0" }).address,
    )
  })

  test('device + recovery shares rebuild the wallet with the server down', async () => {
    await server.close()
    await expect(unlockWallet(frame, prf, userId)).rejects.toThrow()
    const entropy = await recoverWallet(sealedDevice, prf, userId, created.recoveryShare)
    const keys = deriveKeys(entropy)
    entropy.fill(0)
    expect(keys.eip155.address).toBe(created.accounts.eip155)
    const signature = await keys.eip155.signMessage({ message: MESSAGE })
    expect(
      await verifyMessage({ address: created.accounts.eip155, message: MESSAGE, signature }),
    ).toBe(true)
    // A wrong passkey does not open the device share, so recovery needs the visitor's passkey.
    await expect(
      recoverWallet(sealedDevice, new Uint8Array(randomBytes(32)), userId, created.recoveryShare),
    ).rejects.toThrow()
  })

  test('the recovery key alone (it carries the sealed device share) and the passkey rebuild the wallet with the server down; without the passkey, or cut short, nothing', async () => {
    const entropy = await recoverFromKit(created.recoveryKit, prf)
    expect(deriveKeys(entropy).eip155.address).toBe(created.accounts.eip155)
    expect(deriveKeys(entropy).solana.address).toBe(created.accounts.solana)
    await expect(
      recoverFromKit(created.recoveryKit, new Uint8Array(randomBytes(32))),
    ).rejects.toThrow()
    await expect(recoverFromKit(created.recoveryKit.slice(0, -4), prf)).rejects.toThrow()
    await expect(recoverFromKit(created.recoveryShare, prf)).rejects.toThrow(
      'not a Gangway recovery key',
    )
    // The key's share is the recovery share: with the server's share alone it would not be two.
    expect(decodeRecoveryKit(created.recoveryKit).share).toEqual(
      decodeRecoveryShare(created.recoveryShare),
    )
  })
})
