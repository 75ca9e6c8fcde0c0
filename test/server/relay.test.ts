import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { type LocalRelay, startRelay } from '../../server/index.js'
import { createLogger } from '../../server/log.js'
import { createSqlMessageStore } from '../../server/relay/sqlMessageStore.js'
import type { RunningServer } from '../../server/startServer.js'
import { openStorage } from '../../server/storage/openStorage.js'
import { createTestStorage, startTestServer, type TestStorage } from './support/harness.js'
import {
  type ConnectOptions,
  connectRaw,
  createIdentity,
  freshTopic,
  isDelivery,
  type RawClient,
  type RelayIdentity,
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

async function client(
  url: string,
  auth?: RelayIdentity | string,
  options?: ConnectOptions,
): Promise<RawClient> {
  const connected = await connectRaw(url, auth, options)
  clients.push(connected)
  return connected
}

describe('identity', () => {
  test('behavior: a token naming another client but not signed by its key is refused; the victim still gets its message', async () => {
    const local = await relay()
    const [victim, publisher, attacker] = [createIdentity(), createIdentity(), createIdentity()]
    const topic = freshTopic()
    const sender = await client(local.url, publisher)
    expect(
      await sender.call('irn_publish', { topic, message: 'for the victim', ttl: 300 }),
    ).toMatchObject({
      result: true,
    })

    // Signed by the attacker's key, claiming the victim's did:key: refused at the handshake.
    await expect(
      connectRaw(local.url, attacker.token({ iss: victim.did, aud: local.url })),
    ).rejects.toThrow('refused: 401')
    // Unsigned (alg none), as the old relay accepted: refused too.
    await expect(connectRaw(local.url, unsignedToken(victim.did))).rejects.toThrow('refused: 401')
    await expect(
      connectRaw(local.url, victim.token({ expiresInSeconds: -10, aud: local.url })),
    ).rejects.toThrow('refused: 401')
    await expect(connectRaw(local.url)).rejects.toThrow('refused: 401')

    // With its own identity the attacker may fetch the (encrypted) message, but its fetch counts
    // for itself only.
    const snoop = await client(local.url, attacker)
    const fetched = await snoop.call('irn_fetchMessages', { topic })
    expect(fetched.result).toMatchObject({
      messages: [{ message: 'for the victim' }],
      hasMore: false,
    })

    const owner = await client(local.url, victim)
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
    const flooder = await client(local.url, createIdentity())
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
    const receiver = await client(local.url, bob)
    await receiver.call('irn_subscribe', { topic })
    const sender = await client(local.url, alice)
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
    const socket = await client(local.url, identity)
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

    await client(local.url, identity)
    await expect(connectRaw(local.url, identity)).rejects.toThrow('refused: 429')
    // Another client is not affected by this one's sockets.
    await client(local.url, createIdentity())
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
    const [first, second] = [await client(local.url, identity), await client(local.url, identity)]
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
    const other = await client(local.url, createIdentity())
    expect((await publish(other, 0)).result).toBe(true)
    // The relay's socket limit counts every client: the fourth socket is the last.
    await client(local.url, createIdentity())
    await expect(connectRaw(local.url, createIdentity())).rejects.toThrow('refused')
    expect(local.stats().sockets).toBe(4)
  })

  test('behavior: malformed frames get JSON-RPC errors, ids are echoed verbatim, and the socket stays usable', async () => {
    const local = await relay()
    const socket = await client(local.url, createIdentity())
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
    const sender = await client(
      local.url,
      createIdentity().token({ aud: local.url, issuedAt: now }),
    )
    await sender.call('irn_publish', { topic, message: 'long-lived?', ttl: 30 * 86_400 })
    now += 86_400_000 - 1_000
    const early = await client(local.url, createIdentity().token({ aud: local.url, issuedAt: now }))
    expect((await early.call('irn_fetchMessages', { topic })).result).toMatchObject({
      messages: [{ message: 'long-lived?' }],
    })
    now += 2_000
    const late = await client(local.url, createIdentity().token({ aud: local.url, issuedAt: now }))
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
    const sender = await client(first.relayUrl, dapp)
    await sender.call('irn_publish', {
      topic,
      message: 'waiting for the wallet',
      ttl: 300,
      tag: 1108,
    })
    await sender.call('irn_publish', { topic: delivered, message: 'already read', ttl: 300 })
    const reader = await client(first.relayUrl, wallet)
    await reader.call('irn_subscribe', { topic: delivered })
    const delivery = JSON.parse(await reader.next(isDelivery))
    reader.socket.send(JSON.stringify({ jsonrpc: '2.0', id: delivery.id, result: true }))
    // The acknowledgement is processed in order before this answer.
    await reader.call('irn_unsubscribe', { topic: delivered })
    await first.close()

    const second = await startTestServer(storage, {})
    servers.push(second)
    const walletAgain = await client(second.relayUrl, wallet)
    const fetched = await walletAgain.call('irn_batchFetchMessages', { topics: [topic, delivered] })
    expect(fetched.result).toEqual({
      messages: [
        { topic, message: 'waiting for the wallet', publishedAt: expect.any(Number), tag: 1108 },
      ],
      hasMore: false,
    })
  })
})

describe('audience and lifetime of the auth token', () => {
  test('behavior: a token must name this relay and live at most a day; the relay’s own URL, with or without a trailing slash, passes', async () => {
    const local = await relay()
    const identity = createIdentity()
    // Handed to another relay, or minted without an audience: refused.
    for (const aud of ['wss://relay.walletconnect.org', 'ws://127.0.0.1:1', undefined]) {
      await expect(connectRaw(local.url, identity.token({ aud }))).rejects.toThrow('refused: 401')
    }
    // Ten years to live: refused; sign-client's one day passes.
    await expect(
      connectRaw(
        local.url,
        identity.token({ aud: local.url, expiresInSeconds: 10 * 365 * 86_400 }),
      ),
    ).rejects.toThrow('refused: 401')
    const daily = await client(
      local.url,
      identity.token({ aud: local.url, expiresInSeconds: 86_400 }),
    )
    expect((await daily.call('irn_subscribe', { topic: freshTopic() })).result).toEqual(
      expect.any(String),
    )
    await client(local.url, identity.token({ aud: `${local.url}/` }))
    // The loopback relay is the same relay under its other names.
    await client(local.url, identity.token({ aud: local.url.replace('127.0.0.1', 'localhost') }))
    expect(local.stats().sockets).toBe(3)
  })

  test('behavior: the server’s logs never print a relay token, refused or accepted', async () => {
    const lines: string[] = []
    const storage = await createTestStorage('pglite')
    const server = await startTestServer(
      storage,
      { logLevel: 'debug' },
      { log: createLogger('debug', (line) => lines.push(line)) },
    )
    try {
      const identity = createIdentity()
      const foreign = identity.token({ aud: 'wss://relay.walletconnect.org' })
      await expect(connectRaw(server.relayUrl, foreign)).rejects.toThrow('refused: 401')
      const good = identity.token({ aud: server.relayUrl })
      const socket = await client(server.relayUrl, good)
      await socket.call('irn_publish', { topic: freshTopic(), message: 'logged?', ttl: 60 })
      await fetch(`${server.url}/nowhere?auth=${good}`)
      const refusal = lines.find((line) => line.includes('relay refused a socket'))
      expect(JSON.parse(refusal ?? '{}')).toMatchObject({
        reason: 'audience is not this relay',
        target: '/?auth=[redacted]',
        source: '127.0.0.1',
      })
      for (const token of [foreign, good]) {
        for (const part of token.split('.')) {
          expect(lines.filter((line) => line.includes(part))).toEqual([])
        }
      }
    } finally {
      await server.close()
      storage.remove()
    }
  })
})

describe('hostile publishes', () => {
  test('behavior: publishes that do not fit the database are refused one by one; honest publishes around them all succeed', async () => {
    const storage = await createTestStorage('pglite')
    const server = await startTestServer(storage, {
      relay: { publishesPerSecondPerSocket: 1_000, publishesPerSecondPerClient: 1_000 },
    })
    try {
      const attacker = await client(server.relayUrl, createIdentity())
      const honest = await Promise.all(
        Array.from({ length: 4 }, () => client(server.relayUrl, createIdentity())),
      )
      const bad = [
        { tag: 2 ** 31, field: 'tag' },
        { tag: -(2 ** 31) - 1, field: 'tag' },
        { ttl: 0.5, field: 'ttl' },
        { ttl: 1.5, field: 'ttl' },
        { message: 'nul\u0000inside', field: 'message' },
        { topic: 'lone\ud800surrogate', field: 'topic' },
      ]
      const topics = honest.map(() => freshTopic())
      // Every round sends the honest and the bad publishes in one turn, so they would share a
      // group commit.
      const rounds = await Promise.all(
        Array.from({ length: 5 }, (_, round) =>
          Promise.all([
            ...honest.map((socket, index) =>
              socket.call('irn_publish', {
                topic: topics[index],
                message: `honest ${round}`,
                ttl: 300,
                tag: 1108,
              }),
            ),
            ...bad.map(({ field, ...fields }) =>
              attacker
                .call('irn_publish', {
                  topic: freshTopic(),
                  message: `bad ${round}`,
                  ttl: 300,
                  ...fields,
                })
                .then((answer) => ({ answer, field })),
            ),
          ]),
        ),
      )
      for (const answers of rounds) {
        const honestAnswers = answers.slice(0, honest.length)
        expect(honestAnswers).toEqual(honest.map(() => expect.objectContaining({ result: true })))
        for (const entry of answers.slice(honest.length)) {
          const { answer, field } = entry as {
            answer: { error?: { code: number; message: string } }
            field: string
          }
          expect(answer.error?.code).toBe(-32602)
          expect(answer.error?.message).toContain(`${field}: `)
        }
      }
      const reader = await client(server.relayUrl, createIdentity())
      const fetched = await reader.call('irn_batchFetchMessages', { topics })
      expect((fetched.result as { messages: unknown[] }).messages).toHaveLength(honest.length * 5)
    } finally {
      await server.close()
      storage.remove()
    }
  })

  test('behavior: a row the database refuses fails its own publish only, not the others in its group commit', async () => {
    const testStorage = await createTestStorage('pglite')
    const snapshot = await testStorage.snapshot()
    const storage = await openStorage({
      kind: 'pglite',
      dataDir: testStorage.config.dataDir ?? '',
      ...(snapshot ? { snapshot } : {}),
    })
    try {
      const store = await createSqlMessageStore(storage.db, Date.now())
      const at = Date.now()
      const message = (text: string, tag: number) => ({
        id: text,
        topic: 'topic',
        message: text,
        tag,
        publishedAt: at,
        expiresAt: at + 60_000,
        publisherKey: 'publisher',
        size: 10,
      })
      // Past the schema's checks (a bug, or a column changed): int4 refuses this tag.
      const outcomes = await Promise.allSettled([
        store.add(message('first', 1)),
        store.add(message('out of range', 2 ** 31)),
        store.add(message('second', 2)),
      ])
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
      ])
      expect((await store.list('topic', Date.now())).map((entry) => entry.message)).toEqual([
        'first',
        'second',
      ])
    } finally {
      await storage.close()
      testStorage.remove()
    }
  })
})

describe('budgets by network source', () => {
  // Loopback is 127.0.0.0/8 on Linux: each address is another source to a relay on 127.0.0.1.
  const from = (localAddress: string) => ({ localAddress })

  test('behavior: many identities from one source cannot take the sockets, subscriptions, publish rate or stored bytes of a visitor from another', async () => {
    let now = Date.now()
    const local = await relay({
      now: () => now,
      limits: {
        allowAnonymous: false,
        maxSockets: 6,
        maxSocketsPerSource: 3,
        maxSocketsPerClient: 2,
        maxSubscriptions: 12,
        maxSubscriptionsPerSource: 6,
        maxSubscriptionsPerClient: 4,
        publishesPerSecond: 25,
        publishesPerSecondPerSource: 10,
        publishesPerSecondPerClient: 10,
        publishesPerSecondPerSocket: 10,
        maxMessageBytes: 4 * 1024,
        maxStoredBytes: 32 * 1024,
        maxStoredBytesPerSource: 12 * 1024,
        maxStoredBytesPerClient: 8 * 1024,
      },
    })
    const attacker = from('127.0.0.2')
    const visitor = from('127.0.0.3')
    const token = () => createIdentity().token({ aud: local.url, issuedAt: now })

    // Sockets: each identity is new, the source is not.
    const sockets: RawClient[] = []
    for (let index = 0; index < 6; index += 1) {
      try {
        sockets.push(await client(local.url, token(), attacker))
      } catch (error) {
        expect(String(error)).toContain('refused: 429')
      }
    }
    expect(sockets).toHaveLength(3)
    const guest = await client(local.url, token(), visitor)

    // Subscriptions.
    const subscribed = await Promise.all(
      sockets.map((socket) =>
        socket.call('irn_batchSubscribe', {
          topics: [freshTopic(), freshTopic(), freshTopic(), freshTopic()],
        }),
      ),
    )
    expect(subscribed.filter((answer) => answer.result)).toHaveLength(1)
    expect(subscribed.find((answer) => answer.error)?.error?.message).toBe(
      'At most 6 subscriptions per network source',
    )
    const guestTopic = freshTopic()
    expect((await guest.call('irn_subscribe', { topic: guestTopic })).result).toEqual(
      expect.any(String),
    )

    // Publish rate: the source's bucket holds 20, whatever the identities.
    const flood = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        sockets[index % sockets.length]!.call('irn_publish', {
          topic: freshTopic(),
          message: `f${index}`,
          ttl: 60,
        }),
      ),
    )
    expect(flood.filter((answer) => answer.result === true)).toHaveLength(20)
    expect(
      (await guest.call('irn_publish', { topic: guestTopic, message: 'hi', ttl: 60 })).result,
    ).toBe(true)

    // Stored bytes: buckets refill, then large messages until the source's budget is spent.
    now += 60_000
    const big = 'x'.repeat(3 * 1024)
    const stored = []
    for (let index = 0; index < 9; index += 1) {
      stored.push(
        await sockets[index % sockets.length]!.call('irn_publish', {
          topic: freshTopic(),
          message: `${index}${big}`,
          ttl: 600,
        }),
      )
    }
    // About 3 KiB each: three fit in the source's 12 KiB (one per identity, each far from its 8).
    expect(stored.filter((answer) => answer.result === true)).toHaveLength(3)
    expect(stored.at(-1)?.error?.message).toBe(
      'Stored message budget of this network source exceeded',
    )
    expect(
      (await guest.call('irn_publish', { topic: guestTopic, message: `guest${big}`, ttl: 600 }))
        .result,
    ).toBe(true)
  })

  test('behavior: past its open part, each overall budget serves only newcomers', async () => {
    const local = await relay({
      limits: {
        allowAnonymous: false,
        maxSockets: 10,
        reservedShare: 0.2,
        maxSocketsPerSource: 6,
        maxSocketsPerClient: 1,
      },
    })
    const open = async (address: string, count: number) => {
      let opened = 0
      for (let index = 0; index < count; index += 1) {
        try {
          await client(local.url, createIdentity(), from(address))
          opened += 1
        } catch (error) {
          expect(String(error)).toContain('refused: 429')
        }
      }
      return opened
    }
    expect(await open('127.0.0.2', 6)).toBe(6)
    // Eight of ten are open to anyone; this source already has more than one client's budget.
    expect(await open('127.0.0.3', 6)).toBe(2)
    // Newcomers each get one client's worth of the reserved two.
    expect(await open('127.0.0.4', 2)).toBe(1)
    expect(await open('127.0.0.5', 1)).toBe(1)
    expect(await open('127.0.0.6', 1)).toBe(0)
    expect(local.stats().sockets).toBe(10)
  })

  test('behavior: X-Forwarded-For names the source only when it comes from a trusted proxy', async () => {
    const local = await relay({
      trustedProxies: ['127.0.0.2'],
      limits: { allowAnonymous: false, maxSocketsPerSource: 2 },
    })
    const forwarded = (address: string, chain: string) => ({
      localAddress: address,
      headers: { 'x-forwarded-for': chain },
    })
    // Not a trusted proxy: whatever it claims, it is 127.0.0.3.
    await client(local.url, createIdentity(), forwarded('127.0.0.3', '10.0.0.1'))
    await client(local.url, createIdentity(), forwarded('127.0.0.3', '10.0.0.2'))
    await expect(
      connectRaw(local.url, createIdentity(), forwarded('127.0.0.3', '10.0.0.3')),
    ).rejects.toThrow('refused: 429')
    // Through the proxy, the address it appended is the source; what the client wrote before it
    // is not believed.
    await client(local.url, createIdentity(), forwarded('127.0.0.2', '10.0.0.1'))
    await client(local.url, createIdentity(), forwarded('127.0.0.2', '203.0.113.9, 10.0.0.1'))
    await expect(
      connectRaw(local.url, createIdentity(), forwarded('127.0.0.2', '203.0.113.7, 10.0.0.1')),
    ).rejects.toThrow('refused: 429')
    await client(local.url, createIdentity(), forwarded('127.0.0.2', '10.0.0.2'))
    expect(local.stats().sockets).toBe(5)
  })
})
