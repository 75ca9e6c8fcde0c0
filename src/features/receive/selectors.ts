import { type KitState, selectActiveAccount, selectActiveNetwork } from '../../kernel/index.js'

/** What the Receive view shows: where to send, and on which network and chain family. */
export interface ReceiveTarget {
  /** The connected address, in full. */
  readonly address: string
  /** Its CAIP-10 account id (`eip155:1:0xab…`). */
  readonly caipAddress: string
  /** The chain family (`eip155`, `solana`, `polkadot`, `bip122`). */
  readonly namespace: string
  /** The network's name (`Ethereum`), or its CAIP-2 id when the kit has no name for it. */
  readonly networkName: string
  /** The network's native currency symbol, when known. */
  readonly symbol: string | null
}

/**
 * Where the connected account receives: its full address, the network and the chain family; `null`
 * while no account is connected.
 * @example
 * import { selectReceiveTarget } from '@gangway/kit/receive'
 * selectReceiveTarget(kit.getState())?.networkName // 'Ethereum'
 * @param state - the kit state.
 * @returns the target, or `null`.
 */
export function selectReceiveTarget(state: KitState): ReceiveTarget | null {
  const account = selectActiveAccount(state)
  const network = selectActiveNetwork(state)
  if (account?.status !== 'connected' || !account.address || !account.caipAddress || !network)
    return null
  return {
    address: account.address,
    caipAddress: account.caipAddress,
    namespace: state.activeNamespace ?? account.caipAddress.split(':')[0]!,
    networkName: network.descriptor?.name ?? network.id,
    symbol: network.descriptor?.nativeCurrency.symbol ?? null,
  }
}
