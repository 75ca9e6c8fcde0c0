/**
 * The demo's "phone" wallet: a WalletConnect wallet running in the demo's Node process (so it is
 * another device as far as the page can tell), controlled from demo/site/phone.html or by pasting
 * a `wc:` link into the terminal. It signs with an anvil development key and approves everything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import * as z from 'zod/mini'
import type { RemoteTestWallet } from '../src/testing/node.js'

/** The base path of the phone wallet's HTTP endpoints on the demo server. */
export const PHONE_WALLET_PATH = '/__demo/phone-wallet'

/** A pairing link as the modal shows it: `wc:<64 hex>@2?…`, a sane length. */
const PairRequest = z.object({
  uri: z.string().check(z.regex(/^wc:[0-9a-f]{64}@2\?[\x21-\x7e]{1,1000}$/)),
})

const MAX_BODY_BYTES = 4096

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) {
    body += String(chunk)
    if (body.length > MAX_BODY_BYTES) throw new Error('body too large')
  }
  return body
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify(body))
}

/**
 * Handles the phone wallet's endpoints: `GET …/state` (address, sessions, requests answered),
 * `POST …/pair` with `{ uri }`, `POST …/disconnect`. Same-origin only: the page and the phone
 * page are served from the same Vite server, and a cross-site form must not pair the wallet.
 */
function handler(wallet: RemoteTestWallet) {
  return async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const url = request.url ?? ''
    if (!url.startsWith(PHONE_WALLET_PATH)) return next()
    const action = url.slice(PHONE_WALLET_PATH.length)
    try {
      if (request.method === 'GET' && action === '/state') {
        return reply(response, 200, {
          address: wallet.wallet.addresses[0],
          sessions: wallet.sessions().length,
          requests: wallet.wallet.requests.map((entry) => entry.method),
        })
      }
      if (request.method !== 'POST') return reply(response, 405, { error: 'POST only' })
      // Browsers name the caller: only the demo's own pages (or a terminal tool, which sends no
      // such header) may pair the wallet; another local site on another port is 'same-site'.
      const site = request.headers['sec-fetch-site']
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        return reply(response, 403, { error: 'same-origin only' })
      }
      if (action === '/pair') {
        let parsed: unknown
        try {
          parsed = JSON.parse(await readBody(request))
        } catch {
          return reply(response, 400, { error: 'Paste the whole link: it starts with wc:' })
        }
        const checked = PairRequest.safeParse(parsed)
        if (!checked.success) {
          return reply(response, 400, { error: 'Paste the whole link: it starts with wc:' })
        }
        await wallet.pair(checked.data.uri)
        return reply(response, 200, { paired: true })
      }
      if (action === '/disconnect') {
        await wallet.disconnect()
        return reply(response, 200, { sessions: 0 })
      }
      return reply(response, 404, { error: 'unknown action' })
    } catch (error) {
      return reply(response, 500, { error: error instanceof Error ? error.message : 'failed' })
    }
  }
}

/**
 * A Vite plugin serving the phone wallet's endpoints on the dev server and on `vite preview`.
 * @example
 * createServer({ plugins: [react(), phoneWalletPlugin(wallet)] })
 * @param wallet - the running remote wallet.
 * @returns the plugin.
 */
export function phoneWalletPlugin(wallet: RemoteTestWallet): Plugin {
  return {
    name: 'gangway-demo-phone-wallet',
    configureServer(server) {
      server.middlewares.use(handler(wallet))
    },
    configurePreviewServer(server) {
      server.middlewares.use(handler(wallet))
    },
  }
}
