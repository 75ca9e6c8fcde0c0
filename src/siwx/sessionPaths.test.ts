import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { sessionAddressSchema } from './sessionPaths.js'

beforeAll(async () => {
  await cryptoWaitReady()
})

describe('sessionAddressSchema', () => {
  test('behavior: a polkadot account (SS58, 47 to 49 characters) names its sessions on the read and revoke paths', () => {
    for (const ss58Format of [0, 2, 42, 2_000]) {
      const { address } = new Keyring({ type: 'sr25519', ss58Format }).addFromUri('//Alice')
      expect(sessionAddressSchema.safeParse(address).success, address).toBe(true)
    }
  })

  test('behavior: what is no account of any family stays out', () => {
    for (const text of [
      '',
      '0x1234',
      `1${'a'.repeat(60)}`,
      'bcrt1 space',
      '../etc/passwd',
      '5Grw\0',
    ]) {
      expect(sessionAddressSchema.safeParse(text).success, JSON.stringify(text)).toBe(false)
    }
  })
})
