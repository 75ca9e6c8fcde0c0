/**
 * The Gangway server and Bitcoin: the Esplora-shaped API it serves over its regtest node (the kit's
 * bip122 plugin reads balances and sends through it by URL alone, as it would a public Esplora),
 * and BIP-322 sign-ins on its session paths: accepted, read back, and refused when tampered with,
 * signed by another key or over another message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { esploraPathOf } from '../../server/bitcoin/routes.js'
import type { RunningServer } from '../../server/startServer.js'
import { selectSendQuote, send } from '../../src/features/send/index.js'
import { createKit, type SiwxSession } from '../../src/kernel/index.js'
import { bip122, bitcoinRegtest, toBip122NetworkId } from '../../src/plugins/bip122/index.js'
import { createBip122SiwxFamily } from '../../src/siwx-server/index.js'
import { bitcoinNode, installedWallet } from '../support/bitcoin.js'
import { installWindowShim, until } from '../support/solana.js'
import { createTestStorage, startTestServer, type TestStorage } from './support/harness.js'

const DOMAIN = 'shop.example'
const URI = 'https://shop.example'
const node = bitcoinNode()
const networkId = toBip122NetworkId(inject('bitcoin').genesisHash)
const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let storage: TestStorage
let server: RunningServer
const cleanups: (() => void)[] = []

beforeAll(async () => {
  storage = await createTestStorage('pglite')
  server = await startTestServer(storage, {
    indexer: { enabled: false },
    siwx: { domains: [DOMAIN] },
    bitcoin: {
      nodes: [
        {
          id: networkId,
          rpcUrl: node.rpc.url,
          rpcUser: node.rpc.user,
          rpcPassword: node.rpc.password,
        },
      ],
    },
  })
  // PGlite takes a global `window` for a browser's: the shim comes after the server started.
  installWindowShim()
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})
afterAll(async () => {
  globals.window = originalWindow
  await server?.close()
  storage?.remove()
})

const served = () =>
  bitcoinRegtest({
    esploraUrl: `${server.url}${esploraPathOf(networkId)}`,
    genesisHash: inject('bitcoin').genesisHash,
  })

describe('the Esplora-shaped API over the server’s regtest node', () => {
  test('default: the plugin reads the balance and sends through the server’s URL; the node mines what it broadcast', async () => {
    const sender = installedWallet()
    cleanups.push(sender.uninstall)
    await node.fund(sender.payment.address, 60_000n)
    await node.mine(1)
    const to = installedWallet()
    to.uninstall()
    const kit = createKit({
      plugins: [bip122({ networks: [served()], confirmationPollMs: 100 })],
      features: [send()],
    })
    cleanups.push(() => kit.destroy())
    await kit.connect({ namespace: 'bip122', connectorId: 'Gangway Bitcoin Test Wallet' })
    const connected = await until(
      kit,
      (state) => state.namespaces.entities.bip122!.accountState.balance !== null,
    )
    expect(connected.namespaces.entities.bip122!.accountState).toMatchObject({
      balance: '0.0006',
      balanceSymbol: 'BTC',
    })
    kit.features.send.setReceiver(to.payment.address)
    kit.features.send.setAmount('0.0002')
    const quoted = await until(kit, (state) => selectSendQuote(state)?.status === 'ready')
    const quote = selectSendQuote(quoted)!
    const { hash } = await kit.features.send.send()
    await node.mine(1)
    const received = (await node.get(`/address/${to.payment.address}/utxo`)) as {
      txid: string
      value: number
      status: { confirmed: boolean }
    }[]
    expect(received).toMatchObject([{ txid: hash, value: 20_000, status: { confirmed: true } }])
    const status = await fetch(`${served().rpcUrls[0]}/tx/${hash}/status`)
    expect(await status.json()).toMatchObject({ confirmed: true })
    // The sender paid exactly the amount and the fee the review showed.
    const fee = quote.status === 'ready' ? BigInt(Math.round(Number(quote.fee) * 1e8)) : -1n
    const left = (await node.get(`/address/${sender.payment.address}/utxo`)) as { value: number }[]
    expect(left.reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)).toBe(60_000n - 20_000n - fee)
  })

  test('behavior: a network the server has no node for is 404; a body that is not transaction hex is 400 and reaches no node', async () => {
    const unknown = await fetch(
      `${server.url}/v1/bip122/${'ab'.repeat(16)}/esplora/blocks/tip/height`,
    )
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'NETWORK_NOT_FOUND' })
    const notHex = await fetch(`${served().rpcUrls[0]}/tx`, {
      method: 'POST',
      body: '<script>alert(1)</script>',
    })
    expect(notHex.status).toBe(400)
    expect(await notHex.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    const tip = await fetch(`${served().rpcUrls[0]}/blocks/tip/height`)
    expect(Number(await tip.text())).toBe(
      Number(await (await fetch(`${node.esploraUrl}/blocks/tip/height`)).text()),
    )
  })
})

describe('BIP-322 sign-ins on the session paths', () => {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const family = () => createBip122SiwxFamily({ networks: [served()] })
  async function signedBy(
    wallet: ReturnType<typeof installedWallet>,
    overrides: { statement?: string } = {},
  ): Promise<SiwxSession> {
    const nonce = (await post('/v1/sessions/nonce', {})).body.nonce as string
    const data = {
      accountAddress: wallet.payment.address,
      chainId: networkId,
      domain: DOMAIN,
      uri: URI,
      version: '1',
      nonce,
      issuedAt: new Date().toISOString(),
      expirationTime: new Date(Date.now() + 600_000).toISOString(),
    }
    const message = family().createMessage(data)
    const signed = overrides.statement
      ? family().createMessage({ ...data, statement: overrides.statement })
      : message
    return {
      data,
      message,
      signature: wallet.wallet.signMessage(wallet.payment.address, signed),
    }
  }

  test.each([
    ['p2wpkh', 'p2wpkh' as const],
    ['p2tr', 'p2tr' as const],
    ['p2pkh (as wallets sign legacy addresses)', 'p2pkh' as const],
  ])(
    'default: a %s sign-in is verified, kept, and read back by the holder of its token',
    async (_, paymentType) => {
      const wallet = installedWallet({ paymentType })
      wallet.uninstall()
      const session = await signedBy(wallet)
      const accepted = await post('/v1/sessions', session)
      expect(accepted).toMatchObject({
        status: 200,
        body: { address: wallet.payment.address, chainId: networkId },
      })
      const read = await fetch(`${server.url}/v1/sessions/${wallet.payment.address}`, {
        headers: { authorization: `Bearer ${accepted.body.token as string}` },
      })
      expect(read.status).toBe(200)
      expect(await read.json()).toMatchObject({ sessions: [session] })
    },
  )

  test('behavior: a tampered signature, another key’s signature and a signature over another message are refused; nothing is kept', async () => {
    const wallet = installedWallet()
    const other = installedWallet()
    wallet.uninstall()
    other.uninstall()
    const tamperedSession = await signedBy(wallet)
    const bytes = Buffer.from(tamperedSession.signature, 'base64')
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 1
    const byOther = await signedBy(wallet)
    const refused = [
      { ...tamperedSession, signature: bytes.toString('base64') },
      {
        ...byOther,
        signature: other.wallet.signMessage(other.payment.address, byOther.message),
      },
      await signedBy(wallet, { statement: 'Send me everything.' }),
    ]
    for (const session of refused) {
      expect(await post('/v1/sessions', session)).toMatchObject({
        status: 401,
        body: { code: 'INVALID_SIGNATURE' },
      })
    }
    // The good session still goes through with a fresh nonce: the refusals kept nothing.
    expect((await post('/v1/sessions', await signedBy(wallet))).status).toBe(200)
  })
})
