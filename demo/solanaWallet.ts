/**
 * The demo's Solana wallet backend: the Solana test wallet's keys stay in the demo's Node process
 * and the page's Wallet Standard wallet sends each request here, one JSON POST per call. Like the
 * EVM demo wallet it signs with a development key and approves everything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import * as z from 'zod/mini'
import type { SolanaTestWallet } from '../src/testing/node.js'

/** Where the page's Solana demo wallet sends its requests. */
export const SOLANA_WALLET_PATH = '/__demo/solana-wallet'

/** A signed transaction of a few accounts is well under this. */
const MAX_BODY_BYTES = 64 * 1024
const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/), z.maxLength(MAX_BODY_BYTES))

/** The requests the page half sends (installSolanaTestWallet); anything else is refused. */
const WalletRequest = z.union([
  z.object({ method: z.literal('connect'), silent: z.boolean() }),
  z.object({ method: z.literal('disconnect') }),
  z.object({ method: z.literal('signMessage'), address: z.string(), message: base64 }),
  z.object({
    method: z.enum(['signTransaction', 'signAndSendTransaction']),
    address: z.string(),
    chain: z.string(),
    transaction: base64,
  }),
  z.object({ method: z.literal('signIn'), input: z.record(z.string(), z.unknown()) }),
])

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
 * A Vite plugin serving `POST /__demo/solana-wallet` for the demo pages. Same-origin only, like the
 * phone wallet's endpoints: another local site must not make the wallet sign.
 * @param wallet - the Solana test wallet holding the demo key.
 * @returns the plugin, for `createServer` and `preview`.
 */
export function solanaWalletPlugin(wallet: SolanaTestWallet): Plugin {
  const handle = async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if ((request.url ?? '') !== SOLANA_WALLET_PATH) return next()
    if (request.method !== 'POST') return reply(response, 405, { error: 'POST only' })
    const site = request.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin') {
      return reply(response, 403, { error: 'same-origin only' })
    }
    try {
      const parsed = WalletRequest.safeParse(JSON.parse(await readBody(request)))
      if (!parsed.success) return reply(response, 400, { error: 'not a wallet request' })
      return reply(response, 200, await wallet.handle(parsed.data as never))
    } catch {
      return reply(response, 400, { error: 'unreadable request' })
    }
  }
  return {
    name: 'gangway-demo-solana-wallet',
    configureServer: (server) => void server.middlewares.use(handle),
    configurePreviewServer: (server) => void server.middlewares.use(handle),
  }
}
