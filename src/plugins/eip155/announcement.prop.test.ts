import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  connectorSchema,
  WALLET_ICON_MAX_LENGTH,
  WALLET_NAME_MAX_LENGTH,
} from '../../kernel/index.js'
import { isReverseDns, toAnnouncedWallet, toWalletIcon } from './announcement.js'

const numRuns = Number(process.env.FUZZ_RUNS ?? 100)

const provider = { request: async () => null, on: () => undefined, removeListener: () => undefined }
const hidden = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

/** Announcement-shaped values whose fields are anything at all. */
const announcement = fc.record({
  info: fc.oneof(
    fc.anything(),
    fc.record({
      uuid: fc.anything(),
      name: fc.oneof(fc.string({ unit: 'binary' }), fc.anything()),
      icon: fc.oneof(fc.webUrl(), fc.string(), fc.anything()),
      rdns: fc.oneof(
        fc.domain().map((domain) => domain.split('.').reverse().join('.')),
        fc.anything(),
      ),
    }),
  ),
  provider: fc.oneof(fc.constant(provider), fc.anything()),
})

describe('toAnnouncedWallet', () => {
  test('behavior: never throws; whatever it keeps is a valid connector with a clean, capped name', () => {
    fc.assert(
      fc.property(fc.oneof(announcement, fc.anything()), (detail) => {
        const wallet = toAnnouncedWallet(detail)
        if (!wallet) return
        expect(isReverseDns(wallet.rdns)).toBe(true)
        expect(wallet.name).not.toMatch(hidden)
        expect(wallet.name.trim()).toBe(wallet.name)
        expect([...wallet.name].length).toBeLessThanOrEqual(WALLET_NAME_MAX_LENGTH)
        expect(wallet.provider).toBe(provider)
        if (wallet.icon) expect(wallet.icon).toMatch(/^(https:|data:image\/)/i)
        const connector = {
          id: wallet.rdns,
          name: wallet.name,
          type: 'ANNOUNCED',
          namespace: 'eip155',
        }
        expect(connectorSchema.safeParse(connector).success).toBe(true)
      }),
      { numRuns },
    )
  })

  test('behavior: a throwing getter anywhere in the detail makes it malformed, not an exception', () => {
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap')
        },
      },
    )
    expect(toAnnouncedWallet(trap)).toBeUndefined()
    expect(toAnnouncedWallet({ info: trap, provider })).toBeUndefined()
    expect(toAnnouncedWallet({ info: { rdns: 'io.x', name: 'X' }, provider: trap })).toBeUndefined()
  })
})

describe('isReverseDns', () => {
  test('parameters: reverse-DNS ids pass; built-in connector ids and other shapes do not', () => {
    for (const value of ['io.metamask', 'com.coinbase.wallet', 'dev.gangway.testwallet', 'a.b'])
      expect(isReverseDns(value), value).toBe(true)
    for (const value of ['injected', 'walletConnect', '', '.io', 'io.', 'io..x', 'io/x', 'i o.x'])
      expect(isReverseDns(value), value).toBe(false)
    expect(
      isReverseDns(`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}`),
    ).toBe(false)
  })
})

describe('toWalletIcon', () => {
  test('parameters: https and data:image up to the cap; everything else is dropped', () => {
    expect(toWalletIcon('https://wallet.example/i.png')).toBe('https://wallet.example/i.png')
    expect(toWalletIcon('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    const atCap = `data:image/png;base64,${'A'.repeat(WALLET_ICON_MAX_LENGTH - 22)}`
    expect(toWalletIcon(atCap)).toBe(atCap)
    expect(toWalletIcon(`${atCap}A`)).toBeUndefined()
    for (const value of [
      'http://wallet.example/i.png',
      'javascript:alert(1)',
      'data:text/html,<script>',
      'blob:https://wallet.example/x',
      'https://wallet.example/"onerror="x',
      42,
      null,
    ])
      expect(toWalletIcon(value), String(value)).toBeUndefined()
  })
})
