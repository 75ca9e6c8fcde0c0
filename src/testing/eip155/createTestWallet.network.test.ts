import { createPublicClient, createWalletClient, custom, http, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestWallet } from './createTestWallet.js'
import { mainnet, second, startNodes, stopNodes, TIMEOUT } from './createTestWallet.testNodes.js'
import { ADDRESS_0, ADDRESS_1, record, rejection, wallet } from './createTestWallet.testSupport.js'

beforeAll(startNodes, TIMEOUT)
afterAll(stopNodes, TIMEOUT)

describe('createTestWallet', () => {
  test(
    'behavior: eth_sendTransaction fills, signs locally and moves ETH on anvil',
    async () => {
      const w = wallet()
      const client = createPublicClient({ transport: http(mainnet!.url) })
      const recipient = privateKeyToAccount(toHex(0xbeefn, { size: 32 })).address
      const before = await client.getBalance({ address: recipient })
      await w.provider.request({ method: 'eth_requestAccounts' })
      const value = parseEther('1.5')
      const hash = await w.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: ADDRESS_0, to: recipient, value: toHex(value) }],
      })
      const receipt = await client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(receipt.from.toLowerCase()).toBe(ADDRESS_0.toLowerCase())
      expect(await client.getBalance({ address: recipient })).toBe(before + value)

      // Two at once still get distinct nonces.
      const hashes = await Promise.all(
        [1n, 2n].map((wei) =>
          w.provider.request({
            method: 'eth_sendTransaction',
            params: [{ from: ADDRESS_0, to: recipient, value: toHex(wei) }],
          }),
        ),
      )
      for (const each of hashes) await client.waitForTransactionReceipt({ hash: each })
      expect(await client.getBalance({ address: recipient })).toBe(before + value + 3n)

      const stranger = await rejection(
        w.provider.request({
          method: 'eth_sendTransaction',
          params: [{ from: ADDRESS_1, to: recipient, value: '0x1' }],
        }),
      )
      expect(stranger.code).toBe(4100)
    },
    TIMEOUT,
  )

  test(
    'behavior: node errors keep their JSON-RPC code (a transfer the account cannot afford)',
    async () => {
      const broke = toHex(0xdeadn, { size: 32 })
      const w = createTestWallet({
        privateKeys: [broke],
        chains: [{ id: 31337, rpcUrl: mainnet!.url }],
      })
      await w.provider.request({ method: 'eth_requestAccounts' })
      const error = await rejection(
        w.provider.request({
          method: 'eth_sendTransaction',
          params: [{ to: ADDRESS_1, value: toHex(parseEther('1')) }],
        }),
      )
      expect(error).toBeInstanceOf(Error)
      expect(typeof error.code).toBe('number')
      expect(error.message).toMatch(/fund/i)
      const missing = await rejection(w.provider.request({ method: 'eth_noSuchMethod' } as never))
      expect(missing.code).toBe(-32601)
    },
    TIMEOUT,
  )

  test(
    'behavior: an unknown chain gives 4902 until wallet_addEthereumChain adds it',
    async () => {
      const w = wallet({
        chains: [
          { id: 31337, rpcUrl: mainnet!.url },
          { id: 1337, rpcUrl: second!.url },
        ],
        features: { unknownChainIds: [1337] },
      })
      const chains = record(w.provider, 'chainChanged')
      const unknown = await rejection(
        w.provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: '0x539' }],
        }),
      )
      expect(unknown.code).toBe(4902)
      expect(unknown.message).toMatch(/^Unrecognized chain ID/)
      const unlisted = await rejection(
        w.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
      )
      expect(unlisted.code).toBe(4902)

      expect(
        await w.provider.request({
          method: 'wallet_addEthereumChain',
          params: [
            {
              chainId: '0x539',
              chainName: 'Second anvil',
              rpcUrls: [second!.url],
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            },
          ],
        }),
      ).toBeNull()
      expect(w.features.unknownChainIds).toEqual([])
      expect(await w.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
      expect(chains).toEqual([])

      expect(
        await w.provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: '0x539' }],
        }),
      ).toBeNull()
      expect(chains).toEqual(['0x539'])
      expect(await w.provider.request({ method: 'eth_chainId' })).toBe('0x539')
      expect(await w.provider.request({ method: 'net_version' })).toBe('1337')

      // Sends now go to the second node, signed for chain 1337.
      await w.provider.request({ method: 'eth_requestAccounts' })
      const client = createPublicClient({ transport: http(second!.url) })
      const recipient = privateKeyToAccount(toHex(0xcafen, { size: 32 })).address
      const hash = await w.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: ADDRESS_0, to: recipient, value: '0x2a' }],
      })
      await client.waitForTransactionReceipt({ hash })
      expect(await client.getBalance({ address: recipient })).toBe(42n)
      const transaction = await client.getTransaction({ hash })
      expect(transaction.chainId).toBe(1337)

      w.switchChain(31337)
      expect(chains).toEqual(['0x539', '0x7a69'])
      expect(() => w.switchChain(5)).toThrow(/not known/)
    },
    TIMEOUT,
  )

  test(
    'behavior: wallet_addEthereumChain with the same node URL works too',
    async () => {
      const w = wallet({ features: { unknownChainIds: [] } })
      await w.provider.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x2a', chainName: 'Alias', rpcUrls: [mainnet!.url] }],
      })
      const chains = record(w.provider, 'chainChanged')
      await w.provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x2a' }],
      })
      expect(chains).toEqual(['0x2a'])
      w.features.rejectRequests = true
      const refused = await rejection(
        w.provider.request({
          method: 'wallet_addEthereumChain',
          params: [{ chainId: '0x2b', chainName: 'Other', rpcUrls: [mainnet!.url] }],
        }),
      )
      expect(refused.code).toBe(4001)
    },
    TIMEOUT,
  )

  test(
    'behavior: reads are forwarded to the current node; refused signing methods get 4200',
    async () => {
      const w = wallet()
      const client = createPublicClient({ transport: http(mainnet!.url) })
      const blockNumber = await w.provider.request({ method: 'eth_blockNumber' })
      expect(blockNumber).toBe(toHex(await client.getBlockNumber()))
      const balance = await w.provider.request({
        method: 'eth_getBalance',
        params: [ADDRESS_1, 'latest'],
      })
      expect(BigInt(balance)).toBe(await client.getBalance({ address: ADDRESS_1 }))
      const ethSign = await rejection(
        w.provider.request({ method: 'eth_sign', params: [ADDRESS_0, '0x00'] }),
      )
      expect(ethSign.code).toBe(4200)
      const invalid = await rejection(w.provider.request('nope' as never))
      expect(invalid.code).toBe(-32600)
    },
    TIMEOUT,
  )

  test(
    'behavior: viem drives it as an injected wallet (custom transport)',
    async () => {
      const w = wallet()
      const client = createWalletClient({ transport: custom(w.provider) })
      const [address] = await client.requestAddresses()
      expect(address).toBe(ADDRESS_0)
      const hash = await client.sendTransaction({
        account: ADDRESS_0,
        chain: null,
        to: ADDRESS_1,
        value: 7n,
      })
      const publicClient = createPublicClient({ transport: http(mainnet!.url) })
      expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
      w.features.rejectRequests = true
      await expect(client.signMessage({ account: ADDRESS_0, message: 'no' })).rejects.toMatchObject(
        { name: 'UserRejectedRequestError', code: 4001 },
      )
    },
    TIMEOUT,
  )
})
