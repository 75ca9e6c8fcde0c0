/**
 * The embedded wallet's origin on the Gangway server: its own listener on a second loopback
 * address, the frame and popup pages with a strict CSP and a pinned script, §8's refusals for a
 * site not on the list and for a missing project, email one-time codes over SMTP (§4, §5, §9
 * cooldown), and sessions that expire and stay with the site they were opened on.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { parseConfig } from '../../server/config.js'
import type { RunningServer } from '../../server/startServer.js'
import { embeddedOtps } from '../../server/storage/schema.js'
import {
  embeddedConfig,
  type FrameClient,
  frameClient,
  type MailCapture,
  OTHER_SITE,
  PROJECT,
  SITE,
  startEmbeddedServer,
  startMailCapture,
  WALLET_HOST,
} from './support/embedded.js'
import { createTestStorage, STORAGE_KINDS, type TestStorage } from './support/harness.js'

let mail: MailCapture
beforeAll(async () => {
  mail = await startMailCapture()
})
afterAll(async () => {
  await mail?.close()
})

/** A second project with one of the first one's sites. */
const SECOND_PROJECT = 'second-project'

describe.each(STORAGE_KINDS)('wallet origin on %s', (kind) => {
  let storage: TestStorage
  let server: RunningServer & { walletOrigin: { url: string } }
  let clock = Date.UTC(2026, 10, 26, 12)
  let addressCount = 0
  /** A fresh address per test: the cooldown is per address. */
  const newAddress = () => `visitor${++addressCount}-${kind}@mail.test`
  const origin = () => server.walletOrigin.url
  const login = async (client: FrameClient, email: string) => {
    expect((await client.call('POST', '/embedded/api/email/connect', { email })).body).toEqual({
      action: 'VERIFY_OTP',
    })
    const answer = await client.call('POST', '/embedded/api/email/otp', {
      email,
      otp: await mail.nextCode(email),
    })
    expect(answer.status).toBe(200)
    return answer
  }

  beforeAll(async () => {
    storage = await createTestStorage(kind)
    server = await startEmbeddedServer(
      storage,
      embeddedConfig(mail.port, {
        sessionTtlSeconds: 3_600,
        otpTtlSeconds: 600,
        projects: [
          { id: PROJECT, sites: [SITE, OTHER_SITE] },
          { id: SECOND_PROJECT, sites: [SITE] },
        ],
      }),
      { now: () => clock },
    )
    // PGlite's first open and the frame script's bundling take a while on a shared machine.
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    storage?.remove()
  })
  beforeEach(() => {
    // Each test starts past every cooldown an earlier one left.
    clock += 60_000
  })

  test('the wallet origin listens on its own address, apart from the API', () => {
    expect(new URL(origin()).hostname).toBe(WALLET_HOST)
    expect(new URL(server.url).origin).not.toBe(new URL(origin()).origin)
  })

  test('the frame page is framed only by the project sites and runs only its pinned script', async () => {
    const response = await fetch(
      `${origin()}/embedded/frame?projectId=${PROJECT}&site=${encodeURIComponent(SITE)}`,
    )
    expect(response.status).toBe(200)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain(`frame-ancestors ${SITE} ${OTHER_SITE}`)
    expect(policy).toContain(`default-src 'none'`)
    const html = await response.text()
    const [, src, integrity] =
      /<script src="([^"]+)" integrity="([^"]+)"/.exec(html) ?? ([] as string[])
    expect(policy).toContain(`script-src ${origin()}${src} '${integrity}'`)
    // The integrity the page names is the hash of what the server serves at that path.
    const script = await (await fetch(`${origin()}${src}`)).text()
    expect(`sha384-${createHash('sha384').update(script).digest('base64')}`).toBe(integrity)
    const boot = JSON.parse(/id="gangway-boot">([^<]*)</.exec(html)?.[1] ?? '{}')
    expect(boot).toMatchObject({ walletOrigin: origin(), projectId: PROJECT, site: SITE })
  })

  test('the popup page may be framed by nobody and runs only its pinned script', async () => {
    const response = await fetch(`${origin()}/embedded/popup`)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain(`frame-ancestors 'none'`)
    expect(policy).toContain(`default-src 'none'`)
    const html = await response.text()
    const [, src, integrity] =
      /<script src="([^"]+)" integrity="([^"]+)"/.exec(html) ?? ([] as string[])
    expect(policy).toContain(`script-src ${origin()}${src} '${integrity}'`)
    const script = await (await fetch(`${origin()}${src}`)).text()
    expect(`sha384-${createHash('sha384').update(script).digest('base64')}`).toBe(integrity)
  })

  test("a site not on the list reads 'Invalid App Configuration', no project 'Project ID Not Configured'", async () => {
    const foreign = await fetch(
      `${origin()}/embedded/frame?projectId=${PROJECT}&site=${encodeURIComponent('https://evil.example')}`,
    )
    expect(foreign.status).toBe(403)
    expect(await foreign.text()).toContain('Invalid App Configuration')
    // A listed site named in the query but an unlisted page embedding it (its referrer).
    const lying = await fetch(
      `${origin()}/embedded/frame?projectId=${PROJECT}&site=${encodeURIComponent(SITE)}`,
      { headers: { referer: 'https://evil.example/page' } },
    )
    expect(lying.status).toBe(403)
    const unknownProject = await fetch(
      `${origin()}/embedded/frame?projectId=nope&site=${encodeURIComponent(SITE)}`,
    )
    expect(await unknownProject.text()).toContain('Invalid App Configuration')
    const noProject = await fetch(`${origin()}/embedded/frame?site=${encodeURIComponent(SITE)}`)
    expect(noProject.status).toBe(400)
    expect(await noProject.text()).toContain('Project ID Not Configured')

    const email = newAddress()
    const stranger = frameClient(origin(), { site: 'https://evil.example' })
    expect(
      (await stranger.call('POST', '/embedded/api/email/connect', { email })).body,
    ).toMatchObject({ code: 'INVALID_APP_CONFIGURATION', message: 'Invalid App Configuration' })
    const projectless = frameClient(origin(), { projectId: '' })
    expect(
      (await projectless.call('POST', '/embedded/api/email/connect', { email })).body,
    ).toMatchObject({ message: 'Project ID Not Configured' })
    // Nothing was sent for either.
    expect(mail.inbox.filter((message) => message.to === email)).toEqual([])
  })

  test('a page on another origin cannot call the API with the visitor’s cookies', async () => {
    const email = newAddress()
    const forged = frameClient(origin(), { origin: SITE })
    const answer = await forged.call('POST', '/embedded/api/email/connect', { email })
    expect(answer.status).toBe(403)
    expect(mail.inbox.filter((message) => message.to === email)).toEqual([])
  })

  test('a same-origin read without Origin (as browsers send a GET) passes; a cross-site one does not', async () => {
    const frame = frameClient(origin())
    await login(frame, newAddress())
    const read = (fetchSite: string | undefined, method = 'GET') => {
      const client = frameClient(origin(), {
        origin: null,
        device: frame.device,
        ...(fetchSite ? { fetchSite } : {}),
      })
      client.token = frame.token
      return client.call(method, method === 'GET' ? '/embedded/api/user' : '/embedded/api/signout')
    }
    expect((await read('same-origin')).status).toBe(200)
    expect((await read('cross-site')).status).toBe(403)
    expect((await read('same-site')).status).toBe(403)
    expect((await read(undefined)).status).toBe(403)
    // A write always carries Origin in a browser: without it, it is refused, and the session lives.
    expect((await read('same-origin', 'POST')).status).toBe(403)
    expect((await frame.call('GET', '/embedded/api/user')).status).toBe(200)
  })

  test('a session of one project never answers CONNECT for another project of the same site', async () => {
    const email = newAddress()
    const frame = frameClient(origin())
    await login(frame, email)
    clock += 31_000
    const other = frameClient(origin(), { projectId: SECOND_PROJECT, device: frame.device })
    other.token = frame.token
    // The same device, the same site, the other project's session: a code, not a connection.
    expect((await other.call('POST', '/embedded/api/email/connect', { email })).body).toEqual({
      action: 'VERIFY_OTP',
    })
    expect((await mail.next(email)).subject).toMatch(/^Your code: \d{6}$/)
  })

  test('an email login: code by mail, session, user, and CONNECT on the next request', async () => {
    const email = newAddress()
    const frame = frameClient(origin())
    const answer = await login(frame, email)
    expect(answer.body.user).toMatchObject({ email, accounts: null })
    // The frame's cookie is partitioned (CHIPS): it survives blocked third-party cookies.
    const cookie = answer.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/gw_session=[\w-]+/)
    for (const attribute of ['Partitioned', 'Secure', 'HttpOnly', 'SameSite=None']) {
      expect(cookie).toContain(attribute)
    }
    const user = await frame.call('GET', '/embedded/api/user')
    expect(user.body).toMatchObject({ email })
    // After a reload the frame sends its token again: already connected, no mail.
    const before = mail.inbox.length
    expect((await frame.call('POST', '/embedded/api/email/connect', { email })).body).toEqual({
      action: 'CONNECT',
    })
    expect(mail.inbox.length).toBe(before)
  })

  test('a code works once, is stored only as a keyed hash, and a wrong one changes nothing', async () => {
    const email = newAddress()
    const frame = frameClient(origin())
    await frame.call('POST', '/embedded/api/email/connect', { email })
    const code = await mail.nextCode(email)
    const rows = await server.storage.db
      .select()
      .from(embeddedOtps)
      .where(eq(embeddedOtps.email, email))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await frame.call('POST', '/embedded/api/email/otp', { email, otp: wrong })
    expect(refused.status).toBe(400)
    expect(frame.token).toBeUndefined()
    expect((await frame.call('POST', '/embedded/api/email/otp', { email, otp: code })).status).toBe(
      200,
    )
    const replay = frameClient(origin(), { device: frame.device })
    expect(
      (await replay.call('POST', '/embedded/api/email/otp', { email, otp: code })).status,
    ).toBe(400)
    expect(replay.token).toBeUndefined()
  })

  test('§5: the email must be an email and the code a string', async () => {
    const frame = frameClient(origin())
    const bad = await frame.call('POST', '/embedded/api/email/connect', { email: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('INVALID_REQUEST')
    const email = newAddress()
    await frame.call('POST', '/embedded/api/email/connect', { email })
    const code = await mail.nextCode(email)
    const numeric = await frame.call('POST', '/embedded/api/email/otp', {
      email,
      otp: Number(code),
    })
    expect(numeric.status).toBe(400)
    expect(numeric.body.code).toBe('INVALID_REQUEST')
    // The code survived the malformed try.
    expect((await frame.call('POST', '/embedded/api/email/otp', { email, otp: code })).status).toBe(
      200,
    )
  })

  test('a code is void after its attempts and after it expires', async () => {
    const email = newAddress()
    const frame = frameClient(origin())
    await frame.call('POST', '/embedded/api/email/connect', { email })
    const code = await mail.nextCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 0; attempt < 5; attempt++) {
      await frame.call('POST', '/embedded/api/email/otp', { email, otp: wrong })
    }
    expect((await frame.call('POST', '/embedded/api/email/otp', { email, otp: code })).status).toBe(
      400,
    )

    clock += 31_000
    await frame.call('POST', '/embedded/api/email/connect', { email })
    const late = await mail.nextCode(email)
    clock += 600_000
    expect((await frame.call('POST', '/embedded/api/email/otp', { email, otp: late })).status).toBe(
      400,
    )
    expect(frame.token).toBeUndefined()
  })

  test("§9: a second request within 30 s reads 'Please try again after N seconds', counting down", async () => {
    const email = newAddress()
    const frame = frameClient(origin())
    await frame.call('POST', '/embedded/api/email/connect', { email })
    await mail.next(email)
    const first = await frame.call('POST', '/embedded/api/email/connect', { email })
    expect(first.status).toBe(429)
    expect(first.body.message).toBe('Please try again after 30 seconds')
    clock += 12_000
    const second = await frameClient(origin()).call('POST', '/embedded/api/email/connect', {
      email,
    })
    expect(second.body.message).toBe('Please try again after 18 seconds')
    expect(second.headers.get('retry-after')).toBe('18')
    clock += 18_000
    expect((await frame.call('POST', '/embedded/api/email/connect', { email })).body).toEqual({
      action: 'VERIFY_OTP',
    })
    // The refused requests sent nothing: one mail before, one after.
    expect(mail.inbox.filter((message) => message.to === email)).toHaveLength(2)
  })

  test('§4 VERIFY_DEVICE: a known address on a new device waits for the link in the mail', async () => {
    const email = newAddress()
    await login(frameClient(origin()), email)
    clock += 31_000
    const laptop = frameClient(origin())
    expect((await laptop.call('POST', '/embedded/api/email/connect', { email })).body).toEqual({
      action: 'VERIFY_DEVICE',
    })
    const approval = await mail.next(email)
    const link = /(http:\/\/\S+\/embedded\/device\?token=[\w-]+)/.exec(approval.text)?.[1]
    expect(link).toBeDefined()
    // No code can log this device in before the link is followed.
    const waiting = laptop.call('POST', '/embedded/api/email/device', { email })
    const page = await fetch(link!)
    expect(page.status).toBe(200)
    expect((await waiting).body).toEqual({ action: 'VERIFY_OTP' })
    const session = await laptop.call('POST', '/embedded/api/email/otp', {
      email,
      otp: await mail.nextCode(email),
    })
    expect(session.status).toBe(200)
    // A link works once.
    expect((await fetch(link!)).status).toBe(400)
  })

  test("sessions expire ('Session Expired'), end at sign-out, and stay with their site", async () => {
    const email = newAddress()
    const frame = frameClient(origin())
    await login(frame, email)
    const elsewhere = frameClient(origin(), { site: OTHER_SITE, device: frame.device })
    elsewhere.token = frame.token
    expect((await elsewhere.call('GET', '/embedded/api/user')).body).toMatchObject({
      code: 'SESSION_EXPIRED',
      message: 'Session Expired',
    })
    expect((await frame.call('GET', '/embedded/api/user')).status).toBe(200)
    clock += 3_600_000
    const expired = await frame.call('GET', '/embedded/api/user')
    expect(expired.status).toBe(401)
    expect(expired.body.message).toBe('Session Expired')

    clock += 60_000
    const again = frameClient(origin(), { device: frame.device })
    await login(again, email)
    await again.call('POST', '/embedded/api/signout')
    expect((await again.call('GET', '/embedded/api/user')).body.message).toBe('Session Expired')
  })

  test('§4 sign-out ends every session of the visitor on that site and project (a second one beside the frame’s too): the next login asks for a code', async () => {
    const email = newAddress()
    const frame = frameClient(origin())
    await login(frame, email)
    clock += 31_000
    const beside = frameClient(origin(), { device: frame.device })
    await login(beside, email)
    clock += 31_000
    const otherSite = frameClient(origin(), { site: OTHER_SITE, device: frame.device })
    otherSite.token = frame.token
    expect((await otherSite.call('POST', '/embedded/api/email/connect', { email })).body).toEqual({
      action: 'VERIFY_OTP',
    })
    await otherSite.call('POST', '/embedded/api/email/otp', {
      email,
      otp: await mail.nextCode(email),
    })
    clock += 31_000

    expect((await frame.call('POST', '/embedded/api/signout')).status).toBe(200)
    for (const client of [frame, beside]) {
      expect((await client.call('GET', '/embedded/api/user')).body.message).toBe('Session Expired')
    }
    expect((await beside.call('POST', '/embedded/api/email/connect', { email })).body).toEqual({
      action: 'VERIFY_OTP',
    })
    // Another site's session is that site's to end.
    expect((await otherSite.call('GET', '/embedded/api/user')).status).toBe(200)
  })

  test('an email update is confirmed by a code to the old address, then one to the new', async () => {
    const email = newAddress()
    const next = newAddress()
    const frame = frameClient(origin())
    await login(frame, email)
    clock += 31_000
    expect((await frame.call('POST', '/embedded/api/email/update', { email: next })).body).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    const primary = await mail.nextCode(email)
    // The code of the old address does nothing at the second step.
    expect(
      (await frame.call('POST', '/embedded/api/email/update/secondary', { otp: primary })).status,
    ).toBe(400)
    expect(
      (await frame.call('POST', '/embedded/api/email/update/primary', { otp: primary })).body,
    ).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await mail.nextCode(next)
    const done = await frame.call('POST', '/embedded/api/email/update/secondary', {
      otp: secondary,
    })
    expect(done.body).toMatchObject({ email: next })
    expect((await frame.call('GET', '/embedded/api/user')).body).toMatchObject({ email: next })
  })

  test('passkeys: a logged-in visitor gets registration options asking for PRF on the wallet origin; forged answers log nobody in', async () => {
    const anonymous = frameClient(origin())
    expect(
      (await anonymous.call('POST', '/embedded/api/passkey/register/options')).body.message,
    ).toBe('Session Expired')
    const frame = frameClient(origin())
    await login(frame, newAddress())
    const registration = await frame.call('POST', '/embedded/api/passkey/register/options')
    const options = registration.body.options as {
      rp: { id: string }
      authenticatorSelection: unknown
      extensions: { prf: { eval: { first: string } } }
    }
    expect(options.rp.id).toBe(WALLET_HOST)
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    expect(options.extensions.prf.eval.first).toMatch(/^[\w-]{43}$/)
    const forged = {
      challengeId: registration.body.challengeId,
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} },
    }
    expect((await frame.call('POST', '/embedded/api/passkey/register/verify', forged)).status).toBe(
      400,
    )
    // The challenge was spent by the failed try.
    expect(
      (await frame.call('POST', '/embedded/api/passkey/register/verify', forged)).body.code,
    ).toBe('INVALID_CHALLENGE')
    const stranger = frameClient(origin())
    const loginOptions = await stranger.call('POST', '/embedded/api/passkey/login/options')
    const refused = await stranger.call('POST', '/embedded/api/passkey/login/verify', {
      challengeId: loginOptions.body.challengeId,
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} },
    })
    expect(refused.status).toBe(400)
    expect(stranger.token).toBeUndefined()
  })
})

describe('the wallet origin is an origin of its own', () => {
  test('a project listing the wallet origin as one of its sites is refused, in the configuration and at start, and nothing is served', async () => {
    const wallet = 'https://wallet.example'
    expect(() =>
      parseConfig({
        embedded: embeddedConfig(mail.port, {
          publicOrigin: wallet,
          projects: [{ id: PROJECT, sites: [SITE, wallet] }],
        }),
      }),
    ).toThrow(
      expect.objectContaining({
        issues: [expect.stringMatching(/^embedded\.projects\.0\.sites\.1: .*wallet origin/)],
      }),
    )
    // Without publicOrigin the wallet origin is the listener's own address, known once it listens.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, WALLET_HOST, () => {
        const { port: free } = probe.address() as AddressInfo
        probe.close(() => resolve(free))
      })
    })
    const storage = await createTestStorage('pglite')
    try {
      await expect(
        startEmbeddedServer(
          storage,
          embeddedConfig(mail.port, {
            port,
            projects: [{ id: PROJECT, sites: [SITE, `http://${WALLET_HOST}:${port}`] }],
          }),
        ),
      ).rejects.toThrow('the wallet origin itself')
      await expect(fetch(`http://${WALLET_HOST}:${port}/embedded/popup`)).rejects.toThrow()
    } finally {
      storage.remove()
    }
  })
})
