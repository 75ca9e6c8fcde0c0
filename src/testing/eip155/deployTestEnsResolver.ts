import {
  type Account,
  type Address,
  type Chain,
  namehash,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { deployContract, writeContract } from 'viem/actions'
import { normalize } from 'viem/ens'
import {
  testUniversalResolverAbi,
  testUniversalResolverBytecode,
} from './contracts/testUniversalResolver.js'

/** One address's ENS profile on the local chain. */
export interface TestEnsRecord {
  /** The address whose primary name this is. */
  readonly address: Address
  /** Its primary name, e.g. `alice.eth`. */
  readonly name: string
  /** The name's `avatar` text record (a `data:image/…` URI needs no network to resolve). */
  readonly avatar?: string
}

/** What {@link deployTestEnsResolver} needs: clients for the same chain, and the records. */
export interface DeployTestEnsResolverParameters {
  /** Signs and sends the deployment and the records; it needs an account and a chain. */
  readonly walletClient: WalletClient<Transport, Chain, Account>
  /** Waits for the receipts. */
  readonly publicClient: PublicClient
  /** The profiles to set. */
  readonly records?: readonly TestEnsRecord[]
}

/**
 * Deploys `TestUniversalResolver` (`test/support/contracts/`), a Universal Resolver that answers
 * viem's `getEnsName` and `getEnsAvatar` from records it keeps itself, and sets `records`. Put the
 * returned address in a chain definition's `contracts.ensUniversalResolver`, and the eip155
 * plugin shows those names and avatars as it would mainnet's.
 * @example
 * import { deployTestEnsResolver } from '@gangway/kit/testing'
 * const { address } = await deployTestEnsResolver({
 *   walletClient, publicClient,
 *   records: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: 'alice.eth' }],
 * })
 * const chain = { ...localChain, contracts: { ensUniversalResolver: { address } } }
 * @param parameters - the clients and the records.
 * @returns the resolver's address.
 * @throws Error when the deployment or a record's transaction reverts.
 * @see https://docs.ens.domains/resolvers/universal
 */
export async function deployTestEnsResolver(
  parameters: DeployTestEnsResolverParameters,
): Promise<{ address: Address }> {
  const { walletClient, publicClient, records = [] } = parameters
  const confirm = async (hash: `0x${string}`, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`${what} ${hash} reverted`)
    return receipt
  }
  const deployment = await confirm(
    await deployContract(walletClient, {
      abi: testUniversalResolverAbi,
      bytecode: testUniversalResolverBytecode,
    }),
    'TestUniversalResolver deployment',
  )
  const address = deployment.contractAddress
  if (!address) throw new Error('TestUniversalResolver deployment yielded no contract address')
  for (const record of records) {
    await confirm(
      await writeContract(walletClient, {
        address,
        abi: testUniversalResolverAbi,
        functionName: 'setName',
        args: [record.address, record.name],
      }),
      `setName(${record.name})`,
    )
    if (record.avatar === undefined) continue
    await confirm(
      await writeContract(walletClient, {
        address,
        abi: testUniversalResolverAbi,
        functionName: 'setText',
        args: [namehash(normalize(record.name)), 'avatar', record.avatar],
      }),
      `setText(${record.name}, avatar)`,
    )
  }
  return { address }
}
