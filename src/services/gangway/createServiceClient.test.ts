import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { TIMINGS } from '../../kernel/index.js'
import { createServiceClient } from './createServiceClient.js'

/** A peer that answers what each test sets, and counts what it is asked (an HTTP edge, not ours). */
let answer: { status: number; body: string } = { status: 200, body: '{}' }
const asked: string[] = []
let server: Server
let baseUrl: string
const signal = new AbortController().signal

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`)
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

const ADDRESS = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'

test('behavior: a failed status reads "HTTP status code: N" and keeps the server’s reason for developers', async () => {
  answer = {
    status: 503,
    body: JSON.stringify({ code: 'CHAIN_UNAVAILABLE', message: 'node down' }),
  }
  const client = createServiceClient({ baseUrl })
  await expect(client.getHistory({ address: ADDRESS }, signal)).rejects.toMatchObject({
    code: 'HTTP_STATUS',
    userMessage: 'HTTP status code: 503',
    details: 'CHAIN_UNAVAILABLE: node down',
  })
})

test('behavior: an answer that fails its schema, or no answer at all, reads "Unknown error"', async () => {
  answer = { status: 200, body: JSON.stringify({ data: [{ id: 'not a hash' }], next: null }) }
  const client = createServiceClient({ baseUrl })
  await expect(
    client.getHistory({ address: ADDRESS, chainId: 'eip155:1' }, signal),
  ).rejects.toMatchObject({
    code: 'UNKNOWN_ERROR',
    userMessage: 'Unknown error',
  })
  const unreachable = createServiceClient({ baseUrl: 'http://127.0.0.1:9' })
  await expect(unreachable.getSupportedChains(signal)).rejects.toMatchObject({
    code: 'UNKNOWN_ERROR',
    details: 'The data service at http://127.0.0.1:9 could not be reached.',
  })
})

test('rule §9: balances are reused for 30 s and identities for 5 min; failures are asked again', async () => {
  let now = 0
  const client = createServiceClient({ baseUrl, now: () => now })
  asked.length = 0
  answer = { status: 500, body: '{}' }
  await expect(client.getBalance({ address: ADDRESS }, signal)).rejects.toMatchObject({
    code: 'HTTP_STATUS',
  })
  answer = { status: 200, body: JSON.stringify({ balances: [] }) }
  await client.getBalance({ address: ADDRESS }, signal)
  now += TIMINGS.portfolioCacheMs - 1
  await client.getBalance({ address: ADDRESS }, signal)
  expect(asked).toEqual([
    `GET /v1/account/${ADDRESS}/balance`,
    `GET /v1/account/${ADDRESS}/balance`,
  ])
  now += 1
  await client.getBalance({ address: ADDRESS }, signal)
  expect(asked).toHaveLength(3)

  asked.length = 0
  answer = { status: 200, body: JSON.stringify({ name: 'alice.eth', avatar: null }) }
  await expect(client.getIdentity({ address: ADDRESS }, signal)).resolves.toEqual({
    name: 'alice.eth',
    avatar: null,
  })
  now += TIMINGS.identityCacheMs - 1
  await client.getIdentity({ address: ADDRESS }, signal)
  now += 1
  await client.getIdentity({ address: ADDRESS }, signal)
  expect(asked).toEqual([`GET /v1/identity/${ADDRESS}`, `GET /v1/identity/${ADDRESS}`])
})

test('default: prices are posted as JSON; history passes cursor and chain as the query', async () => {
  asked.length = 0
  answer = {
    status: 200,
    body: JSON.stringify({
      fungibles: [{ address: 'eip155:1:native', name: 'Ether', symbol: 'ETH', price: '3000.5' }],
    }),
  }
  const client = createServiceClient({ baseUrl })
  await expect(client.getPrices(['eip155:1:native'], signal)).resolves.toMatchObject({
    fungibles: [{ price: '3000.5' }],
  })
  answer = { status: 200, body: JSON.stringify({ data: [], next: null }) }
  await client.getHistory(
    { address: ADDRESS, chainId: 'eip155:1', cursor: 'abc', limit: 5 },
    signal,
  )
  expect(asked).toEqual([
    'POST /v1/fungible/price',
    `GET /v1/account/${ADDRESS}/history?cursor=abc&limit=5&chainId=eip155%3A1`,
  ])
})
