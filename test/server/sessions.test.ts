/**
 * The Gangway server's session paths (§7) on PGlite and PostgreSQL, driven by the kit's own client
 * (`createGangwaySessions`) and by raw HTTP: a sign-in is verified against the chain and kept; it is
 * read back on another device; a sign-out revokes it; tampered, foreign, unissued, expired and
 * replayed sessions are refused and nothing is kept.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { Keyring } from '@polkadot/keyring'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { Keypair } from '@solana/web3.js'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { type Hex, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { RunningServer } from '../../server/startServer.js'
import { siwxSessions } from '../../server/storage/schema.js'
import { createGangwaySessions, siwx } from '../../src/features/siwx/index.js'
import { createKit, type Kit, type SiwxSession } from '../../src/index.js'
import { eip155 } from '../../src/plugins/eip155/index.js'
import { createPolkadotSiwxFamily } from '../../src/plugins/polkadot/siwx.js'
import { solanaLocalnet } from '../../src/plugins/solana/networks.js'
import { toBase58 } from '../../src/plugins/solana/schemas.js'
import { createSolanaSiwxFamily } from '../../src/plugins/solana/siwx.js'
import { createTestWallet, createVirtualEnv } from '../../src/testing/index.js'
import { localChain } from '../support/eip155.js'
import {
  chainConfig,
  createTestStorage,
  STORAGE_KINDS,
  startTestChain,
  startTestServer,
  type TestChain,
  type TestStorage,
} from './support/harness.js'

const DOMAIN = 'shop.example'
/** Another site the same server signs visitors in for. */
const OTHER_DOMAIN = 'tickets.example'
const URI = 'https://shop.example'
/** A local Solana network the server is told about (no node needed: SIWS is ed25519 only). */
const localnet = solanaLocalnet({
  genesisHash: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC',
  rpcUrl: 'http://127.0.0.1:8899',
})
/** A local Polkadot network the server is told about (no node needed: signatures are checked offline). */
const substrate = { id: 'polkadot:gangway-local', ss58Prefix: 42 } as const
const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let chain: TestChain

beforeAll(async () => {
  await cryptoWaitReady()
  chain = await startTestChain()
})
afterAll(async () => {
  globals.window = originalWindow
  await chain?.stop()
})

describe.each(STORAGE_KINDS)('session paths on %s', (kind) => {
  let storage: TestStorage
  let server: RunningServer
  const kits: Kit[] = []
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, init)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const nonce = async () => (await post('/v1/sessions/nonce', {})).body.nonce as string
  /** The account's sessions as the holder of `token` reads them. */
  const sessionsOf = (address: string, token: string, query = '') =>
    request(`/v1/sessions/${address}${query}`, { headers: { authorization: `Bearer ${token}` } })
  /** How many live sessions the server keeps for the account (read from its database). */
  const keptFor = async (address: string) =>
    (
      await server.storage.db
        .select()
        .from(siwxSessions)
        .where(
          and(
            eq(siwxSessions.accountKey, address.toLowerCase()),
            isNull(siwxSessions.revokedAt),
            gt(siwxSessions.expiresAt, Date.now()),
          ),
        )
    ).length

  /** An EIP-4361 session signed by `key` for the chain, with the fields given. */
  async function siweSession(
    key: Hex,
    fields: { nonce?: string; domain?: string; expiresInMs?: number } = {},
  ): Promise<SiwxSession> {
    const signer = privateKeyToAccount(key)
    const now = Date.now()
    const issuedAt = new Date(now - 1_000)
    const expirationTime = new Date(now + (fields.expiresInMs ?? 3_600_000))
    const data = {
      accountAddress: signer.address,
      chainId: chain.chainId,
      domain: fields.domain ?? DOMAIN,
      uri: URI,
      version: '1',
      nonce: fields.nonce ?? (await nonce()),
      issuedAt: issuedAt.toISOString(),
      expirationTime: expirationTime.toISOString(),
    }
    const message = createSiweMessage({
      ...data,
      address: signer.address,
      chainId: chain.node.chainId,
      version: '1',
      issuedAt,
      expirationTime,
    })
    return { data, message, signature: await signer.signMessage({ message }) }
  }

  beforeAll(async () => {
    storage = await createTestStorage(kind)
    server = await startTestServer(storage, {
      ...chainConfig(chain),
      indexer: { enabled: false },
      siwx: {
        domains: [DOMAIN, OTHER_DOMAIN],
        solanaNetworks: [{ id: localnet.id, walletChain: localnet.walletChain }],
        polkadotNetworks: [substrate],
        // Every test here asks for nonces from loopback: the budget has tests of its own below.
        nonceBurstPerSource: 200,
      },
    })
  })
  beforeEach(() => {
    globals.window = new EventTarget()
  })
  afterEach(() => {
    for (const kit of kits.splice(0)) kit.destroy()
    // PGlite takes a global `window` for a browser's: the next server start must not see one.
    globals.window = originalWindow
  })
  afterAll(async () => {
    await server?.close()
    storage?.remove()
  })

  /** A device: a kit with sign-in required, posting to the server, and a wallet on `key`. */
  function device(key: Hex, stored: Readonly<Record<string, string>> = {}) {
    const wallet = createTestWallet({
      privateKeys: [key],
      chains: [{ id: chain.node.chainId, rpcUrl: chain.node.url }],
    })
    wallet.announce(globals.window as EventTarget)
    const env = createVirtualEnv({ startAt: Date.now(), storage: stored })
    const kit = createKit({
      plugins: [
        eip155({
          chains: [localChain(chain.node.chainId, chain.node.url)],
          rpcUrls: { [chain.node.chainId]: [chain.node.url] },
        }),
      ],
      env,
      features: [
        siwx({
          required: true,
          domain: DOMAIN,
          uri: URI,
          ...createGangwaySessions({ baseUrl: server.url, storage: env.storage }),
        }),
      ],
    }) as unknown as Kit<readonly [ReturnType<typeof siwx>]>
    kits.push(kit)
    return { kit, env, wallet }
  }

  test('default: the kit signs in through the server; a device that never signed in is asked, one holding its token reads the sessions back; a sign-out revokes', async () => {
    const key = generatePrivateKey()
    const first = device(key)
    first.kit.open()
    await first.kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
    await expect.poll(() => first.kit.getState().router.view).toBe('SIWXSignMessage')
    const session = await first.kit.features.siwx.signIn()
    const address = first.wallet.addresses[0]!
    expect(await keptFor(address)).toBe(1)

    // Another device, nothing stored: it cannot show it is the visitor, so it is asked to sign.
    globals.window = new EventTarget()
    const second = device(key)
    second.kit.open()
    await second.kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
    await expect.poll(() => second.kit.getState().router.view).toBe('SIWXSignMessage')
    const secondSession = await second.kit.features.siwx.signIn()
    expect(await keptFor(address)).toBe(2)

    // The second device loses the kit's sessions but keeps its token: the server hands the
    // account's sessions back to it, and it is not asked again.
    const tokenKey = `gangway:siwx-tokens:eip155:${address.toLowerCase()}`
    const token = second.env.storage.getItem(tokenKey)
    expect(token).toMatch(/^\{"eip155:\d+":"[A-Za-z0-9_-]+"\}$/)
    globals.window = new EventTarget()
    const third = device(key, { [tokenKey]: token! })
    third.kit.open()
    await third.kit.connect({ namespace: 'eip155', connectorId: 'dev.gangway.testwallet' })
    await expect.poll(() => third.kit.getState().siwx?.sessions.length).toBe(1)
    expect([session.signature, secondSession.signature]).toContain(
      third.kit.getState().siwx?.sessions[0]?.signature,
    )
    expect(third.kit.getState().router.view).not.toBe('SIWXSignMessage')

    // The first device signs out: its token revokes its own session on the server.
    await first.kit.disconnect()
    await expect.poll(() => keptFor(address)).toBe(1)
  })

  test('behavior: tampered, foreign, unissued, expired and replayed sessions are refused with their code; nothing is kept', async () => {
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    const good = await siweSession(key)
    const flipped = `${good.signature.slice(0, -2)}${good.signature.endsWith('1b') ? '1c' : '1b'}`
    const refusals = [
      [{ ...good, signature: flipped }, 401, 'INVALID_SIGNATURE'],
      [await siweSession(key, { domain: 'evil.example' }), 401, 'WRONG_DOMAIN'],
      [await siweSession(key, { nonce: 'NeverIssued1' }), 401, 'WRONG_NONCE'],
      [await siweSession(key, { expiresInMs: -1_000 }), 401, 'EXPIRED'],
      [{ data: good.data }, 400, 'MALFORMED_SESSION'],
    ] as const
    for (const [session, status, code] of refusals) {
      const answer = await post('/v1/sessions', session)
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code })
    }
    expect(await keptFor(address)).toBe(0)
    // None of the refusals spent the nonce: the genuine session is accepted, once.
    const accepted = await post('/v1/sessions', good)
    expect(accepted.status).toBe(200)
    expect(await post('/v1/sessions', good)).toMatchObject({
      status: 401,
      body: { code: 'NONCE_REUSED' },
    })
    expect((await sessionsOf(address, accepted.body.token as string)).body).toEqual({
      sessions: [good],
    })
  })

  test('behavior: an account’s sessions go only to a caller holding a live token of it, and only those for the token’s site', async () => {
    const [alice, bob] = [generatePrivateKey(), generatePrivateKey()]
    const aliceAddress = privateKeyToAccount(alice).address
    const signIn = async (key: Hex, domain = DOMAIN) => {
      const session = await siweSession(key, { domain })
      return { session, token: (await post('/v1/sessions', session)).body.token as string }
    }
    const shop = await signIn(alice)
    const tickets = await signIn(alice, OTHER_DOMAIN)
    const bobs = await signIn(bob)
    const unauthorized = { status: 401, body: { code: 'UNAUTHORIZED' } }
    // Anyone else: no token, a made-up one, another account's.
    expect(await request(`/v1/sessions/${aliceAddress}`)).toMatchObject(unauthorized)
    const madeUp = toHex(crypto.getRandomValues(new Uint8Array(24))).slice(2)
    expect(await sessionsOf(aliceAddress, madeUp)).toMatchObject(unauthorized)
    expect(await sessionsOf(aliceAddress, bobs.token)).toMatchObject(unauthorized)
    // The visitor, with the token of their sign-in on the shop: the shop's sessions only.
    const second = await signIn(alice)
    expect((await sessionsOf(aliceAddress, shop.token)).body).toEqual({
      sessions: [second.session, shop.session],
    })
    expect((await sessionsOf(aliceAddress, tickets.token)).body).toEqual({
      sessions: [tickets.session],
    })
    // A revoked token shows nothing any more.
    await post(`/v1/sessions/${aliceAddress}/revoke`, {}, { authorization: `Bearer ${shop.token}` })
    expect(await sessionsOf(aliceAddress, shop.token)).toMatchObject(unauthorized)
    expect((await sessionsOf(aliceAddress, second.token)).body).toEqual({
      sessions: [second.session],
    })
  })

  test('behavior: the same session posted to two requests at once is accepted exactly once', async () => {
    const session = await siweSession(generatePrivateKey())
    const answers = await Promise.all([1, 2, 3].map(() => post('/v1/sessions', session)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401])
  })

  test('behavior: revocation needs a token of the account: none, a forged one and another account’s are refused', async () => {
    const [alice, bob] = [generatePrivateKey(), generatePrivateKey()]
    const aliceToken = (await post('/v1/sessions', await siweSession(alice))).body.token as string
    const bobToken = (await post('/v1/sessions', await siweSession(bob))).body.token as string
    const aliceAddress = privateKeyToAccount(alice).address
    const revoke = (token?: string, body: unknown = {}) =>
      post(
        `/v1/sessions/${aliceAddress}/revoke`,
        body,
        token ? { authorization: `Bearer ${token}` } : {},
      )
    expect((await revoke()).body.code).toBe('UNAUTHORIZED')
    expect((await revoke(toHex(crypto.getRandomValues(new Uint8Array(24))).slice(2))).status).toBe(
      401,
    )
    expect((await revoke(bobToken)).body.code).toBe('UNAUTHORIZED')
    expect(await keptFor(aliceAddress)).toBe(1)
    // A second session of Alice's, then sign out everywhere with the first one's token.
    await post('/v1/sessions', await siweSession(alice))
    expect((await revoke(aliceToken, { all: true })).body).toEqual({ revoked: 2 })
    expect(await keptFor(aliceAddress)).toBe(0)
  })

  test('behavior: a revocation body sent in chunks (no content-length) is read like any other', async () => {
    const alice = generatePrivateKey()
    const aliceAddress = privateKeyToAccount(alice).address
    const token = (await post('/v1/sessions', await siweSession(alice))).body.token as string
    await post('/v1/sessions', await siweSession(alice))
    const response = await fetch(`${server.url}/v1/sessions/${aliceAddress}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: new Blob([JSON.stringify({ all: true })]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(await response.json()).toEqual({ revoked: 2 })
  })

  test('behavior: a revoked or expired session’s token revokes nothing, not even with all: true', async () => {
    const alice = generatePrivateKey()
    const aliceAddress = privateKeyToAccount(alice).address
    const revoke = (token: string, body: unknown = {}) =>
      post(`/v1/sessions/${aliceAddress}/revoke`, body, { authorization: `Bearer ${token}` })
    const signIn = async (expiresInMs?: number) =>
      (await post('/v1/sessions', await siweSession(alice, expiresInMs ? { expiresInMs } : {})))
        .body.token as string
    const revokedToken = await signIn()
    const expiringToken = await signIn(1_500)
    const liveToken = await signIn()
    expect((await revoke(revokedToken)).body).toEqual({ revoked: 1 })
    // The revoked token again, asking for every session: refused, and nothing more stops counting.
    expect(await revoke(revokedToken, { all: true })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    })
    // The expiring session ends on its own (the server stops listing it); its token is then dead.
    await expect
      .poll(async () => (await sessionsOf(aliceAddress, liveToken)).body.sessions, {
        timeout: 5_000,
      })
      .toHaveLength(1)
    expect(await revoke(expiringToken, { all: true })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    })
    expect(await keptFor(aliceAddress)).toBe(1)
    // The live session's token still signs out everywhere.
    expect((await revoke(liveToken, { all: true })).body).toEqual({ revoked: 1 })
  })

  test('behavior: a NUL in chainId is bad input (400), on the read path and in a revocation', async () => {
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    const token = (await post('/v1/sessions', await siweSession(key))).body.token as string
    const read = await sessionsOf(
      address,
      token,
      `?chainId=${encodeURIComponent(`${chain.chainId}\u0000`)}`,
    )
    expect(read).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } })
    expect(read.body.message).toContain('query.chainId')
    const revoked = await post(
      `/v1/sessions/${address}/revoke`,
      { chainId: `${chain.chainId}\u0000` },
      { authorization: `Bearer ${token}` },
    )
    expect(revoked).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } })
    // Nothing was revoked.
    expect((await sessionsOf(address, token)).body.sessions).toHaveLength(1)
  })

  /** A second server on its own storage, with the limits given and a clock the test moves. */
  async function limitedServer(siwxLimits: Record<string, number>) {
    const clock = { now: Date.now() }
    // PGlite takes a global `window` for a browser's (see afterEach).
    globals.window = originalWindow
    const own = await createTestStorage(kind)
    const limited = await startTestServer(
      own,
      {
        ...chainConfig(chain),
        indexer: { enabled: false },
        trustedProxies: ['loopback'],
        siwx: { domains: [DOMAIN], ...siwxLimits },
      },
      { now: () => clock.now },
    )
    const nonceFrom = async (source: string) => {
      const response = await fetch(`${limited.url}/v1/sessions/nonce`, {
        method: 'POST',
        headers: { 'x-forwarded-for': source },
      })
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as Record<string, unknown>,
      }
    }
    return {
      server: limited,
      clock,
      nonceFrom,
      close: async () => {
        await limited.close()
        own.remove()
      },
    }
  }

  test('behavior: one network source past its nonce budget gets 429 RATE_LIMITED; another source still gets nonces', async () => {
    const { clock, nonceFrom, close } = await limitedServer({
      nonceBurstPerSource: 3,
      noncesPerSourcePerHour: 60,
    })
    try {
      const flood = '203.0.113.7'
      for (let index = 0; index < 3; index += 1) expect((await nonceFrom(flood)).status).toBe(200)
      expect(await nonceFrom(flood)).toEqual({
        status: 429,
        retryAfter: '60',
        body: {
          code: 'RATE_LIMITED',
          message: 'Too many sign-in nonces from this network; try again later',
        },
      })
      // Proxies may add their own hops before the one the trusted proxy appended: only the last counts.
      expect((await nonceFrom(`${flood}, 198.51.100.2`)).status).toBe(200)
      expect((await nonceFrom('2001:db8:1:2::5')).status).toBe(200)
      // A minute later the flood's source has earned one more.
      clock.now += 60_000
      expect((await nonceFrom(flood)).status).toBe(200)
      expect((await nonceFrom(flood)).status).toBe(429)
    } finally {
      await close()
    }
  })

  test('behavior: with the most unused nonces issued, new ones get 503 NONCE_LIMIT and the nonce a visitor holds still signs in', async () => {
    const {
      server: limited,
      clock,
      nonceFrom,
      close,
    } = await limitedServer({
      maxOutstandingNonces: 3,
    })
    try {
      const key = generatePrivateKey()
      const held = (await nonceFrom('198.51.100.2')).body.nonce as string
      for (const source of ['203.0.113.1', '203.0.113.2']) {
        expect((await nonceFrom(source)).status).toBe(200)
      }
      expect(await nonceFrom('203.0.113.3')).toMatchObject({
        status: 503,
        body: { code: 'NONCE_LIMIT' },
      })
      const signedIn = await fetch(`${limited.url}/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await siweSession(key, { nonce: held })),
      })
      expect(signedIn.status).toBe(200)
      // The spent nonce freed a place; after the others expire (10 minutes) every place is free.
      expect((await nonceFrom('203.0.113.3')).status).toBe(200)
      expect((await nonceFrom('203.0.113.4')).status).toBe(503)
      clock.now += 600_000
      for (const source of ['203.0.113.5', '203.0.113.6', '203.0.113.7']) {
        expect((await nonceFrom(source)).status).toBe(200)
      }
    } finally {
      await close()
    }
  })

  test('behavior: a Sign-In With Solana session is verified with ed25519 and kept', async () => {
    const keypair = Keypair.generate()
    const family = createSolanaSiwxFamily({ networks: [localnet] })
    const now = Date.now()
    const data = {
      accountAddress: keypair.publicKey.toBase58(),
      chainId: localnet.id,
      domain: DOMAIN,
      uri: URI,
      version: '1',
      nonce: await nonce(),
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + 3_600_000).toISOString(),
    }
    const message = family.createMessage(data)
    const signature = toBase58(
      ed25519.sign(new TextEncoder().encode(message), keypair.secretKey.slice(0, 32)),
    )
    const answer = await post('/v1/sessions', { data, message, signature })
    expect(answer).toMatchObject({
      status: 200,
      body: { address: data.accountAddress, chainId: localnet.id },
    })
    expect((await sessionsOf(data.accountAddress, answer.body.token as string)).body).toEqual({
      sessions: [{ data, message, signature }],
    })
  })
  test.each(['sr25519', 'ed25519', 'ecdsa'] as const)(
    'behavior: a Sign-In with Substrate session signed with %s as extensions sign is verified and kept; its tampered statement is refused',
    async (type) => {
      const pair = new Keyring({ type, ss58Format: substrate.ss58Prefix }).addFromSeed(
        crypto.getRandomValues(new Uint8Array(32)),
      )
      const family = createPolkadotSiwxFamily({ networks: [substrate] })
      const now = Date.now()
      const data = {
        accountAddress: pair.address,
        chainId: substrate.id,
        domain: DOMAIN,
        uri: URI,
        version: '1',
        statement: 'Sign in to the shop.',
        nonce: await nonce(),
        issuedAt: new Date(now).toISOString(),
        expirationTime: new Date(now + 3_600_000).toISOString(),
      }
      const message = family.createMessage(data)
      // signRaw of bytes: extensions sign the message wrapped in <Bytes>…</Bytes>.
      const signature = u8aToHex(
        pair.sign(u8aWrapBytes(new TextEncoder().encode(message)), { withType: true }),
      )
      const tampered = {
        data: { ...data, statement: 'Sign in to the bank.' },
        message: message.replace('the shop.', 'the bank.'),
        signature,
      }
      expect((await post('/v1/sessions', tampered)).status).toBeGreaterThanOrEqual(400)
      expect(await keptFor(pair.address)).toBe(0)
      const answer = await post('/v1/sessions', { data, message, signature })
      expect(answer).toMatchObject({
        status: 200,
        body: { address: pair.address, chainId: substrate.id },
      })
      expect((await sessionsOf(pair.address, answer.body.token as string)).body).toEqual({
        sessions: [{ data, message, signature }],
      })
    },
  )
})

test('behavior: without siwx.domains the session paths answer SIWX is not enabled', async () => {
  const storage = await createTestStorage('pglite')
  const server = await startTestServer(storage, { indexer: { enabled: false } })
  try {
    const response = await fetch(`${server.url}/v1/sessions/nonce`, { method: 'POST' })
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 404,
      body: { code: 'SIWX_NOT_ENABLED', message: 'SIWX is not enabled' },
    })
  } finally {
    await server.close()
    storage.remove()
  }
})
