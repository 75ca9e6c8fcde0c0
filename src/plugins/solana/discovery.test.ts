import type { Wallet } from '@wallet-standard/base'
import { describe, expect, test } from 'vitest'
import { toStandardConnector } from './discovery.js'

const connect = { version: '1.0.0', connect: async () => ({ accounts: [] }) }
const wallet = (fields: Record<string, unknown>) =>
  ({
    version: '1.0.0',
    name: 'Good Wallet',
    icon: 'data:image/svg+xml,%3Csvg%2F%3E',
    chains: ['solana:mainnet'],
    features: { 'standard:connect': connect },
    accounts: [],
    ...fields,
  }) as unknown as Wallet

describe('toStandardConnector checks each wallet field on its own', () => {
  test('default', () => {
    expect(toStandardConnector(wallet({}))).toEqual({
      id: 'Good Wallet',
      name: 'Good Wallet',
      type: 'ANNOUNCED',
      namespace: 'solana',
      imageUrl: 'data:image/svg+xml,%3Csvg%2F%3E',
    })
  })

  test.each([
    ['no solana chain', { chains: ['eip155:1'] }],
    ['chains not an array', { chains: 'solana:mainnet' }],
    ['no standard:connect', { features: { 'standard:events': {} } }],
    ['connect not a function', { features: { 'standard:connect': { connect: 'yes' } } }],
    ['features missing', { features: null }],
    ['a name that cleans to nothing', { name: '\u202E \n' }],
    ['a name that is not text', { name: 42 }],
    ['the name of the legacy connector', { name: 'injected' }],
  ])('behavior: left out for %s', (_case, fields) => {
    expect(toStandardConnector(wallet(fields))).toBeUndefined()
  })

  test('behavior: a throwing getter leaves that wallet out, not the kit', () => {
    const hostile = wallet({})
    Object.defineProperty(hostile, 'features', {
      get() {
        throw new Error('hostile')
      },
    })
    expect(toStandardConnector(hostile)).toBeUndefined()
  })

  test('behavior: an unsafe icon is dropped and the wallet kept; markup in a name stays text', () => {
    expect(
      toStandardConnector(
        wallet({ icon: 'javascript:alert(1)', name: ' <img src=x>\u0000Wallet ' }),
      ),
    ).toEqual({
      id: '<img src=x> Wallet',
      name: '<img src=x> Wallet',
      type: 'ANNOUNCED',
      namespace: 'solana',
    })
  })
})
