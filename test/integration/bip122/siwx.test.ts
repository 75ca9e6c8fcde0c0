/**
 * Sign-in with a Bitcoin wallet (CAIP-122 text, BIP-322 signature) through the kit and the site's
 * verifier (`@gangway/kit/siwx-server`): the Bitcoin test wallet on the local regtest node in each of
 * its shapes and address kinds; an independent signer and verifier (bip322-js) agree with it; a
 * tampered signature, another key, another message, a wrong domain, a wrong nonce and a replayed
 * nonce are each refused.
 */

import * as ecc from '@bitcoinerlab/secp256k1'
import { Signer, Verifier } from 'bip322-js'
import { payments } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { afterEach, describe, expect, test } from 'vitest'
import { siwx } from '../../../src/features/siwx/feature.js'
import { createKit, type Kit, type SiwxSession } from '../../../src/kernel/index.js'
import { bip122, bitcoinMainnet, bitcoinRegtest } from '../../../src/plugins/bip122/index.js'
import { createBip122SiwxFamily, createSiwxVerifier } from '../../../src/siwx-server/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { bitcoinNode, freshKey, installedWallet } from '../../support/bitcoin.js'
import { installWindowShim, until } from '../../support/solana.js'

installWindowShim()
const node = bitcoinNode()
const regtest = bitcoinRegtest({ esploraUrl: node.esploraUrl, genesisHash: node.genesisHash })
const NAME = 'Gangway Bitcoin Test Wallet'
const DOMAIN = 'shop.example'
const URI = 'https://shop.example'
const ECPair = ECPairFactory(ecc)
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

type SiwxKit = Kit<readonly [ReturnType<typeof siwx>]>

/** A site: its verifier (the server side) on the kit's clock, and a kit posting to it. */
function site() {
  const env = createVirtualEnv({ startAt: Date.now() })
  const verifier = createSiwxVerifier({
    domains: [DOMAIN],
    bip122: { networks: [regtest] },
    now: () => env.clock.now(),
  })
  const accepted: SiwxSession[] = []
  const kit = createKit({
    plugins: [bip122({ networks: [regtest] })],
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
      }),
    ],
  }) as unknown as SiwxKit
  cleanups.push(() => kit.destroy())
  return { kit, env, verifier, accepted }
}

async function signedIn(kit: SiwxKit, connectorId = NAME) {
  kit.open()
  await kit.connect({ namespace: 'bip122', connectorId })
  await until(kit, (state) => state.router.view === 'SIWXSignMessage')
  return kit.features.siwx.signIn()
}

describe('sign-in with a Bitcoin wallet on the local node', () => {
  test('default: the wallet signs the CAIP-122 text with BIP-322; the site verifies it and bip322-js agrees', async () => {
    const installed = installedWallet()
    cleanups.push(installed.uninstall)
    const { kit, accepted } = site()
    const session = await signedIn(kit)
    expect(session.message).toMatch(
      new RegExp(
        `^${DOMAIN} wants you to sign in with your Bitcoin account:\\n${installed.payment.address}\\n`,
      ),
    )
    expect(session.message).toContain(`Chain ID: ${regtest.id.slice('bip122:'.length)}`)
    expect(session.data).toMatchObject({
      accountAddress: installed.payment.address,
      chainId: regtest.id,
    })
    expect(accepted).toEqual([session])
    expect(kit.getState().modal.isOpen).toBe(false)
    expect(
      Verifier.verifySignature(installed.payment.address, session.message, session.signature),
    ).toBe(true)
  })

  test.each([
    ['a p2tr payment account', { paymentType: 'p2tr' as const }, NAME],
    ['a p2sh-p2wpkh payment account', { paymentType: 'p2sh-p2wpkh' as const }, NAME],
    [
      'a p2pkh payment account (signed as wallets sign legacy addresses)',
      { paymentType: 'p2pkh' as const },
      NAME,
    ],
    ['a sats-connect provider', { shapes: ['sats' as const] }, 'GangwayTestBitcoinProvider'],
    ['a Unisat-style provider', { shapes: ['unisat' as const] }, 'unisat'],
  ])('parameters: %s signs in and the site accepts it', async (_, options, connectorId) => {
    const installed = installedWallet(options)
    cleanups.push(installed.uninstall)
    const { kit, accepted } = site()
    const session = await signedIn(kit, connectorId)
    expect(session.data.accountAddress).toBe(installed.payment.address)
    expect(accepted).toEqual([session])
  })

  test('behavior: a wallet that signs another message than the sign-in text is refused; nothing is accepted', async () => {
    const installed = installedWallet({ features: { signWrongMessage: true } })
    cleanups.push(installed.uninstall)
    const { kit, accepted } = site()
    await expect(signedIn(kit)).rejects.toMatchObject({
      code: 'UNKNOWN_ERROR',
      details: 'The wallet’s signature is not the account’s signature of the message.',
    })
    expect(accepted).toEqual([])
    expect(kit.getState().siwx?.sessions).toEqual([])
  })
})

describe('sessions the site refuses', () => {
  test('behavior: a tampered signature, another key, another message, a wrong domain, a wrong nonce and a replayed nonce are refused', async () => {
    const installed = installedWallet()
    cleanups.push(installed.uninstall)
    const { kit, verifier } = site()
    const good = await signedIn(kit)
    const family = createBip122SiwxFamily({ networks: [regtest] })
    const signed = async (overrides: Partial<SiwxSession['data']>): Promise<SiwxSession> => {
      const data = { ...good.data, ...overrides }
      const message = family.createMessage(data)
      return {
        data,
        message,
        signature: installed.wallet.signMessage(data.accountAddress, message),
      }
    }
    const tampered = Buffer.from(good.signature, 'base64')
    tampered[tampered.length - 5] = tampered[tampered.length - 5]! ^ 1
    const otherKey = installedWallet()
    otherKey.uninstall()
    const byOtherKey = await signed({ nonce: await verifier.createNonce() })
    const otherMessage = await signed({ nonce: await verifier.createNonce() })
    const refused = [
      [{ ...good, signature: tampered.toString('base64') }, 'INVALID_SIGNATURE'],
      [
        {
          ...byOtherKey,
          signature: otherKey.wallet.signMessage(otherKey.payment.address, byOtherKey.message),
        },
        'INVALID_SIGNATURE',
      ],
      [
        {
          ...otherMessage,
          // A valid signature by the right key, over the text with another statement.
          signature: installed.wallet.signMessage(
            installed.payment.address,
            family.createMessage({ ...otherMessage.data, statement: 'Send me everything.' }),
          ),
        },
        'INVALID_SIGNATURE',
      ],
      [
        await signed({ domain: 'evil.example', nonce: await verifier.createNonce() }),
        'WRONG_DOMAIN',
      ],
      [await signed({ nonce: 'NeverIssued1' }), 'WRONG_NONCE'],
      [good, 'NONCE_REUSED'],
    ] as const
    for (const [session, code] of refused) {
      expect(await verifier.verifySignIn(session)).toMatchObject({ ok: false, error: { code } })
    }
  })

  test('behavior: by default the verifier takes mainnet sign-ins signed by bip322-js and refuses a network it was not given', async () => {
    const verifier = createSiwxVerifier({ domains: [DOMAIN] })
    const key = ECPair.fromPrivateKey(Buffer.from(freshKey(), 'hex'))
    const address = payments.p2tr({ internalPubkey: Buffer.from(key.publicKey.subarray(1, 33)) })
      .address!
    const data = {
      accountAddress: address,
      chainId: bitcoinMainnet.id,
      domain: DOMAIN,
      uri: URI,
      version: '1',
      nonce: await verifier.createNonce(),
      issuedAt: new Date().toISOString(),
      expirationTime: new Date(Date.now() + 600_000).toISOString(),
    }
    const message = createBip122SiwxFamily({ networks: [bitcoinMainnet] }).createMessage(data)
    const session = { data, message, signature: String(Signer.sign(key.toWIF(), address, message)) }
    expect(await verifier.verifySignIn(session)).toMatchObject({ ok: true, address })

    const installed = installedWallet()
    installed.uninstall()
    const regtestData = {
      ...data,
      accountAddress: installed.payment.address,
      chainId: regtest.id,
      nonce: await verifier.createNonce(),
    }
    const regtestMessage = createBip122SiwxFamily({ networks: [regtest] }).createMessage(
      regtestData,
    )
    expect(
      await verifier.verifySignIn({
        data: regtestData,
        message: regtestMessage,
        signature: installed.wallet.signMessage(installed.payment.address, regtestMessage),
      }),
    ).toMatchObject({ ok: false })
  })
})
