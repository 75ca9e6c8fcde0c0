import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { base58Alphabet, changeChecksumCharacter } from '../../../test/support/base58.js'
import { chainPluginConformance } from '../../testing/conformance.js'
import { createVirtualEnv } from '../../testing/index.js'
import { kusamaMainnet, polkadotMainnet } from './networks.js'
import { polkadot } from './plugin.js'

const numRuns = Number(process.env.FUZZ_RUNS ?? 100)

beforeAll(async () => {
  await cryptoWaitReady()
})

const networks = [polkadotMainnet, kusamaMainnet] as const
const prefixes = networks.map((network) => network.ss58Prefix)

/** A real key of any type, as `@polkadot/keyring` makes it from a seed. */
const accountId = fc
  .record({
    type: fc.constantFrom('sr25519' as const, 'ed25519' as const, 'ecdsa' as const),
    seed: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  })
  .map(({ type, seed }) => new Keyring({ type }).addFromSeed(seed).addressRaw)

/** Any valid account id written with one of the site's prefixes (util-crypto's encoder). */
const siteAddress = fc
  .tuple(accountId, fc.constantFrom(...prefixes))
  .map(([id, prefix]) => encodeAddress(id, prefix))

/** A valid account id written with a prefix none of the site's networks uses. */
const otherPrefix = fc
  .tuple(
    accountId,
    fc
      .integer({ min: 0, max: 16_383 })
      .filter((prefix) => prefix !== 46 && prefix !== 47 && !prefixes.includes(prefix)),
  )
  .map(([id, prefix]) => encodeAddress(id, prefix))

function adapterOf() {
  const plugin = polkadot({ networks: [...networks] })
  return {
    plugin,
    adapter: plugin.createAdapter({
      env: createVirtualEnv(),
      emit: () => undefined,
      networks: plugin.networks,
      settings: { projectId: undefined, tokens: [], analytics: false },
    }),
  }
}

describe('the plugin’s SS58 validation against @polkadot/util-crypto’s encoder', () => {
  test('behavior: any valid key encoded with a site network’s prefix is accepted, by the schema and by checkAddress', async () => {
    const { plugin, adapter } = adapterOf()
    try {
      await fc.assert(
        fc.asyncProperty(siteAddress, async (address) => {
          expect(plugin.schemas.address.safeParse(address).success).toBe(true)
          expect(await adapter.checkAddress!(address, new AbortController().signal)).toBe(true)
        }),
        { numRuns },
      )
    } finally {
      adapter.destroy?.()
    }
  })

  test('behavior: a changed checksum character is refused (by checkAddress, where the hash is loaded)', async () => {
    const { adapter } = adapterOf()
    try {
      await fc.assert(
        fc.asyncProperty(
          siteAddress,
          fc.constantFrom(0 as const, 1 as const),
          fc.integer({ min: 1, max: 57 }),
          async (address, fromEnd, offset) => {
            const mutated = changeChecksumCharacter(address, fromEnd, offset, 2)
            fc.pre(mutated !== undefined && mutated !== address)
            // Same prefix and key: only the checksum differs.
            expect(decodeAddress(mutated!, true)).toStrictEqual(decodeAddress(address))
            expect(await adapter.checkAddress!(mutated!, new AbortController().signal)).toBe(false)
          },
        ),
        { numRuns },
      )
    } finally {
      adapter.destroy?.()
    }
  })

  test('behavior: an address with a prefix none of the site’s networks uses is refused by the schema', () => {
    const { plugin, adapter } = adapterOf()
    adapter.destroy?.()
    fc.assert(
      fc.property(otherPrefix, (address) => {
        expect(plugin.schemas.address.safeParse(address).success).toBe(false)
      }),
      { numRuns },
    )
  })
})

describe('the chain plugin conformance checks (gangway/testing/conformance)', () => {
  const checks = chainPluginConformance(polkadot({ networks: [...networks] }), {
    validAddresses: siteAddress,
    alphabet: base58Alphabet,
    // A 1- or 2-byte prefix, the 32-byte account id and a 2-byte checksum in base58.
    length: { min: 46, max: 50 },
    invalidAddresses: otherPrefix,
    numRuns,
  })
  for (const check of checks) test(check.name, check.run)
})
