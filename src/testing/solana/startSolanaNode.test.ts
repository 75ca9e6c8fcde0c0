import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, unpackAccount } from '@solana/spl-token'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { type SolanaNode, startSolanaNode } from './startSolanaNode.js'

let node: SolanaNode
let connection: Connection

beforeAll(async () => {
  node = await startSolanaNode({ accounts: 2 })
  connection = new Connection(node.url, 'confirmed')
})
afterAll(() => node.stop())

const transfer = (lamports: number, to = Keypair.generate().publicKey) =>
  new Transaction().add(
    SystemProgram.transfer({ fromPubkey: node.keypairs[0]!.publicKey, toPubkey: to, lamports }),
  )

test('default: funded accounts, genesis hash and the network id web3.js sees', async () => {
  expect(await connection.getBalance(node.keypairs[1]!.publicKey)).toBe(1_000 * LAMPORTS_PER_SOL)
  expect(await connection.getGenesisHash()).toBe(node.genesisHash)
  expect(node.networkId).toBe(`solana:${node.genesisHash.slice(0, 32)}`)
  expect(node.wsUrl).toBe(`ws://127.0.0.1:${node.port + 1}`)
})

test('behavior: sendAndConfirmTransaction confirms over the WebSocket, twice with one cached blockhash', async () => {
  const receiver = Keypair.generate().publicKey
  const rent = await connection.getMinimumBalanceForRentExemption(0)
  const first = await sendAndConfirmTransaction(connection, transfer(rent, receiver), [
    node.keypairs[0]!,
  ])
  // The identical second transfer gets a fresh blockhash only because the node expired the first.
  const second = await sendAndConfirmTransaction(connection, transfer(rent, receiver), [
    node.keypairs[0]!,
  ])
  expect(second).not.toBe(first)
  expect(await connection.getBalance(receiver)).toBe(2 * rent)
  const statuses = await connection.getSignatureStatuses([first, 'unknown'])
  expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  expect(statuses.value[1]).toBeNull()
})

test('behavior: real rent rules: a tiny transfer to a new account fails with the logs, and nothing moves', async () => {
  const receiver = Keypair.generate().publicKey
  const before = await connection.getBalance(node.keypairs[0]!.publicKey)
  const error = await sendAndConfirmTransaction(connection, transfer(1, receiver), [
    node.keypairs[0]!,
  ]).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(SendTransactionError)
  expect((error as SendTransactionError).message).toContain('InsufficientFundsForRent')
  expect(await connection.getBalance(receiver)).toBe(0)
  expect(await connection.getBalance(node.keypairs[0]!.publicKey)).toBe(before)
})

test('behavior: mints under both token programs are found by getTokenAccountsByOwner', async () => {
  const owner = node.keypairs[1]!.publicKey
  const classic = await node.createMint({ decimals: 6, holders: [{ owner, amount: 2_500_000n }] })
  const modern = await node.createMint({
    decimals: 2,
    program: 'token-2022',
    holders: [{ owner, amount: 1234n }],
  })
  for (const [programId, mint, amount] of [
    [TOKEN_PROGRAM_ID, classic, 2_500_000n],
    [TOKEN_2022_PROGRAM_ID, modern, 1234n],
  ] as const) {
    const { value } = await connection.getTokenAccountsByOwner(owner, { programId })
    const found = value.map(({ pubkey, account }) => unpackAccount(pubkey, account, programId))
    expect(found.find((account) => account.mint.equals(mint))?.amount).toBe(amount)
  }
  const byMint = await connection.getTokenAccountsByOwner(owner, { mint: modern })
  expect(byMint.value).toHaveLength(1)
  expect((await connection.getTokenAccountBalance(byMint.value[0]!.pubkey)).value).toMatchObject({
    amount: '1234',
    decimals: 2,
    uiAmountString: '12.34',
  })
})

test('behavior: a landed transaction is listed by getSignaturesForAddress (newest first, paged) and read by getTransaction, parsed', async () => {
  const receiver = Keypair.generate().publicKey
  const rent = await connection.getMinimumBalanceForRentExemption(0)
  const sent: string[] = []
  for (let index = 1; index <= 3; index += 1) {
    sent.push(
      await sendAndConfirmTransaction(connection, transfer(rent * index, receiver), [
        node.keypairs[0]!,
      ]),
    )
  }
  const listed = await connection.getSignaturesForAddress(receiver)
  expect(listed.map((entry) => entry.signature)).toEqual([...sent].reverse())
  expect(listed[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  const older = await connection.getSignaturesForAddress(receiver, { before: sent[2], limit: 1 })
  expect(older.map((entry) => entry.signature)).toEqual([sent[1]])
  const newer = await connection.getSignaturesForAddress(receiver, { until: sent[0] })
  expect(newer.map((entry) => entry.signature)).toEqual([sent[2], sent[1]])

  const parsed = await connection.getParsedTransaction(sent[1]!, 'confirmed')
  expect(parsed?.slot).toBe(listed[1]!.slot)
  expect(parsed?.meta).toMatchObject({ err: null, fee: 5000 })
  expect(parsed?.meta?.postBalances[1]).toBe(3 * rent)
  expect(parsed?.transaction.message.instructions[0]).toMatchObject({
    program: 'system',
    parsed: {
      type: 'transfer',
      info: {
        source: node.keypairs[0]!.publicKey.toBase58(),
        destination: receiver.toBase58(),
        lamports: 2 * rent,
      },
    },
  })
  // A transaction refused in preflight never landed: nothing lists it.
  const failing = await sendAndConfirmTransaction(connection, transfer(1), [node.keypairs[0]!])
    .then(() => 'landed')
    .catch(() => 'refused')
  expect(failing).toBe('refused')
  expect(await connection.getSignaturesForAddress(receiver)).toHaveLength(3)
  expect(await connection.getTransaction('1'.repeat(64), { commitment: 'confirmed' })).toBeNull()
})

test('behavior: the confirmed slot is a finished one: a transaction sent after reading it lands in a later slot', async () => {
  const confirmed = await connection.getSlot('confirmed')
  const signature = await sendAndConfirmTransaction(
    connection,
    transfer(await connection.getMinimumBalanceForRentExemption(0)),
    [node.keypairs[0]!],
  )
  const landed = await connection.getTransaction(signature, { commitment: 'confirmed' })
  expect(landed!.slot).toBeGreaterThan(confirmed)
  expect(await connection.getSlot('confirmed')).toBeGreaterThanOrEqual(landed!.slot)
  expect(await connection.getSlot('processed')).toBe(landed!.slot + 1)
})

test('behavior: a token movement shows in the token balances around it', async () => {
  const owner = Keypair.generate().publicKey
  const mint = await node.createMint({ decimals: 3, holders: [{ owner, amount: 4_200n }] })
  const [minted] = await connection.getSignaturesForAddress(owner)
  const parsed = await connection.getParsedTransaction(minted!.signature, 'confirmed')
  expect(parsed?.meta?.preTokenBalances).toEqual([])
  expect(parsed?.meta?.postTokenBalances).toMatchObject([
    {
      mint: mint.toBase58(),
      owner: owner.toBase58(),
      uiTokenAmount: { amount: '4200', decimals: 3, uiAmountString: '4.2' },
    },
  ])
})

test('behavior: unknown methods answer -32601; simulation accepts an unsigned transaction', async () => {
  const response = await fetch(node.url, {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'getBlockProduction' }),
  })
  expect(await response.json()).toMatchObject({ id: 7, error: { code: -32601 } })
  const tx = transfer(LAMPORTS_PER_SOL)
  tx.feePayer = node.keypairs[0]!.publicKey
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
  const simulated = await connection.simulateTransaction(tx)
  expect(simulated.value.err).toBeNull()
})

test('behavior: stop closes both ports, ending sockets with a normal closure so clients do not reconnect', async () => {
  const other = await startSolanaNode({ accounts: 1 })
  const socket = new WebSocket(other.wsUrl)
  await new Promise((resolve) => socket.once('open', resolve))
  const closed = new Promise<number>((resolve) => socket.once('close', resolve))
  await other.stop()
  expect(await closed).toBe(1000)
  await expect(fetch(other.url, { method: 'POST', body: '{}' })).rejects.toThrow()
  await other.stop()
})
