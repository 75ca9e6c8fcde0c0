import type { Namespace } from '../../kernel/index.js'

/**
 * The chains the Gangway data service prices balances on. §9 names eip155 and solana as balance
 * chains, but the server's balance path serves eip155 only so far (a Solana account got a 400 on
 * every read, an error in the visitor's console); solana joins when the server serves it.
 */
export const SERVICE_BALANCE_NAMESPACES: readonly Namespace[] = ['eip155']
