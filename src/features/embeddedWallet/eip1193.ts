/**
 * The eip155 plugin's view of the embedded wallet: EIP-1193 over the frame. Account and network
 * methods map to the frame's own requests; everything else is an RPC_REQUEST, which the frame
 * answers from its nodes (§6 safe methods) or after the visitor's click (unsafe ones).
 * @module
 */
import { KitError } from '../../kernel/index.js'
import type { FrameClient } from './frameClient.js'
import type { EmbeddedEip1193Provider } from './wallet.js'

const toHex = (chainId: number) => `0x${chainId.toString(16)}`

function chainIdOf(networkId: string): number {
  const reference = Number(networkId.slice('eip155:'.length))
  if (!networkId.startsWith('eip155:') || !Number.isSafeInteger(reference) || reference <= 0)
    throw new KitError('EMBEDDED_NETWORK_NOT_FOUND', {
      details: `Not an eip155 network: ${networkId}`,
    })
  return reference
}

/**
 * Builds the bridge.
 * @param frame - the frame client.
 * @param emit - the provider's event emitter (`chainChanged`, `accountsChanged`, `disconnect`).
 * @returns what the provider's `request` calls.
 * @internal
 */
export function createEip155Bridge(
  frame: FrameClient,
  emit: (event: string, ...data: unknown[]) => void,
): Pick<EmbeddedEip1193Provider, 'request'> {
  let chainId: number | undefined
  frame.watchEvents((event) => {
    if (event.type === 'SESSION_EXPIRED') {
      emit('accountsChanged', [])
      emit('disconnect', { code: 4900, message: 'Session Expired' })
    }
  })
  const current = async () => {
    chainId ??= chainIdOf((await frame.request('GET_CHAIN_ID', {})).chainId)
    return chainId
  }
  const accounts = async () => {
    const { isConnected } = await frame.request('IS_CONNECTED', {})
    if (!isConnected) return []
    const user = await frame.request('GET_USER', { chainId: `eip155:${await current()}` })
    chainId = chainIdOf(user.chainId)
    return [user.address]
  }
  return {
    request: async ({ method, params }) => {
      switch (method) {
        case 'eth_accounts':
          return accounts()
        case 'eth_requestAccounts': {
          const found = await accounts()
          // Signing in happens in the feature's views (email code, social); a connect before it
          // has nothing to connect.
          if (found.length === 0)
            throw new KitError('AUTH_CONNECTOR_NOT_FOUND', { details: 'Not signed in.' })
          return found
        }
        case 'eth_chainId':
          return toHex(await current())
        case 'wallet_switchEthereumChain': {
          const [target] = Array.isArray(params) ? params : []
          const wanted = Number((target as { chainId?: unknown } | undefined)?.chainId)
          if (!Number.isSafeInteger(wanted) || wanted <= 0)
            throw new KitError('VALIDATION_FAILED', {
              details: 'wallet_switchEthereumChain needs a chainId.',
            })
          const switched = await frame.request('SWITCH_NETWORK', { chainId: `eip155:${wanted}` })
          chainId = chainIdOf(switched.chainId)
          emit('chainChanged', toHex(chainId))
          return null
        }
        // §4: signing out is the feature's SIGN_OUT on disconnect; a permission revoke must not
        // reach the frame as an unsafe method the visitor would be asked to approve.
        case 'wallet_revokePermissions':
          return null
        default: {
          const { result } = await frame.request('RPC_REQUEST', {
            chainId: `eip155:${await current()}`,
            method,
            ...(params === undefined ? {} : { params: params as unknown[] }),
          })
          return result
        }
      }
    },
  }
}
