/**
 * A Solana account's history from the data service (issue 22 item 20, §9: activity chains are
 * eip155 and solana): transfers made anywhere (here plain `@solana/web3.js` transactions, never
 * the kit) read from the local Solana node the solana tests share, through a relay in front of it
 * that can spoil one answer the way a faulty or hostile node would.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import {
  type Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createLogger } from '../../server/log.js'
import type { RunningServer } from '../../server/startServer.js'
import { connectionTo, funderOf, fundOwner } from '../support/solana.js'
import {
  createTestStorage,
  STORAGE_KINDS,
  startTestServer,
  type TestStorage,
} from './support/harness.js'

const solana = inject('solana')
const networkId = `solana:${solana.genesisHash.slice(0, 32)}`
const SYMBOL = 'STS'
const TOKEN_DECIMALS = 6
let connection: Connection
let funder: Keypair

/**
 * What the relay spoils: transactions by signature, signature lists by address; and the addresses
 * whose next list comes from a node one slot behind (a load-balanced RPC).
 */
const spoiled = {
  transactions: new Set<string>(),
  lists: new Set<string>(),
  lagging: new Set<string>(),
}
let relay: Server
let relayUrl: string

/**
 * A JSON-RPC relay to the node: passes every call through, except that it gives a spoiled
 * transaction a fee that is no number and adds an item that is no signature to a spoiled list.
 */
async function startRelay(target: string) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const call = JSON.parse(body) as { id: unknown; method: string; params: unknown[] }
      const listed = String(call.params?.[0])
      if (call.method === 'getSignaturesForAddress' && spoiled.lagging.delete(listed)) {
        // A node behind refuses a call naming a slot it has not reached, and otherwise answers
        // from the past: here, before the address's last transaction.
        const minContextSlot = (call.params[1] as { minContextSlot?: number } | undefined)
          ?.minContextSlot
        const reply =
          minContextSlot === undefined
            ? { jsonrpc: '2.0', id: call.id, result: [] }
            : {
                jsonrpc: '2.0',
                id: call.id,
                error: {
                  code: -32016,
                  message: 'Minimum context slot has not been reached',
                  data: { contextSlot: minContextSlot - 1 },
                },
              }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
        return
      }
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).then((reply) => reply.json() as Promise<{ result: unknown }>)
      if (call.method === 'getTransaction' && spoiled.transactions.has(String(call.params[0]))) {
        ;(answer.result as { meta: { fee: unknown } }).meta.fee = 'a lot'
      }
      if (call.method === 'getSignaturesForAddress' && spoiled.lists.has(String(call.params[0]))) {
        ;(answer.result as unknown[]).splice(0, 0, { signature: 'not a signature', slot: -1 })
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

/** Sends `sol` SOL from `from` to `to` with a plain web3.js transfer; resolves with its signature. */
const sendSol = (from: Keypair, to: PublicKey, sol: number) =>
  sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: from.publicKey,
        toPubkey: to,
        lamports: Math.round(sol * LAMPORTS_PER_SOL),
      }),
    ),
    [from],
  )

/** Sends `amount` base units of the test mint from `from` to `to` (creating `to`'s account). */
function sendToken(from: Keypair, to: PublicKey, amount: bigint) {
  const mint = new PublicKey(solana.tokenMint)
  const source = getAssociatedTokenAddressSync(mint, from.publicKey)
  const destination = getAssociatedTokenAddressSync(mint, to)
  return sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(from.publicKey, destination, to, mint),
      createTransferCheckedInstruction(
        source,
        mint,
        destination,
        from.publicKey,
        amount,
        TOKEN_DECIMALS,
        [],
        TOKEN_PROGRAM_ID,
      ),
    ),
    [from],
  )
}

interface Page {
  data: {
    id: string
    metadata: Record<string, unknown>
    transfers: {
      fungible_info: { symbol: string; address?: string }
      quantity: { numeric: string }
      direction: string
    }[]
  }[]
  next: string | null
  complete: boolean
}

beforeAll(async () => {
  connection = connectionTo(solana.url)
  funder = funderOf(solana.funder)
  relay = await startRelay(solana.url)
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`
})
afterAll(async () => {
  relay?.closeAllConnections()
  await new Promise((resolve) => relay?.close(resolve))
})

describe.each(STORAGE_KINDS)('solana history on %s', (kind) => {
  let storage: TestStorage
  let server: RunningServer
  const logged: Record<string, unknown>[] = []
  const history = async (address: string, query = '') => {
    const response = await fetch(
      `${server.url}/v1/account/${address}/history?chainId=${networkId}${query}`,
    )
    return { status: response.status, body: (await response.json()) as Page }
  }

  beforeAll(async () => {
    storage = await createTestStorage(kind)
    server = await startTestServer(
      storage,
      {
        chains: [{ id: networkId, name: 'Solana Localnet', rpcUrl: relayUrl }],
        tokens: [
          {
            chainId: networkId,
            address: solana.tokenMint,
            name: 'Solana Test Token',
            symbol: SYMBOL,
            decimals: TOKEN_DECIMALS,
          },
        ],
        indexer: { pollIntervalMs: 100 },
      },
      {
        log: createLogger('warn', (line) => {
          logged.push(JSON.parse(line) as Record<string, unknown>)
        }),
      },
    )
  })
  afterAll(async () => {
    await server?.close()
    storage?.remove()
  })

  test('behavior: a SOL transfer made outside the kit is listed for the receiver and the sender, with amount, direction and fee', async () => {
    const alice = await fundOwner(connection, funder, 2)
    const bob = Keypair.generate()
    const signature = await sendSol(alice, bob.publicKey, 0.25)

    const received = await history(bob.publicKey.toBase58())
    expect(received.status).toBe(200)
    expect(received.body.complete).toBe(true)
    expect(received.body.data).toHaveLength(1)
    const [entry] = received.body.data
    expect(entry!.id).toBe(signature)
    expect(entry!.metadata).toMatchObject({
      chain: networkId,
      operationType: 'receive',
      status: 'confirmed',
      sentFrom: alice.publicKey.toBase58(),
      sentTo: bob.publicKey.toBase58(),
      // Only the fee payer pays.
      fee: '0',
    })
    const slot = (await connection.getTransaction(signature, { commitment: 'confirmed' }))!.slot
    expect(entry!.metadata.blockNumber).toBe(slot)
    expect(Date.parse(String(entry!.metadata.minedAt))).toBeGreaterThan(Date.now() - 120_000)
    expect(entry!.transfers).toEqual([
      { fungible_info: { symbol: 'SOL' }, quantity: { numeric: '0.25' }, direction: 'in' },
    ])

    const sent = await history(alice.publicKey.toBase58())
    const out = sent.body.data.find((item) => item.id === signature)
    expect(out?.metadata).toMatchObject({ operationType: 'send', fee: '0.000005' })
    expect(out?.transfers).toEqual([
      { fungible_info: { symbol: 'SOL' }, quantity: { numeric: '0.25' }, direction: 'out' },
    ])
  })

  test('behavior: an SPL transfer is listed from the token balances, named as configured, both ways', async () => {
    const alice = await fundOwner(connection, funder, 1, [
      { mint: solana.tokenMint, program: 'token', amount: 10_000_000n },
    ])
    const bob = Keypair.generate()
    const signature = await sendToken(alice, bob.publicKey, 1_500_000n)

    const received = await history(bob.publicKey.toBase58())
    expect(received.body.data.map((item) => item.id)).toEqual([signature])
    expect(received.body.data[0]!.metadata).toMatchObject({
      operationType: 'receive',
      sentFrom: alice.publicKey.toBase58(),
      sentTo: bob.publicKey.toBase58(),
      fee: '0',
    })
    expect(received.body.data[0]!.transfers).toEqual([
      {
        fungible_info: { symbol: SYMBOL, address: solana.tokenMint },
        quantity: { numeric: '1.5' },
        direction: 'in',
      },
    ])

    const sent = await history(alice.publicKey.toBase58())
    // Newest first: the transfer, then the mint that funded alice (from the mint itself).
    expect(sent.body.data.map((item) => item.metadata.operationType)).toEqual(['send', 'receive'])
    expect(sent.body.data[0]!.id).toBe(signature)
    expect(sent.body.data[0]!.metadata.fee).toBe('0.000005')
    expect(sent.body.data[0]!.transfers).toEqual([
      {
        fungible_info: { symbol: SYMBOL, address: solana.tokenMint },
        quantity: { numeric: '1.5' },
        direction: 'out',
      },
    ])
    expect(sent.body.data[1]!.metadata.sentFrom).toBe(solana.tokenMint)
    expect(sent.body.data[1]!.transfers[0]!.quantity.numeric).toBe('10')
  })

  test('behavior: a transfer landing after the account was first listed is in its next page', async () => {
    const alice = await fundOwner(connection, funder, 2)
    const erin = Keypair.generate()
    const before = await history(erin.publicKey.toBase58())
    expect(before.body).toMatchObject({ data: [], complete: true })
    const signature = await sendSol(alice, erin.publicKey, 0.3)
    const after = await history(erin.publicKey.toBase58())
    expect(after.body.data.map((item) => item.id)).toEqual([signature])
  })

  test('behavior: a node behind the slot the step reads to is asked again, and nothing is missed', async () => {
    const alice = await fundOwner(connection, funder, 2)
    const frank = Keypair.generate()
    const signature = await sendSol(alice, frank.publicKey, 0.2)
    spoiled.lagging.add(frank.publicKey.toBase58())
    const page = await history(frank.publicKey.toBase58())
    expect(spoiled.lagging.has(frank.publicKey.toBase58())).toBe(false)
    expect(page.body.data.map((item) => item.id)).toEqual([signature])
    expect(logged.map((line) => line.msg)).not.toContain('indexer: solana address not synced')
  })

  test('behavior: pages follow the cursor newest first to the end, without gaps or repeats', async () => {
    const alice = await fundOwner(connection, funder, 2)
    const carol = Keypair.generate()
    const sent: string[] = []
    for (let index = 1; index <= 5; index += 1) {
      sent.push(await sendSol(alice, carol.publicKey, index / 100))
    }
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = `&limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const page = await history(carol.publicKey.toBase58(), query)
      expect(page.status).toBe(200)
      seen.push(...page.body.data.map((item) => item.id))
      cursor = page.body.next
      pages += 1
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen).toEqual([...sent].reverse())
  })

  test('behavior: a malformed node answer is skipped, the rest listed, and the skip logged', async () => {
    const alice = await fundOwner(connection, funder, 2)
    const dave = Keypair.generate()
    const kept = await sendSol(alice, dave.publicKey, 0.5)
    const spoilt = await sendSol(alice, dave.publicKey, 0.75)
    spoiled.transactions.add(spoilt)
    spoiled.lists.add(dave.publicKey.toBase58())

    const page = await history(dave.publicKey.toBase58())
    expect(page.status).toBe(200)
    expect(page.body.complete).toBe(true)
    expect(page.body.data.map((item) => item.id)).toEqual([kept])
    expect(page.body.data[0]!.transfers[0]!.quantity.numeric).toBe('0.5')
    const warnings = logged.map((line) => line.msg)
    expect(warnings).toContain('indexer: malformed solana transaction skipped')
    expect(warnings).toContain('indexer: malformed solana signatures skipped')
  })

  test('parameters: an address of another family than the chain, or no 32-byte key, is refused; balances stay eip155', async () => {
    const wrongFamily = await fetch(
      `${server.url}/v1/account/0x${'ab'.repeat(20)}/history?chainId=${networkId}`,
    )
    expect(wrongFamily.status).toBe(400)
    expect(await wrongFamily.json()).toMatchObject({ code: 'INVALID_REQUEST' })
    // Balances stay eip155 (decision 0304): the solana chain is no balance chain of an 0x address.
    const balance = await fetch(`${server.url}/v1/account/0x${'ab'.repeat(20)}/balance`)
    expect(balance.status).toBe(200)
    expect(await balance.json()).toEqual({ balances: [] })
    const tooLong = await fetch(`${server.url}/v1/account/${'z'.repeat(44)}/history`)
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      message: 'path.address: not a 32-byte Solana address',
    })
  })
})
