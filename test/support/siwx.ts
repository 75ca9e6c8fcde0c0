/**
 * Sign-in test helpers: the test smart accounts on a local anvil (`TestAccount`, ERC-1271, and
 * its CREATE2 factory for undeployed ERC-6492 accounts), a wallet that signs for such an account
 * with its owner key, and a wallet that tampers with what it signs.
 * @module
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  testAccountFactoryAbi,
  testAccountFactoryBytecode,
} from '../../src/testing/eip155/contracts/testAccountFactory.js'
import type { TestWallet } from '../../src/testing/index.js'
import { localChain } from './eip155.js'

/** The factory on a node and what it needs to make accounts. */
export interface TestAccounts {
  readonly factory: Address
  readonly reader: PublicClient
  /** Deploys the account of `owner` under `salt`; resolves with its address once mined. */
  deploy(owner: Address, salt: Hex): Promise<Address>
  /** The address of `owner`'s account under `salt`, deployed or not. */
  addressOf(owner: Address, salt: Hex): Promise<Address>
}

/**
 * Deploys the `TestAccountFactory` on a node from a fresh key funded with `anvil_setBalance`, so
 * it never races other test files for a shared dev account's nonce.
 */
export async function deployTestAccounts(node: {
  url: string
  chainId: number
}): Promise<TestAccounts> {
  const chain = localChain(node.chainId, node.url)
  const transport = http(node.url)
  const deployer = privateKeyToAccount(generatePrivateKey())
  const reader = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient
  await reader.request({
    method: 'anvil_setBalance' as never,
    params: [deployer.address, toHex(10n ** 20n)] as never,
  })
  const writer = createWalletClient({ account: deployer, chain, transport })
  const hash = await writer.deployContract({
    abi: testAccountFactoryAbi,
    bytecode: testAccountFactoryBytecode,
  })
  const receipt = await reader.waitForTransactionReceipt({ hash })
  const factory = receipt.contractAddress!
  const addressOf = (owner: Address, salt: Hex) =>
    reader.readContract({
      address: factory,
      abi: testAccountFactoryAbi,
      functionName: 'addressOf',
      args: [owner, salt],
    })
  return {
    factory,
    reader,
    addressOf,
    deploy: async (owner, salt) => {
      const sent = await writer.writeContract({
        address: factory,
        abi: testAccountFactoryAbi,
        functionName: 'deploy',
        args: [owner, salt],
      })
      await reader.waitForTransactionReceipt({ hash: sent })
      return addressOf(owner, salt)
    },
  }
}

/** A salt from a label, for readable tests. */
export const saltOf = (label: string): Hex => keccak256(toHex(label))

/**
 * A wallet for a smart account: it exposes `account` (not the owner's address), and answers
 * `personal_sign` for it with the owner's signature, wrapped as ERC-6492 (factory and deploy call)
 * while the account is not deployed, as a real smart-account wallet does. Everything else goes to
 * the owner's test wallet.
 */
export function smartAccountWallet(
  owner: TestWallet,
  account: Address,
  counterfactual?: { factory: Address; salt: Hex },
) {
  const ownerAddress = owner.addresses[0]!
  const swap = (addresses: unknown) =>
    Array.isArray(addresses) && addresses.length > 0 ? [account] : addresses
  const wrappers = new Map<(...args: unknown[]) => void, (payload: unknown) => void>()
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      if (method === 'eth_accounts' || method === 'eth_requestAccounts')
        return swap(await owner.provider.request({ method } as never))
      if (method === 'personal_sign') {
        const [message, address] = params as [Hex, Address]
        if (address.toLowerCase() !== account.toLowerCase())
          throw Object.assign(new Error('Unknown account'), { code: 4100 })
        const signature = (await owner.provider.request({
          method: 'personal_sign',
          params: [message, ownerAddress],
        } as never)) as Hex
        return counterfactual
          ? serializeErc6492Signature({
              address: counterfactual.factory,
              data: encodeFunctionData({
                abi: testAccountFactoryAbi,
                functionName: 'deploy',
                args: [ownerAddress, counterfactual.salt],
              }),
              signature,
            })
          : signature
      }
      return owner.provider.request({ method, params } as never)
    },
    on: (event: string, listener: (...args: unknown[]) => void) => {
      const wrapped = (payload: unknown) =>
        listener(event === 'accountsChanged' ? swap(payload) : payload)
      wrappers.set(listener, wrapped)
      owner.provider.on(event as never, wrapped as never)
    },
    removeListener: (event: string, listener: (...args: unknown[]) => void) => {
      const wrapped = wrappers.get(listener)
      if (wrapped) owner.provider.removeListener(event as never, wrapped as never)
      wrappers.delete(listener)
    },
  }
  const info = {
    uuid: crypto.randomUUID(),
    name: 'Smart Account Test Wallet',
    icon: owner.info.icon,
    rdns: 'dev.gangway.smartaccount',
  }
  return {
    provider,
    info,
    announce(target: EventTarget) {
      const detail = Object.freeze({ info, provider })
      const announceOnce = () =>
        target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      target.addEventListener('eip6963:requestProvider', announceOnce)
      announceOnce()
      return () => target.removeEventListener('eip6963:requestProvider', announceOnce)
    },
  }
}
