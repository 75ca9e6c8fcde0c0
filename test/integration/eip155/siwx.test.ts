/**
 * Sign in with Ethereum (EIP-4361) against anvil, through the kit and the site's verifier
 * (`@gangway/kit/siwx-server`): a key pair, a deployed ERC-1271 account and an undeployed ERC-6492 one
 * sign in; a tampered signature, a wrong domain, a wrong nonce, an expired message and a replayed
 * nonce are each refused, and nothing is stored.
 */
import { type Address, type Hex, isErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterEach, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import { siwx } from '../../../src/features/siwx/feature.js'
import type { SiwxParameters } from '../../../src/features/siwx/parameters.js'
import { createKit, type Kit, type SiwxSession, STORAGE_PREFIX } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createSiwxVerifier, type SiwxVerifier } from '../../../src/siwx-server/index.js'
import { createTestWallet, createVirtualEnv, type VirtualEnv } from '../../../src/testing/index.js'
import { localChain } from '../../support/eip155.js'
import {
  deployTestAccounts,
  saltOf,
  smartAccountWallet,
  type TestAccounts,
} from '../../support/siwx.js'

const nodes = inject('eip155')
const chain = localChain(nodes.main.chainId, nodes.main.url)
const sideChain = localChain(nodes.side.chainId, nodes.side.url)
const rpcUrls = { [nodes.main.chainId]: nodes.main.url, [nodes.side.chainId]: nodes.side.url }
const DOMAIN = 'shop.example'
const URI = 'https://shop.example'
const KEY = `${STORAGE_PREFIX}siwxSessions`

const globals = globalThis as { window?: unknown }
let window: EventTarget
const kits: Kit[] = []
let accounts: TestAccounts

beforeAll(async () => {
  accounts = await deployTestAccounts(nodes.main)
})
beforeEach(() => {
  window = new EventTarget()
  globals.window = window
})
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/** The same signature with the other recovery id: valid for some other key, not the signer's. */
const flipV = (signature: string) =>
  `${signature.slice(0, -2)}${signature.endsWith('1b') ? '1c' : '1b'}`

type SiwxKit = Kit<readonly [ReturnType<typeof siwx>]>

/** A site: its verifier (the server side) on the kit's clock, and the kit posting to it. */
function site(
  parameters: SiwxParameters = {},
  env: VirtualEnv = createVirtualEnv({ startAt: Date.now() }),
) {
  const verifier = createSiwxVerifier({
    domains: [DOMAIN],
    eip155: { rpcUrls },
    now: () => env.clock.now(),
  })
  const accepted: SiwxSession[] = []
  const kit = createKit({
    plugins: [
      eip155({
        chains: [chain, sideChain],
        rpcUrls: Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [id, [url]])),
      }),
    ],
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
  kits.push(kit)
  return { kit, env, verifier, accepted }
}

function walletFor(privateKey: Hex = generatePrivateKey()) {
  return createTestWallet({
    privateKeys: [privateKey],
    chains: [
      { id: nodes.main.chainId, rpcUrl: nodes.main.url },
      { id: nodes.side.chainId, rpcUrl: nodes.side.url },
    ],
  })
}

async function signedIn(kit: SiwxKit, connectorId: string) {
  kit.open()
  await kit.connect({ namespace: 'eip155', connectorId })
  // The sign view opens once the feature's code has loaded and found no session.
  await expect.poll(() => kit.getState().router.view).toBe('SIWXSignMessage')
  return kit.features.siwx.signIn()
}

describe('EIP-4361 sign-in on anvil', () => {
  test('default: a key pair signs in; the site verifies the same session, and the sign view closes', async () => {
    const wallet = walletFor()
    wallet.announce(window)
    const { kit, accepted, env } = site()
    const session = await signedIn(kit, 'dev.gangway.testwallet')
    expect(session.message).toContain(`${DOMAIN} wants you to sign in with your Ethereum account:`)
    expect(session.message).toContain('Sign in to the shop.')
    expect(session.data).toMatchObject({
      accountAddress: wallet.addresses[0],
      chainId: `eip155:${nodes.main.chainId}`,
      domain: DOMAIN,
      uri: URI,
    })
    expect(accepted).toEqual([session])
    expect(kit.getState().modal.isOpen).toBe(false)
    expect(JSON.parse(env.storage.dump()[KEY]!)).toEqual([session])
  })

  test('behavior: a deployed ERC-1271 account signs in, checked on the node', async () => {
    const owner = walletFor()
    const account = await accounts.deploy(owner.addresses[0]!, saltOf('deployed'))
    expect(await accounts.reader.getCode({ address: account })).not.toBe(undefined)
    smartAccountWallet(owner, account).announce(window)
    const { kit, accepted, verifier } = site()
    const session = await signedIn(kit, 'dev.gangway.smartaccount')
    expect(session.data.accountAddress).toBe(account)
    expect(isErc6492Signature(session.signature as Hex)).toBe(false)
    expect(accepted).toHaveLength(1)
    // The same signature does not make another account's session.
    const other = await accounts.addressOf(owner.addresses[0]!, saltOf('never'))
    const result = await verifier.verifySession({
      ...session,
      data: { ...session.data, accountAddress: other },
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'MESSAGE_MISMATCH' } })
  })

  test('behavior: an undeployed ERC-6492 account signs in and stays undeployed', async () => {
    const owner = walletFor()
    const salt = saltOf(`counterfactual-${Math.random()}`)
    const account = await accounts.addressOf(owner.addresses[0]!, salt)
    smartAccountWallet(owner, account, { factory: accounts.factory, salt }).announce(window)
    const { kit, accepted } = site()
    const session = await signedIn(kit, 'dev.gangway.smartaccount')
    expect(isErc6492Signature(session.signature as Hex)).toBe(true)
    expect(session.data.accountAddress).toBe(account)
    expect(accepted).toHaveLength(1)
    expect(await accounts.reader.getCode({ address: account })).toBeUndefined()
  })

  test('behavior: the kit refuses a wallet that signs another text than the site’s message (another nonce); nothing is stored', async () => {
    const wallet = walletFor()
    const original = wallet.provider.request.bind(wallet.provider)
    // A wallet that signs its own message instead of the site's: same fields, another nonce.
    ;(wallet.provider as { request: unknown }).request = async (args: {
      method: string
      params?: unknown
    }) => {
      if (args.method !== 'personal_sign') return original(args as never)
      const [hex, address] = args.params as [Hex, Address]
      const text = Buffer.from(hex.slice(2), 'hex').toString('utf8')
      const swapped = text.replace(/\nNonce: [A-Za-z0-9]+/, '\nNonce: WalletChosen1')
      return original({
        method: 'personal_sign',
        params: [`0x${Buffer.from(swapped).toString('hex')}`, address],
      } as never)
    }
    wallet.announce(window)
    const { kit, accepted, env } = site()
    await expect(signedIn(kit, 'dev.gangway.testwallet')).rejects.toMatchObject({
      code: 'SIWX_VERIFICATION_FAILED',
      details: expect.stringMatching(/^INVALID_SIGNATURE/),
    })
    expect(accepted).toEqual([])
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(env.storage.dump()[KEY]).toBeUndefined()
  })

  test('behavior: a replayed nonce is refused by the site and the kit stores nothing', async () => {
    const wallet = walletFor()
    wallet.announce(window)
    const first = site()
    await signedIn(first.kit, 'dev.gangway.testwallet')
    const spent = first.accepted[0]!.data.nonce
    // The second sign-in is handed the spent nonce (an attacker replaying the first exchange).
    const second = site({
      getNonce: async () => spent,
      onSignIn: async (session) => {
        const result = await first.verifier.verifySignIn(session)
        if (!result.ok) throw result.error
      },
    })
    await expect(signedIn(second.kit, 'dev.gangway.testwallet')).rejects.toMatchObject({
      code: 'SIWX_VERIFICATION_FAILED',
      details: expect.stringContaining('NONCE_REUSED'),
    })
    expect(second.kit.getState().siwx?.sessions).toEqual([])
    expect(second.env.storage.dump()[KEY]).toBeUndefined()
    // And the accepted session itself cannot be posted again.
    expect(await first.verifier.verifySignIn(first.accepted[0])).toMatchObject({
      ok: false,
      error: { code: 'NONCE_REUSED' },
    })
  })
})

test('behavior: switching network to one without a session asks again; back to the signed one does not', async () => {
  const wallet = walletFor()
  wallet.announce(window)
  const { kit, accepted } = site()
  await signedIn(kit, 'dev.gangway.testwallet')
  await kit.switchNetwork(`eip155:${nodes.side.chainId}`)
  await expect.poll(() => kit.getState().router.view).toBe('SIWXSignMessage')
  expect(kit.getState().modal.isOpen).toBe(true)
  const side = await kit.features.siwx.signIn()
  expect(side.data.chainId).toBe(`eip155:${nodes.side.chainId}`)
  expect(kit.getState().modal.isOpen).toBe(false)
  // Back on the first network: its session still counts, and §4 decides at once, asking nothing.
  await kit.switchNetwork(`eip155:${nodes.main.chainId}`)
  const asked = kit.log.replay().filter((event) => event.type === 'siwx/signInRequested')
  expect(asked).toHaveLength(2)
  expect(kit.getState().modal.isOpen).toBe(false)
  expect(accepted.map((session) => session.data.chainId)).toEqual([
    `eip155:${nodes.main.chainId}`,
    `eip155:${nodes.side.chainId}`,
  ])
})

describe('sessions the site refuses', () => {
  const signer = privateKeyToAccount(generatePrivateKey())
  let verifier: SiwxVerifier

  beforeEach(() => {
    verifier = createSiwxVerifier({ domains: [DOMAIN], eip155: { rpcUrls } })
  })

  async function sessionOf(
    fields: { domain?: string; nonce?: string; expirationTime?: Date } = {},
  ): Promise<SiwxSession> {
    const now = Date.now()
    const message = createSiweMessage({
      address: signer.address,
      chainId: nodes.main.chainId,
      domain: fields.domain ?? DOMAIN,
      uri: URI,
      version: '1',
      nonce: fields.nonce ?? (await verifier.createNonce()),
      issuedAt: new Date(now - 60_000),
      expirationTime: fields.expirationTime ?? new Date(now + 3_600_000),
    })
    const expirationTime = (fields.expirationTime ?? new Date(now + 3_600_000)).toISOString()
    return {
      data: {
        accountAddress: signer.address,
        chainId: `eip155:${nodes.main.chainId}`,
        domain: fields.domain ?? DOMAIN,
        uri: URI,
        version: '1',
        nonce: /\nNonce: ([^\n]+)/.exec(message)![1]!,
        issuedAt: new Date(now - 60_000).toISOString(),
        expirationTime,
      },
      message,
      signature: await signer.signMessage({ message }),
    }
  }

  test('default: a well-made session verifies once', async () => {
    const session = await sessionOf()
    expect(await verifier.verifySignIn(session)).toMatchObject({
      ok: true,
      address: signer.address,
      chainId: `eip155:${nodes.main.chainId}`,
    })
  })

  test('behavior: tampered signature, wrong domain, wrong nonce, expired message and replayed nonce are refused', async () => {
    const good = await sessionOf()
    const tampered = { ...good, signature: flipV(good.signature) }
    expect(await verifier.verifySignIn(tampered)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SIGNATURE' },
    })
    expect(await verifier.verifySignIn(await sessionOf({ domain: 'evil.example' }))).toMatchObject({
      ok: false,
      error: { code: 'WRONG_DOMAIN' },
    })
    expect(await verifier.verifySignIn(await sessionOf({ nonce: 'NeverIssued1' }))).toMatchObject({
      ok: false,
      error: { code: 'WRONG_NONCE' },
    })
    expect(
      await verifier.verifySignIn(
        await sessionOf({ expirationTime: new Date(Date.now() - 1_000) }),
      ),
    ).toMatchObject({ ok: false, error: { code: 'EXPIRED' } })
    // The tampered attempt did not spend the nonce: the genuine session still goes through, once.
    expect(await verifier.verifySignIn(good)).toMatchObject({ ok: true })
    expect(await verifier.verifySignIn(good)).toMatchObject({
      ok: false,
      error: { code: 'NONCE_REUSED' },
    })
  })

  test('behavior: a kit handed a refused session keeps nothing', async () => {
    const env = createVirtualEnv({ startAt: Date.now() })
    const { kit } = site({}, env)
    await kit.loadFeature('siwx')
    const good = await sessionOf()
    for (const bad of [
      { ...good, signature: flipV(good.signature) },
      await sessionOf({ domain: 'evil.example' }),
      await sessionOf({ expirationTime: new Date(env.clock.now() - 1) }),
      { ...good, data: { ...good.data, nonce: 'Different01' } },
    ]) {
      await expect(kit.features.siwx.addSession(bad)).rejects.toMatchObject({
        code: 'SIWX_VERIFICATION_FAILED',
      })
    }
    expect(kit.getState().siwx?.sessions).toEqual([])
    expect(env.storage.dump()[KEY]).toBeUndefined()
  })
})
