/**
 * What the embedded-wallet browser tests share: the wallet origin on a Gangway server of its own
 * (`http://wallet.localhost:<port>`, which Chromium resolves to the second loopback address
 * 127.0.0.2: a site of its own, apart from the demo's 127.0.0.1 and localhost; WebAuthn refuses
 * an IP address as relying party, so the origin needs a name), mail captured by a local SMTP
 * server, a local OpenID provider, and a Chromium as visitors have it: storage partitioned by
 * top-level site (Playwright turns that off by default) and third-party cookies blocked, with a
 * virtual authenticator that has PRF.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Frame, type Page } from 'playwright-core'
import type { DemoConfig } from '../../../demo/serve.js'
import { parseConfig } from '../../../server/config.js'
import { createLogger } from '../../../server/log.js'
import { type RunningServer, startServer } from '../../../server/startServer.js'
import { pgliteSnapshot } from '../../../server/storage/snapshot.js'
import { solanaLocalnet } from '../../../src/plugins/solana/networks.js'
import { type MailCapture, startMailCapture } from '../../server/support/embedded.js'
import { type LocalOidcProvider, startOidcProvider } from '../../server/support/oidc.js'
import { freePort } from '../../server/support/services.js'
import { ensureChromium } from './chromium.js'

/** The wallet origin's host name: mapped to 127.0.0.2 in Chromium (`--host-resolver-rules`). */
export const WALLET_HOST = 'wallet.localhost'
/** The loopback address the wallet origin listens on. */
export const WALLET_ADDRESS = '127.0.0.2'
/** The project the demo's two sites embed the wallet under. */
export const PROJECT = 'demo'
/** A project whose sites may not sign or send anything (§6 restricted context). */
export const RESTRICTED_PROJECT = 'demo-restricted'

const SNAPSHOT_CACHE = fileURLToPath(
  new URL('../../../node_modules/.cache/gangway/', import.meta.url),
)

/** Responses of the wallet origin, kept byte for byte with their headers. */
export type StaticCopy = ReadonlyMap<
  string,
  { readonly body: Buffer; readonly headers: Readonly<Record<string, string>> }
>

/** The running wallet origin and its mail and identity provider. */
export interface WalletWorld {
  /** `http://wallet.localhost:<port>`. */
  readonly walletOrigin: string
  /** The sites allowed to embed it: the demo on 127.0.0.1 and on localhost (another site). */
  readonly sites: readonly [string, string]
  readonly mail: MailCapture
  readonly oidc: LocalOidcProvider
  /** The Gangway server (null while {@link WalletWorld.stopServer} has it down). */
  server(): RunningServer | null
  /** Where the server keeps its database (read by the custody checks). */
  readonly dataDir: string
  /** The key the server seals its shares at rest with. */
  readonly atRestKey: string
  /** The demo page URL on `site`, with the embedded wallet of `project` configured. */
  pageUrl(site: string, project?: string, extra?: string): string
  /** Stops the Gangway server (its port then refuses connections). */
  stopServer(): Promise<void>
  /** Fetches pages of the running wallet origin (and the scripts they name), as a static host would keep them. */
  copyPages(paths: readonly string[]): Promise<StaticCopy>
  /** Serves a copy on the wallet origin's address and port (the server being down). */
  serveCopy(copy: StaticCopy): Promise<{ close(): Promise<void> }>
  /** Whether anything answers the wallet origin's API. */
  apiAnswers(): Promise<boolean>
  stop(): Promise<void>
}

/**
 * Starts the wallet origin for the demo: its networks are the demo's main anvil chain and its
 * local Solana node; its projects allow the demo page on 127.0.0.1 and on localhost.
 */
export async function startWalletWorld(demo: {
  readonly url: string
  readonly config: DemoConfig
}): Promise<WalletWorld> {
  const demoUrl = new URL(demo.url)
  const sites = [demoUrl.origin, `http://localhost:${demoUrl.port}`] as const
  const mail = await startMailCapture()
  const oidc = await startOidcProvider()
  const port = await freePort(WALLET_ADDRESS)
  const walletOrigin = `http://${WALLET_HOST}:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'gangway-wallet-origin-'))
  const atRestKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')
  const [main] = demo.config.chains
  if (!main) throw new Error('the demo has no chain')
  const solanaNetwork = solanaLocalnet({
    genesisHash: demo.config.solana.genesisHash,
    rpcUrl: demo.config.solana.rpcUrl,
  })
  const config = parseConfig({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    logLevel: 'warn',
    embedded: {
      host: WALLET_ADDRESS,
      port,
      publicOrigin: walletOrigin,
      projects: [
        { id: PROJECT, sites: [...sites] },
        { id: RESTRICTED_PROJECT, sites: [...sites], restricted: true },
      ],
      atRestKey,
      // A second login of one address (another site, another project) follows the first within
      // seconds here; the 30 s cooldown itself is tested in virtual time.
      emailCooldownSeconds: 1,
      smtp: { host: '127.0.0.1', port: mail.port, from: 'Gangway <login@wallet.test>' },
      oidc: {
        google: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
      },
      networks: [
        { id: `eip155:${main.id}`, rpcUrl: main.rpcUrl },
        { id: solanaNetwork.id, rpcUrl: demo.config.solana.rpcUrl },
      ],
    },
  })
  oidc.register(`${walletOrigin}/embedded/social/callback`)
  const log = createLogger('warn', (line) => process.stderr.write(`${line}\n`))
  let server: RunningServer | null = await startServer(config, {
    snapshot: await pgliteSnapshot(SNAPSHOT_CACHE),
    log,
  })
  const stopServer = async () => {
    await server?.close()
    server = null
  }
  return {
    walletOrigin,
    sites,
    mail,
    oidc,
    server: () => server,
    dataDir,
    atRestKey,
    pageUrl: (site, project = PROJECT, extra = '') =>
      `${site}/?wallet=${encodeURIComponent(walletOrigin)}&walletProject=${project}${extra}`,
    stopServer,
    copyPages: async (paths) => {
      const copy = new Map<string, { body: Buffer; headers: Record<string, string> }>()
      const keep = async (path: string) => {
        const response = await fetch(`http://${WALLET_ADDRESS}:${port}${path}`)
        if (!response.ok) throw new Error(`${path}: ${response.status}`)
        const body = Buffer.from(await response.arrayBuffer())
        const headers: Record<string, string> = {}
        for (const name of [
          'content-type',
          'content-security-policy',
          'cross-origin-opener-policy',
        ]) {
          const value = response.headers.get(name)
          if (value) headers[name] = value
        }
        copy.set(path, { body, headers })
        return body.toString('utf8')
      }
      for (const path of paths) {
        const html = await keep(path)
        for (const [, script] of html.matchAll(/<script src="([^"]+)"/g)) await keep(script!)
      }
      return copy
    },
    serveCopy: async (copy) => {
      const host = createHttpServer((request, response) => {
        const found = copy.get(new URL(request.url ?? '/', 'http://x').pathname)
        if (!found) {
          response.writeHead(404).end()
          return
        }
        response.writeHead(200, found.headers).end(found.body)
      })
      await new Promise<void>((resolve) => host.listen(port, WALLET_ADDRESS, resolve))
      return { close: () => new Promise<void>((resolve) => host.close(() => resolve())) }
    },
    apiAnswers: () =>
      fetch(`http://${WALLET_ADDRESS}:${port}/embedded/api/user`).then(
        (response) => response.status !== 404,
        () => false,
      ),
    stop: async () => {
      await stopServer()
      await oidc.close()
      await mail.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Playwright's own `--disable-features` list, read from the playwright-core it runs. */
function playwrightDisabledFeatures(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'))
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8')
  const body = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1]
  const features = body ? [...body.matchAll(/^\s*"([^"]+)",?\s*$/gm)].map((match) => match[1]!) : []
  if (!features.includes('ThirdPartyStoragePartitioning')) {
    throw new Error(
      'e2e: could not find playwright-core’s disabled features list (did playwright-core change?)',
    )
  }
  return features
}

/** A Chromium profile as visitors have it, opened by {@link launchVisitorBrowser}. */
export interface VisitorBrowser {
  readonly context: BrowserContext
  /** The browser's command line (chrome://version), to show what it runs with. */
  commandLine(): Promise<string>
  close(): Promise<void>
}

/**
 * Launches Chromium with a fresh profile whose third-party cookies are blocked
 * (`profile.cookie_controls_mode: 1`) and with storage partitioning on, as in Chrome's default:
 * Playwright's default `--disable-features` list (which turns partitioning off) is replaced by the
 * same list without `ThirdPartyStoragePartitioning`. `wallet.localhost` resolves to 127.0.0.2.
 */
export async function launchVisitorBrowser(): Promise<VisitorBrowser> {
  const executablePath = await ensureChromium()
  const profile = mkdtempSync(join(tmpdir(), 'gangway-visitor-'))
  mkdirSync(join(profile, 'Default'))
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: 1 } }),
  )
  const disabled = playwrightDisabledFeatures()
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    viewport: { width: 1280, height: 800 },
    ignoreDefaultArgs: [`--disable-features=${disabled.join(',')}`],
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${disabled.filter((feature) => feature !== 'ThirdPartyStoragePartitioning').join(',')}`,
      `--host-resolver-rules=MAP ${WALLET_HOST} ${WALLET_ADDRESS}`,
    ],
  })
  return {
    context,
    commandLine: async () => {
      const page = await context.newPage()
      try {
        await page.goto('chrome://version')
        return (await page.locator('#command_line').textContent()) ?? ''
      } finally {
        await page.close()
      }
    },
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** A virtual passkey authenticator (CTAP2, resident keys, user verification, PRF) on a page. */
export interface VirtualAuthenticator {
  /** The passkeys it holds: relying party and credential id. */
  credentials(): Promise<{ rpId: string; credentialId: string }[]>
}

/** Adds Chromium's virtual authenticator with PRF to a page (its frames use it too). */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
    },
  })
  return {
    credentials: async () => {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
      return credentials.map((credential) => ({
        rpId: credential.rpId ?? '',
        credentialId: credential.credentialId,
      }))
    },
  }
}

/** A page of another site (127.0.0.3), not on any project's list: what a hostile site serves. */
export interface OtherSite {
  /** `http://127.0.0.3:<port>`. */
  readonly origin: string
  /** Serves `html` at `path` from now on. */
  serve(path: string, html: string): string
  close(): Promise<void>
}

/** Starts the other site's server on the third loopback address. */
export async function startOtherSite(): Promise<OtherSite> {
  const pages = new Map<string, string>()
  const server = createHttpServer((request, response) => {
    const html = pages.get(new URL(request.url ?? '/', 'http://x').pathname)
    if (html === undefined) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.3', resolve))
  const origin = `http://127.0.0.3:${(server.address() as { port: number }).port}`
  return {
    origin,
    serve: (path, html) => {
      pages.set(path, html)
      return `${origin}${path}`
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let axeSource: string | undefined

/**
 * Runs axe-core in a frame of another origin. The wallet frame's CSP lets no script in, so axe is
 * evaluated through the DevTools protocol (as `runAxe` does for a page with `addScriptTag`).
 * @returns the rule ids that failed, each with the failing elements.
 */
export async function axeViolationsInFrame(frame: Frame): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource)
  return frame.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: unknown,
          options: unknown,
        ): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }>
      }
    }
    const results = await axe.run(document, { resultTypes: ['violations'] })
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
    )
  })
}
