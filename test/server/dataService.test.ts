import {
  createWalletClient,
  erc20Abi,
  formatEther,
  formatUnits,
  getAddress,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { RunningServer } from '../../server/startServer.js'
import { watchedAddresses } from '../../server/storage/schema.js'
import { testUniversalResolverAbi } from '../../src/testing/eip155/contracts/testUniversalResolver.js'
import { deployTestEnsResolver } from '../../src/testing/eip155/deployTestEnsResolver.js'
import { ANVIL_KEYS, localChain } from '../support/eip155.js'
import {
  chainConfig,
  createTestStorage,
  freshAddress,
  STORAGE_KINDS,
  startTestChain,
  startTestServer,
  type TestChain,
  type TestStorage,
  TOKEN_DECIMALS,
} from './support/harness.js'

const ALICE = privateKeyToAccount(ANVIL_KEYS[5]!).address
let chain: TestChain
let resolver: `0x${string}`

beforeAll(async () => {
  chain = await startTestChain()
  const walletClient = createWalletClient({
    account: privateKeyToAccount(ANVIL_KEYS[0]!),
    chain: localChain(chain.node.chainId, chain.node.url),
    transport: http(chain.node.url),
  })
  ;({ address: resolver } = await deployTestEnsResolver({
    walletClient,
    publicClient: chain.reader,
    records: [{ address: ALICE, name: 'alice.eth', avatar: 'data:image/png;base64,AAAA' }],
  }))
})
afterAll(async () => {
  await chain?.stop()
})

describe.each(STORAGE_KINDS)('data service on %s', (kind) => {
  let storage: TestStorage
  let server: RunningServer
  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const post = async (path: string, body: string, type = 'application/json') => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    storage = await createTestStorage(kind)
    const base = chainConfig(chain)
    server = await startTestServer(storage, {
      ...base,
      chains: base.chains!.map((entry) => ({ ...entry, ensUniversalResolver: resolver })),
    })
  })
  afterAll(async () => {
    await server?.close()
    storage?.remove()
  })

  test('default: balances equal what the node holds, with prices from the fixed table', async () => {
    const holder = freshAddress()
    await chain.sendNative(holder, parseEther('1.5'))
    await chain.sendToken(holder, '12.345678')
    const { status, body } = await get(`/v1/account/${holder}/balance?chainId=${chain.chainId}`)
    expect(status).toBe(200)
    const nodeNative = await chain.reader.getBalance({ address: holder })
    const nodeToken = await chain.reader.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    })
    expect(body.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: chain.chainId,
        address: 'native',
        price: '2500.5',
        value: '3750.75',
        quantity: { decimals: '18', numeric: formatEther(nodeNative) },
      },
      {
        name: 'Server Test Token',
        symbol: 'STT',
        chainId: chain.chainId,
        address: chain.token.toLowerCase(),
        price: '1',
        value: '12.34',
        quantity: { decimals: '6', numeric: formatUnits(nodeToken, TOKEN_DECIMALS) },
        iconUrl: 'https://tokens.example/stt.png',
      },
    ])
  })

  test('behavior: history holds a native send and an ERC20 transfer just made, newest first, with their amounts', async () => {
    const receiver = freshAddress()
    const nativeHash = await chain.sendNative(receiver, parseEther('1.25'))
    const tokenHash = await chain.sendToken(receiver, '7.5')
    const { status, body } = await get(`/v1/account/${receiver}/history?chainId=${chain.chainId}`)
    expect(status).toBe(200)
    const sender = privateKeyToAccount(ANVIL_KEYS[0]!).address
    expect(body).toMatchObject({
      next: null,
      data: [
        {
          id: tokenHash,
          metadata: { operationType: 'receive', status: 'confirmed', sentFrom: sender, fee: '0' },
          transfers: [
            {
              fungible_info: { symbol: 'STT', icon: { url: 'https://tokens.example/stt.png' } },
              quantity: { numeric: '7.5' },
              direction: 'in',
            },
          ],
        },
        {
          id: nativeHash,
          metadata: { operationType: 'receive', status: 'confirmed', chain: chain.chainId },
          transfers: [
            { fungible_info: { symbol: 'ETH' }, quantity: { numeric: '1.25' }, direction: 'in' },
          ],
        },
      ],
    })
    const data = body.data as { metadata: { sentTo: string; blockNumber: number } }[]
    expect(data[0]!.metadata.sentTo.toLowerCase()).toBe(receiver)
    expect(data[0]!.metadata.blockNumber).toBeGreaterThan(data[1]!.metadata.blockNumber)
    // The sender sees the same transfer going out, with the gas it paid.
    const sent = await get(`/v1/account/${sender}/history?chainId=${chain.chainId}&limit=1`)
    const [latest] = sent.body.data as {
      id: string
      metadata: { fee: string; operationType: string }
    }[]
    const receipt = await chain.reader.getTransactionReceipt({ hash: tokenHash })
    expect(latest).toMatchObject({
      id: tokenHash,
      metadata: {
        operationType: 'send',
        fee: formatEther(receipt.gasUsed * receipt.effectiveGasPrice),
      },
    })
  })

  test('behavior: a transaction that reverted on chain is in the sender’s history as failed', async () => {
    // A transfer of a billion tokens reverts: the whole supply is a million.
    const sender = privateKeyToAccount(ANVIL_KEYS[5]!).address
    // Watching starts at the first request; the indexer then follows the sender from its start.
    await get(`/v1/account/${sender}/history?chainId=${chain.chainId}`)
    const hash = await chain.sendRevertingTransfer(freshAddress(), 5)
    const receipt = await chain.reader.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('reverted')
    await vi.waitFor(
      async () => {
        const { body } = await get(`/v1/account/${sender}/history?chainId=${chain.chainId}`)
        const [latest] = body.data as { id: string; metadata: Record<string, unknown> }[]
        expect(latest).toMatchObject({
          id: hash,
          metadata: {
            status: 'failed',
            sentFrom: sender,
            fee: formatEther(receipt.gasUsed * receipt.effectiveGasPrice),
          },
        })
      },
      { timeout: 10_000, interval: 100 },
    )
  })

  test('behavior: an approval reads as one: operation approve, with the token and the allowance decoded from its log; an unlimited one says so (issue 22 item 12)', async () => {
    // A fresh owner per run (both storages index the same chain), given gas and tokens.
    const owner = privateKeyToAccount(generatePrivateKey())
    const spender = freshAddress()
    await chain.sendNative(owner.address, parseEther('1'))
    // Watching starts at the first request; the indexer then follows the owner from its start.
    await get(`/v1/account/${owner.address}/history?chainId=${chain.chainId}`)
    const wallet = createWalletClient({
      account: owner,
      chain: localChain(chain.node.chainId, chain.node.url),
      transport: http(chain.node.url),
    })
    const approve = async (amount: bigint) => {
      const hash = await wallet.writeContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, amount],
      })
      await chain.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      return hash
    }
    const exact = await approve(parseUnits('25.5', TOKEN_DECIMALS))
    const unlimited = await approve(maxUint256)
    await vi.waitFor(
      async () => {
        const { body } = await get(`/v1/account/${owner.address}/history?chainId=${chain.chainId}`)
        // Newest first: the two approvals, then the ETH that paid for them.
        expect((body.data as object[]).slice(0, 2)).toMatchObject([
          {
            id: unlimited,
            metadata: { operationType: 'approve', sentFrom: owner.address },
            transfers: [],
            approvals: [
              {
                fungible_info: { symbol: 'STT', address: getAddress(chain.token) },
                unlimited: true,
              },
            ],
          },
          {
            id: exact,
            metadata: { operationType: 'approve' },
            transfers: [],
            approvals: [
              {
                fungible_info: {
                  symbol: 'STT',
                  address: getAddress(chain.token),
                  icon: { url: 'https://tokens.example/stt.png' },
                },
                quantity: { numeric: '25.5' },
              },
            ],
          },
        ])
        expect((body.data as { approvals: object[] }[])[1]!.approvals[0]).not.toHaveProperty(
          'unlimited',
        )
      },
      { timeout: 10_000, interval: 100 },
    )
  })

  test('behavior: pages follow the cursor to the end, without gaps or repeats', async () => {
    const receiver = freshAddress()
    const hashes: string[] = []
    for (let index = 0; index < 5; index += 1) {
      hashes.push(await chain.sendNative(receiver, parseEther(`0.0${index + 1}`)))
    }
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = cursor ? `&cursor=${cursor}` : ''
      const { body } = await get(`/v1/account/${receiver}/history?limit=2${query}`)
      seen.push(...(body.data as { id: string }[]).map((entry) => entry.id))
      cursor = body.next as string | null
      pages += 1
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen).toEqual([...hashes].reverse())
  })

  test('behavior: malformed requests get 400 with a clear message, and nothing is stored', async () => {
    const count = async () => (await server.storage.db.select().from(watchedAddresses)).length
    const before = await count()
    const cases = [
      ['/v1/account/0x1234/history', 400, 'path.address'],
      [`/v1/account/${freshAddress()}/history?chainId=nope`, 400, 'query.chainId'],
      [`/v1/account/${freshAddress()}/history?limit=0`, 400, 'query.limit'],
      [`/v1/account/${freshAddress()}/history?cursor=bad!`, 400, 'query.cursor'],
      [`/v1/account/${freshAddress()}/history?cursor=QUJD`, 400, 'Malformed cursor'],
      [`/v1/account/${freshAddress()}/history?chainId=eip155:999`, 404, 'eip155:999'],
      [`/v1/account/${freshAddress()}/balance?chainId=x`, 400, 'query.chainId'],
      ['/v1/identity/nope', 400, 'path.address'],
    ] as const
    for (const [path, status, words] of cases) {
      const answer = await get(path)
      expect({ path, status: answer.status }).toEqual({ path, status })
      expect(answer.body.message).toContain(words)
      expect(typeof answer.body.code).toBe('string')
    }
    expect((await post('/v1/fungible/price', '{nope')).body).toEqual({
      code: 'INVALID_JSON',
      message: 'The body is not JSON',
    })
    expect((await post('/v1/fungible/price', '{}', 'text/plain')).status).toBe(415)
    const badIds = await post('/v1/fungible/price', JSON.stringify({ addresses: ['eip155:1:zz'] }))
    expect(badIds).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } })
    const empty = await post('/v1/fungible/price', JSON.stringify({ addresses: [] }))
    expect(empty).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('body.addresses') },
    })
    expect(await count()).toBe(before)
  })

  test('default: prices come from the table, and a token missing from it has none', async () => {
    const { status, body } = await post(
      '/v1/fungible/price',
      JSON.stringify({
        currency: 'usd',
        addresses: [
          `${chain.chainId}:native`,
          `${chain.chainId}:${chain.token}`,
          `${chain.chainId}:${freshAddress()}`,
        ],
      }),
    )
    expect(status).toBe(200)
    expect(body.fungibles).toEqual([
      { address: `${chain.chainId}:native`, name: 'Ether', symbol: 'ETH', price: '2500.5' },
      {
        address: `${chain.chainId}:${chain.token}`,
        name: 'Server Test Token',
        symbol: 'STT',
        price: '1',
        iconUrl: 'https://tokens.example/stt.png',
      },
    ])
  })

  test('default: identity reads the ENS name and avatar, and keeps them for 5 minutes', async () => {
    // What the chain says now (another storage's run of this test may have renamed Alice).
    const name = await chain.reader.getEnsName({
      address: ALICE,
      universalResolverAddress: resolver,
    })
    const avatar = name
      ? await chain.reader.getEnsAvatar({ name, universalResolverAddress: resolver })
      : null
    expect(name).toMatch(/\.eth$/)
    const first = await get(`/v1/identity/${ALICE}`)
    expect(first).toEqual({ status: 200, body: { name, avatar } })
    expect((await get(`/v1/identity/${freshAddress()}`)).body).toEqual({ name: null, avatar: null })
    const walletClient = createWalletClient({
      account: privateKeyToAccount(ANVIL_KEYS[0]!),
      chain: localChain(chain.node.chainId, chain.node.url),
      transport: http(chain.node.url),
    })
    const hash = await walletClient.writeContract({
      address: resolver,
      abi: testUniversalResolverAbi,
      functionName: 'setName',
      args: [ALICE, `renamed-${kind}.eth`],
    })
    await chain.reader.waitForTransactionReceipt({ hash })
    // Within §9's 5 minutes the cached identity is served; the chain changed meanwhile.
    expect((await get(`/v1/identity/${ALICE}`)).body.name).toBe(name)
  })

  test('default: supported chains and health', async () => {
    expect((await get('/v1/supported-chains')).body).toEqual({
      http: [chain.chainId],
      ws: [],
      chains: [
        {
          id: chain.chainId,
          name: 'Anvil',
          explorer: null,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
    })
    expect((await get('/health')).body).toMatchObject({ status: 'ok', storage: kind })
    expect(await get('/nowhere')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
  })
})
