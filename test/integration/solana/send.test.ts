import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { selectSendForm } from '../../../src/features/send/index.js'
import { createKit, fromScaledInteger, type Kit } from '../../../src/index.js'
import { solana, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { createSolanaTestWallet } from '../../../src/testing/solana/createSolanaTestWallet.js'
import { recordSnackTexts, snackText } from '../../support/events.js'
import {
  connectionTo,
  funderOf,
  fundOwner,
  installWindowShim,
  until,
} from '../../support/solana.js'

const node = inject('solana')
installWindowShim()
const connection = connectionTo(node.url)
const funder = funderOf(node.funder)
const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
const NAME = 'Gangway Solana Test Wallet'
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

const tokenHoldings = [
  { mint: node.tokenMint, program: 'token' as const, amount: 25_000_000n },
  { mint: node.token2022Mint, program: 'token-2022' as const, amount: 1_234n },
  { mint: node.wholeMint, program: 'token' as const, amount: 7n },
]

/** A connected kit whose wallet holds `owner`, with its first balance read. */
async function connected(owner: Keypair, omitFeatures?: readonly string[]) {
  const wallet = createSolanaTestWallet({
    keypairs: [owner],
    rpcUrls: { 'solana:localnet': node.url },
    ...(omitFeatures ? { omitFeatures } : {}),
  })
  cleanups.push(wallet.register())
  const kit = createKit({
    plugins: [solana({ networks: [localnet] })],
    tokens: [
      {
        chainId: localnet.id,
        address: node.tokenMint,
        symbol: 'GWS',
        name: 'Gangway SPL',
        decimals: 6,
      },
    ],
    env: createVirtualEnv(),
  })
  cleanups.push(() => kit.destroy())
  await kit.connect({ namespace: 'solana', connectorId: NAME })
  await until(kit, (state) => state.namespaces.entities.solana!.accountState.balance !== null)
  return { kit, wallet }
}

const account = (kit: Kit) => kit.getState().namespaces.entities.solana!.accountState
const token = (kit: Kit, mint: string) =>
  account(kit).tokenBalance.find((entry) => entry.address === mint)
const solOf = async (key: PublicKey) =>
  fromScaledInteger(BigInt(await connection.getBalance(key)), 9)
const tokenOf = async (owner: PublicKey, mint: string, program = TOKEN_PROGRAM_ID) => {
  const address = getAssociatedTokenAddressSync(new PublicKey(mint), owner, true, program)
  return (await connection.getTokenAccountBalance(address)).value.uiAmountString
}

describe('balances', () => {
  test('default: SOL and SPL balances (both token programs) equal the node’s; 0-decimal tokens are left out', async () => {
    const owner = await fundOwner(connection, funder, 3, tokenHoldings)
    const { kit } = await connected(owner)
    expect(account(kit).balance).toBe(await solOf(owner.publicKey))
    expect(account(kit).balanceSymbol).toBe('SOL')
    expect(token(kit, node.tokenMint)).toMatchObject({
      symbol: 'GWS',
      name: 'Gangway SPL',
      quantity: { decimals: '6', numeric: await tokenOf(owner.publicKey, node.tokenMint) },
    })
    expect(token(kit, node.token2022Mint)?.quantity).toEqual({
      decimals: '2',
      numeric: await tokenOf(owner.publicKey, node.token2022Mint, TOKEN_2022_PROGRAM_ID),
    })
    expect(token(kit, node.wholeMint)).toBeUndefined()
  })
  test('behavior: a node that cannot be reached gives Token Balance Unavailable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const unreachable = solanaLocalnet({
      genesisHash: node.genesisHash,
      rpcUrl: `http://127.0.0.1:${port}`,
    })
    const wallet = createSolanaTestWallet({
      keypairs: [Keypair.generate()],
      rpcUrls: { 'solana:localnet': node.url },
    })
    cleanups.push(wallet.register())
    const kit = createKit({
      plugins: [solana({ networks: [unreachable] })],
      env: createVirtualEnv(),
    })
    cleanups.push(() => kit.destroy())
    const failed = new Promise<unknown>((resolve) => {
      const subscription = kit.events$.subscribe((event) => {
        if (event.type === 'balance/failed') resolve(event.payload.error)
      })
      cleanups.push(() => subscription.unsubscribe())
    })
    await kit.connect({ namespace: 'solana', connectorId: NAME })
    expect(await failed).toMatchObject({
      code: 'TOKEN_BALANCE_UNAVAILABLE',
      userMessage: 'Token Balance Unavailable',
    })
    expect(account(kit).balance).toBeNull()
  })
})

describe('send', () => {
  test('behavior: SOL to a new account moves balances on chain and in the kit', async () => {
    const owner = await fundOwner(connection, funder, 3)
    const { kit } = await connected(owner)
    const receiver = Keypair.generate().publicKey
    const snacks = recordSnackTexts(kit)
    await kit.features.send.send({ to: receiver.toBase58(), amount: '1.25' })
    expect(await connection.getBalance(receiver)).toBe(1.25 * LAMPORTS_PER_SOL)
    const left = await solOf(owner.publicKey)
    expect(left).toBe('1.749995') // 3 − 1.25 − the 5000-lamport fee
    await until(kit, () => account(kit).balance === left)
    expect(kit.getState().snack.variant).toBe('success')
    // The snack said so while the transaction was on its way, and is gone once it is confirmed
    // (it never sits beside the confirmation).
    expect(snacks.texts).toContain('Transaction started')
    await expect.poll(() => snackText(kit.getState())).not.toBe('Transaction started')
    snacks.stop()
    // The Account view's "Transaction confirmed" line: the confirmation reaches the send's record.
    await until(kit, () => selectSendForm(kit.getState())?.last?.status === 'success')
  })

  test('behavior: a wallet that can only sign (no signAndSendTransaction) still sends; the kit submits the signed transaction', async () => {
    const owner = await fundOwner(connection, funder, 2)
    const { kit, wallet } = await connected(owner, ['solana:signAndSendTransaction'])
    const receiver = Keypair.generate().publicKey
    const { hash } = await kit.features.send.send({ to: receiver.toBase58(), amount: '0.5' })
    expect(await connection.getBalance(receiver)).toBe(0.5 * LAMPORTS_PER_SOL)
    expect(wallet.requests.map((request) => request.method)).toContain('signTransaction')
    expect(wallet.requests.map((request) => request.method)).not.toContain('signAndSendTransaction')
    const status = await connection.getSignatureStatus(hash, { searchTransactionHistory: true })
    expect(status.value?.err).toBeNull()
  })

  test('behavior: SPL tokens to a receiver without a token account create it; Token-2022 too', async () => {
    const owner = await fundOwner(connection, funder, 2, tokenHoldings)
    const { kit } = await connected(owner)
    const receiver = Keypair.generate().publicKey
    await kit.features.send.send({
      to: receiver.toBase58(),
      amount: '2.5',
      token: token(kit, node.tokenMint)!,
    })
    expect(await tokenOf(receiver, node.tokenMint)).toBe('2.5')
    await until(kit, () => token(kit, node.tokenMint)?.quantity.numeric === '22.5')
    await kit.features.send.send({
      to: receiver.toBase58(),
      amount: '0.34',
      token: token(kit, node.token2022Mint)!,
    })
    expect(await tokenOf(receiver, node.token2022Mint, TOKEN_2022_PROGRAM_ID)).toBe('0.34')
    // The receiver's account now exists: a second send does not create it again.
    await kit.features.send.send({
      to: receiver.toBase58(),
      amount: '0.5',
      token: token(kit, node.tokenMint)!,
    })
    expect(await tokenOf(receiver, node.tokenMint)).toBe('3')
    await until(kit, () => token(kit, node.token2022Mint)?.quantity.numeric === '12')
  })

  test('behavior: a tiny SOL transfer to a new account is refused before the wallet opens', async () => {
    const owner = await fundOwner(connection, funder, 1)
    const { kit, wallet } = await connected(owner)
    const receiver = Keypair.generate().publicKey
    await expect(
      kit.features.send.send({ to: receiver.toBase58(), amount: '0.000001' }),
    ).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
      userMessage: 'Incorrect amount / Please enter a valid amount',
      details: 'A new account needs at least 0.00089088 SOL (the rent-exempt minimum).',
    })
    expect(wallet.requests.map((request) => request.method)).not.toContain('signAndSendTransaction')
    expect(await connection.getBalance(receiver)).toBe(0)
  })

  test('behavior: more than the balance and an invalid receiver give the spec’s text, and nothing is sent', async () => {
    const owner = await fundOwner(connection, funder, 1, tokenHoldings)
    const { kit, wallet } = await connected(owner)
    const receiver = Keypair.generate().publicKey.toBase58()
    await expect(kit.features.send.send({ to: receiver, amount: '5' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      userMessage: 'Insufficient balance',
    })
    await expect(
      kit.features.send.send({ to: receiver, amount: '26', token: token(kit, node.tokenMint)! }),
    ).rejects.toMatchObject({ userMessage: 'Insufficient balance' })
    // The whole balance leaves nothing for the fee.
    await expect(kit.features.send.send({ to: receiver, amount: '1' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_GAS',
      userMessage: 'Insufficient balance',
    })
    for (const to of ['not-an-address', 'z'.repeat(44), '']) {
      await expect(kit.features.send.send({ to, amount: '0.1' })).rejects.toMatchObject({
        code: 'INVALID_SEND_INPUT',
        userMessage: 'Please enter a valid amount and receiver address',
      })
    }
    expect(wallet.requests.map((request) => request.method)).not.toContain('signAndSendTransaction')
    expect(await solOf(owner.publicKey)).toBe('1')
  })

  test('behavior: a send the wallet rejects is USER_REJECTED and moves nothing', async () => {
    const owner = await fundOwner(connection, funder, 1)
    const { kit, wallet } = await connected(owner)
    wallet.features.rejectRequests = true
    await expect(
      kit.features.send.send({ to: Keypair.generate().publicKey.toBase58(), amount: '0.1' }),
    ).rejects.toMatchObject({ code: 'USER_REJECTED', plugin: 'solana' })
    expect(await solOf(owner.publicKey)).toBe('1')
  })
})
