import type { Account, Address, Chain, PublicClient, Transport, WalletClient } from 'viem'
import { deployContract } from 'viem/actions'
import { testTokenAbi, testTokenBytecode } from './contracts/testToken.js'

/**
 * What {@link deployTestToken} needs: clients for the same chain, and the token's settings.
 * @example
 * import type { DeployTestTokenParameters } from './deployTestToken.js'
 * const token: Omit<DeployTestTokenParameters, 'walletClient' | 'publicClient'> = {
 *   name: 'Test USD', symbol: 'TUSD', decimals: 6, supply: 10n ** 12n,
 * }
 * @see https://eips.ethereum.org/EIPS/eip-20
 */
export interface DeployTestTokenParameters {
  /** Signs and sends the deployment; it needs an account and a chain. */
  readonly walletClient: WalletClient<Transport, Chain, Account>
  /** Waits for the deployment's receipt. */
  readonly publicClient: PublicClient
  /** The ERC-20 `name()`. */
  readonly name: string
  /** The ERC-20 `symbol()`. */
  readonly symbol: string
  /** The ERC-20 `decimals()`, 0 to 255. */
  readonly decimals: number
  /** The total supply in base units, all minted to the deployer. */
  readonly supply: bigint
}

/**
 * Deploys the test ERC-20 (`test/support/contracts/TestToken.sol`) and waits until it is mined.
 * @example
 * import { createPublicClient, createWalletClient, http } from 'viem'
 * import { mnemonicToAccount } from 'viem/accounts'
 * import { foundry as chain } from 'viem/chains'
 * import { ANVIL_MNEMONIC, startAnvil } from '../nodes/anvil.js'
 * import { deployTestToken } from './deployTestToken.js'
 * const transport = http((await startAnvil()).url)
 * const walletClient = createWalletClient({ account: mnemonicToAccount(ANVIL_MNEMONIC), chain, transport })
 * const publicClient = createPublicClient({ chain, transport })
 * const token = { name: 'Test USD', symbol: 'TUSD', decimals: 6, supply: 10n ** 12n }
 * const { address } = await deployTestToken({ walletClient, publicClient, ...token })
 * @param parameters - the clients and the token's name, symbol, decimals and supply.
 * @returns the deployed contract's address.
 * @throws Error when the deployment reverts or yields no contract address.
 * @see https://eips.ethereum.org/EIPS/eip-20
 */
export async function deployTestToken(
  parameters: DeployTestTokenParameters,
): Promise<{ address: Address }> {
  const { walletClient, publicClient, name, symbol, decimals, supply } = parameters
  const hash = await deployContract(walletClient, {
    abi: testTokenAbi,
    bytecode: testTokenBytecode,
    args: [name, symbol, decimals, supply],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`TestToken deployment ${hash} failed (status ${receipt.status})`)
  }
  return { address: receipt.contractAddress }
}
