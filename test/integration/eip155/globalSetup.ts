import { createPublicClient, createWalletClient, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { TestProject } from 'vitest/node'
import { deployTestToken } from '../../../src/testing/eip155/deployTestToken.js'
import { ANVIL_MNEMONIC, type AnvilNode, startAnvil } from '../../../src/testing/nodes/anvil.js'
import { localChain } from '../../support/eip155.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Two local EVM nodes: `main` (31337, with the test token) and `side` (1337). */
    eip155: {
      main: { url: string; chainId: number; token: `0x${string}` }
      side: { url: string; chainId: number }
    }
  }
}

/** Starts the local EVM nodes every eip155 test uses, and deploys the test token. */
export default async function setup(project: TestProject) {
  const nodes: AnvilNode[] = []
  try {
    const main = await startAnvil({ chainId: 31337 })
    nodes.push(main)
    const side = await startAnvil({ chainId: 1337 })
    nodes.push(side)
    const chain = localChain(main.chainId, main.url)
    const account = mnemonicToAccount(ANVIL_MNEMONIC)
    const { address } = await deployTestToken({
      walletClient: createWalletClient({ account, chain, transport: http(main.url) }),
      publicClient: createPublicClient({ chain, transport: http(main.url) }),
      name: 'Gangway Test Token',
      symbol: 'GWT',
      decimals: 6,
      supply: 1_000_000n * 10n ** 6n,
    })
    project.provide('eip155', {
      main: { url: main.url, chainId: main.chainId, token: address },
      side: { url: side.url, chainId: side.chainId },
    })
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop()))
    throw error
  }
  return async () => {
    await Promise.all(nodes.map((node) => node.stop()))
  }
}
