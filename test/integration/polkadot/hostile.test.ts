/**
 * Hostile entries in `window.injectedWeb3`: throwing getters, no `enable`, 10,000 accounts, keys of
 * the wrong length, an `enable` that never answers. Each is dropped or contained on its own; the
 * test extension beside them stays listed and connects.
 */
import { Keyring } from '@polkadot/keyring'
import { encodeAddress } from '@polkadot/util-crypto'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createKit, WALLET_ACCOUNTS_MAX } from '../../../src/kernel/index.js'
import { polkadot } from '../../../src/plugins/polkadot/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { createPolkadotTestExtension } from '../../../src/testing/polkadot/createPolkadotTestExtension.js'
import { freshUri, LOCAL_NETWORK_ID, localnetOf } from '../../support/polkadot.js'
import { installWindowShim } from '../../support/solana.js'

const node = inject('polkadot')
const window = installWindowShim()
const localnet = localnetOf(node)
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  delete window.injectedWeb3
})

const injected = () => {
  window.injectedWeb3 ??= {}
  return window.injectedWeb3 as Record<string, unknown>
}

function kitWithGoodExtension() {
  const extension = createPolkadotTestExtension({ keys: [{ uri: freshUri() }] })
  cleanups.push(extension.install())
  const kit = createKit({ plugins: [polkadot({ networks: [localnet] })], env: createVirtualEnv() })
  cleanups.push(() => kit.destroy())
  return { kit, extension }
}

const enabling = (accounts: unknown) => ({
  version: '1.0.0',
  enable: async () => ({
    accounts: { get: async () => accounts, subscribe: () => () => undefined },
    signer: {},
  }),
})

describe('hostile extensions', () => {
  test('behavior: a throwing getter, an entry without enable and a markup key are dropped; the good extension is listed and connects', async () => {
    Object.defineProperty(injected(), 'throwing', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    injected()['no-enable'] = { version: '1.0.0' }
    injected()['<img src=x onerror=alert(1)>'] = enabling([])
    injected()['enable-getter'] = {
      get enable() {
        throw new Error('boom')
      },
    }
    const { kit, extension } = kitWithGoodExtension()
    expect(kit.getState().connectors.ids.filter((id) => id.startsWith('polkadot/'))).toEqual([
      'polkadot/gangway-test',
    ])
    const result = await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    expect(result.caipAddress).toBe(`${LOCAL_NETWORK_ID}:${extension.addresses[0]}`)
  })

  test('behavior: of 10,000 accounts only the first hundred are read, and keys of the wrong length or type are dropped', async () => {
    const good = Array.from({ length: 3 }, () => new Keyring().addFromUri(freshUri()).address)
    let reads = 0
    const junk = [
      // Account indices (2, 4 and 8 bytes) are SS58 too, but no account id.
      { address: encodeAddress(new Uint8Array(2).fill(1), 42) },
      { address: encodeAddress(new Uint8Array(4).fill(2), 42) },
      { address: encodeAddress(new Uint8Array(8).fill(3), 42) },
      { address: `0x${'ab'.repeat(20)}`, type: 'ethereum' },
      { address: good[0], type: 'ethereum' },
      { address: '0x'.padEnd(66, 'a') },
      {
        get address() {
          throw new Error('boom')
        },
      },
    ]
    const list = [...junk, ...good.map((address) => ({ address, type: 'sr25519' }))]
    const accounts = new Proxy(
      Array.from({ length: 10_000 }, (_, index) => list[index % list.length]),
      {
        get: (target, key, receiver) => {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1
          return Reflect.get(target, key, receiver)
        },
      },
    )
    injected().huge = enabling(accounts)
    const { kit } = kitWithGoodExtension()
    await kit.connect({ namespace: 'polkadot', connectorId: 'huge' })
    const listed = kit.getState().namespaces.entities.polkadot!.accountState.allAccounts
    expect(listed.map((entry) => entry.caipAddress)).toEqual(
      good.map((address) => `${LOCAL_NETWORK_ID}:${address}`),
    )
    expect(reads).toBeLessThanOrEqual(WALLET_ACCOUNTS_MAX)
  })

  test('behavior: an enable that never answers holds only its own connect; the visitor picks another extension and it connects', async () => {
    let asked = 0
    injected().hanging = {
      version: '1.0.0',
      enable: () => {
        asked += 1
        return new Promise(() => undefined)
      },
    }
    const { kit, extension } = kitWithGoodExtension()
    const hung = kit.connect({ namespace: 'polkadot', connectorId: 'hanging' })
    hung.catch(() => undefined)
    await expect.poll(() => asked).toBe(1)
    const result = await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
    expect(result.caipAddress).toBe(`${LOCAL_NETWORK_ID}:${extension.addresses[0]}`)
    await expect(hung).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(kit.getState().namespaces.entities.polkadot!.accountState.status).toBe('connected')
  })

  test('behavior: an extension whose accounts are all unusable does not connect, and says why', async () => {
    injected().empty = enabling([{ address: 'not an address' }])
    const { kit } = kitWithGoodExtension()
    await expect(
      kit.connect({ namespace: 'polkadot', connectorId: 'empty' }),
    ).rejects.toMatchObject({ code: 'NOT_CONNECTED' })
    expect(kit.getState().namespaces.entities.polkadot!.accountState.status).toBe('disconnected')
  })
})
