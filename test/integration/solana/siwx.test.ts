/**
 * Sign-In With Solana through the kit and the site's verifier (`@gangway/kit/siwx-server`), with the
 * Solana test wallet on the local node: `solana:signIn` where the wallet offers it, `signMessage`
 * of the same text where it does not; a tampered signature, a wrong domain, a wrong nonce, an
 * expired message and a replayed nonce are each refused and nothing is stored; a reload keeps a
 * valid session and drops a forged one planted in storage.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { verifySignIn } from '@solana/wallet-standard-util'
import { Keypair } from '@solana/web3.js'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { siwx } from '../../../src/features/siwx/feature.js'
import type { SiwxParameters } from '../../../src/features/siwx/parameters.js'
import {
  createKit,
  type Kit,
  type SiwxSession,
  STORAGE_PREFIX,
  selectConnectionStatus,
} from '../../../src/index.js'
import { solana, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { fromBase58, toBase58 } from '../../../src/plugins/solana/schemas.js'
import { createSolanaSiwxFamily } from '../../../src/plugins/solana/siwx.js'
import { createSiwxVerifier } from '../../../src/siwx-server/index.js'
import { createVirtualEnv, type VirtualEnv } from '../../../src/testing/index.js'
import {
  createSolanaTestWallet,
  type SolanaTestWallet,
} from '../../../src/testing/solana/createSolanaTestWallet.js'
import { installWindowShim, until } from '../../support/solana.js'
import { createLegacyProvider } from '../../support/solanaLegacyProvider.js'

const node = inject('solana')
const window = installWindowShim()
const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
const NAME = 'Gangway Solana Test Wallet'
const DOMAIN = 'shop.example'
const URI = 'https://shop.example'
const KEY = `${STORAGE_PREFIX}siwxSessions`
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  delete window.phantom
  delete window.solana
})

type SiwxKit = Kit<readonly [ReturnType<typeof siwx>]>

function walletFor(keypair = Keypair.generate()): SolanaTestWallet {
  return createSolanaTestWallet({ keypairs: [keypair], rpcUrls: { 'solana:localnet': node.url } })
}

/** A site: its verifier (the server side) on the kit's clock, and a kit posting to it. */
function site(
  parameters: SiwxParameters = {},
  env: VirtualEnv = createVirtualEnv({ startAt: Date.now() }),
) {
  const verifier = createSiwxVerifier({
    domains: [DOMAIN],
    solana: { networks: [localnet] },
    now: () => env.clock.now(),
  })
  const accepted: SiwxSession[] = []
  const kit = createKit({
    plugins: [solana({ networks: [localnet], reconnectWaitMs: 1_000 })],
    env,
    features: [
      siwx({
        required: true,
        domain: DOMAIN,
        uri: URI,
        statement: 'Sign in to the shop.',
        getNonce: () => verifier.createNonce(),
        onSignIn: async (session) => {
          const result = await verifier.verifySignIn(session)
          if (!result.ok) throw result.error
          accepted.push(session)
        },
        ...parameters,
      }),
    ],
  }) as unknown as SiwxKit
  cleanups.push(() => kit.destroy())
  return { kit, env, verifier, accepted }
}

async function signedIn(kit: SiwxKit, connectorId = NAME) {
  kit.open()
  await kit.connect({ namespace: 'solana', connectorId })
  await until(kit, (state) => state.router.view === 'SIWXSignMessage')
  return kit.features.siwx.signIn()
}

describe('Sign-In With Solana on the local node', () => {
  test('default: the wallet signs in with solana:signIn; the site verifies it and the wallet standard agrees', async () => {
    const wallet = walletFor()
    cleanups.push(wallet.register())
    const { kit, accepted, env } = site()
    const session = await signedIn(kit)
    expect(wallet.requests.map((request) => request.method)).toContain('signIn')
    expect(session.message).toMatch(
      new RegExp(
        `^${DOMAIN} wants you to sign in with your Solana account:\\n${wallet.addresses[0]}`,
      ),
    )
    expect(session.message).toContain('Chain ID: solana:localnet')
    expect(session.data).toMatchObject({
      accountAddress: wallet.addresses[0],
      chainId: localnet.id,
    })
    expect(accepted).toEqual([session])
    expect(kit.getState().modal.isOpen).toBe(false)
    expect(JSON.parse(env.storage.dump()[KEY]!)).toEqual([session])
    // @solana/wallet-standard-util's own SIWS check accepts the same message and signature.
    const publicKey = fromBase58(session.data.accountAddress)!
    const { accountAddress: address, chainId: _chainId, ...fields } = session.data
    expect(
      verifySignIn(
        { ...fields, address, chainId: 'solana:localnet' },
        {
          account: { address, publicKey, chains: [], features: [] },
          signedMessage: new TextEncoder().encode(session.message),
          signature: fromBase58(session.signature)!,
        },
      ),
    ).toBe(true)
  })

  test('behavior: a wallet without solana:signIn (a legacy provider) signs the same text with signMessage', async () => {
    const wallet = walletFor()
    window.phantom = { solana: createLegacyProvider(wallet) }
    const { kit, accepted } = site()
    const session = await signedIn(kit, 'injected')
    const methods = wallet.requests.map((request) => request.method)
    expect(methods).toContain('signMessage')
    expect(methods).not.toContain('signIn')
    expect(session.message).toContain('Sign in to the shop.')
    expect(accepted).toEqual([session])
  })

  test('behavior: a refusal in the wallet reads Signature declined and stores nothing', async () => {
    const wallet = walletFor()
    cleanups.push(wallet.register())
    const { kit, env, accepted } = site()
    kit.open()
    await kit.connect({ namespace: 'solana', connectorId: NAME })
    await until(kit, (state) => state.router.view === 'SIWXSignMessage')
    wallet.features.rejectRequests = true
    await expect(kit.features.siwx.signIn()).rejects.toMatchObject({
      code: 'USER_REJECTED',
      userMessage: 'Signature declined',
    })
    expect(accepted).toEqual([])
    expect(env.storage.dump()[KEY]).toBeUndefined()
  })
})

describe('sessions the site and the kit refuse', () => {
  test('behavior: tampered signature, a forged one for a small-order key, wrong domain, wrong nonce, expired message and replayed nonce are refused; nothing is stored', async () => {
    const wallet = walletFor()
    cleanups.push(wallet.register())
    const first = site()
    const good = await signedIn(first.kit)
    const { verifier } = first
    const signature = fromBase58(good.signature)!
    signature[0] = signature[0]! ^ 1
    const keypair = Keypair.generate()
    const signed = async (overrides: Partial<SiwxSession['data']>): Promise<SiwxSession> => {
      const data = { ...good.data, accountAddress: keypair.publicKey.toBase58(), ...overrides }
      const message = createSolanaSiwxFamily({ networks: [localnet] }).createMessage(data)
      const bytes = ed25519.sign(new TextEncoder().encode(message), keypair.secretKey.slice(0, 32))
      return { data, message, signature: toBase58(bytes) }
    }
    const now = first.env.clock.now()
    // R = identity, S = 0 under the all-zero key: verifies for any message with ZIP-215 rules.
    const smallOrder = { ...good.data, accountAddress: '11111111111111111111111111111111' }
    smallOrder.nonce = await verifier.createNonce()
    const identitySignature = new Uint8Array(64)
    identitySignature[0] = 1
    const forgedForSmallOrderKey = {
      data: smallOrder,
      message: createSolanaSiwxFamily({ networks: [localnet] }).createMessage(smallOrder),
      signature: toBase58(identitySignature),
    }
    const refused = [
      [forgedForSmallOrderKey, 'INVALID_SIGNATURE'],
      [{ ...good, signature: toBase58(signature) }, 'INVALID_SIGNATURE'],
      [
        await signed({ domain: 'evil.example', nonce: await verifier.createNonce() }),
        'WRONG_DOMAIN',
      ],
      [await signed({ nonce: 'NeverIssued1' }), 'WRONG_NONCE'],
      [
        await signed({
          nonce: await verifier.createNonce(),
          issuedAt: new Date(now - 7_200_000).toISOString(),
          expirationTime: new Date(now - 1_000).toISOString(),
        }),
        'EXPIRED',
      ],
      [good, 'NONCE_REUSED'],
    ] as const
    for (const [session, code] of refused) {
      expect(await verifier.verifySignIn(session)).toMatchObject({ ok: false, error: { code } })
    }

    // A second visitor's kit, handed the spent nonce (a replay of the first exchange).
    const other = walletFor(keypair)
    cleanups.push(other.register())
    const second = site({
      getNonce: async () => good.data.nonce,
      onSignIn: async (session) => {
        const result = await verifier.verifySignIn(session)
        if (!result.ok) throw result.error
      },
    })
    second.kit.open()
    await second.kit.connect({ namespace: 'solana', connectorId: NAME })
    await until(second.kit, (state) => state.router.view === 'SIWXSignMessage')
    await expect(second.kit.features.siwx.signIn()).rejects.toMatchObject({
      code: 'SIWX_VERIFICATION_FAILED',
      details: expect.stringContaining('NONCE_REUSED'),
    })
    // The kit refuses the same bad sessions when handed them, and keeps nothing.
    for (const [session] of refused.slice(0, 3)) {
      await expect(second.kit.features.siwx.addSession(session)).rejects.toMatchObject({
        code: 'SIWX_VERIFICATION_FAILED',
      })
    }
    expect(second.kit.getState().siwx?.sessions).toEqual([])
    expect(second.env.storage.dump()[KEY]).toBeUndefined()
  })
})

describe('reload', () => {
  test('behavior: a reload keeps a valid session (no prompt) and drops a forged one planted in storage', async () => {
    const wallet = walletFor()
    cleanups.push(wallet.register())
    const first = site()
    const session = await signedIn(first.kit)
    first.kit.destroy()
    const stored = first.env.storage.dump()

    // Reload: the stored session is verified again and counts; the silent reconnect asks nothing.
    const kept = site({}, createVirtualEnv({ startAt: first.env.clock.now(), storage: stored }))
    const settled = (state: ReturnType<SiwxKit['getState']>) =>
      selectConnectionStatus(state) === 'connected' && state.siwx?.unverified.length === 0
    await until(kept.kit, settled)
    expect(kept.kit.getState().siwx?.sessions).toEqual([session])
    expect(kept.kit.log.replay().map((event) => event.type)).not.toContain('siwx/signInRequested')
    expect(kept.kit.getState().modal.isOpen).toBe(false)
    kept.kit.destroy()

    // A forged session planted in storage: same fields, someone else's signature.
    const impostor = Keypair.generate()
    const forged = {
      ...session,
      signature: toBase58(
        ed25519.sign(new TextEncoder().encode(session.message), impostor.secretKey.slice(0, 32)),
      ),
    }
    const env = createVirtualEnv({
      startAt: first.env.clock.now(),
      storage: { ...stored, [KEY]: JSON.stringify([forged]) },
    })
    const dropped = site({}, env)
    await until(dropped.kit, settled)
    expect(dropped.kit.getState().siwx?.sessions).toEqual([])
    const checked = dropped.kit.log
      .replay()
      .find((event) => event.type === 'siwx/storedSessionsChecked')
    expect(checked?.payload).toMatchObject({ kept: [], dropped: [{ code: 'INVALID_SIGNATURE' }] })
    expect(env.storage.dump()[KEY]).toBeUndefined()
    expect(dropped.kit.getState().router.view).toBe('SIWXSignMessage')
  })
})
