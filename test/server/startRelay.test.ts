import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import { type Hex, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { type LocalRelay, startRelay } from '../../server/testing/startRelay.js'
import { createIdentity } from './support/relayClient.js'

const TIMEOUT = 30_000
const ANVIL_KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const CHAIN = 'eip155:31337'
const METHODS = ['personal_sign', 'eth_sendTransaction']
const EVENTS = ['accountsChanged', 'chainChanged']

type Client = Awaited<ReturnType<typeof SignClient.init>>

const relays: LocalRelay[] = []
const clients: Client[] = []
const sockets: WebSocket[] = []

async function relay(): Promise<LocalRelay> {
  const started = await startRelay()
  relays.push(started)
  return started
}

async function signClient(url: string, name: string): Promise<Client> {
  const options: SignClientTypes.Options = {
    projectId: 'gangway-local',
    relayUrl: url,
    // One core per client: same-process clients otherwise share one core (and its keys).
    customStoragePrefix: `${name}-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
    metadata: {
      name: `Gangway test ${name}`,
      description: `The ${name} side of the local relay test`,
      url: 'http://127.0.0.1',
      icons: [],
    },
  }
  const client = await SignClient.init(options)
  clients.push(client)
  return client
}

afterEach(async () => {
  await Promise.all(
    clients.splice(0).map(async (client) => {
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose()
    }),
  )
  for (const socket of sockets.splice(0)) socket.terminate()
  await Promise.all(relays.splice(0).map((started) => started.close()))
})

/** A raw WebSocket to the relay that collects every frame it receives. */
async function rawSocket(url: string, auth?: string) {
  const socket = new WebSocket(auth === undefined ? url : `${url}/?auth=${auth}`)
  sockets.push(socket)
  const frames: string[] = []
  const waiters: Array<() => void> = []
  socket.on('message', (data) => {
    frames.push(data.toString())
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  /** Resolves with the first received frame, from index `from` on, that passes `match`. */
  async function next(match: (frame: string) => boolean, from = 0): Promise<string> {
    for (;;) {
      const found = frames.slice(from).find(match)
      if (found !== undefined) return found
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  return { socket, frames, next, send: (text: string) => socket.send(text) }
}

const hasId = (id: string) => (frame: string) => frame.includes(`"id":${id},`)
const isSubscription = (frame: string) => frame.includes('"method":"irn_subscription"')

/** A signed auth JWT of a fresh did:key, as WalletConnect clients send it. */
const auth = (url: string) => createIdentity().token({ aud: url })

describe('startRelay with two SignClients', () => {
  it(
    'pairs, approves, relays personal_sign and the wallet’s disconnect',
    async () => {
      const local = await relay()
      const [dapp, wallet] = await Promise.all([
        signClient(local.url, 'dapp'),
        signClient(local.url, 'wallet'),
      ])
      const account = privateKeyToAccount(ANVIL_KEY_0)
      const caipAccount = `${CHAIN}:${account.address}`

      wallet.on('session_proposal', async ({ id }) => {
        await wallet.approve({
          id,
          namespaces: {
            eip155: { accounts: [caipAccount], chains: [CHAIN], methods: METHODS, events: EVENTS },
          },
        })
      })
      wallet.on('session_request', async ({ topic, id, params }) => {
        const [message, address] = params.request.params as [Hex, string]
        expect(address).toBe(account.address)
        const signature = await account.signMessage({ message: { raw: message } })
        await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } })
      })

      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { chains: [CHAIN], methods: METHODS, events: EVENTS } },
      })
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await wallet.core.pairing.pair({ uri: uri ?? '' })
      const session = await approval()
      expect(session.namespaces.eip155?.accounts).toEqual([caipAccount])
      expect(wallet.session.get(session.topic).topic).toBe(session.topic)

      const message = toHex('Sign in to Gangway, offline')
      const signature = await dapp.request<Hex>({
        topic: session.topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: [message, account.address] },
      })
      expect(
        await verifyMessage({ address: account.address, message: { raw: message }, signature }),
      ).toBe(true)

      const deleted = new Promise<{ topic: string }>((resolve) => {
        dapp.on('session_delete', resolve)
      })
      await wallet.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') })
      expect((await deleted).topic).toBe(session.topic)
      expect(dapp.session.keys).not.toContain(session.topic)

      expect(local.stats().sockets).toBe(2)
    },
    TIMEOUT,
  )
})

describe('startRelay JSON-RPC', () => {
  it(
    'answers malformed input and unknown methods with errors and keeps serving',
    async () => {
      const local = await relay()
      const client = await rawSocket(local.url)

      client.send('{not json')
      const parseError = JSON.parse(await client.next((frame) => frame.includes('-32700')))
      expect(parseError).toMatchObject({ id: null, error: { code: -32700 } })

      client.send('[1,2]')
      client.send('{"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"a"}}')
      await client.next((frame) => frame.includes('-32600'))

      client.send('{"jsonrpc":"2.0","id":7,"method":"irn_teleport","params":{}}')
      expect(JSON.parse(await client.next(hasId('7')))).toMatchObject({
        id: 7,
        error: { code: -32601 },
      })

      client.send('{"jsonrpc":"2.0","id":"8","method":"irn_publish","params":{"topic":""}}')
      expect(JSON.parse(await client.next(hasId('"8"')))).toMatchObject({
        id: '8',
        error: { code: -32602 },
      })

      // 19-digit ids are echoed verbatim, as numbers or strings.
      client.send(
        '{"id" : 1747658456128123456,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t1","id":1}}',
      )
      expect(await client.next(hasId('1747658456128123456'))).toContain('"result":"')
      client.send(
        '{"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t2"},"id":"1747658456128123457"}',
      )
      expect(await client.next(hasId('"1747658456128123457"'))).toContain('"result":"')

      expect(local.stats().sockets).toBe(1)
    },
    TIMEOUT,
  )

  it(
    'delivers to other subscribers and later ones, never to the publisher, without attestation',
    async () => {
      const local = await relay()
      const alice = await rawSocket(local.url, auth(local.url))
      const bob = await rawSocket(local.url, auth(local.url))
      const topic = 'ab'.repeat(32)

      alice.send(`{"jsonrpc":"2.0","id":1,"method":"irn_subscribe","params":{"topic":"${topic}"}}`)
      bob.send(`{"jsonrpc":"2.0","id":2,"method":"irn_subscribe","params":{"topic":"${topic}"}}`)
      await alice.next(hasId('1'))
      await bob.next(hasId('2'))

      alice.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 3,
          method: 'irn_publish',
          params: {
            topic,
            message: 'hello',
            ttl: 300,
            tag: 1108,
            attestation: 'jwt',
            prompt: true,
          },
        }),
      )
      expect(JSON.parse(await alice.next(hasId('3')))).toMatchObject({ result: true })
      const delivered = JSON.parse(await bob.next(isSubscription))
      expect(delivered.params.data).toEqual({
        topic,
        message: 'hello',
        publishedAt: expect.any(Number),
        tag: 1108,
      })
      bob.send(JSON.stringify({ jsonrpc: '2.0', id: delivered.id, result: true }))

      // A later subscriber gets the stored message; the publisher never gets its own.
      const carol = await rawSocket(local.url, auth(local.url))
      carol.send(`{"jsonrpc":"2.0","id":4,"method":"irn_subscribe","params":{"topic":"${topic}"}}`)
      expect(JSON.parse(await carol.next(isSubscription)).params.data.message).toBe('hello')
      // Deliveries go out while a publish is handled, before its answer (id 3) reached Alice.
      expect(alice.frames.some(isSubscription)).toBe(false)
      expect(local.stats()).toEqual({ sockets: 3, topics: 1, messages: 1 })
    },
    TIMEOUT,
  )

  it(
    'pings every pingIntervalMs and drops a socket that stops answering',
    async () => {
      const local = await startRelay({ pingIntervalMs: 100 })
      relays.push(local)
      const answering = await rawSocket(local.url)
      let pings = 0
      answering.socket.on('ping', () => {
        pings += 1
      })
      const silent = new WebSocket(local.url, { autoPong: false })
      sockets.push(silent)
      const closed = new Promise<void>((resolve) => silent.once('close', () => resolve()))
      await new Promise((resolve) => silent.once('open', resolve))
      await closed
      // The silent socket is terminated one interval after its first unanswered ping.
      await vi.waitFor(() => {
        expect(pings).toBeGreaterThanOrEqual(2)
        expect(local.stats().sockets).toBe(1)
      })
      expect(answering.socket.readyState).toBe(WebSocket.OPEN)
    },
    TIMEOUT,
  )

  it(
    'relays wc_proposeSession and wc_approveSession and expires messages by ttl',
    async () => {
      let now = Date.now()
      const local = await startRelay({ now: () => now })
      relays.push(local)
      const dapp = await rawSocket(local.url, auth(local.url))
      const wallet = await rawSocket(local.url, auth(local.url))
      const pairingTopic = '01'.repeat(32)
      const sessionTopic = '02'.repeat(32)

      dapp.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: '100',
          method: 'wc_proposeSession',
          params: { pairingTopic, sessionProposal: 'proposal', ttl: 300, correlationId: 1 },
        }),
      )
      await dapp.next(hasId('"100"'))
      wallet.send(
        `{"jsonrpc":"2.0","id":101,"method":"irn_subscribe","params":{"topic":"${pairingTopic}"}}`,
      )
      const proposal = JSON.parse(await wallet.next(isSubscription))
      expect(proposal.params.data).toMatchObject({ message: 'proposal', tag: 1100 })

      wallet.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 102,
          method: 'wc_approveSession',
          params: {
            sessionTopic,
            pairingTopic,
            sessionProposalResponse: 'response',
            sessionSettlementRequest: 'settle',
            ttl: 1,
          },
        }),
      )
      await wallet.next(hasId('102'))
      expect(JSON.parse(await dapp.next(isSubscription)).params.data).toMatchObject({
        topic: pairingTopic,
        message: 'response',
      })
      const before = dapp.frames.length
      dapp.send(
        `{"jsonrpc":"2.0","id":103,"method":"irn_subscribe","params":{"topic":"${sessionTopic}"}}`,
      )
      expect(JSON.parse(await dapp.next(isSubscription, before)).params.data).toMatchObject({
        topic: sessionTopic,
        message: 'settle',
      })
      expect(wallet.frames.filter(isSubscription)).toHaveLength(1)

      now += 1_000
      // The 1 s messages are gone; the proposal (300 s) stays.
      expect(local.stats()).toMatchObject({ topics: 1, messages: 1 })
      const fetcher = await rawSocket(local.url)
      fetcher.send(
        `{"jsonrpc":"2.0","id":104,"method":"irn_batchFetchMessages","params":{"topics":["${sessionTopic}","${pairingTopic}"]}}`,
      )
      const fetched = JSON.parse(await fetcher.next(hasId('104')))
      expect(fetched.result.hasMore).toBe(false)
      expect(fetched.result.messages.map((m: { message: string }) => m.message)).toEqual([
        'proposal',
      ])
    },
    TIMEOUT,
  )
})
