/**
 * The demo's Bitcoin wallet backend: the Bitcoin test wallet's keys stay in the demo's Node process
 * and the page's wallet (Wallet Standard `bitcoin:connect`, installed by `installBitcoinTestWallet`)
 * sends each request here, one JSON POST per call. Like the other demo wallets it signs with a
 * development key and approves everything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import * as z from 'zod/mini'
import type { BitcoinTestWallet } from '../src/testing/node.js'

/** Where the page's Bitcoin demo wallet sends its requests. */
export const BITCOIN_WALLET_PATH = '/__demo/bitcoin-wallet'

/** A PSBT of a few dozen inputs is well under this. */
const MAX_BODY_BYTES = 256 * 1024
const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/), z.maxLength(MAX_BODY_BYTES))
const address = z.string().check(z.regex(/^[a-zA-Z0-9]{14,90}$/))

/** The requests the page half sends (installBitcoinTestWallet); anything else is refused. */
const WalletRequest = z.union([
  z.object({ method: z.literal('connect'), silent: z.boolean() }),
  z.object({ method: z.literal('disconnect') }),
  z.object({
    method: z.literal('signPsbt'),
    psbt: base64,
    inputs: z
      .array(
        z.object({
          address,
          indexes: z.array(z.number().check(z.int(), z.minimum(0), z.maximum(10_000))),
        }),
      )
      .check(z.maxLength(16)),
  }),
  z.object({
    method: z.literal('signMessage'),
    address,
    message: z.string().check(z.maxLength(16_384)),
    protocol: z.enum(['bip322', 'ecdsa']),
  }),
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
 * A Vite plugin serving `POST /__demo/bitcoin-wallet` for the demo pages. Same-origin only, like
 * the other demo wallets: another local site must not make the wallet sign.
 * @param wallet - the Bitcoin test wallet holding the demo key.
 * @returns the plugin, for `createServer` and `preview`.
 */
export function bitcoinWalletPlugin(wallet: BitcoinTestWallet): Plugin {
  const handle = async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if ((request.url ?? '') !== BITCOIN_WALLET_PATH) return next()
    if (request.method !== 'POST') return reply(response, 405, { error: 'POST only' })
    const site = request.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin') {
      return reply(response, 403, { error: 'same-origin only' })
    }
    try {
      const parsed = WalletRequest.safeParse(JSON.parse(await readBody(request)))
      if (!parsed.success) return reply(response, 400, { error: 'not a wallet request' })
      return reply(response, 200, await wallet.handle(parsed.data))
    } catch {
      return reply(response, 400, { error: 'unreadable request' })
    }
  }
  return {
    name: 'gangway-demo-bitcoin-wallet',
    configureServer: (server) => void server.middlewares.use(handle),
    configurePreviewServer: (server) => void server.middlewares.use(handle),
  }
}
