/**
 * Social login with GitHub and X through their own OAuth 2.0 (decision 0718), against local
 * servers speaking those providers' protocols: no OpenID broker, no ID token. Who logged in comes
 * from the providers' user endpoints; only an address GitHub marks verified links to its email
 * account; X accounts go by their id. The flow keeps the OpenID path's guarantees: PKCE S256,
 * state, one use, a time limit, and a bound on every request to the provider.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { embeddedConfigSchema } from '../../server/embedded/config.js'
import { oauthSocialClients } from '../../server/embedded/oauth.js'
import type { RunningServer } from '../../server/startServer.js'
import {
  embeddedConfig,
  type FrameClient,
  frameClient,
  type MailCapture,
  PROJECT,
  SITE,
  startEmbeddedServer,
  startMailCapture,
} from './support/embedded.js'
import { createTestStorage, type TestStorage } from './support/harness.js'
import {
  type GithubPerson,
  type LocalOAuthProvider,
  startGithubProvider,
  startXProvider,
  type XPerson,
} from './support/oauthProviders.js'
import { createBrowserLike } from './support/oidc.js'

const bootOf = (html: string) =>
  JSON.parse(/id="gangway-boot">([^<]*)</.exec(html)?.[1] ?? '{}') as Record<string, unknown>
const newSecret = () => randomBytes(32).toString('base64url')

type User = { id: string; email: string | null; socialProvider: string | null }

describe('GitHub and X through their own OAuth 2.0', () => {
  let mail: MailCapture
  let github: LocalOAuthProvider<GithubPerson>
  let x: LocalOAuthProvider<XPerson>
  let storage: TestStorage
  let server: RunningServer & { walletOrigin: { url: string } }
  let later = 0
  const origin = () => server.walletOrigin.url

  beforeAll(async () => {
    mail = await startMailCapture()
    github = await startGithubProvider()
    x = await startXProvider()
    storage = await createTestStorage('pglite')
    server = await startEmbeddedServer(
      storage,
      embeddedConfig(mail.port, { oauth: { github: github.settings, x: x.settings } }),
      { now: () => Date.now() + later },
    )
    github.register(`${origin()}/embedded/social/callback`)
    x.register(`${origin()}/embedded/social/callback`)
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await github?.close()
    await x?.close()
    await mail?.close()
    storage?.remove()
  })

  const start = async (frame: FrameClient, provider: 'github' | 'x', secret: string) => {
    const started = await frame.call('POST', '/embedded/api/social/start', { provider, secret })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    return { uri: new URL(started.body.uri as string), loginId: started.body.loginId as string }
  }

  /** A whole login: the frame starts it, the popup walks through the provider, the frame redeems. */
  const login = async (provider: 'github' | 'x') => {
    const frame = frameClient(origin())
    const secret = newSecret()
    const { uri, loginId } = await start(frame, provider, secret)
    const popup = await createBrowserLike().open(uri.href)
    const connected = await frame.call('POST', '/embedded/api/social/connect', { loginId, secret })
    return { frame, popup, connected, user: connected.body.user as User, loginId, secret }
  }

  const emailAccount = async (email: string) => {
    const frame = frameClient(origin())
    await frame.call('POST', '/embedded/api/email/connect', { email })
    const answer = await frame.call('POST', '/embedded/api/email/otp', {
      email,
      otp: await mail.nextCode(email),
    })
    return (answer.body.user as User).id
  }

  test('github: the verified primary address logs into that address’s account, with PKCE S256 and no nonce', async () => {
    const emailUser = await emailAccount('carol@mail.test')
    github.signInAs({
      id: 583231,
      login: 'carol',
      emails: [
        { email: 'carol-old@mail.test', primary: false, verified: true, visibility: null },
        { email: 'Carol@mail.test', primary: true, verified: true, visibility: 'public' },
      ],
    })
    const frame = frameClient(origin())
    const { uri } = await start(frame, 'github', newSecret())
    expect(uri.origin + uri.pathname).toBe(github.settings.authorizationEndpoint)
    expect(uri.searchParams.get('client_id')).toBe(github.settings.clientId)
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256')
    expect(uri.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(uri.searchParams.get('state')).toBeTruthy()
    expect(uri.searchParams.get('scope')).toBe('read:user user:email')
    expect(uri.searchParams.has('nonce')).toBe(false)

    const first = await login('github')
    expect(first.popup.status).toBe(200)
    expect(bootOf(first.popup.text)).toMatchObject({ status: 'done', site: SITE })
    expect(bootOf(first.popup.text).resultUri).not.toContain('code=')
    expect(first.connected.status).toBe(200)
    expect(first.user).toMatchObject({
      id: emailUser,
      email: 'carol@mail.test',
      socialProvider: 'github',
    })
    expect((await first.frame.call('GET', '/embedded/api/user')).status).toBe(200)
    // The same GitHub account again: the same wallet.
    expect((await login('github')).user.id).toBe(emailUser)
  })

  test('github: an address GitHub has not verified never links to that address’s account', async () => {
    const emailUser = await emailAccount('dave@mail.test')
    github.signInAs({
      id: 77001,
      login: 'mallory',
      emails: [
        { email: 'dave@mail.test', primary: true, verified: false, visibility: 'public' },
        // Malformed entries are each dropped on their own, never read as verified.
        { email: 'dave@mail.test', primary: true, verified: 'true' },
        { email: 'not an address', primary: true, verified: true },
      ],
    })
    const { user, connected } = await login('github')
    expect(connected.status).toBe(200)
    expect(user.id).not.toBe(emailUser)
    expect(user).toMatchObject({ email: null, socialProvider: 'github' })
    // The account is GitHub's id's: logging in again finds it, still without the address.
    const again = await login('github')
    expect(again.user).toMatchObject({ id: user.id, email: null })
  })

  test('x: accounts go by X’s id, with no address', async () => {
    x.signInAs({ id: '1849204712734527488', username: 'erin' })
    const frame = frameClient(origin())
    const { uri } = await start(frame, 'x', newSecret())
    expect(uri.origin + uri.pathname).toBe(x.settings.authorizationEndpoint)
    expect(uri.searchParams.get('code_challenge_method')).toBe('S256')
    expect(uri.searchParams.get('scope')).toBe('users.read tweet.read')

    const first = await login('x')
    expect(first.connected.status).toBe(200)
    expect(first.user).toMatchObject({ email: null, socialProvider: 'x' })
    expect((await login('x')).user.id).toBe(first.user.id)
    x.signInAs({ id: '44196397', username: 'frank' })
    expect((await login('x')).user.id).not.toBe(first.user.id)
  })

  test('a callback whose state is not the login’s spends no code and logs nobody in', async () => {
    github.signInAs({ id: 9001, login: 'grace', emails: [] })
    const frame = frameClient(origin())
    const { uri } = await start(frame, 'github', newSecret())
    const exchanged = github.exchanged
    uri.searchParams.set('state', newSecret())
    const popup = await createBrowserLike().open(uri.href)
    expect(popup.url.startsWith(`${origin()}/embedded/social/callback?code=`)).toBe(true)
    expect(popup.status).toBe(400)
    expect(bootOf(popup.text)).toMatchObject({ status: 'failed' })
    expect(github.exchanged).toBe(exchanged)
  })

  test('a login is redeemed once, and its callback works once', async () => {
    x.signInAs({ id: '783214', username: 'heidi' })
    const { connected, popup, loginId, secret } = await login('x')
    expect(connected.status).toBe(200)
    const again = frameClient(origin())
    const reused = await again.call('POST', '/embedded/api/social/connect', { loginId, secret })
    expect(reused).toMatchObject({ status: 400, body: { code: 'UNKNOWN_LOGIN' } })
    expect(again.token).toBeUndefined()
    // The provider's redirect replayed (same code, same state): refused.
    const replayed = await createBrowserLike().open(popup.url)
    expect(replayed.status).toBe(400)
    expect(bootOf(replayed.text)).toMatchObject({ status: 'failed' })
  })

  test('a login left past its time is refused at the callback and at redeem', async () => {
    github.signInAs({
      id: 4242,
      login: 'ivan',
      emails: [{ email: 'ivan@mail.test', primary: true, verified: true }],
    })
    const frame = frameClient(origin())
    const secret = newSecret()
    const { uri, loginId } = await start(frame, 'github', secret)
    const exchanged = github.exchanged
    later = 11 * 60_000
    try {
      const popup = await createBrowserLike().open(uri.href)
      expect(popup.status).toBe(400)
      expect(bootOf(popup.text)).toMatchObject({ status: 'failed' })
      expect(github.exchanged).toBe(exchanged)
      const connected = await frame.call('POST', '/embedded/api/social/connect', {
        loginId,
        secret,
      })
      expect(connected).toMatchObject({ status: 400, body: { code: 'UNKNOWN_LOGIN' } })
    } finally {
      later = 0
    }
  })

  test('the frame is told which providers are offered', async () => {
    const frame = new URL(`${origin()}/embedded/frame`)
    frame.searchParams.set('projectId', PROJECT)
    frame.searchParams.set('site', SITE)
    const page = await fetch(frame, { headers: { referer: `${SITE}/` } })
    expect(page.status).toBe(200)
    expect(bootOf(await page.text()).socials).toEqual(['github', 'x'])
  })
})

describe('a provider that stops answering', () => {
  test.each([
    ['github', 'token'],
    ['github', 'user'],
    ['x', 'token'],
    ['x', 'user'],
  ] as const)(
    '%s hanging at its %s endpoint fails the login within the configured bound',
    async (provider, at) => {
      const mail = await startMailCapture()
      const local = provider === 'github' ? await startGithubProvider() : await startXProvider()
      const storage = await createTestStorage('pglite')
      const server = await startEmbeddedServer(
        storage,
        embeddedConfig(mail.port, {
          oauth: { [provider]: { ...local.settings, timeoutSeconds: 1 } },
        }),
      )
      try {
        const origin = server.walletOrigin.url
        local.register(`${origin}/embedded/social/callback`)
        local.hang(at)
        const frame = frameClient(origin)
        const secret = newSecret()
        const started = await frame.call('POST', '/embedded/api/social/start', { provider, secret })
        const popup = await createBrowserLike().open(started.body.uri as string)
        expect(popup.status).toBe(400)
        expect(bootOf(popup.text)).toMatchObject({ status: 'failed', message: 'An error occurred' })
        const connected = await frame.call('POST', '/embedded/api/social/connect', {
          loginId: started.body.loginId,
          secret,
        })
        expect(connected).toMatchObject({ status: 400, body: { code: 'SOCIAL_LOGIN_FAILED' } })
      } finally {
        await server.close()
        await local.close()
        await mail.close()
        storage.remove()
      }
    },
    20_000,
  )
})

describe('configuring GitHub and X', () => {
  const base = {
    projects: [{ id: 'p', sites: ['https://shop.example'] }],
    atRestKey: randomBytes(32).toString('base64'),
    smtp: { host: '127.0.0.1', from: 'Gangway <login@wallet.test>' },
  }

  test('only a client id and secret are needed; the endpoints are GitHub’s and X’s own', () => {
    const config = embeddedConfigSchema.parse({
      ...base,
      oauth: { github: { clientId: 'Iv1.abc', clientSecret: 's3cret' }, x: { clientId: 'cid' } },
    })
    const clients = oauthSocialClients(config)
    expect(Object.keys(clients).sort()).toEqual(['github', 'x'])
    expect(config.oauth.github).toMatchObject({
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      userEndpoint: 'https://api.github.com/user',
      emailsEndpoint: 'https://api.github.com/user/emails',
    })
    expect(config.oauth.x).toMatchObject({
      authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.x.com/2/oauth2/token',
      userEndpoint: 'https://api.x.com/2/users/me',
    })
  })

  test('a provider under both oidc and oauth is refused with a clear error', () => {
    const parsed = embeddedConfigSchema.safeParse({
      ...base,
      oidc: { github: { issuer: 'https://dex.example', clientId: 'a' } },
      oauth: { github: { clientId: 'b', clientSecret: 'c' } },
    })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['oauth', 'github'],
        message: 'github is configured under both embedded.oidc and embedded.oauth: keep one',
      }),
    ])
  })

  test('plain http to a provider only on loopback', () => {
    const config = embeddedConfigSchema.parse({
      ...base,
      oauth: {
        x: { clientId: 'cid', tokenEndpoint: 'http://x.example/2/oauth2/token' },
      },
    })
    expect(() => oauthSocialClients(config)).toThrow(
      'embedded.oauth.x.tokenEndpoint: http is only allowed on loopback',
    )
  })
})
