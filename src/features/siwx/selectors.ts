import { type KitState, selectActiveCaipAddress } from '../../kernel/index.js'

/** The views where a required sign-in may keep the modal open (§4). */
export const SIWX_SIGN_VIEWS: readonly string[] = ['SIWXSignMessage', 'ConnectingSiwe']

/**
 * Whether the active address, on its network, has a sign-in session.
 * @example
 * import { selectHasSiwxSession } from 'gangway/siwx'
 * selectHasSiwxSession(kit.getState()) // false
 */
export function selectHasSiwxSession(state: KitState): boolean {
  const address = selectActiveCaipAddress(state)
  if (!address) return false
  return (state.siwx?.sessions ?? []).some(
    (session) =>
      `${session.data.chainId}:${session.data.accountAddress}`.toLowerCase() ===
      address.toLowerCase(),
  )
}

/**
 * §4: closing is disabled in the sign views when sign-in is required and the connected address
 * has no session.
 */
export function selectSiwxAllowsClose(state: KitState): boolean {
  if (!state.options.siwx?.required) return true
  if (!SIWX_SIGN_VIEWS.includes(state.router.view)) return true
  return selectHasSiwxSession(state)
}
