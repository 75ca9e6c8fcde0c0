import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { type LocalRelay, startRelay } from '../../server/index.js'
import type { RunningServer } from '../../server/startServer.js'
import { createTestStorage, startTestServer, type TestStorage } from './support/harness.js'
import {
  connectRaw,
  createIdentity,
  freshTopic,
  isDelivery,
  type RawClient,
  unsignedToken,
} from './support/relayClient.js'

const relays: LocalRelay[] = []
const clients: RawClient[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.close()
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})

async function relay(limits: Parameters<typeof startRelay>[0] = {}): Promise<LocalRelay> {
  const started = await startRelay({ limits: { allowAnonymous: false }, ...limits })
  relays.push(started)
  return started
}

async function client(url: string, token?: string): Promise<RawClient> {
  const connected = await connectRaw(url, token)
  clients.push(connected)
  return connected
}

describe('identity', () => {
  test('behavior: a token naming another client but not signed by its key is refused; the victim still gets its message', async () => {
    const local = await relay()
    const [victim, publisher, attacker] = [createIdentity(), createIdentity(), createIdentity()]
    const topic = freshTopic()
    const sender = await client(local.url, publisher.token())
    expect(
      await sender.call('irn_publish', { topic, message: 'for the victim', ttl: 300 }),
    ).toMatchObject({
      result: true,
    })

    // Signed by the attacker's key, claiming the victim's did:key: refused at the handshake.
    await expect(connectRaw(local.url, attacker.token({ iss: victim.did }))).rejects.toThrow(
      'refused: 401',
    )
    // Unsigned (alg none), as the old relay accepted: refused too.
    await expect(connectRaw(local.url, unsignedToken(victim.did))).rejects.toThrow('refused: 401')
    await expect(connectRaw(local.url, victim.token({ expiresInSeconds: -10 }))).rejects.toThrow(
      'refused: 401',
    )
    await expect(connectRaw(local.url)).rejects.toThrow('refused: 401')

    // With its own identity the attacker may fetch the (encrypted) message, but its fetch counts
    // for itself only.
    const snoop = await client(local.url, attacker.token())
    const fetched = await snoop.call('irn_fetchMessages', { topic })
    expect(fetched.result).toMatchObject({
      messages: [{ message: 'for the victim' }],
      hasMore: false,
    })

    const owner = await client(local.url, victim.token())
    await owner.call('irn_subscribe', { topic })
    expect(JSON.parse(await owner.next(isDelivery)).params.data.message).toBe('for the victim')
  })
})

describe('budgets', () => {
  test('behavior: one socket flooding large messages is refused past its budget, memory stays bounded, and others are still served', async () => {
    const local = await relay({
      limits: {
        allowAnonymous: false,
        maxMessageBytes: 64 * 1024,
        maxStoredBytesPerClient: 256 * 1024,
        publishesPerSecondPerSocket: 1_000,
        publishesPerSecondPerClient: 1_000,
      },
    })
    const flooder = await client(local.url, createIdentity().token())
    const big = 'x'.repeat(60 * 1024)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        flooder.call('irn_publish', { topic: freshTopic(), message: `${index}${big}`, ttl: 300 }),
      ),
    )
    const refused = answers.filter((answer) => answer.error)
    expect(answers.filter((answer) => answer.result === true)).toHaveLength(4)
    expect(refused[0]!.error).toEqual({
      code: -32005,
      message: 'Stored message budget of this client exceeded',
    })
    // A message over the size limit is refused; a frame far over it closes that socket (1009).
    const tooLarge = await flooder.call('irn_publish', {
      topic: freshTopic(),
      message: 'y'.repeat(65 * 1024),
      ttl: 300,
    })
    expect(tooLarge.error).toEqual({
      code: -32005,
      message: 'Message too large: at most 65536 bytes',
    })
    const closed = new Promise<number>((resolve) => flooder.socket.once('close', resolve))
    flooder.socket.send('z'.repeat(1024 * 1024))
    expect(await closed).toBe(1009)
    expect(local.stats().messages).toBe(4)

    const [alice, bob] = [createIdentity(), createIdentity()]
    const topic = freshTopic()
    const receiver = await client(local.url, bob.token())
    await receiver.call('irn_subscribe', { topic })
    const sender = await client(local.url, alice.token())
    await sender.call('irn_publish', { topic, message: 'still served', ttl: 60 })
    expect(JSON.parse(await receiver.next(isDelivery)).params.data.message).toBe('still served')
  })

  test('behavior: publish rate, subscriptions and sockets per client are bounded', async () => {
    const local = await relay({
      limits: {
        allowAnonymous: false,
        publishesPerSecondPerSocket: 5,
        maxSubscriptionsPerSocket: 3,
        maxSocketsPerClient: 2,
      },
    })
    const identity = createIdentity()
    const socket = await client(local.url, identity.token())
    // Bursts hold two seconds' worth, at least 10.
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        socket.call('irn_publish', { topic: freshTopic(), message: `m${index}`, ttl: 60 }),
      ),
    )
    expect(answers.filter((answer) => answer.result === true)).toHaveLength(10)
    expect(answers.at(-1)?.error?.message).toBe('Publish rate limit exceeded: slow down')

    const topics = [freshTopic(), freshTopic(), freshTopic(), freshTopic()]
    expect((await socket.call('irn_batchSubscribe', { topics })).error?.message).toBe(
      'At most 3 subscriptions per socket',
    )
    expect(
      (await socket.call('irn_batchSubscribe', { topics: topics.slice(0, 3) })).result,
    ).toHaveLength(3)

    await client(local.url, identity.token())
    await expect(connectRaw(local.url, identity.token())).rejects.toThrow('refused: 429')
    // Another client is not affected by this one's sockets.
    await client(local.url, createIdentity().token())
    expect(local.stats().sockets).toBe(3)
  })

  test('behavior: a client’s budget spans its sockets, and the relay’s own limits hold across clients', async () => {
    const local = await relay({
      limits: {
        allowAnonymous: false,
        publishesPerSecondPerClient: 5,
        maxSubscriptionsPerClient: 4,
        maxSockets: 4,
      },
    })
    const identity = createIdentity()
    const [first, second] = [
      await client(local.url, identity.token()),
      await client(local.url, identity.token()),
    ]
    // Two sockets of one client share its publish budget (bursts of two seconds' worth: 10).
    const publish = (socket: RawClient, index: number) =>
      socket.call('irn_publish', { topic: freshTopic(), message: `m${index}`, ttl: 60 })
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, index) => publish(index % 2 === 0 ? first! : second!, index)),
    )
    expect(answers.filter((answer) => answer.result === true)).toHaveLength(10)
    // And its subscriptions: three here and two there are one too many.
    expect(
      (
        await first!.call('irn_batchSubscribe', {
          topics: [freshTopic(), freshTopic(), freshTopic()],
        })
      ).result,
    ).toHaveLength(3)
    expect(
      (await second!.call('irn_batchSubscribe', { topics: [freshTopic(), freshTopic()] })).error
        ?.message,
    ).toBe('At most 4 subscriptions per client')
    // Another client has a budget of its own.
    const other = await client(local.url, createIdentity().token())
    expect((await publish(other, 0)).result).toBe(true)
    // The relay's socket limit counts every client: the fourth socket is the last.
    await client(local.url, createIdentity().token())
    await expect(connectRaw(local.url, createIdentity().token())).rejects.toThrow('refused')
    expect(local.stats().sockets).toBe(4)
  })

  test('behavior: malformed frames get JSON-RPC errors, ids are echoed verbatim, and the socket stays usable', async () => {
    const local = await relay()
    const socket = await client(local.url, createIdentity().token())
    socket.socket.send('{not json')
    expect(JSON.parse(await socket.next((frame) => frame.includes('-32700')))).toMatchObject({
      id: null,
      error: { code: -32700 },
    })
    socket.socket.send('{"jsonrpc":"2.0","id":7,"method":"irn_teleport","params":{}}')
    expect(await socket.next((frame) => frame.includes('"id":7,'))).toContain('-32601')
    socket.socket.send(
      '{"id" : 1747658456128123456,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t1"}}',
    )
    expect(await socket.next((frame) => frame.includes('"id":1747658456128123456,'))).toContain(
      '"result":"',
    )
    expect((await socket.call('irn_publish', { topic: '' })).error?.code).toBe(-32602)
  })
})

describe('ttl', () => {
  test('behavior: a message asking to be kept 30 days is kept one day at most', async () => {
    let now = Date.now()
    // The relay's clock moves a day; the tokens stay valid longer than that.
    const local = await relay({ limits: { allowAnonymous: false }, now: () => now })
    const topic = freshTopic()
    const sender = await client(local.url, createIdentity().token({ expiresInSeconds: 3 * 86_400 }))
    await sender.call('irn_publish', { topic, message: 'long-lived?', ttl: 30 * 86_400 })
    now += 86_400_000 - 1_000
    const early = await client(local.url, createIdentity().token({ expiresInSeconds: 3 * 86_400 }))
    expect((await early.call('irn_fetchMessages', { topic })).result).toMatchObject({
      messages: [{ message: 'long-lived?' }],
    })
    now += 2_000
    const late = await client(local.url, createIdentity().token({ expiresInSeconds: 3 * 86_400 }))
    expect((await late.call('irn_fetchMessages', { topic })).result).toEqual({
      messages: [],
      hasMore: false,
    })
    expect(local.stats()).toMatchObject({ topics: 0, messages: 0 })
  })
})

describe('restart', () => {
  let storage: TestStorage
  const servers: RunningServer[] = []
  afterAll(async () => {
    for (const server of servers) await server.close()
    storage?.remove()
  })

  test('behavior: a message not yet delivered survives a restart; acknowledged ones are not sent again', async () => {
    storage = await createTestStorage('pglite')
    const first = await startTestServer(storage, {})
    servers.push(first)
    const [dapp, wallet] = [createIdentity(), createIdentity()]
    const topic = freshTopic()
    const delivered = freshTopic()
    const sender = await client(first.relayUrl, dapp.token())
    await sender.call('irn_publish', {
      topic,
      message: 'waiting for the wallet',
      ttl: 300,
      tag: 1108,
    })
    await sender.call('irn_publish', { topic: delivered, message: 'already read', ttl: 300 })
    const reader = await client(first.relayUrl, wallet.token())
    await reader.call('irn_subscribe', { topic: delivered })
    const delivery = JSON.parse(await reader.next(isDelivery))
    reader.socket.send(JSON.stringify({ jsonrpc: '2.0', id: delivery.id, result: true }))
    // The acknowledgement is processed in order before this answer.
    await reader.call('irn_unsubscribe', { topic: delivered })
    await first.close()

    const second = await startTestServer(storage, {})
    servers.push(second)
    const walletAgain = await client(second.relayUrl, wallet.token())
    const fetched = await walletAgain.call('irn_batchFetchMessages', { topics: [topic, delivered] })
    expect(fetched.result).toEqual({
      messages: [
        { topic, message: 'waiting for the wallet', publishedAt: expect.any(Number), tag: 1108 },
      ],
      hasMore: false,
    })
  })
})
