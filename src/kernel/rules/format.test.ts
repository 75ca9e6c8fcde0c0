import { describe, expect, test } from 'vitest'
import { explorerLink, transactionGroupTitle, truncateAddress } from './format.js'

describe('truncateAddress', () => {
  test('default', () => {
    expect(truncateAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe('0xab…5Bfcdb')
  })

  test('behavior: keeps 4 start and 6 end characters', () => {
    const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
    const short = truncateAddress(address)
    expect(short).toBe('7EcD…wCFLtV')
    const [start, end] = short.split('…')
    expect(start).toBe(address.slice(0, 4))
    expect(end).toBe(address.slice(-6))
  })

  test('behavior: short addresses come back whole', () => {
    expect(truncateAddress('')).toBe('')
    expect(truncateAddress('0xabc')).toBe('0xabc')
    // 11 characters: truncating would not make it shorter.
    expect(truncateAddress('0123456789a')).toBe('0123456789a')
    expect(truncateAddress('0123456789ab')).toBe('0123…6789ab')
  })
})

describe('transactionGroupTitle', () => {
  test('default', () => {
    expect(transactionGroupTitle('2026-03-02T10:00:00Z', 2026, 'en')).toBe('March')
  })

  test('behavior: current year shows the month only', () => {
    expect(transactionGroupTitle('2025-12-31T23:59:59Z', 2025)).toBe('December')
    expect(transactionGroupTitle('2025-01-01T00:00:00Z', 2025)).toBe('January')
  })

  test('behavior: another year shows month and year', () => {
    expect(transactionGroupTitle('2025-03-02T10:00:00Z', 2026, 'en')).toBe('March 2025')
    expect(transactionGroupTitle('2027-07-15T00:00:00Z', 2026, 'en')).toBe('July 2027')
  })

  test('behavior: the month and year are read in UTC', () => {
    expect(transactionGroupTitle('2025-12-31T23:30:00-05:00', 2026, 'en')).toBe('January')
  })

  test('parameters: locale', () => {
    expect(transactionGroupTitle('2026-03-02T10:00:00Z', 2026, 'fr')).toBe('mars')
    expect(transactionGroupTitle('2025-03-02T10:00:00Z', 2026, 'de')).toBe('März 2025')
  })
})

describe('explorerLink', () => {
  test('behavior: the page goes into the path, before a query that names the cluster', () => {
    expect(explorerLink('https://explorer.solana.com?cluster=testnet', 'tx', '5abc')).toBe(
      'https://explorer.solana.com/tx/5abc?cluster=testnet',
    )
    expect(explorerLink('https://etherscan.io/', 'address', '0xab')).toBe(
      'https://etherscan.io/address/0xab',
    )
    expect(explorerLink('https://scan.example/explorer', 'tx', '0x1')).toBe(
      'https://scan.example/explorer/tx/0x1',
    )
  })

  test('behavior: a base that is not a URL gives no link', () => {
    expect(explorerLink('not a url', 'tx', '0x1')).toBeNull()
  })
})
