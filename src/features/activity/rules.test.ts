import { describe, expect, test } from 'vitest'
import type { Transaction } from '../../kernel/index.js'
import { activityKindOf, filterActivity, relativeTimeOf } from './rules.js'

type Transfer = Transaction['transfers'][number]

const fungible: Transfer = Object.freeze({
  fungible_info: { symbol: 'USDC' },
  quantity: { numeric: '10' },
})
const spamNft: Transfer = Object.freeze({
  nft_info: { name: 'Free Airdrop', flags: { is_spam: true } },
  quantity: { numeric: '1' },
})
const nft: Transfer = Object.freeze({
  nft_info: { name: 'Punk', flags: { is_spam: false } },
  quantity: { numeric: '1' },
})

function transaction(id: string, chain: string, transfers: readonly Transfer[]): Transaction {
  return Object.freeze({
    id,
    metadata: {
      minedAt: '2026-03-02T10:00:00Z',
      chain,
      operationType: 'receive',
      status: 'confirmed',
      sentFrom: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
      sentTo: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    },
    transfers: [...transfers],
  })
}

test('default', () => {
  expect(filterActivity([], 'eip155:1')).toEqual([])
  const kept = transaction('a', 'eip155:1', [fungible])
  expect(filterActivity([kept], 'eip155:1')).toEqual([kept])
})

test('behavior: a transaction whose transfers are all spam NFTs is dropped', () => {
  const spam = transaction('spam', 'eip155:1', [spamNft])
  const manySpam = transaction('many', 'eip155:1', [spamNft, spamNft])
  expect(filterActivity([spam, manySpam], 'eip155:1')).toEqual([])
})

test('behavior: a mix of fungible and spam NFT transfers is kept', () => {
  const mixed = transaction('mixed', 'eip155:1', [fungible, spamNft])
  expect(filterActivity([mixed], 'eip155:1')).toEqual([mixed])
})

test('behavior: a mix of spam and non-spam NFTs is kept', () => {
  const mixed = transaction('mixed', 'eip155:1', [spamNft, nft])
  expect(filterActivity([mixed], 'eip155:1')).toEqual([mixed])
})

test('behavior: a transaction without transfers is kept', () => {
  const empty = transaction('empty', 'eip155:1', [])
  expect(filterActivity([empty], 'eip155:1')).toEqual([empty])
})

test('behavior: only the connected chain is kept', () => {
  const mainnet = transaction('mainnet', 'eip155:1', [fungible])
  const base = transaction('base', 'eip155:8453', [fungible])
  const solana = transaction('solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', [fungible])
  expect(filterActivity([mainnet, base, solana], 'eip155:1')).toEqual([mainnet])
  expect(filterActivity([mainnet, base, solana], 'eip155:8453')).toEqual([base])
  expect(filterActivity([mainnet, base, solana], 'eip155:10')).toEqual([])
})

test('behavior: keeps the order and does not change its input', () => {
  const first = transaction('1', 'eip155:1', [fungible])
  const dropped = transaction('2', 'eip155:1', [spamNft])
  const third = transaction('3', 'eip155:1', [nft])
  const input = Object.freeze([first, dropped, third])
  expect(filterActivity(input, 'eip155:1')).toEqual([first, third])
  expect(input).toEqual([first, dropped, third])
})

describe('what a transaction was (issue 22 defect 12)', () => {
  const account = '0x1111111111111111111111111111111111111111'
  const router = '0x8c00000000000000000000000000000000000001'
  const item = (
    sentFrom: string,
    operationType: string,
    transfers: Transaction['transfers'],
  ): Transaction => ({
    id: '0xab',
    metadata: {
      minedAt: '2026-11-26T10:00:00Z',
      chain: 'eip155:1',
      operationType,
      status: 'confirmed',
      sentFrom,
      sentTo: router,
    },
    transfers,
  })
  const fungible = (symbol: string, numeric: string, direction: 'in' | 'out' | 'self') => ({
    fungible_info: { symbol },
    quantity: { numeric },
    direction,
  })

  test('behavior: ETH out and USDC in through a router is a swap, not a send to the router', () => {
    expect(
      activityKindOf(
        item(account, 'send', [fungible('ETH', '0.5', 'out'), fungible('USDC', '1400', 'in')]),
      ),
    ).toBe('swap')
  })

  test('behavior: tokens from the zero address are a mint, not a receipt from 0x00…', () => {
    expect(
      activityKindOf(
        item('0x0000000000000000000000000000000000000000', 'receive', [
          fungible('GDT', '1000000', 'in'),
        ]),
      ),
    ).toBe('mint')
  })

  test('behavior: an allowance set and nothing moved is an approval; a swap that also logs one stays a swap', () => {
    const approval = { fungible_info: { symbol: 'USDC' }, quantity: { numeric: '100' } }
    expect(activityKindOf({ ...item(account, 'approve', []), approvals: [approval] })).toBe(
      'approve',
    )
    expect(
      activityKindOf({
        ...item(account, 'send', [fungible('USDC', '100', 'out'), fungible('DAI', '99', 'in')]),
        approvals: [approval],
      }),
    ).toBe('swap')
  })

  test('behavior: a plain send, a receipt and a contract call keep their operation', () => {
    expect(activityKindOf(item(account, 'send', [fungible('ETH', '1', 'out')]))).toBe('send')
    expect(activityKindOf(item(router, 'receive', [fungible('ETH', '1', 'in')]))).toBe('receive')
    expect(activityKindOf(item(account, 'execute', []))).toBe('execute')
    expect(activityKindOf(item(account, 'whatever', []))).toBe('execute')
    // A transfer to oneself is no swap.
    expect(activityKindOf(item(account, 'send', [fungible('ETH', '1', 'self')]))).toBe('send')
  })

  test('behavior: when it happened reads in the visitor’s language, in the largest unit that fits', () => {
    const now = Date.UTC(2026, 10, 26, 12)
    expect(relativeTimeOf('en', now - 2_000, now)).toBe('now')
    expect(relativeTimeOf('en', now - 120_000, now)).toBe('2 minutes ago')
    expect(relativeTimeOf('en', now - 3 * 3600_000, now)).toBe('3 hours ago')
    expect(relativeTimeOf('en', now - 24 * 3600_000, now)).toBe('yesterday')
    expect(relativeTimeOf('de', now - 24 * 3600_000, now)).toBe('gestern')
    expect(relativeTimeOf('en', now + 60_000, now)).toBe('now')
    expect(relativeTimeOf('en', Number.NaN, now)).toBeNull()
  })
})
