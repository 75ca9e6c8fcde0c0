/**
 * Social login for GitHub and X through their own OAuth 2.0 (decision 0718): neither has OpenID
 * Connect, so there is no ID token; who logged in comes from the provider's user endpoints, read
 * with the access token. `openid-client` runs the authorization-code grant (PKCE S256, state) on
 * server metadata given here instead of discovered. Every answer of the provider is untrusted and
 * checked field by field; every request is bounded (`timeoutSeconds`).
 * @module
 */
import * as client from 'openid-client'
import * as z from 'zod/mini'
import type { EmbeddedConfig } from './config.js'
import type { SocialClient, SocialIdentity } from './social.js'

/**
 * Whether a host name is loopback, the only place plain HTTP to a provider is allowed.
 * @param host - a URL's `hostname`.
 * @returns true for localhost, 127.0.0.0/8 and [::1].
 */
export const isLoopback = (host: string): boolean =>
  host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]'

/** The most a user endpoint's answer may weigh; GitHub's and X's are well under it. */
const MAX_ANSWER_BYTES = 256 * 1024

/**
 * Whether the endpoints need plain HTTP allowed: only on loopback (a local provider in tests);
 * anywhere else it would hand codes and tokens to whoever is on the path.
 * @throws Error naming the setting of an `http:` endpoint that is not on loopback.
 */
function insecureAllowed(provider: string, endpoints: Record<string, string>): boolean {
  let insecure = false
  for (const [name, value] of Object.entries(endpoints)) {
    const url = new URL(value)
    if (url.protocol !== 'http:') continue
    if (!isLoopback(url.hostname)) {
      throw new Error(`embedded.oauth.${provider}.${name}: http is only allowed on loopback`)
    }
    insecure = true
  }
  return insecure
}

function configuration(
  endpoints: { readonly authorizationEndpoint: string; readonly tokenEndpoint: string },
  clientId: string,
  auth: client.ClientAuth,
  insecure: boolean,
  timeoutSeconds: number,
): client.Configuration {
  const config = new client.Configuration(
    {
      // No discovery document: the issuer is only a name here (neither provider sends `iss`).
      issuer: new URL(endpoints.authorizationEndpoint).origin,
      authorization_endpoint: endpoints.authorizationEndpoint,
      token_endpoint: endpoints.tokenEndpoint,
      code_challenge_methods_supported: ['S256'],
    },
    clientId,
    undefined,
    auth,
  )
  config.timeout = timeoutSeconds
  if (insecure) client.allowInsecureRequests(config)
  return config
}

/** GETs a user endpoint with the access token (bounded by the configuration) and parses JSON. */
async function getJson(
  config: client.Configuration,
  accessToken: string,
  url: string,
  headers: Record<string, string>,
): Promise<unknown> {
  const response = await client.fetchProtectedResource(
    config,
    accessToken,
    new URL(url),
    'GET',
    undefined,
    new Headers({ accept: 'application/json', 'user-agent': 'Gangway wallet origin', ...headers }),
  )
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
    throw new Error(`${url} answered too much`)
  }
  const text = await response.text()
  if (text.length > MAX_ANSWER_BYTES) throw new Error(`${url} answered too much`)
  return JSON.parse(text) as unknown
}

const githubUser = z.object({
  id: z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
})
const githubEmails = z.array(z.unknown()).check(z.maxLength(100))
const githubEmail = z.object({
  email: z.string().check(z.email(), z.maxLength(254)),
  primary: z.boolean(),
  verified: z.boolean(),
})
const xUser = z.object({
  data: z.object({ id: z.string().check(z.regex(/^\d{1,20}$/)) }),
})

/**
 * The address of GitHub's `/user/emails` answer that may link to an email account: the primary
 * entry's, and only when GitHub marks it verified. Each entry is checked on its own: a malformed
 * one is dropped, never read as verified, and does not spoil the others.
 * @param listed - the answer, as received.
 * @returns the address in lower case, or undefined.
 * @throws ZodError when the answer is not a list (of at most 100 entries).
 */
export function verifiedPrimaryAddress(listed: unknown): string | undefined {
  const primary = githubEmails
    .parse(listed)
    .map((entry) => githubEmail.safeParse(entry))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .find((entry) => entry.primary)
  return primary?.verified === true ? primary.email.toLowerCase() : undefined
}

/**
 * GitHub: the person is their numeric id; the address comes from `/user/emails` (the `email` of
 * `/user` is whatever the person made public, unchecked).
 */
async function identifyOnGithub(
  config: client.Configuration,
  accessToken: string,
  endpoints: { readonly userEndpoint: string; readonly emailsEndpoint: string },
): Promise<SocialIdentity> {
  const headers = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }
  const user = githubUser.parse(await getJson(config, accessToken, endpoints.userEndpoint, headers))
  const email = verifiedPrimaryAddress(
    await getJson(config, accessToken, endpoints.emailsEndpoint, headers),
  )
  return { subject: String(user.id), ...(email ? { verifiedEmail: email } : {}) }
}

/** X: the person is their numeric id as a string; X gives no address by default. */
async function identifyOnX(
  config: client.Configuration,
  accessToken: string,
  userEndpoint: string,
): Promise<SocialIdentity> {
  const user = xUser.parse(await getJson(config, accessToken, userEndpoint, {}))
  return { subject: user.data.id }
}

/**
 * The OAuth 2.0 providers the operator configured (`embedded.oauth`).
 * @param config - the embedded configuration.
 * @returns a client per configured provider.
 * @throws Error for an `http:` endpoint that is not on loopback.
 */
export function oauthSocialClients(
  config: EmbeddedConfig,
): Partial<Record<'github' | 'x', SocialClient>> {
  const clients: Partial<Record<'github' | 'x', SocialClient>> = {}
  const github = config.oauth.github
  if (github) {
    const { authorizationEndpoint, tokenEndpoint, userEndpoint, emailsEndpoint } = github
    const insecure = insecureAllowed('github', {
      authorizationEndpoint,
      tokenEndpoint,
      userEndpoint,
      emailsEndpoint,
    })
    // GitHub reads the app's credentials from the form body.
    const built = configuration(
      github,
      github.clientId,
      client.ClientSecretPost(github.clientSecret),
      insecure,
      github.timeoutSeconds,
    )
    clients.github = {
      openId: false,
      scopes: github.scopes,
      configuration: async () => built,
      identify: (tokens) =>
        identifyOnGithub(built, tokens.access_token, { userEndpoint, emailsEndpoint }),
    }
  }
  const x = config.oauth.x
  if (x) {
    const { authorizationEndpoint, tokenEndpoint, userEndpoint } = x
    const insecure = insecureAllowed('x', { authorizationEndpoint, tokenEndpoint, userEndpoint })
    // X: a confidential client authenticates with HTTP Basic; a public one only names itself.
    const built = configuration(
      x,
      x.clientId,
      x.clientSecret ? client.ClientSecretBasic(x.clientSecret) : client.None(),
      insecure,
      x.timeoutSeconds,
    )
    clients.x = {
      openId: false,
      scopes: x.scopes,
      configuration: async () => built,
      identify: (tokens) => identifyOnX(built, tokens.access_token, userEndpoint),
    }
  }
  return clients
}
