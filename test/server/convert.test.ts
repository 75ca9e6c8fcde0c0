/**
 * The convert API against a real Uniswap V2 (and the GangwayFeeRouter) on anvil: what it quotes
 * is what the swap pays, the fee is taken once, approvals and slippage behave as on chain, and
 * only the configured swap networks are served.
 */
import {
  type Address,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ConfigError, parseConfig } from '../../server/config.js'
import type { RunningServer } from '../../server/startServer.js'
import { CONVERT_NATIVE_ADDRESS } from '../../src/services/gangway/convertSchemas.js'
import type { RunningTestAmm } from '../../src/testing/node.js'
import { AMM_FEE_RECIPIENT, ammServerConfig, startLocalAmm } from '../support/amm.js'
import { ANVIL_KEYS, localChain } from '../support/eip155.js'
import { createTestStorage, startTestServer, type TestStorage } from './support/harness.js'

let amm: RunningTestAmm
let storage: TestStorage
let server: RunningServer
const CHAIN = 'eip155:31337'
const NATIVE = `${CHAIN}:${CONVERT_NATIVE_ADDRESS}`
const tokenId = (symbol: string) => `${CHAIN}:${amm.amm.tokens[symbol]!.address}`

beforeAll(async () => {
  amm = await startLocalAmm()
  storage = await createTestStorage('pglite')
  server = await startTestServer(storage, {
    ...ammServerConfig(amm.amm, 31337, amm.node.url),
    indexer: { enabled: false },
  })
})
afterAll(async () => {
  await server?.close()
  storage?.remove()
  await amm?.node.stop()
})

/** The answers, of several shapes, read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its path answers
type Json = Record<string, any>

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, body: (await response.json()) as Json }
}
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Json }
}
const walletOf = (index: number) =>
  createWalletClient({
    account: privateKeyToAccount(ANVIL_KEYS[index]!),
    chain: localChain(31337, amm.node.url),
    transport: http(amm.node.url),
  }).extend(publicActions)
const sendBuilt = async (index: number, tx: Json) => {
  const wallet = walletOf(index)
  const hash = await wallet.sendTransaction({
    to: tx.to.split(':')[2] as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  return wallet.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}
const balanceOf = (symbol: string, owner: Address) =>
  walletOf(0).readContract({
    address: amm.amm.tokens[symbol]!.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

test('default: the token list is the native currency and every token with a pool, WETH left out', async () => {
  const { status, body } = await get(`/v1/convert/tokens?chainId=${CHAIN}`)
  expect(status).toBe(200)
  const symbols = body.tokens.map((token: { symbol: string }) => token.symbol)
  expect(symbols).toEqual(['ETH', 'DAI', 'UNI', 'USDC', 'WBTC'])
  expect(body.tokens[0].address).toBe(NATIVE)
  expect(JSON.stringify(body)).not.toContain(amm.amm.weth)
})

test('behavior: native → token over two pools pays exactly the quote; the fee recipient gets 0.85 % of the input once', async () => {
  const user = privateKeyToAccount(ANVIL_KEYS[1]!).address
  const amount = parseEther('0.5')
  const request = { userAddress: `${CHAIN}:${user}`, from: NATIVE, to: tokenId('DAI') }
  const quote = await get(
    `/v1/convert/quotes?${new URLSearchParams({ ...request, amount: String(amount) })}`,
  )
  expect(quote.status).toBe(200)
  const [best] = quote.body.quotes
  expect(best.path).toHaveLength(3)
  expect(best.fee).toEqual({ amount: String((amount * 85n) / 10_000n), percent: '0.85' })
  const built = await post('/v1/convert/build-transaction', { ...request, amount: String(amount) })
  expect(built.status).toBe(200)
  expect(built.body.toAmount).toBe(best.toAmount)
  expect(BigInt(built.body.minimumToAmount)).toBe((BigInt(best.toAmount) * 9_900n) / 10_000n)
  const [daiBefore, feeBefore] = await Promise.all([
    balanceOf('DAI', user),
    walletOf(0).getBalance({ address: AMM_FEE_RECIPIENT }),
  ])
  const receipt = await sendBuilt(1, built.body.tx)
  expect(receipt.status).toBe('success')
  expect((await balanceOf('DAI', user)) - daiBefore).toBe(BigInt(best.toAmount))
  expect((await walletOf(0).getBalance({ address: AMM_FEE_RECIPIENT })) - feeBefore).toBe(
    BigInt(best.fee.amount),
  )
})

test('behavior: token → token needs an approval first; the allowance then covers it and the swap pays the quote', async () => {
  const user = privateKeyToAccount(ANVIL_KEYS[2]!).address
  // The user buys USDC with ETH first.
  const buy = await post('/v1/convert/build-transaction', {
    userAddress: `${CHAIN}:${user}`,
    from: NATIVE,
    to: tokenId('USDC'),
    amount: String(parseEther('1')),
  })
  expect((await sendBuilt(2, buy.body.tx)).status).toBe('success')
  const amount = parseUnits('100', 6)
  const request = {
    userAddress: `${CHAIN}:${user}`,
    from: tokenId('USDC'),
    to: tokenId('WBTC'),
    amount: String(amount),
  }
  const allowance = await get(
    `/v1/convert/allowance?tokenAddress=${request.from}&userAddress=${request.userAddress}`,
  )
  expect(allowance.body).toEqual({ allowance: '0' })
  // Without the approval the swap would revert: nothing is built.
  const refused = await post('/v1/convert/build-transaction', request)
  expect(refused.status).toBe(422)
  expect(refused.body.code).toBe('SWAP_NOT_EXECUTABLE')
  const approve = await get(`/v1/convert/build-approve?${new URLSearchParams(request)}`)
  expect(approve.body.tx.to).toBe(request.from)
  expect((await sendBuilt(2, approve.body.tx)).status).toBe('success')
  expect(
    (
      await get(
        `/v1/convert/allowance?tokenAddress=${request.from}&userAddress=${request.userAddress}`,
      )
    ).body,
  ).toEqual({ allowance: String(amount) })
  const quote = (await get(`/v1/convert/quotes?${new URLSearchParams(request)}`)).body.quotes[0]
  const built = await post('/v1/convert/build-transaction', request)
  const before = await balanceOf('WBTC', user)
  expect((await sendBuilt(2, built.body.tx)).status).toBe('success')
  expect((await balanceOf('WBTC', user)) - before).toBe(BigInt(quote.toAmount))
})

test('behavior: a swap built before the price moved beyond its slippage reverts on chain', async () => {
  const user = privateKeyToAccount(ANVIL_KEYS[3]!).address
  const request = {
    userAddress: `${CHAIN}:${user}`,
    from: NATIVE,
    to: tokenId('UNI'),
    amount: String(parseEther('1')),
    eip155: { slippage: '0.5' },
  }
  const built = await post('/v1/convert/build-transaction', request)
  expect(built.status).toBe(200)
  // Someone else buys UNI first, moving the price by far more than 0.5 %.
  const other = await post('/v1/convert/build-transaction', {
    ...request,
    userAddress: `${CHAIN}:${privateKeyToAccount(ANVIL_KEYS[4]!).address}`,
    amount: String(parseEther('10')),
  })
  expect((await sendBuilt(4, other.body.tx)).status).toBe('success')
  const before = await balanceOf('UNI', user)
  expect((await sendBuilt(3, built.body.tx)).status).toBe('reverted')
  expect(await balanceOf('UNI', user)).toBe(before)
})

describe('networks and prices', () => {
  test('behavior: a network outside the swap list is refused in the specification’s words', async () => {
    expect(await get('/v1/convert/tokens?chainId=eip155:5')).toEqual({
      status: 404,
      body: { code: 'SWAP_NETWORK_UNSUPPORTED', message: 'Network not supported for Swaps' },
    })
    expect(await get('/v1/convert/gas-price?chainId=eip155:1')).toEqual({
      status: 404,
      body: {
        code: 'GAS_PRICE_NETWORK_UNSUPPORTED',
        message: 'Network not supported for Gas Price',
      },
    })
    const gas = await get(`/v1/convert/gas-price?chainId=${CHAIN}`)
    expect(BigInt(gas.body.standard)).toBeGreaterThan(0n)
    expect(BigInt(gas.body.fast)).toBeGreaterThanOrEqual(BigInt(gas.body.standard))
    expect(BigInt(gas.body.instant)).toBeGreaterThanOrEqual(BigInt(gas.body.fast))
  })

  test('behavior: prices come from pool reserves against the stablecoin, with names', async () => {
    const { body } = await post('/v1/fungible/price', {
      addresses: [`${CHAIN}:native`, tokenId('USDC'), tokenId('WBTC')],
    })
    const bySymbol = Object.fromEntries(
      body.fungibles.map((entry: { symbol: string; price: string }) => [entry.symbol, entry.price]),
    )
    expect(bySymbol.USDC).toBe('1')
    // Earlier tests bought ETH-side tokens, so ETH and WBTC moved a little from 3,000 and 60,000.
    expect(Number(bySymbol.ETH)).toBeGreaterThan(2_900)
    expect(Number(bySymbol.WBTC)).toBeGreaterThan(55_000)
  })

  test('behavior: the configuration allows only §9’s networks and one local one', () => {
    const base = ammServerConfig(amm.amm, 31337, amm.node.url)
    const network = base.swap!.networks![0]!
    expect(() =>
      parseConfig({ ...base, swap: { networks: [{ ...network, local: false }] } }),
    ).toThrow(ConfigError)
    expect(() =>
      parseConfig({
        ...base,
        chains: [...base.chains!, { id: 'eip155:1337', name: 'Other', rpcUrl: amm.node.url }],
        swap: { networks: [network, { ...network, chainId: 'eip155:1337' }] },
      }),
    ).toThrow(/at most one network may be local/)
  })

  test('behavior: bad input is refused naming the field, and changes nothing', async () => {
    const bad = await get(`/v1/convert/quotes?userAddress=x&from=${NATIVE}&to=${NATIVE}&amount=0`)
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('INVALID_REQUEST')
    const same = await get(
      `/v1/convert/quotes?userAddress=${CHAIN}:${privateKeyToAccount(ANVIL_KEYS[0]!).address}&from=${NATIVE}&to=${NATIVE}&amount=1`,
    )
    expect(same.body).toMatchObject({ code: 'INVALID_REQUEST' })
  })

  test('behavior: an amount beyond a uint256 is bad input (400) for a quote, an approval and a swap, never a 5xx', async () => {
    const user = `${CHAIN}:${privateKeyToAccount(ANVIL_KEYS[0]!).address}`
    // 2^256: 78 digits, which the wire schema's shape allows.
    const tooMuch = String(2n ** 256n)
    const request = {
      userAddress: user,
      from: tokenId('DAI'),
      to: tokenId('USDC'),
      amount: tooMuch,
    }
    const refusal = { code: 'INVALID_REQUEST', message: 'amount: larger than a uint256 can hold' }
    expect(await get(`/v1/convert/quotes?${new URLSearchParams(request)}`)).toEqual({
      status: 400,
      body: refusal,
    })
    expect(await get(`/v1/convert/build-approve?${new URLSearchParams(request)}`)).toEqual({
      status: 400,
      body: refusal,
    })
    expect(await post('/v1/convert/build-transaction', request)).toEqual({
      status: 400,
      body: refusal,
    })
  })

  test('behavior: the allowance of a token id with no contract is bad input (400), not a node failure', async () => {
    const user = `${CHAIN}:${privateKeyToAccount(ANVIL_KEYS[0]!).address}`
    // An account with no code: nothing there answers `allowance`.
    const nobody = '0x000000000000000000000000000000000000dEaD'
    expect(
      await get(
        `/v1/convert/allowance?${new URLSearchParams({ tokenAddress: `${CHAIN}:${nobody}`, userAddress: user })}`,
      ),
    ).toEqual({
      status: 400,
      body: {
        code: 'INVALID_REQUEST',
        message: `tokenAddress: ${nobody} is not an ERC20 token on ${CHAIN}`,
      },
    })
    // A real token still answers.
    const real = await get(
      `/v1/convert/allowance?${new URLSearchParams({ tokenAddress: tokenId('DAI'), userAddress: user })}`,
    )
    expect(real.status).toBe(200)
  })
})
