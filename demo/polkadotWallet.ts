/**
 * The demo's Polkadot extension backend: the Polkadot test extension's keys stay in the demo's
 * Node process and the page's `window.injectedWeb3` entry sends each request here, one JSON POST
 * per call. Like the other demo wallets it signs with development keys and approves everything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import * as z from 'zod/mini'
import type { PolkadotTestExtension } from '../src/testing/node.js'

/** Where the page's Polkadot demo extension sends its requests. */
export const POLKADOT_WALLET_PATH = '/__demo/polkadot-extension'

/** A transfer's signing payload is well under this. */
const MAX_BODY_BYTES = 16 * 1024
const text = z.string().check(z.maxLength(MAX_BODY_BYTES))

/** The requests the page half sends (installPolkadotTestExtension); anything else is refused. */
const ExtensionRequest = z.union([
  z.object({ method: z.literal('enable'), origin: text }),
  z.object({ method: z.literal('accounts') }),
  z.object({ method: z.literal('signPayload'), payload: z.record(z.string(), z.unknown()) }),
  z.object({
    method: z.literal('signRaw'),
    raw: z.object({ address: text, data: text, type: text }),
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
 * A Vite plugin serving `POST /__demo/polkadot-extension` for the demo pages. Same-origin only,
 * like the other demo wallets' endpoints: another local site must not make the extension sign.
 * @param extension - the Polkadot test extension holding the demo keys.
 * @returns the plugin, for `createServer` and `preview`.
 */
export function polkadotWalletPlugin(extension: PolkadotTestExtension): Plugin {
  const handle = async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    if ((request.url ?? '') !== POLKADOT_WALLET_PATH) return next()
    if (request.method !== 'POST') return reply(response, 405, { error: 'POST only' })
    const site = request.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin') {
      return reply(response, 403, { error: 'same-origin only' })
    }
    try {
      const parsed = ExtensionRequest.safeParse(JSON.parse(await readBody(request)))
      if (!parsed.success) return reply(response, 400, { error: 'not an extension request' })
      return reply(response, 200, await extension.handle(parsed.data))
    } catch {
      return reply(response, 400, { error: 'unreadable request' })
    }
  }
  return {
    name: 'gangway-demo-polkadot-extension',
    configureServer: (server) => void server.middlewares.use(handle),
    configurePreviewServer: (server) => void server.middlewares.use(handle),
  }
}
