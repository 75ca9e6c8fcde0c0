/**
 * What the embedded-wallet server tests share: a local SMTP server that captures mail, a server
 * whose wallet origin listens on a second loopback address, and a client that calls the wallet
 * origin's API as its frame does (same origin, project and site headers, a device token).
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { ServerConfigInput } from '../../../server/config.js'
import type { EmbeddedConfigInput } from '../../../server/embedded/config.js'
import type { RunningServer } from '../../../server/startServer.js'
import { startTestServer, type TestStorage } from './harness.js'

/** The second loopback address the wallet origin listens on: never the sites' origin. */
export const WALLET_HOST = '127.0.0.2'
export const SITE = 'https://shop.example'
export const OTHER_SITE = 'https://tickets.example'
export const PROJECT = 'shop-project'

/** A mail the capture server received. */
export interface CapturedMail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/** A local SMTP server keeping what it receives. */
export interface MailCapture {
  readonly port: number
  readonly inbox: CapturedMail[]
  /** The next mail to an address (waits up to 5 s for it). */
  next(to: string): Promise<CapturedMail>
  /** The six-digit code of the next mail to an address. */
  nextCode(to: string): Promise<string>
  close(): Promise<void>
}

/**
 * Starts the SMTP capture on loopback.
 * @param options.onMail - called with each mail as it arrives (the demo prints it).
 */
export async function startMailCapture(
  options: { readonly onMail?: (mail: CapturedMail) => void } = {},
): Promise<MailCapture> {
  const inbox: CapturedMail[] = []
  const waiters: (() => void)[] = []
  const taken = new Set<CapturedMail>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const [head = '', ...rest] = raw.split('\r\n\r\n')
        const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? ''
        const text = rest.join('\r\n\r\n').replace(/=\r\n/g, '').replace(/=3D/g, '=')
        for (const to of session.envelope.rcptTo) {
          const mail = { to: to.address, subject, text }
          inbox.push(mail)
          options.onMail?.(mail)
        }
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const next = async (to: string) => {
    const deadline = Date.now() + 5_000
    for (;;) {
      const mail = inbox.find((candidate) => candidate.to === to && !taken.has(candidate))
      if (mail) {
        taken.add(mail)
        return mail
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within 5 s`)
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 200)
      })
    }
  }
  return {
    port,
    inbox,
    next,
    nextCode: async (to) => {
      const mail = await next(to)
      const code = /code is (\d{6})/.exec(mail.text)?.[1]
      if (!code) throw new Error(`mail to ${to} has no code: ${mail.text}`)
      return code
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** An embedded section for tests. */
export function embeddedConfig(
  smtpPort: number,
  extra: Partial<EmbeddedConfigInput> = {},
): EmbeddedConfigInput {
  return {
    host: WALLET_HOST,
    port: 0,
    projects: [{ id: PROJECT, sites: [SITE, OTHER_SITE] }],
    atRestKey: randomBytes(32).toString('base64'),
    smtp: { host: '127.0.0.1', port: smtpPort, from: 'Gangway <login@wallet.test>' },
    ...extra,
  }
}

/** A server with its wallet origin. */
export async function startEmbeddedServer(
  storage: TestStorage,
  embedded: EmbeddedConfigInput,
  options: { readonly now?: () => number; readonly config?: ServerConfigInput } = {},
): Promise<RunningServer & { readonly walletOrigin: NonNullable<RunningServer['walletOrigin']> }> {
  const server = await startTestServer(
    storage,
    { ...options.config, embedded },
    options.now ? { now: options.now } : {},
  )
  if (!server.walletOrigin) throw new Error('the wallet origin did not start')
  return server as RunningServer & {
    readonly walletOrigin: NonNullable<RunningServer['walletOrigin']>
  }
}

/** An answer of the wallet origin's API. */
export interface ApiAnswer {
  readonly status: number
  readonly body: Record<string, unknown>
  readonly headers: Headers
}

/** A frame's view of the API: its site, project, device token, and session token once given. */
export interface FrameClient {
  readonly device: string
  token: string | undefined
  call(method: string, path: string, body?: unknown): Promise<ApiAnswer>
}

/** A client calling the API as the frame of `site` on a device does. */
export function frameClient(
  walletOrigin: string,
  options: {
    readonly site?: string
    readonly projectId?: string
    readonly device?: string
    /** The `Origin` header; `null` leaves it off (a browser's same-origin GET). */
    readonly origin?: string | null
    /** A `Sec-Fetch-Site` header, as browsers send. */
    readonly fetchSite?: string
  } = {},
): FrameClient {
  const client: FrameClient = {
    device: options.device ?? randomBytes(32).toString('base64url'),
    token: undefined,
    call: async (method, path, body) => {
      const response = await fetch(`${walletOrigin}${path}`, {
        method,
        headers: {
          ...(options.origin === null ? {} : { origin: options.origin ?? walletOrigin }),
          ...(options.fetchSite ? { 'sec-fetch-site': options.fetchSite } : {}),
          'x-project-id': options.projectId ?? PROJECT,
          'x-gangway-site': options.site ?? SITE,
          'x-gangway-device': client.device,
          ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const answer = {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as Record<string, unknown>,
      }
      if (typeof answer.body.token === 'string') client.token = answer.body.token
      return answer
    },
  }
  return client
}
