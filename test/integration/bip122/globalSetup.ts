import type { TestProject } from 'vitest/node'
import { type BitcoinNode, startBitcoinNode } from '../../../src/testing/bip122/startBitcoinNode.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local Bitcoin-regtest node every bip122 test uses (litecoind behind an Esplora API). */
    bitcoin: {
      esploraUrl: string
      genesisHash: string
      rpc: { url: string; user: string; password: string }
    }
  }
}

/**
 * Starts the local Bitcoin-regtest node the bip122 tests share (installing litecoind with apt-get
 * when missing: a missing node is a failed setup, never a skip).
 */
export default async function setup(project: TestProject) {
  const node: BitcoinNode = await startBitcoinNode()
  project.provide('bitcoin', {
    esploraUrl: node.esploraUrl,
    genesisHash: node.genesisHash,
    rpc: node.rpc,
  })
  return () => node.stop()
}
