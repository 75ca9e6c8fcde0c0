import { type Address, toHex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestWallet } from './createTestWallet.js'
import { startNodes, stopNodes, TIMEOUT } from './createTestWallet.testNodes.js'
import { ADDRESS_0, ADDRESS_1, record, rejection, wallet } from './createTestWallet.testSupport.js'

beforeAll(startNodes, TIMEOUT)
afterAll(stopNodes, TIMEOUT)

describe('createTestWallet', () => {
  test('default', () => {
    const w = wallet()
    expect(w.addresses).toEqual([ADDRESS_0, ADDRESS_1])
    expect(w.info.name).toBe('Gangway Test Wallet')
    expect(w.info.rdns).toBe('dev.gangway.testwallet')
    expect(w.info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(w.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(w.features).toEqual({ rejectRequests: false, unknownChainIds: [] })
    expect(() => createTestWallet({ privateKeys: [], chains: [] })).toThrow(/private key/)
    expect(() => wallet({ chainId: 1 })).toThrow(/not among/)
  })

  test(
    'behavior: EIP-6963 announces now and answers every requestProvider until stopped',
    () => {
      const w = wallet()
      const target = new EventTarget()
      const announced: { info: { rdns: string }; provider: unknown }[] = []
      target.addEventListener('eip6963:announceProvider', (event) => {
        announced.push((event as CustomEvent).detail)
      })
      const stop = w.announce(target)
      expect(announced).toHaveLength(1)
      expect(announced[0]?.info).toBe(w.info)
      expect(announced[0]?.provider).toBe(w.provider)
      expect(Object.isFrozen(announced[0])).toBe(true)
      target.dispatchEvent(new CustomEvent('eip6963:requestProvider'))
      expect(announced).toHaveLength(2)
      stop()
      target.dispatchEvent(new CustomEvent('eip6963:requestProvider'))
      expect(announced).toHaveLength(2)
    },
    TIMEOUT,
  )

  test(
    'behavior: eth_requestAccounts authorizes; eth_accounts is empty before and current after',
    async () => {
      const w = wallet()
      const changes = record(w.provider, 'accountsChanged')
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([])
      expect(await w.provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS_0])
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS_0])
      expect(changes).toEqual([[ADDRESS_0]])
      expect(await w.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
      expect(await w.provider.request({ method: 'net_version' })).toBe('31337')
      expect(w.requests.map((entry) => entry.method)).toEqual([
        'eth_accounts',
        'eth_requestAccounts',
        'eth_accounts',
        'eth_chainId',
        'net_version',
      ])
    },
    TIMEOUT,
  )

  test(
    'behavior: rejectRequests rejects interactive requests with 4001 and leaves reads alone',
    async () => {
      const w = wallet({ features: { rejectRequests: true } })
      const error = await rejection(w.provider.request({ method: 'eth_requestAccounts' }))
      expect(error).toBeInstanceOf(Error)
      expect(error.code).toBe(4001)
      expect(error.message).toBe('User rejected the request.')
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([])
      w.features.rejectRequests = false
      await w.provider.request({ method: 'eth_requestAccounts' })
      w.features.rejectRequests = true
      const sign = await rejection(
        w.provider.request({ method: 'personal_sign', params: ['0x68690a', ADDRESS_0] }),
      )
      expect(sign.code).toBe(4001)
      const send = await rejection(
        w.provider.request({
          method: 'eth_sendTransaction',
          params: [{ from: ADDRESS_0, to: ADDRESS_1, value: '0x1' }],
        }),
      )
      expect(send.code).toBe(4001)
    },
    TIMEOUT,
  )

  test(
    'behavior: personal_sign signs with the authorized account; others get 4100',
    async () => {
      const w = wallet()
      const early = await rejection(
        w.provider.request({ method: 'personal_sign', params: [toHex('hello'), ADDRESS_0] }),
      )
      expect(early.code).toBe(4100)
      await w.provider.request({ method: 'eth_requestAccounts' })
      const signature = await w.provider.request({
        method: 'personal_sign',
        params: [toHex('hello gangway'), ADDRESS_0],
      })
      expect(await verifyMessage({ address: ADDRESS_0, message: 'hello gangway', signature })).toBe(
        true,
      )
      const stranger = await rejection(
        w.provider.request({ method: 'personal_sign', params: [toHex('hi'), ADDRESS_1] }),
      )
      expect(stranger.code).toBe(4100)
    },
    TIMEOUT,
  )

  test(
    'behavior: eth_signTypedData_v4 signs EIP-712 data that verifyTypedData accepts',
    async () => {
      const w = wallet()
      await w.provider.request({ method: 'eth_requestAccounts' })
      const typedData = {
        domain: {
          name: 'Gangway',
          version: '1',
          chainId: 31337,
          verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
        },
        types: {
          Person: [
            { name: 'name', type: 'string' },
            { name: 'wallet', type: 'address' },
          ],
          Mail: [
            { name: 'from', type: 'Person' },
            { name: 'to', type: 'Person' },
            { name: 'contents', type: 'string' },
          ],
        },
        primaryType: 'Mail',
        message: {
          from: { name: 'Alice', wallet: ADDRESS_0 },
          to: { name: 'Bob', wallet: ADDRESS_1 },
          contents: 'Hello, Bob!',
        },
      } as const
      const signature = await w.provider.request({
        method: 'eth_signTypedData_v4',
        params: [ADDRESS_0, JSON.stringify(typedData)],
      })
      expect(await verifyTypedData({ address: ADDRESS_0, signature, ...typedData })).toBe(true)
      const bad = await rejection(
        w.provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS_0, '{not json'] }),
      )
      expect(bad.code).toBe(-32602)
    },
    TIMEOUT,
  )

  test(
    'behavior: switchAccount emits accountsChanged only while authorized',
    async () => {
      const w = wallet()
      const changes = record(w.provider, 'accountsChanged')
      w.switchAccount(1)
      expect(changes).toEqual([])
      w.switchAccount(0)
      await w.provider.request({ method: 'eth_requestAccounts' })
      w.switchAccount(1)
      expect(changes).toEqual([[ADDRESS_0], [ADDRESS_1]])
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS_1])
      expect(() => w.switchAccount(2)).toThrow(RangeError)
    },
    TIMEOUT,
  )

  test(
    'behavior: disconnect emits a 4900 error and eth_accounts becomes empty; reconnecting emits connect',
    async () => {
      const w = wallet()
      const disconnects = record(w.provider, 'disconnect')
      const connects = record(w.provider, 'connect')
      await w.provider.request({ method: 'eth_requestAccounts' })
      w.disconnect()
      expect(disconnects).toHaveLength(1)
      expect(disconnects[0]).toBeInstanceOf(Error)
      expect(disconnects[0]).toMatchObject({ code: 4900 })
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([])
      await w.provider.request({ method: 'eth_requestAccounts' })
      expect(connects).toEqual([{ chainId: '0x7a69' }])
    },
    TIMEOUT,
  )

  test(
    'behavior: EIP-2255 permissions follow authorization',
    async () => {
      const w = wallet()
      expect(await w.provider.request({ method: 'wallet_getPermissions' })).toEqual([])
      const granted = await w.provider.request({
        method: 'wallet_requestPermissions',
        params: [{ eth_accounts: {} }],
      })
      expect(granted).toMatchObject([
        {
          parentCapability: 'eth_accounts',
          caveats: [{ type: 'restrictReturnedAccounts', value: [ADDRESS_0] }],
        },
      ])
      const changes = record(w.provider, 'accountsChanged')
      await w.provider.request({
        method: 'wallet_revokePermissions',
        params: [{ eth_accounts: {} }],
      })
      expect(changes).toEqual([[]])
      expect(await w.provider.request({ method: 'eth_accounts' })).toEqual([])
      expect(await w.provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    },
    TIMEOUT,
  )

  test(
    'behavior: removeListener stops delivery',
    async () => {
      const w = wallet()
      const seen: Address[][] = []
      const listener = (accounts: Address[]) => seen.push(accounts)
      w.provider.on('accountsChanged', listener)
      w.provider.removeListener('accountsChanged', listener)
      await w.provider.request({ method: 'eth_requestAccounts' })
      expect(seen).toEqual([])
    },
    TIMEOUT,
  )
})
