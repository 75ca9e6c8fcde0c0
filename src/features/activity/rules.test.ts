import { expect, test } from 'vitest'
import type { Transaction } from '../../kernel/index.js'
import { filterActivity } from './rules.js'

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
