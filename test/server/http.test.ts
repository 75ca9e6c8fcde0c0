/**
 * The server as a browser on another origin meets it: CORS for the origins the operator allows
 * and none for others, and the operator's wallet list served by `/getWallets` of the real server.
 * And as a hostile client meets it: bodies over the limit are refused without being read.
 */
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningServer } from '../../server/index.js'
import { createTestStorage, startTestServer, type TestStorage } from './support/harness.js'

const SHOP = 'https://shop.example'
let storage: TestStorage
let server: RunningServer

beforeAll(async () => {
  storage = await createTestStorage('pglite')
  server = await startTestServer(storage, {
    allowedOrigins: [SHOP],
    wallets: [
      { id: 'alpha', name: 'Alpha Wallet', chains: ['eip155:1'] },
      { id: 'beta', name: 'Beta Wallet', chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] },
      { id: 'gamma', name: 'Gamma Wallet' },
    ],
  })
})
afterAll(async () => {
  await server?.close()
  storage?.remove()
})

test('behavior: an allowed origin may read the answers; any other origin is not let in', async () => {
  const allowed = await fetch(`${server.url}/v1/supported-chains`, { headers: { origin: SHOP } })
  expect(allowed.status).toBe(200)
  expect(allowed.headers.get('access-control-allow-origin')).toBe(SHOP)

  const other = await fetch(`${server.url}/v1/supported-chains`, {
    headers: { origin: 'https://evil.example' },
  })
  expect(other.headers.get('access-control-allow-origin')).toBeNull()

  // A browser's preflight for a JSON POST from the shop is answered with what it may send.
  const preflight = await fetch(`${server.url}/v1/fungible/price`, {
    method: 'OPTIONS',
    headers: {
      origin: SHOP,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  })
  expect(preflight.status).toBeLessThan(300)
  expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP)
  expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
})

test('default: /getWallets serves the operator’s wallets, paged, searched and by chain', async () => {
  const get = async (query: string) => {
    const response = await fetch(`${server.url}/getWallets?projectId=shop&${query}`)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const first = await get('page=1&entries=2')
  expect(first.status).toBe(200)
  expect(first.body.count).toBe(3)
  expect((first.body.data as { id: string }[]).map((wallet) => wallet.id)).toEqual([
    'alpha',
    'beta',
  ])
  const searched = await get('search=gam')
  expect((searched.body.data as { id: string }[]).map((wallet) => wallet.id)).toEqual(['gamma'])
  // A wallet that names no chains is not ruled out by a chain filter.
  const evm = await get('chains=eip155:1')
  expect((evm.body.data as { id: string }[]).map((wallet) => wallet.id)).toEqual(['alpha', 'gamma'])
  const refused = await fetch(`${server.url}/getWallets`)
  expect(refused.status).toBe(400)
})

test('behavior: a body declared larger than 64 KB is refused before it is sent', async () => {
  const { port } = server
  const socket = connect(port, '127.0.0.1')
  // A gigabyte announced, not a byte of it sent: only a server that refuses by the header answers.
  socket.write(
    'POST /v1/fungible/price HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1073741824\r\n\r\n',
  )
  const answer = await new Promise<string>((resolve, reject) => {
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1')
      if (text.includes('}')) resolve(text)
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(text))
    // Bounded: a server waiting for the gigabyte never answers.
    setTimeout(() => resolve(text), 5_000)
  })
  socket.destroy()
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large')
  expect(answer).toContain(
    '{"code":"BODY_TOO_LARGE","message":"The body is larger than 65536 bytes"}',
  )
})

test('behavior: a 256 MB chunked upload is cut off at the limit and the server’s memory does not grow with it', async () => {
  const total = 256 * 1024 * 1024
  const chunk = Buffer.alloc(1024 * 1024, 0x20)
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const outcome = await new Promise<{ status: number | undefined; body: string; sent: number }>(
    (resolve) => {
      let sent = 0
      let status: number | undefined
      let body = ''
      let stopped = false
      const finish = () => {
        stopped = true
        resolve({ status, body, sent })
      }
      // No content-length: the body arrives in chunks, as a client that lies about nothing would
      // send one of unknown size.
      const upload = httpRequest({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/v1/fungible/price',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      })
      upload.on('response', (response) => {
        status = response.statusCode
        response.setEncoding('utf8')
        response.on('data', (text: string) => {
          body += text
        })
        response.on('end', finish)
        response.on('error', finish)
      })
      upload.on('error', finish)
      const pump = () => {
        while (!stopped && sent < total) {
          sent += chunk.length
          if (!upload.write(chunk)) {
            upload.once('drain', pump)
            return
          }
        }
        if (!stopped) upload.end()
      }
      pump()
    },
  )
  clearInterval(sampler)
  expect(outcome.status).toBe(413)
  expect(JSON.parse(outcome.body)).toEqual({
    code: 'BODY_TOO_LARGE',
    message: 'The body is larger than 65536 bytes',
  })
  // The server stopped taking the upload long before its end, and held none of it.
  expect(outcome.sent).toBeLessThan(total / 2)
  expect(peak - baseline).toBeLessThan(96 * 1024 * 1024)
})
