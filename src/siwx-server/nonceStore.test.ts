import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { expect, test } from 'vitest'
import { createSiwxVerifier } from './createSiwxVerifier.js'
import { createMemoryNonceStore, NonceLimitError } from './nonceStore.js'

const TTL_MS = 600_000

/** A signed EIP-4361 session for the nonce, by a fresh key (no node needed: a key pair). */
async function signedSession(nonce: string, now: number) {
  const signer = privateKeyToAccount(generatePrivateKey())
  const issuedAt = new Date(now - 1_000)
  const expirationTime = new Date(now + 3_600_000)
  const message = createSiweMessage({
    address: signer.address,
    chainId: 1,
    domain: 'shop.example',
    uri: 'https://shop.example',
    version: '1',
    nonce,
    issuedAt,
    expirationTime,
  })
  return {
    data: {
      accountAddress: signer.address,
      chainId: 'eip155:1',
      domain: 'shop.example',
      uri: 'https://shop.example',
      version: '1',
      nonce,
      issuedAt: issuedAt.toISOString(),
      expirationTime: expirationTime.toISOString(),
    },
    message,
    signature: await signer.signMessage({ message }),
  }
}

test('behavior: a flood of createNonce calls never evicts the nonce of a sign-in in progress; the flood is refused instead', async () => {
  let now = Date.now()
  const verifier = createSiwxVerifier({
    domains: ['shop.example'],
    nonces: createMemoryNonceStore({ limit: 1_000, now: () => now }),
    nonceTtlMs: TTL_MS,
    now: () => now,
  })
  const visitors = await verifier.createNonce()
  const refusals: unknown[] = []
  for (let index = 0; index < 10_000; index += 1) {
    await verifier.createNonce().catch((error: unknown) => refusals.push(error))
  }
  expect(refusals).toHaveLength(10_000 - 999)
  expect(refusals[0]).toBeInstanceOf(NonceLimitError)
  expect(refusals[0]).toMatchObject({ code: 'NONCE_LIMIT', reason: 'full' })
  // The visitor signs with the nonce it was given before the flood: accepted, once.
  const session = await signedSession(visitors, now)
  expect(await verifier.verifySignIn(session)).toMatchObject({ ok: true })
  expect(await verifier.verifySignIn(session)).toMatchObject({
    ok: false,
    error: { code: 'NONCE_REUSED' },
  })
  // Once the flood's nonces expire there is room again.
  now += TTL_MS
  await expect(verifier.createNonce()).resolves.toMatch(/^[A-Za-z0-9]{22}$/)
})

test('behavior: the default store holds 100,000 nonces and refuses the next one', async () => {
  const store = createMemoryNonceStore()
  const expiresAt = Date.now() + TTL_MS
  for (let index = 0; index < 100_000; index += 1) await store.issue(`Nonce${index}x`, expiresAt)
  await expect(store.issue('OneTooMany01', expiresAt)).rejects.toThrow(NonceLimitError)
  expect(await store.spend('Nonce0x', Date.now())).toBe('accepted')
})

test('behavior: one source holds at most its quota of unused nonces; another source still gets one, and a spent nonce frees a place', async () => {
  let now = 5_000
  const store = createMemoryNonceStore({ perSource: 3, now: () => now })
  for (const nonce of ['Flood0000001', 'Flood0000002', 'Flood0000003']) {
    await store.issue(nonce, now + TTL_MS, '203.0.113.7')
  }
  await expect(store.issue('Flood0000004', now + TTL_MS, '203.0.113.7')).rejects.toMatchObject({
    code: 'NONCE_LIMIT',
    reason: 'source',
  })
  await store.issue('Visitor00001', now + TTL_MS, '198.51.100.2')
  expect(await store.spend('Visitor00001', now)).toBe('accepted')
  // Spending one gives the source its place back; so does expiry.
  expect(await store.spend('Flood0000001', now)).toBe('accepted')
  await store.issue('Flood0000005', now + TTL_MS, '203.0.113.7')
  await expect(store.issue('Flood0000006', now + TTL_MS, '203.0.113.7')).rejects.toThrow(
    NonceLimitError,
  )
  now += TTL_MS
  await store.issue('Flood0000007', now + TTL_MS, '203.0.113.7')
  expect(await store.spend('Flood0000002', now)).toBe('unknown')
})

test('behavior: a verifier passes the source to its store', async () => {
  const store = createMemoryNonceStore({ perSource: 1 })
  const verifier = createSiwxVerifier({ domains: ['shop.example'], nonces: store })
  await verifier.createNonce({ source: '192.0.2.1' })
  await expect(verifier.createNonce({ source: '192.0.2.1' })).rejects.toThrow(NonceLimitError)
  await expect(verifier.createNonce({ source: '192.0.2.2' })).resolves.toMatch(/^[A-Za-z0-9]+$/)
})
