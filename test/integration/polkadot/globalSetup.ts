import type { TestProject } from 'vitest/node'
import { startPolkadotNode } from '../../../src/testing/polkadot/startPolkadotNode.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local Polkadot node (chopsticks) every polkadot test uses, with its funded accounts. */
    polkadot: {
      url: string
      genesisHash: `0x${string}`
      /** Secret URIs of the funded accounts (10^18 planck each); tests fund fresh keys from them. */
      uris: string[]
      existentialDeposit: string
    }
  }
}

/** Starts the chopsticks node the polkadot integration tests share. */
export default async function setup(project: TestProject) {
  const node = await startPolkadotNode({ accounts: 4 })
  project.provide('polkadot', {
    url: node.url,
    genesisHash: node.genesisHash,
    uris: node.accounts.map((account) => account.uri),
    existentialDeposit: node.existentialDeposit.toString(),
  })
  return () => node.stop()
}
