import type { TestProject } from 'vitest/node'
import { type SolanaNode, startSolanaNode } from '../../../src/testing/solana/startSolanaNode.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local Solana node every solana test uses, with a funder and three mints. */
    solana: {
      url: string
      genesisHash: string
      /** Secret key of the funder (funded account 0), which is also every mint's authority. */
      funder: number[]
      /** SPL Token mint, 6 decimals. */
      tokenMint: string
      /** Token-2022 mint, 2 decimals. */
      token2022Mint: string
      /** SPL Token mint with 0 decimals (§5: filtered from balances). */
      wholeMint: string
    }
  }
}

/** Starts the local Solana node the solana integration tests share, and creates their mints. */
export default async function setup(project: TestProject) {
  const node: SolanaNode = await startSolanaNode({ accounts: 1 })
  try {
    const [tokenMint, token2022Mint, wholeMint] = await Promise.all([
      node.createMint({ decimals: 6 }),
      node.createMint({ decimals: 2, program: 'token-2022' }),
      node.createMint({ decimals: 0 }),
    ])
    project.provide('solana', {
      url: node.url,
      genesisHash: node.genesisHash,
      funder: [...node.keypairs[0]!.secretKey],
      tokenMint: tokenMint.toBase58(),
      token2022Mint: token2022Mint.toBase58(),
      wholeMint: wholeMint.toBase58(),
    })
  } catch (error) {
    await node.stop()
    throw error
  }
  return () => node.stop()
}
