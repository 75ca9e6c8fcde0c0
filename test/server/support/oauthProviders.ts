/**
 * Local servers speaking GitHub's and X's OAuth 2.0 as those providers do (authorization
 * redirect, code for token with PKCE S256, the user endpoints), for the social login tests: the
 * wallet origin talks to them over real HTTP exactly as it would to github.com and x.com. Each
 * signs in whoever the test names, spends a code once, and can be told to hang.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A GitHub account: its numeric id and the addresses `/user/emails` lists. */
export interface GithubPerson {
  readonly id: number
  readonly login: string
  /** As GitHub lists them; a test may put malformed entries here on purpose. */
  readonly emails: readonly unknown[]
}

/** An X account. */
export interface XPerson {
  readonly id: string
  readonly username: string
}

/** Which step a provider stops answering at. */
export type HangAt = 'token' | 'user' | undefined

/** A running local provider. */
export interface LocalOAuthProvider<Person> {
  /** Where it listens (`http://127.0.0.1:port`). */
  readonly url: string
  /** What `embedded.oauth.<provider>` takes to use it. */
  readonly settings: {
    readonly clientId: string
    readonly clientSecret: string
    readonly authorizationEndpoint: string
    readonly tokenEndpoint: string
    readonly userEndpoint: string
    readonly emailsEndpoint?: string
  }
  /** Codes exchanged for a token so far. */
  readonly exchanged: number
  /** Registers the wallet origin's callback (known once the server listens). */
  register(redirectUri: string): void
  /** Who the next authorization signs in. */
  signInAs(person: Person): void
  /** From now on, requests to that step get no answer (until `hang(undefined)` or close). */
  hang(at: HangAt): void
  close(): Promise<void>
}

interface Grant<Person> {
  readonly person: Person
  readonly redirectUri: string
  readonly challenge: string
  readonly scope: string
  used: boolean
}

type Kind = 'github' | 'x'

const paths = {
  github: {
    authorize: '/login/oauth/authorize',
    token: '/login/oauth/access_token',
    user: '/user',
    emails: '/user/emails',
  },
  x: { authorize: '/i/oauth2/authorize', token: '/2/oauth2/token', user: '/2/users/me' },
} as const

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

async function start<Person>(
  kind: Kind,
  first: Person,
  answerUser: (person: Person, path: string, response: ServerResponse) => void,
): Promise<LocalOAuthProvider<Person>> {
  const clientId = `gangway-${kind}-app`
  const clientSecret = randomBytes(24).toString('hex')
  const grants = new Map<string, Grant<Person>>()
  const tokens = new Map<string, Person>()
  let redirect = ''
  let person = first
  let hangAt: HangAt
  let exchanged = 0
  const held = new Set<ServerResponse>()
  const route = paths[kind]

  const authorize = (url: URL, response: ServerResponse) => {
    const query = url.searchParams
    if (query.get('client_id') !== clientId || query.get('redirect_uri') !== redirect) {
      // Both providers show an error page of their own and never go back to an unknown URI.
      response.writeHead(400).end('unknown application or redirect_uri')
      return
    }
    if (query.get('response_type') !== 'code' || query.get('code_challenge_method') !== 'S256') {
      response.writeHead(400).end('expected response_type=code and PKCE S256')
      return
    }
    const code = randomBytes(16).toString('hex')
    grants.set(code, {
      person,
      redirectUri: redirect,
      challenge: query.get('code_challenge') ?? '',
      scope: query.get('scope') ?? '',
      used: false,
    })
    const back = new URL(redirect)
    back.searchParams.set('code', code)
    back.searchParams.set('state', query.get('state') ?? '')
    response.writeHead(302, { location: back.href }).end()
  }

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request))
    // GitHub takes the app's credentials in the form; X takes a confidential client's as Basic.
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64')
          .toString('utf8')
          .split(':')
          .map((part) => decodeURIComponent(part))
      : [form.get('client_id'), form.get('client_secret')]
    const clientOk =
      id === clientId && secret === clientSecret && (kind === 'x' ? Boolean(basic) : !basic)
    const grant = grants.get(form.get('code') ?? '')
    const fails =
      !clientOk ||
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      grant.used ||
      grant.redirectUri !== form.get('redirect_uri') ||
      s256(form.get('code_verifier') ?? '') !== grant.challenge
    if (grant) grant.used = true
    if (fails) {
      // GitHub answers a bad code with 200 and an error body; X with 400.
      json(response, kind === 'github' ? 200 : 400, {
        error: kind === 'github' ? 'bad_verification_code' : 'invalid_request',
        error_description: 'The code passed is incorrect or expired.',
      })
      return
    }
    exchanged++
    const accessToken = randomBytes(20).toString('hex')
    tokens.set(accessToken, grant.person)
    const answer =
      kind === 'github'
        ? { access_token: accessToken, token_type: 'bearer', scope: grant.scope.replace(/ /g, ',') }
        : { token_type: 'bearer', expires_in: 7200, access_token: accessToken, scope: grant.scope }
    // GitHub answers form-encoded unless asked for JSON.
    if (kind === 'github' && !request.headers.accept?.includes('application/json')) {
      response.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' })
      response.end(
        new URLSearchParams(
          Object.entries(answer).map(([key, value]) => [key, String(value)]),
        ).toString(),
      )
      return
    }
    json(response, 200, answer)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const step =
      url.pathname === route.token ? 'token' : url.pathname === route.authorize ? 'login' : 'user'
    if (hangAt && hangAt === step) {
      held.add(response)
      return
    }
    if (request.method === 'GET' && url.pathname === route.authorize) {
      authorize(url, response)
      return
    }
    if (request.method === 'POST' && url.pathname === route.token) {
      await token(request, response)
      return
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const owner = bearer ? tokens.get(bearer) : undefined
    if (request.method !== 'GET' || !owner) {
      json(response, 401, { message: 'Requires authentication' })
      return
    }
    // GitHub's API refuses requests without a User-Agent.
    if (kind === 'github' && !request.headers['user-agent']) {
      json(response, 403, { message: 'Request forbidden by administrative rules.' })
      return
    }
    answerUser(owner, url.pathname, response)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    settings: {
      clientId,
      clientSecret,
      authorizationEndpoint: `${url}${route.authorize}`,
      tokenEndpoint: `${url}${route.token}`,
      userEndpoint: `${url}${route.user}`,
      ...('emails' in route ? { emailsEndpoint: `${url}${route.emails}` } : {}),
    },
    get exchanged() {
      return exchanged
    },
    register: (redirectUri) => {
      redirect = redirectUri
    },
    signInAs: (next) => {
      person = next
    },
    hang: (at) => {
      hangAt = at
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Starts a local GitHub (OAuth app web flow, REST `/user` and `/user/emails`). */
export function startGithubProvider(): Promise<LocalOAuthProvider<GithubPerson>> {
  return start<GithubPerson>(
    'github',
    { id: 1, login: 'octocat', emails: [] },
    (person, path, response) => {
      if (path === paths.github.user) {
        // `email` is the public address the person chose to show: GitHub does not vouch for it.
        json(response, 200, { login: person.login, id: person.id, email: null, type: 'User' })
      } else if (path === paths.github.emails) {
        json(response, 200, person.emails)
      } else {
        json(response, 404, { message: 'Not Found' })
      }
    },
  )
}

/** Starts a local X (OAuth 2.0 with PKCE, `GET /2/users/me`). */
export function startXProvider(): Promise<LocalOAuthProvider<XPerson>> {
  return start<XPerson>('x', { id: '1', username: 'jack' }, (person, path, response) => {
    if (path === paths.x.user) {
      json(response, 200, {
        data: { id: person.id, name: person.username, username: person.username },
      })
    } else {
      json(response, 404, { title: 'Not Found Error' })
    }
  })
}
