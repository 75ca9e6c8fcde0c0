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
  for (let index = 0; index < 2; index += 1) {
    const storage = await createTestStorage('pglite')
    storages.push(storage)
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
