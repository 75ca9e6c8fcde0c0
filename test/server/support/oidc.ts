/**
 * A local OpenID provider (`oidc-provider`) for the social login tests: it signs in whoever the
 * test names (its interaction step logs them in and grants the scopes, as a visitor clicking
 * through would), and a cookie-keeping client that follows redirects as a popup does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/** A person the provider knows. */
export interface OidcAccount {
  readonly sub: string
  readonly email: string
  readonly emailVerified: boolean
}

/** The running provider. */
export interface LocalOidcProvider {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
  /** Registers the wallet origin's callback (known once the server listens). */
  register(redirectUri: string): void
  /** Who the next interaction signs in. */
  signInAs(account: OidcAccount): void
  close(): Promise<void>
}

/** Starts the provider on loopback. */
export async function startOidcProvider(): Promise<LocalOidcProvider> {
  let provider: Provider | undefined
  let account: OidcAccount = { sub: 'alice', email: 'alice@mail.test', emailVerified: true }
  const accounts = new Map<string, OidcAccount>()
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (!provider) {
      response.writeHead(503).end()
      return
    }
    if (request.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(request, response)
      accounts.set(account.sub, account)
      const grant = new provider.Grant({
        accountId: account.sub,
        clientId: details.params.client_id as string,
      })
      grant.addOIDCScope(String(details.params.scope))
      const grantId = await grant.save()
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      )
      return
    }
    provider.callback()(request, response)
  }
  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'gangway-wallet'
  const clientSecret = 'a-local-test-secret-of-enough-length-0123456789'
  return {
    issuer,
    clientId,
    clientSecret,
    register: (redirectUri) => {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'] },
        findAccount: (_context, id) => {
          const found = accounts.get(id)
          return found
            ? {
                accountId: id,
                claims: () => ({
                  sub: id,
                  email: found.email,
                  email_verified: found.emailVerified,
                }),
              }
            : undefined
        },
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => true },
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          Grant: 600,
          IdToken: 600,
          Interaction: 600,
          Session: 600,
        },
      })
      provider.on('server_error', () => undefined)
    },
    signInAs: (next) => {
      account = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A client that follows redirects and keeps cookies per host, as a browser window does. */
export function createBrowserLike() {
  const jar = new Map<string, Map<string, string>>()
  return {
    /** Follows redirects from `url`; the last answer (or the URL on `stopAt`, not fetched). */
    async open(
      url: string,
      stopAt?: string,
    ): Promise<{ url: string; status: number; text: string }> {
      let current = url
      for (let hop = 0; hop < 20; hop++) {
        if (stopAt && new URL(current).origin === stopAt)
          return { url: current, status: 0, text: '' }
        const host = new URL(current).host
        const cookies = jar.get(host) ?? new Map<string, string>()
        const response = await fetch(current, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        })
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';')
          const index = pair.indexOf('=')
          cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
        }
        jar.set(host, cookies)
        const location = response.headers.get('location')
        if (response.status >= 300 && response.status < 400 && location) {
          current = new URL(location, current).href
          continue
        }
        return { url: current, status: response.status, text: await response.text() }
      }
      throw new Error('too many redirects')
    },
  }
}
