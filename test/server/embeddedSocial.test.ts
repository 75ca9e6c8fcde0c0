/**
 * Social login on the wallet origin against a local OpenID provider: authorization code with
 * PKCE, state and nonce; the popup comes back to the wallet origin and only the frame that
 * started the login (holding its secret) can redeem it, once, for its own site.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SOCIAL_PROVIDERS } from '../../server/embedded/config.js'
import { createFrameApi } from '../../server/embedded/frame/api.js'
import { createFrameHandler } from '../../server/embedded/frame/handler.js'
import { createStoredWallet } from '../../server/embedded/frame/wallet.js'
import type { FrameBoot } from '../../server/embedded/pages.js'
import type { RunningServer } from '../../server/startServer.js'
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
} from './support/embedded.js'
import { createTestStorage, type TestStorage } from './support/harness.js'
import { createBrowserLike, type LocalOidcProvider, startOidcProvider } from './support/oidc.js'

const bootOf = (html: string) =>
  JSON.parse(/id="gangway-boot">([^<]*)</.exec(html)?.[1] ?? '{}') as Record<string, unknown>
const newSecret = () => randomBytes(32).toString('base64url')

describe('social login', () => {
  let mail: MailCapture
  let oidc: LocalOidcProvider
  let storage: TestStorage
  let server: RunningServer & { walletOrigin: { url: string } }
  const origin = () => server.walletOrigin.url

  beforeAll(async () => {
    mail = await startMailCapture()
    oidc = await startOidcProvider()
    storage = await createTestStorage('pglite')
    server = await startEmbeddedServer(
      storage,
      embeddedConfig(mail.port, {
        oidc: {
          google: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
        },
      }),
    )
    oidc.register(`${origin()}/embedded/social/callback`)
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await oidc?.close()
    await mail?.close()
    storage?.remove()
  })

  /** Starts a login in a frame and walks the popup through the provider. */
  const popupLogin = async (frame: FrameClient, secret: string) => {
    const started = await frame.call('POST', '/embedded/api/social/start', {
      provider: 'google',
      secret,
    })
    expect(started.status).toBe(200)
    const uri = new URL(started.body.uri as string)
    expect(uri.origin).toBe(oidc.issuer)
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256')
    expect(uri.searchParams.get('state')).toBeTruthy()
    expect(uri.searchParams.get('nonce')).toBeTruthy()
    const popup = await createBrowserLike().open(uri.href)
    return { loginId: started.body.loginId as string, popup }
  }

  test('a popup login through the provider, redeemed by the frame that started it', async () => {
    oidc.signInAs({ sub: 'alice-1', email: 'alice@mail.test', emailVerified: true })
    const frame = frameClient(origin())
    const secret = newSecret()
    const { loginId, popup } = await popupLogin(frame, secret)
    expect(popup.url.startsWith(`${origin()}/embedded/social/callback`)).toBe(true)
    expect(popup.status).toBe(200)
    // The popup tells the site only that it is done, and only the exact site.
    expect(bootOf(popup.text)).toMatchObject({ status: 'done', site: SITE, loginId })
    expect(bootOf(popup.text).resultUri).not.toContain('code=')
    expect(popup.text).not.toContain('token')

    // Another frame (another site, or no secret) cannot redeem it.
    const other = frameClient(origin(), { site: OTHER_SITE })
    expect(
      (await other.call('POST', '/embedded/api/social/connect', { loginId, secret })).status,
    ).toBe(400)
    const thief = frameClient(origin())
    expect(
      (await thief.call('POST', '/embedded/api/social/connect', { loginId, secret: newSecret() }))
        .status,
    ).toBe(400)
    expect(thief.token).toBeUndefined()

    const connected = await frame.call('POST', '/embedded/api/social/connect', { loginId, secret })
    expect(connected.status).toBe(200)
    expect(connected.body.user).toMatchObject({
      email: 'alice@mail.test',
      socialProvider: 'google',
    })
    expect((await frame.call('GET', '/embedded/api/user')).status).toBe(200)
    // Once.
    const again = frameClient(origin())
    expect(
      (await again.call('POST', '/embedded/api/social/connect', { loginId, secret })).status,
    ).toBe(400)
  })

  test('the same person logging in again gets the same account', async () => {
    oidc.signInAs({ sub: 'bob-1', email: 'bob@mail.test', emailVerified: true })
    const ids: string[] = []
    for (let round = 0; round < 2; round++) {
      const frame = frameClient(origin())
      const secret = newSecret()
      const { loginId } = await popupLogin(frame, secret)
      const connected = await frame.call('POST', '/embedded/api/social/connect', {
        loginId,
        secret,
      })
      ids.push((connected.body.user as { id: string }).id)
    }
    expect(ids[1]).toBe(ids[0])
  })

  test('an unverified email at the provider does not take over the email account', async () => {
    const email = 'carol@mail.test'
    const mailFrame = frameClient(origin())
    await mailFrame.call('POST', '/embedded/api/email/connect', { email })
    const emailUser = (
      (
        await mailFrame.call('POST', '/embedded/api/email/otp', {
          email,
          otp: await mail.nextCode(email),
        })
      ).body.user as { id: string }
    ).id
    oidc.signInAs({ sub: 'mallory-1', email, emailVerified: false })
    const frame = frameClient(origin())
    const secret = newSecret()
    const { loginId } = await popupLogin(frame, secret)
    const connected = await frame.call('POST', '/embedded/api/social/connect', { loginId, secret })
    const user = connected.body.user as { id: string; email: string | null }
    expect(user.id).not.toBe(emailUser)
    expect(user.email).toBeNull()
  })

  test('the session remembers how it logged in: a social login’s user names the provider on every read and may not change the email; an email-code login to the same account names none', async () => {
    const email = 'grace@mail.test'
    const byCode = frameClient(origin())
    await byCode.call('POST', '/embedded/api/email/connect', { email })
    const byCodeLogin = await byCode.call('POST', '/embedded/api/email/otp', {
      email,
      otp: await mail.nextCode(email),
    })
    expect(byCodeLogin.body.user).toMatchObject({ email, socialProvider: null })
    const userId = (byCodeLogin.body.user as { id: string }).id

    // The same person through Google (a verified email: the same account).
    oidc.signInAs({ sub: 'grace-1', email, emailVerified: true })
    const frame = frameClient(origin())
    const secret = newSecret()
    const { loginId } = await popupLogin(frame, secret)
    const connected = await frame.call('POST', '/embedded/api/social/connect', { loginId, secret })
    expect(connected.body.user).toMatchObject({ id: userId, email, socialProvider: 'google' })
    // What a reloaded page's frame reads for the session it restores.
    expect((await frame.call('GET', '/embedded/api/user')).body).toMatchObject({
      id: userId,
      socialProvider: 'google',
    })
    // The email-code session of the account stays an email login's.
    expect((await byCode.call('GET', '/embedded/api/user')).body).toMatchObject({
      id: userId,
      socialProvider: null,
    })

    // The social session may not change the address (the UI hiding the action is no boundary),
    // and no mail goes out.
    const mailsBefore = mail.inbox.length
    const update = await frame.call('POST', '/embedded/api/email/update', {
      email: 'grace-new@mail.test',
    })
    expect(update.status).toBe(403)
    expect(update.body).toEqual({ code: 'SOCIAL_SESSION', message: 'An error occurred' })
    for (const step of ['primary', 'secondary']) {
      const refused = await frame.call('POST', `/embedded/api/email/update/${step}`, {
        otp: '123456',
      })
      expect(refused.body.code, step).toBe('SOCIAL_SESSION')
    }
    expect(mail.inbox.length).toBe(mailsBefore)
  })

  test('a forged callback (unknown state) logs nobody in', async () => {
    const popup = await createBrowserLike().open(
      `${origin()}/embedded/social/callback?code=abc&state=${newSecret()}`,
    )
    expect(popup.status).toBe(400)
    expect(bootOf(popup.text)).toMatchObject({ status: 'failed' })
    expect(popup.text).toContain('An error occurred')
  })

  test('a provider the operator did not configure is refused; the redirect fallback returns only to the site', async () => {
    const frame = frameClient(origin())
    const github = await frame.call('POST', '/embedded/api/social/start', {
      provider: 'github',
      secret: newSecret(),
    })
    expect(github.body.code).toBe('PROVIDER_NOT_CONFIGURED')
    const elsewhere = await frame.call('POST', '/embedded/api/social/start', {
      provider: 'google',
      secret: newSecret(),
      mode: 'redirect',
      returnTo: 'https://evil.example/steal',
    })
    expect(elsewhere.status).toBe(400)

    oidc.signInAs({ sub: 'dave-1', email: 'dave@mail.test', emailVerified: true })
    const secret = newSecret()
    const started = await frame.call('POST', '/embedded/api/social/start', {
      provider: 'google',
      secret,
      mode: 'redirect',
      returnTo: `${SITE}/checkout`,
    })
    // The page comes back to the site (which the test does not serve: stop at its URL).
    const back = await createBrowserLike().open(started.body.uri as string, SITE)
    const fragment = new URL(back.url).hash
    expect(back.url.startsWith(`${SITE}/checkout#gangway-social=`)).toBe(true)
    const resultUri = decodeURIComponent(fragment.slice('#gangway-social='.length))
    expect(resultUri.startsWith(`${origin()}/embedded/social/callback?state=`)).toBe(true)
    expect(resultUri).not.toContain('code=')
    const connected = await frame.call('POST', '/embedded/api/social/connect', {
      loginId: started.body.loginId,
      secret,
    })
    expect(connected.body.user).toMatchObject({ email: 'dave@mail.test' })
  })

  test('the redirect fallback through the frame: the page that comes back has a new frame, which finishes the login the old one began (its secret kept in the frame’s storage), once', async () => {
    oidc.signInAs({ sub: 'erin-1', email: 'erin@mail.test', emailVerified: true })
    // The frame's storage, partitioned by the site: what survives the page going away.
    const kept = new Map<string, string>()
    const framePage = () => {
      const api = createFrameApi({
        walletOrigin: origin(),
        projectId: PROJECT,
        site: SITE,
        device: 'redirect-device',
        extraHeaders: { origin: origin() },
      })
      const boot: FrameBoot = {
        walletOrigin: origin(),
        projectId: PROJECT,
        site: SITE,
        restricted: false,
        networks: [{ id: 'eip155:31337', rpcUrl: 'http://127.0.0.1:1' }],
        socials: ['google'],
      }
      const handler = createFrameHandler({
        boot,
        api,
        saveToken: () => undefined,
        unlock: () => Promise.reject(new Error('no signing here')),
        createWallet: async (userId) =>
          (await createStoredWallet(api, new Uint8Array(randomBytes(32)), userId)).accounts,
        approve: async () => false,
        reload: () => undefined,
        secret: newSecret,
        sha256Hex: async (text) => createHash('sha256').update(text).digest('hex'),
        store: {
          get: (key) => kept.get(key),
          set: (key, value) => (value === undefined ? kept.delete(key) : kept.set(key, value)),
        },
      })
      return (type: string, payload: unknown) =>
        handler.handle({ id: randomUUID(), type, payload }) as Promise<{
          type: string
          payload: Record<string, unknown>
        }>
    }
    const before = framePage()
    const started = await before('GET_SOCIAL_REDIRECT_URI', {
      provider: 'google',
      mode: 'redirect',
      returnTo: `${SITE}/checkout`,
    })
    expect(started.type).toBe('GET_SOCIAL_REDIRECT_URI_SUCCESS')
    const back = await createBrowserLike().open(started.payload.uri as string, SITE)
    const uri = new URLSearchParams(new URL(back.url).hash.slice(1)).get('gangway-social') ?? ''
    // The page came back: a new frame, with only the frame's storage from before.
    const returned = framePage()
    const connected = await returned('CONNECT_SOCIAL', { uri })
    expect(connected).toMatchObject({
      type: 'CONNECT_SOCIAL_SUCCESS',
      payload: { email: 'erin@mail.test', socialProvider: 'google' },
    })
    // The user the kit reads for the restored session names the provider too.
    expect(await returned('GET_USER', { chainId: 'eip155:31337' })).toMatchObject({
      type: 'GET_USER_SUCCESS',
      payload: { email: 'erin@mail.test', socialProvider: 'google' },
    })
    expect(kept.size).toBe(0)
    // Once: the same address again redeems nothing.
    expect((await framePage()('CONNECT_SOCIAL', { uri })).type).toBe('CONNECT_SOCIAL_ERROR')
  })
})

describe('every §3 provider the operator configures', () => {
  test('google, github, apple, facebook, x and discord each log a visitor in through OpenID Connect, each its own account', async () => {
    const mail = await startMailCapture()
    const oidc = await startOidcProvider()
    const storage = await createTestStorage('pglite')
    const settings = {
      issuer: oidc.issuer,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
    }
    const server = await startEmbeddedServer(
      storage,
      embeddedConfig(mail.port, {
        oidc: Object.fromEntries(SOCIAL_PROVIDERS.map((provider) => [provider, settings])),
      }),
    )
    try {
      const origin = server.walletOrigin.url
      oidc.register(`${origin}/embedded/social/callback`)
      const ids = new Set<string>()
      for (const provider of SOCIAL_PROVIDERS) {
        // One person, the same subject at every provider: still one account per provider.
        oidc.signInAs({ sub: 'frank', email: `frank-${provider}@mail.test`, emailVerified: true })
        const frame = frameClient(origin)
        const secret = newSecret()
        const started = await frame.call('POST', '/embedded/api/social/start', { provider, secret })
        expect(started.status, provider).toBe(200)
        await createBrowserLike().open(started.body.uri as string)
        const connected = await frame.call('POST', '/embedded/api/social/connect', {
          loginId: started.body.loginId,
          secret,
        })
        expect(connected.body.user, provider).toMatchObject({ socialProvider: provider })
        ids.add((connected.body.user as { id: string }).id)
      }
      expect(ids.size).toBe(SOCIAL_PROVIDERS.length)
    } finally {
      await server.close()
      await oidc.close()
      await mail.close()
      storage.remove()
    }
  }, 60_000)
})
