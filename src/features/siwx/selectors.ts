import {
  type KitState,
  parseCaipAddress,
  selectActiveCaipAddress,
  selectActiveNetwork,
} from '../../kernel/index.js'
import { caipKey, sessionKey } from './slice.js'

/** The views where a required sign-in may keep the modal open (§4). */
export const SIWX_SIGN_VIEWS: readonly string[] = ['SIWXSignMessage', 'ConnectingSiwe']

/**
 * Whether the active address, on its network, has a verified sign-in session (one restored from
 * storage counts only once verified again).
 * @example
 * import { selectHasSiwxSession } from '@gangway/kit/siwx'
 * selectHasSiwxSession(kit.getState()) // false
 * @param state - the kit's state.
 * @returns whether the active account is signed in.
 * @see /docs/siwx.md
 */
export function selectHasSiwxSession(state: KitState): boolean {
  const address = selectActiveCaipAddress(state)
  if (!address) return false
  const key = caipKey(address)
  return (state.siwx?.sessions ?? []).some((session) => sessionKey(session) === key)
}

/** The siwx feature's recorded settings, as `siwx({ required })` set them. */
export interface SiwxRecordedSettings {
  /** Visitors stay out until they sign (§4: closing the sign views is disabled, cancel disconnects). */
  readonly required: boolean
}

/**
 * The siwx feature's settings in this kit, or `undefined` when the kit does not register it.
 * @example
 * import { selectSiwxSettings } from '@gangway/kit/siwx'
 * selectSiwxSettings(kit.getState())?.required // true
 * @param state - the kit state.
 * @returns the settings.
 */
export function selectSiwxSettings(state: KitState): SiwxRecordedSettings | undefined {
  return state.kit.settings.siwx as SiwxRecordedSettings | undefined
}

/**
 * §4: closing is disabled in the sign views when sign-in is required and the connected address
 * has no session.
 * @internal
 */
export function selectSiwxAllowsClose(state: KitState): boolean {
  if (!selectSiwxSettings(state)?.required) return true
  if (!SIWX_SIGN_VIEWS.includes(state.router.view)) return true
  return selectHasSiwxSession(state)
}

/** What the sign view shows before the wallet prompt, in plain words. */
export interface SiwxPrompt {
  /** The site the message names. */
  readonly domain: string | null
  /** The account that signs in, as its chain writes it. */
  readonly address: string
  readonly statement: string | null
  /** The network's name (`Ethereum`, `Solana Devnet`). */
  readonly networkName: string
  readonly isSigning: boolean
  /** The code of the last failed sign-in, or `null`. */
  readonly errorCode: string | null
}

/**
 * The sign view's content: the domain, the account, the statement and the network, or `null`
 * without a connected account or before the feature loaded.
 * @example
 * import { selectSiwxPrompt } from '@gangway/kit/siwx'
 * selectSiwxPrompt(kit.getState())?.domain // 'shop.example'
 * @param state - the kit's state.
 * @returns the prompt, or `null`.
 * @see /docs/siwx.md
 */
export function selectSiwxPrompt(state: KitState): SiwxPrompt | null {
  const siwx = state.siwx
  const caipAddress = selectActiveCaipAddress(state)
  const parsed = caipAddress ? parseCaipAddress(caipAddress) : undefined
  if (!siwx || !parsed) return null
  return {
    domain: siwx.settings.domain,
    address: parsed.address,
    statement: siwx.settings.statement,
    networkName: selectActiveNetwork(state)?.descriptor?.name ?? parsed.networkId,
    isSigning: siwx.signing !== null,
    errorCode: siwx.lastError?.code ?? null,
  }
}
