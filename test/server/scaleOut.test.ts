import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import { type Hex, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import type { RunningServer } from '../../server/startServer.js'
import { ANVIL_KEYS } from '../support/eip155.js'
import { createTestStorage, startTestServer, type TestStorage } from './support/harness.js'
import {
  connectRaw,
  createIdentity,
  freshTopic,
  isDelivery,
  type RawClient,
} from './support/relayClient.js'
import { freePort, startRedis } from './support/services.js'

const CHAIN = 'eip155:31337'
const METHODS = ['personal_sign']
type Client = Awaited<ReturnType<typeof SignClient.init>>

const storages: TestStorage[] = []
const servers: RunningServer[] = []
const signClients: Client[] = []
const raws: RawClient[] = []
let a: RunningServer
let b: RunningServer

beforeAll(async () => {
  const redisUrl = inject('server').redisUrl
  // Instances share one PostgreSQL database, where relay messages live (decision 0305).
  const storage = await createTestStorage('postgres')
  storages.push(storage)
  for (let index = 0; index < 2; index += 1) {
    servers.push(await startTestServer(storage, { redisUrl }))
  }
  ;[a, b] = servers as [RunningServer, RunningServer]
})
afterAll(async () => {
  for (const client of signClients) {
    client.core.heartbeat.stop()
    await client.core.relayer.transportClose()
  }
  for (const raw of raws) raw.close()
  for (const server of servers) await server.close()
  for (const storage of storages) storage.remove()
})

async function signClient(url: string, name: string): Promise<Client> {
  const client = await SignClient.init({
    projectId: 'gangway-local',
    relayUrl: url,
    customStoragePrefix: `${name}-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name, description: `${name} over two relays`, url: 'http://127.0.0.1', icons: [] },
  })
  signClients.push(client)
  return client
}

async function raw(url: string): Promise<RawClient> {
  const client = await connectRaw(url, createIdentity())
  raws.push(client)
  return client
}

describe('two relay instances over Redis', () => {
  test('behavior: a dapp on instance A and a wallet on instance B pair, and a signature request crosses', async () => {
    const [dapp, wallet] = await Promise.all([
      signClient(a.relayUrl, 'dapp'),
      signClient(b.relayUrl, 'wallet'),
    ])
    const account = privateKeyToAccount(ANVIL_KEYS[0]!)
    wallet.on('session_proposal', async ({ id }) => {
      await wallet.approve({
        id,
        namespaces: {
          eip155: {
            accounts: [`${CHAIN}:${account.address}`],
            chains: [CHAIN],
            methods: METHODS,
            events: [],
          },
        },
      })
    })
    wallet.on('session_request', async ({ topic, id, params }) => {
      const [message] = params.request.params as [Hex]
      const result = await account.signMessage({ message: { raw: message } })
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    })
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: [CHAIN], methods: METHODS, events: [] } },
    })
    await wallet.core.pairing.pair({ uri: uri ?? '' })
    const session = await approval()
    const message = toHex('across two relays')
    const signature = await dapp.request<Hex>({
      topic: session.topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [message, account.address] },
    })
    expect(
      await verifyMessage({ address: account.address, message: { raw: message }, signature }),
    ).toBe(true)
  })

  test('behavior: a publish on A reaches a subscriber on B at once, and a later subscriber on B from the stored copy', async () => {
    const topic = freshTopic()
    const listener = await raw(b.relayUrl)
    await listener.call('irn_subscribe', { topic })
    const publisher = await raw(a.relayUrl)
    await publisher.call('irn_publish', { topic, message: 'from A', ttl: 60, tag: 4 })
    expect(JSON.parse(await listener.next(isDelivery)).params.data).toMatchObject({
      topic,
      message: 'from A',
      tag: 4,
    })
    const late = await raw(b.relayUrl)
    await late.call('irn_subscribe', { topic })
    expect(JSON.parse(await late.next(isDelivery)).params.data.message).toBe('from A')
    // The publisher never gets its own message back, from either instance.
    await publisher.call('irn_subscribe', { topic })
    await publisher.call('irn_unsubscribe', { topic })
    expect(publisher.frames.some(isDelivery)).toBe(false)
  })
})

describe('a Redis restart without persistence', () => {
  test('behavior: no acknowledged message is lost: a wallet that comes back later gets every one, and a subscriber connected throughout gets those published while Redis was down', async () => {
    const port = await freePort()
    let redis = await startRedis({ port })
    const storage = await createTestStorage('postgres')
    const first = await startTestServer(storage, { redisUrl: redis.url })
    const second = await startTestServer(storage, { redisUrl: redis.url })
    const extra: RawClient[] = []
    try {
      const wallet = createIdentity()
      const walletTopic = freshTopic()
      const liveTopic = freshTopic()
      const dapp = await connectRaw(first.relayUrl, createIdentity())
      extra.push(dapp)
      const watcher = await connectRaw(second.relayUrl, createIdentity())
      extra.push(watcher)
      await watcher.call('irn_subscribe', { topic: liveTopic })
      const publish = (topic: string, message: string) =>
        dapp.call('irn_publish', { topic, message, ttl: 300 })
      for (let index = 0; index < 20; index += 1) {
        expect((await publish(walletTopic, `before ${index}`)).result).toBe(true)
      }
      await publish(liveTopic, 'live before')
      expect(JSON.parse(await watcher.next(isDelivery)).params.data.message).toBe('live before')

      // Redis goes away with everything it held, and comes back empty.
      await redis.stop()
      expect((await publish(walletTopic, 'while down')).result).toBe(true)
      expect((await publish(liveTopic, 'live while down')).result).toBe(true)
      redis = await startRedis({ port })
      // The watcher on the other instance gets what was published meanwhile once its bus is back.
      const missed = await watcher.next(
        (frame) => isDelivery(frame) && frame.includes('live while down'),
      )
      expect(JSON.parse(missed).params.data.topic).toBe(liveTopic)
      expect((await publish(walletTopic, 'after')).result).toBe(true)

      const back = await connectRaw(second.relayUrl, wallet)
      extra.push(back)
      const fetched = await back.call('irn_fetchMessages', { topic: walletTopic })
      expect(
        (fetched.result as { messages: { message: string }[] }).messages.map((m) => m.message),
      ).toEqual([
        ...Array.from({ length: 20 }, (_, index) => `before ${index}`),
        'while down',
        'after',
      ])
    } finally {
      for (const client of extra) client.close()
      await first.close()
      await second.close()
      await redis.stop()
    }
  })
})
