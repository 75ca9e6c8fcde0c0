/**
 * A test wallet and a kit with the eip155 plugin on the local nodes, and what the tests read back
 * from the kit.
 */
import type { Hex } from 'viem'
import { createKit, type Kit } from '../../../../src/index.js'
import { eip155 } from '../../../../src/plugins/eip155/index.js'
import {
  createTestWallet,
  createVirtualEnv,
  type VirtualEnv,
} from '../../../../src/testing/index.js'
import { kits, window } from './harness.js'
import { mainChain, nodes, sideChain, token } from './localNodes.js'

/** A test wallet on both nodes, announced on this test's window. */
export function walletFor(
  privateKeys: readonly Hex[],
  features: Parameters<typeof createTestWallet>[0]['features'] = {},
) {
  const wallet = createTestWallet({
    privateKeys,
    chains: [
      { id: nodes.main.chainId, rpcUrl: nodes.main.url },
      { id: nodes.side.chainId, rpcUrl: nodes.side.url },
    ],
    features,
  })
  wallet.announce(window)
  return wallet
}

/** A kit on both nodes with the test token; destroyed after the test. */
export function kitFor(
  options: {
    env?: VirtualEnv
    rpcUrls?: Record<number, string[]>
    chains?: Parameters<typeof eip155>[0]
  } = {},
) {
  const env = options.env ?? createVirtualEnv()
  const kit = createKit({
    plugins: [
      eip155({
        chains: [mainChain, sideChain],
        rpcUrls: options.rpcUrls ?? {
          [nodes.main.chainId]: [nodes.main.url],
          [nodes.side.chainId]: [nodes.side.url],
        },
        ...options.chains,
      }),
    ],
    tokens: [token],
    env,
  })
  kits.push(kit)
  return { kit, env }
}

/** The eip155 account state of `kit`. */
export const account = (kit: Kit) => kit.getState().namespaces.entities.eip155!.accountState
/** The test wallet's rdns, which is also its connector id. */
export const RDNS = 'dev.gangway.testwallet'

/** Waits until the kit has settled a balance fetch (real HTTP to the node). */
export async function balanceSettled(kit: Kit) {
  for (let round = 0; round < 200; round += 1) {
    const state = account(kit)
    if (state.balance !== null || state.balanceFailedAt !== null) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
