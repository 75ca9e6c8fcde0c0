/**
 * The demo's embedded wallet (email and social login, issue 23): a Gangway server serving only
 * its wallet origin on `http://wallet.localhost:<port>` (browsers resolve `*.localhost` to
 * loopback, and it is a site apart from the page's 127.0.0.1, as an operator's wallet origin is
 * apart from the sites embedding it), with its mail captured by a local SMTP server and printed in
 * the terminal, and social login through a local OpenID provider that signs in a demo person.
 * Started by `npm run demo` (demo/start.ts) once the page's origin is known; fully offline.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseConfig } from '../server/config.js'
import { createLogger } from '../server/log.js'
import { type RunningServer, startServer } from '../server/startServer.js'
import { pgliteSnapshot } from '../server/storage/snapshot.js'
import { solanaLocalnet } from '../src/plugins/solana/networks.js'
import { type CapturedMail, startMailCapture } from '../test/server/support/embedded.js'
import { startOidcProvider } from '../test/server/support/oidc.js'
import { freePort } from '../test/server/support/services.js'
import type { DemoConfig } from './serve.js'

/** The project the demo page embeds the wallet under. */
export const DEMO_WALLET_PROJECT = 'demo'

/** Whom the local OpenID provider signs in (its login page is skipped: there is no one to ask). */
export const DEMO_SOCIAL_ACCOUNT = {
  sub: 'demo-visitor',
  email: 'visitor@gangway.test',
  emailVerified: true,
} as const

const SNAPSHOT_CACHE = fileURLToPath(new URL('../node_modules/.cache/gangway/', import.meta.url))

/** The running wallet origin. */
export interface DemoWalletOrigin {
  /** `http://wallet.localhost:<port>`. */
  readonly origin: string
  /** The page's URL with the embedded wallet configured (`?wallet=…&walletProject=…`). */
  readonly pageUrl: string
  /** Stops the server, the OpenID provider and the mail capture; removes the wallet's data. */
  stop(): Promise<void>
}

/**
 * Starts the demo's wallet origin for the page at `pageUrl`: the page on 127.0.0.1 and on
 * localhost may embed it; it serves the demo's main anvil chain and local Solana node.
 * @param onMail - called with each mail the wallet origin sends (a login code, a device link).
 */
export async function startDemoWalletOrigin(
  page: { readonly url: string; readonly config: DemoConfig },
  onMail: (mail: CapturedMail) => void,
): Promise<DemoWalletOrigin> {
  const pageUrl = new URL(page.url)
  const sites = [pageUrl.origin, `http://localhost:${pageUrl.port}`]
  const mail = await startMailCapture({ onMail })
  const oidc = await startOidcProvider()
  oidc.signInAs(DEMO_SOCIAL_ACCOUNT)
  const dataDir = mkdtempSync(join(tmpdir(), 'gangway-demo-wallet-'))
  const port = await freePort('127.0.0.1')
  const origin = `http://wallet.localhost:${port}`
  let server: RunningServer
  try {
    const [main] = page.config.chains
    if (!main) throw new Error('the demo has no chain')
    const solana = solanaLocalnet({
      genesisHash: page.config.solana.genesisHash,
      rpcUrl: page.config.solana.rpcUrl,
    })
    oidc.register(`${origin}/embedded/social/callback`)
    server = await startServer(
      parseConfig({
        host: '127.0.0.1',
        port: 0,
        dataDir,
        logLevel: 'warn',
        embedded: {
          host: '127.0.0.1',
          port,
          publicOrigin: origin,
          projects: [{ id: DEMO_WALLET_PROJECT, sites }],
          // A throwaway key for a throwaway database: the demo's wallets end with the demo.
          atRestKey: randomBytes(32).toString('base64'),
          smtp: { host: '127.0.0.1', port: mail.port, from: 'Gangway demo <login@wallet.test>' },
          oidc: {
            google: {
              issuer: oidc.issuer,
              clientId: oidc.clientId,
              clientSecret: oidc.clientSecret,
            },
          },
          networks: [
            { id: `eip155:${main.id}`, rpcUrl: main.rpcUrl },
            { id: solana.id, rpcUrl: page.config.solana.rpcUrl },
          ],
        },
      }),
      {
        snapshot: await pgliteSnapshot(SNAPSHOT_CACHE),
        log: createLogger('warn', (line) => process.stderr.write(`${line}\n`)),
      },
    )
  } catch (error) {
    await Promise.allSettled([oidc.close(), mail.close()])
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const running = server
  const withWallet = new URL(page.url)
  withWallet.searchParams.set('wallet', origin)
  withWallet.searchParams.set('walletProject', DEMO_WALLET_PROJECT)
  return {
    origin,
    pageUrl: withWallet.toString(),
    stop: async () => {
      await Promise.allSettled([running.close(), oidc.close(), mail.close()])
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
