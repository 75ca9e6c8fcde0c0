import type { WalletConnectNamespace, WalletConnectProposal } from './createWalletConnect.js'

const unique = (values: readonly string[]): string[] =>
  values.filter((value, index) => values.indexOf(value) === index)

/**
 * The CAIP-25 `optionalNamespaces` of a proposal, from every registered namespace: contributions
 * of the same namespace merge, each list without repeats, and the connecting namespace's
 * preferred network comes first. Chains outside their namespace are dropped. A namespace with no chains is left out (CAIP-25 requires some).
 * @example
 * buildProposal([eip155Part, toyPart], { namespace: 'eip155', networkId: 'eip155:8453' })
 * // { eip155: { chains: ['eip155:8453', 'eip155:1'], ... }, toychain: { ... } }
 * @param namespaces - the registered contributions, in registration order.
 * @param connecting - the namespace connecting and the network the visitor picked, if any.
 * @returns the namespaces by name.
 * @internal
 */
export function buildProposal(
  namespaces: Iterable<WalletConnectNamespace>,
  connecting: { readonly namespace: string; readonly networkId?: string | undefined },
): Record<string, { chains: string[]; methods: string[]; events: string[] }> {
  const merged: Record<string, { chains: string[]; methods: string[]; events: string[] }> = {}
  for (const contribution of namespaces) {
    const isConnecting = contribution.namespace === connecting.namespace
    const preferred =
      isConnecting && connecting.networkId?.startsWith(`${contribution.namespace}:`)
        ? connecting.networkId
        : undefined
    const part: WalletConnectProposal = contribution.proposal(preferred)
    const entry = merged[contribution.namespace] ?? { chains: [], methods: [], events: [] }
    merged[contribution.namespace] = entry
    const chains = [...(preferred ? [preferred] : []), ...entry.chains, ...part.chains]
    entry.chains = unique(chains.filter((chain) => chain.startsWith(`${contribution.namespace}:`)))
    entry.methods = unique([...entry.methods, ...part.methods])
    entry.events = unique([...entry.events, ...part.events])
  }
  for (const [name, entry] of Object.entries(merged)) {
    if (entry.chains.length === 0) delete merged[name]
  }
  return merged
}
