/**
 * The wallet registry feature's settings (`walletRegistry({ url })`) and where the registry is:
 * part of the eager entry, read by the feature's wake rule.
 * @module
 */
import { type KitState, ValidationError } from '../../kernel/index.js'

/** The WalletConnect wallet registry (Explorer API) asked when a site sets a `projectId`. */
export const DEFAULT_WALLET_REGISTRY_URL = 'https://api.web3modal.org'

/** Parameters of the wallet registry feature (`walletRegistry(parameters)`). */
export interface WalletRegistryParameters {
  /**
   * The registry's base URL (`GET {url}/getWallets`): `https://api.web3modal.org` by default, or
   * a self-hosted one (`startWalletRegistry` from `@gangway/server`, or the Gangway server's own
   * registry); `null` turns the registry off. Asked only with a `projectId`, and only after the
   * visitor opens the modal.
   */
  readonly url?: string | null
}

/** The feature's settings as state holds them (`state.kit.settings.walletRegistry`). */
export interface WalletRegistrySettings {
  readonly url: string | null
}

/** Where the registry is and who asks: the site's WalletConnect project id. */
export interface WalletRegistryConfig {
  /** The registry's base URL, e.g. `https://api.web3modal.org` or a self-hosted one. */
  readonly baseUrl: string
  /** The WalletConnect project id, sent as `x-project-id`. */
  readonly projectId: string
}

/**
 * The settings a site's parameters stand for: an `http:` or `https:` URL, or `null`.
 * @throws VALIDATION_FAILED for anything else.
 * @internal
 */
export function toWalletRegistrySettings(
  parameters: WalletRegistryParameters,
): WalletRegistrySettings {
  const url = parameters.url === undefined ? DEFAULT_WALLET_REGISTRY_URL : parameters.url
  if (url !== null && !/^https?:\/\/[^\s]+$/.test(url)) {
    throw new ValidationError([`url: not an http(s) URL`])
  }
  return { url }
}

/**
 * Where the wallet registry is, or `null` when the kit must not ask one: the feature is not
 * registered, no `projectId`, or `url: null`. Without a registry the built-in list is used.
 * @example
 * import { selectWalletRegistryConfig } from '@gangway/kit/wallet-registry'
 * selectWalletRegistryConfig(kit.getState())?.baseUrl // 'https://api.web3modal.org'
 * @param state - the kit state.
 * @returns the registry's base URL and the project id, or `null`.
 */
export function selectWalletRegistryConfig(state: KitState): WalletRegistryConfig | null {
  const settings = state.kit.settings.walletRegistry as WalletRegistrySettings | undefined
  const { projectId } = state.options
  return projectId && settings?.url ? { baseUrl: settings.url, projectId } : null
}
