/**
 * Sign-In with Substrate through the kit and the site's verifier (`@gangway/kit/siwx-server`),
 * with the Polkadot test extension signing by `signRaw` (sr25519, ed25519, ecdsa): the session
 * verifies with `signatureVerify`; a tampered message, a tampered signature, another account's
 * signature and an address written with another network's prefix are refused.
 */
import { encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { siwx } from '../../../src/features/siwx/feature.js'
import { createKit, type Kit, type SiwxSession } from '../../../src/index.js'
import { polkadot } from '../../../src/plugins/polkadot/index.js'
import { createPolkadotSiwxFamily } from '../../../src/plugins/polkadot/siwx.js'
import { createSiwxVerifier } from '../../../src/siwx-server/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { createPolkadotTestExtension } from '../../../src/testing/polkadot/createPolkadotTestExtension.js'
import { freshUri, LOCAL_NETWORK_ID, localnetOf } from '../../support/polkadot.js'
import { installWindowShim, until } from '../../support/solana.js'

const node = inject('polkadot')
installWindowShim()
const localnet = localnetOf(node)
const DOMAIN = 'shop.example'
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

type SiwxKit = Kit<readonly [ReturnType<typeof siwx>]>

function site(type: 'sr25519' | 'ed25519' | 'ecdsa' = 'sr25519') {
  const env = createVirtualEnv({ startAt: Date.now() })
  const extension = createPolkadotTestExtension({ keys: [{ uri: freshUri(), type }] })
  cleanups.push(extension.install())
  const verifier = createSiwxVerifier({
    domains: [DOMAIN],
    polkadot: { networks: [localnet] },
    now: () => env.clock.now(),
  })
  const accepted: SiwxSession[] = []
  const kit = createKit({
    plugins: [polkadot({ networks: [localnet] })],
    env,
    features: [
      siwx({
        required: true,
        domain: DOMAIN,
        uri: `https://${DOMAIN}`,
        statement: 'Sign in to the shop.',
        getNonce: () => verifier.createNonce(),
        onSignIn: async (session) => {
          const result = await verifier.verifySignIn(session)
          if (!result.ok) throw result.error
          accepted.push(session)
        },
      }),
    ],
  }) as unknown as SiwxKit
  cleanups.push(() => kit.destroy())
  return { kit, extension, verifier, accepted }
}

async function signedIn(kit: SiwxKit) {
  kit.open()
  await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
  await until(kit, (state) => state.router.view === 'SIWXSignMessage')
  return kit.features.siwx.signIn()
}

describe('Sign-In with Substrate on the local node', () => {
  test.each(['sr25519', 'ed25519', 'ecdsa'] as const)(
    'default: a %s account signs in with signRaw; the site verifies it, and so does signatureVerify',
    async (type) => {
      const { kit, extension, accepted } = site(type)
      const session = await signedIn(kit)
      const address = extension.addresses[0]!
      expect(session.message).toMatch(
        new RegExp(
          `^${DOMAIN} wants you to sign in with your Substrate account:\\n${address}\\n\\nSign in to the shop\\.\\n\\nURI: https://${DOMAIN}\\nVersion: 1\\nChain ID: gangway-local\\nNonce: `,
        ),
      )
      expect(session.data).toMatchObject({ accountAddress: address, chainId: LOCAL_NETWORK_ID })
      expect(extension.requests.some((request) => request.method === 'signRaw')).toBe(true)
      expect(accepted).toEqual([session])
      expect(signatureVerify(session.message, session.signature, address)).toMatchObject({
        isValid: true,
        crypto: type,
      })
    },
  )

  test('behavior: a refusal in the extension reads Signature declined and nothing is accepted', async () => {
    const { kit, extension, accepted } = site()
    kit.open()
    await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    await until(kit, (state) => state.router.view === 'SIWXSignMessage')
    extension.features.rejectRequests = true
    await expect(kit.features.siwx.signIn()).rejects.toMatchObject({
      code: 'USER_REJECTED',
      userMessage: 'Signature declined',
    })
    expect(accepted).toEqual([])
  })

  test('behavior: tampered message, tampered signature, another key’s signature and another prefix are refused', async () => {
    const { kit, verifier } = site()
    const session = await signedIn(kit)
    const other = site()
    const otherSession = await signedIn(other.kit)
    const check = (changed: SiwxSession) => verifier.verifySession(changed)
    expect((await check(session)).ok).toBe(true)
    const tamperedStatement = session.message.replace(
      'Sign in to the shop.',
      'Sign in to the bank.',
    )
    expect(
      await check({
        ...session,
        message: tamperedStatement,
        data: { ...session.data, statement: 'Sign in to the bank.' },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SIGNATURE' },
    })
    const flipped = `${session.signature.slice(0, -2)}${session.signature.endsWith('00') ? '01' : '00'}`
    expect(await check({ ...session, signature: flipped })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SIGNATURE' },
    })
    expect(await check({ ...session, signature: otherSession.signature })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SIGNATURE' },
    })
    // The same account written with Polkadot's prefix is not this network's address.
    const prefixZero = encodeAddress(session.data.accountAddress, 0)
    expect(
      await check({
        ...session,
        message: session.message.replace(session.data.accountAddress, prefixZero),
        data: { ...session.data, accountAddress: prefixZero },
      }),
    ).toMatchObject({ ok: false, error: { code: 'MALFORMED_MESSAGE' } })
  })

  test('behavior: the family writes back every message it reads byte for byte', () => {
    const family = createPolkadotSiwxFamily({ networks: [localnet] })
    const fields: Parameters<typeof family.createMessage>[0] = {
      accountAddress: encodeAddress(new Uint8Array(32).fill(7), 42),
      chainId: LOCAL_NETWORK_ID,
      domain: DOMAIN,
      uri: `https://${DOMAIN}/login`,
      version: '1',
      nonce: 'n0nce1234',
      issuedAt: '2026-11-26T10:00:00.000Z',
      expirationTime: '2026-11-26T11:00:00.000Z',
      requestId: 'r-1',
      resources: ['https://shop.example/terms', 'ipfs://bafy'],
    }
    const message = family.createMessage(fields)
    expect(family.parseMessage(message)).toEqual(fields)
    expect(family.createMessage(family.parseMessage(message)!)).toBe(message)
    expect(() => family.createMessage({ ...fields, statement: 'two\nlines' })).toThrow()
    expect(
      family.parseMessage(message.replace('Chain ID: gangway-local', 'Chain ID: other')),
    ).toBeUndefined()
  })
})
