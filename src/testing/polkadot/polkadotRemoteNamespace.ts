import type { RemoteWalletNamespace } from '../walletconnect/createRemoteWallet.js'
import type { PolkadotTestExtension } from './createPolkadotTestExtension.js'

/** WalletConnect's Polkadot methods, as the wallet approves them. */
const METHODS = ['polkadot_signTransaction', 'polkadot_signMessage']

/**
 * The `polkadot` namespace of a remote wallet (`createRemoteWallet`), answered by a Polkadot test
 * extension's keys: it approves the proposed networks among `networkIds` once the extension lets
 * the site in, and answers `polkadot_signTransaction` (`{ address, transactionPayload }` →
 * `{ signature }`) and `polkadot_signMessage` (`{ address, message }`, the text signed wrapped in
 * `<Bytes>…</Bytes>` as extensions sign it).
 * @example
 * import { createPolkadotTestExtension, createRemoteWallet, polkadotRemoteNamespace } from '@gangway/kit/testing/node'
 * const extension = createPolkadotTestExtension({ keys: [{ uri: node.accounts[0]!.uri }] })
 * const remote = await createRemoteWallet({ relayUrl, namespaces: { polkadot: polkadotRemoteNamespace(extension, [local.id]) } })
 * @param extension - the test extension whose keys sign.
 * @param networkIds - the CAIP-2 networks it serves (`polkadot:<genesis hash prefix>`).
 * @returns the namespace.
 */
export function polkadotRemoteNamespace(
  extension: PolkadotTestExtension,
  networkIds: readonly string[],
): RemoteWalletNamespace {
  const call = async (request: Parameters<PolkadotTestExtension['handle']>[0]) => {
    const answer = await extension.handle(request)
    // A user's "no" reaches the site as WalletConnect's rejection code.
    if (!answer.ok) throw { code: 4001, message: answer.error.message }
    return answer.result
  }
  return {
    chains: networkIds,
    methods: METHODS,
    events: [],
    authorize: async () => {
      await call({ method: 'enable', origin: 'WalletConnect' })
      const { accounts } = (await call({ method: 'accounts' })) as {
        accounts: { address: string }[]
      }
      return accounts[0]!.address
    },
    request: async ({ method, params }) => {
      const request = (params ?? {}) as Record<string, unknown>
      if (method === 'polkadot_signTransaction') {
        const payload = request.transactionPayload as Record<string, unknown>
        const signed = await call({ method: 'signPayload', payload })
        return { signature: signed.signature }
      }
      if (method === 'polkadot_signMessage') {
        const signed = await call({
          method: 'signRaw',
          raw: { address: String(request.address), data: String(request.message), type: 'bytes' },
        })
        return { signature: signed.signature }
      }
      throw { code: 4200, message: `Unsupported method ${method}` }
    },
    disconnect: () => extension.disconnect(),
  }
}
