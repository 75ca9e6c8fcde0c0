/**
 * The two anvil nodes the eip155 globalSetup started, as chains: a reader on the main one and the
 * test token deployed there.
 */
import { createPublicClient, http } from 'viem'
import { inject } from 'vitest'
import { localChain } from '../../../support/eip155.js'

export const nodes = inject('eip155')
export const mainChain = localChain(nodes.main.chainId, nodes.main.url)
export const sideChain = localChain(nodes.side.chainId, nodes.side.url)
export const reader = createPublicClient({ chain: mainChain, transport: http(nodes.main.url) })
export const token = {
  address: nodes.main.token,
  symbol: 'GWT',
  name: 'Gangway Test Token',
  decimals: 6,
  chainId: 'eip155:31337' as const,
}
