import type { Namespace } from '../caip.js'
import {
  CONNECTOR_SECTION_ORDER,
  type ConnectMethod,
  type ConnectorSection,
  LIMITS,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../constants.js'
import {
  type Connector,
  type CustomWallet,
  connectorKey,
  type RecentWallet,
  type RegistryWallet,
} from '../domain.js'
import { filterSocialsForTelegram } from '../rules/validation.js'
import type { KitState } from '../state.js'
import type { ViewName } from '../views.js'
import {
  isRegistryWalletListed,
  selectConnectFamily,
  selectRegistryWallet,
  selectRegistryWallets,
  selectWalletConnectNamespace,
  shadowedBy,
} from './walletRegistry.js'

/** All registered connectors, in discovery order. */
export function selectConnectors(state: KitState): Connector[] {
  return state.connectors.ids.flatMap((id) => {
    const connector = state.connectors.entities[id]
    return connector ? [connector] : []
  })
}

/** Connectors that pass the site's include and exclude lists (by registry id or connector id). */
function isListed(state: KitState, ids: readonly (string | undefined)[]): boolean {
  const { includeWalletIds, excludeWalletIds } = state.options
  const known = ids.filter((id): id is string => Boolean(id))
  if (known.some((id) => excludeWalletIds.includes(id))) return false
  if (includeWalletIds.length === 0) return true
  return known.some((id) => includeWalletIds.includes(id))
}

/**
 * Every connector the site lists (include and exclude ids applied), one per wallet: for the
 * AllWallets view.
 * @example
 * import { selectListedConnectors } from '@gangway/kit'
 * selectListedConnectors(kit.getState()).map((connector) => connector.name)
 */
export function selectListedConnectors(state: KitState): Connector[] {
  const seen = new Set<string>()
  return selectConnectors(state).filter((connector) => {
    if (!isListed(state, [connector.id, connector.explorerId, connector.rdns])) return false
    const key = connector.rdns ?? connectorKey(connector.namespace, connector.id)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Whether an injected or announced wallet is shown (§2 connect-method order). */
export function selectHasInjectedWallet(state: KitState): boolean {
  return selectConnectors(state).some(
    (connector) =>
      (connector.type === 'ANNOUNCED' || connector.type === 'INJECTED') &&
      isListed(state, [connector.id, connector.explorerId, connector.rdns]),
  )
}

/** The social providers that can be offered here (§5 Telegram filter). */
export function selectSocials(state: KitState) {
  return filterSocialsForTelegram(state.options.socials, state.environment.telegramPlatform)
}

/**
 * The connect methods in display order (§2): email, social, wallet; wallet first when an injected
 * or announced wallet is shown. Email and social need an embedded-wallet (AUTH) connector and
 * their feature switches.
 * @example
 * import { selectConnectMethodOrder } from '@gangway/kit'
 * selectConnectMethodOrder(kit.getState()) // ['wallet', 'email', 'social']
 */
export function selectConnectMethodOrder(state: KitState): ConnectMethod[] {
  // Connecting for a picked network's family: only a login that gives an account there.
  const family = selectConnectFamily(state)
  const hasAuth = selectConnectors(state).some(
    (connector) => connector.type === 'AUTH' && (!family || connector.namespace === family),
  )
  // A method shows only where a registered feature renders its view: a button that cannot open
  // anything is worse than none.
  const knows = (view: string) => state.kit.views.includes(view as ViewName)
  const available: Record<ConnectMethod, boolean> = {
    email: hasAuth && state.options.features.email && knows('EmailLogin'),
    social: hasAuth && selectSocials(state).length > 0 && knows('ConnectingSocial'),
    wallet: true,
  }
  const order: ConnectMethod[] = selectHasInjectedWallet(state)
    ? ['wallet', 'email', 'social']
    : ['email', 'social', 'wallet']
  return order.filter((method) => available[method])
}

/** One entry of a connector section. */
export type ConnectorListItem =
  | { readonly kind: 'connector'; readonly connector: Connector }
  | { readonly kind: 'recent'; readonly wallet: RecentWallet; readonly connector?: Connector }
  | { readonly kind: 'custom'; readonly wallet: CustomWallet }
  | {
      readonly kind: 'registry'
      readonly wallet: RegistryWallet
      /** Where it connects: over the WalletConnect connector of this namespace. */
      readonly namespace: Namespace
    }
  /**
   * A wallet the visitor could install: offered (its homepage) when nothing in this kit can
   * connect it and the browser has no wallet of its own.
   */
  | { readonly kind: 'getWallet'; readonly wallet: RegistryWallet & { readonly homepage: string } }

/** A section of the Connect view's wallet list. */
export interface ConnectorSectionList {
  readonly section: ConnectorSection
  readonly items: readonly ConnectorListItem[]
}

/**
 * The wallet list of the Connect view in §9 connector type order (walletConnect, recent, injected,
 * featured, custom, external, recommended). A wallet appears once, in the first section it
 * qualifies for; include and exclude ids apply; empty sections are left out. Featured (the site's
 * `featuredWalletIds`, in that order) and recommended (the first 4 others) come from the wallet
 * registry, or the built-in list without one, and are offered only when a namespace lists the
 * WalletConnect connector; a registry wallet that an announced connector already lists (same
 * `rdns`, or its `explorerId`) is left out. While Connect connects for a network the visitor
 * picked (`selectConnectFamily`), only wallets that connect its family are listed.
 * @example
 * import { selectConnectorSections } from '@gangway/kit'
 * selectConnectorSections(kit.getState()).map((s) => s.section)
 */
export function selectConnectorSections(state: KitState): ConnectorSectionList[] {
  // Connecting for a picked network's family (`RouterState.network`): that family's wallets only.
  const family = selectConnectFamily(state)
  const connectors = selectConnectors(state).filter(
    (connector) =>
      (!family || connector.namespace === family) &&
      isListed(state, [connector.id, connector.explorerId, connector.rdns]),
  )
  const namespace = family ?? state.activeNamespace
  const seen = new Set<string>()
  const claim = (keys: readonly (string | undefined)[]) => {
    const present = keys.filter((key): key is string => Boolean(key))
    if (present.some((key) => seen.has(key))) return false
    for (const key of present) seen.add(key)
    return true
  }
  // Multi-namespace wallets register one connector per namespace; show one entry per wallet,
  // preferring the active namespace's.
  const byWallet = new Map<string, Connector>()
  for (const connector of connectors) {
    const key = connector.rdns ?? connector.id
    const current = byWallet.get(key)
    if (!current || (connector.namespace === namespace && current.namespace !== namespace)) {
      byWallet.set(key, connector)
    }
  }
  const unique = [...byWallet.values()]
  const sections: Record<ConnectorSection, ConnectorListItem[]> = {
    walletConnect: [],
    recent: [],
    injected: [],
    featured: [],
    custom: [],
    external: [],
    recommended: [],
  }
  const walletConnect = unique.find((connector) => connector.id === WALLET_CONNECT_CONNECTOR_ID)
  if (walletConnect && claim([walletConnect.id])) {
    sections.walletConnect.push({ kind: 'connector', connector: walletConnect })
  }
  for (const wallet of state.recentWallets) {
    if (!isListed(state, [wallet.id, wallet.rdns])) continue
    const connector = unique.find(
      (candidate) => candidate.id === wallet.id || (wallet.rdns && candidate.rdns === wallet.rdns),
    )
    // A recent wallet that cannot connect the family asked for is no answer here.
    if (family && !connector) continue
    if (claim([wallet.id, wallet.rdns, connector?.id, connector?.rdns])) {
      sections.recent.push(
        connector ? { kind: 'recent', wallet, connector } : { kind: 'recent', wallet },
      )
    }
  }
  for (const connector of unique) {
    if (connector.type !== 'ANNOUNCED' && connector.type !== 'INJECTED') continue
    if (claim([connector.id, connector.rdns]))
      sections.injected.push({ kind: 'connector', connector })
  }
  const walletConnectNamespace = selectWalletConnectNamespace(state)
  const isShadowed = shadowedBy(connectors)
  const claimRegistry = (wallet: RegistryWallet) =>
    !isShadowed(wallet) && isRegistryWalletListed(state, wallet) && claim([wallet.id, wallet.rdns])
  if (walletConnectNamespace) {
    for (const id of state.options.featuredWalletIds) {
      const wallet = selectRegistryWallet(state, id)
      if (wallet && claimRegistry(wallet)) {
        sections.featured.push({ kind: 'registry', wallet, namespace: walletConnectNamespace })
      }
    }
  }
  for (const wallet of family ? [] : state.options.customWallets) {
    if (isListed(state, [wallet.id]) && claim([wallet.id])) {
      sections.custom.push({ kind: 'custom', wallet })
    }
  }
  for (const connector of unique) {
    if (connector.type !== 'EXTERNAL' && connector.type !== 'MULTI_CHAIN') continue
    if (claim([connector.id, connector.rdns]))
      sections.external.push({ kind: 'connector', connector })
  }
  if (walletConnectNamespace) {
    for (const wallet of selectRegistryWallets(state)) {
      if (sections.recommended.length === LIMITS.recommendedWallets) break
      if (claimRegistry(wallet)) {
        sections.recommended.push({ kind: 'registry', wallet, namespace: walletConnectNamespace })
      }
    }
  } else if (!family && sections.injected.length === 0 && sections.recent.length === 0) {
    // Nothing here can connect a registry wallet and the browser has none: a way to get one, never
    // a connect method that is not configured (issue #11).
    for (const wallet of selectRegistryWallets(state)) {
      if (sections.recommended.length === LIMITS.recommendedWallets) break
      const { homepage } = wallet
      if (homepage && !isShadowed(wallet) && claim([wallet.id, wallet.rdns])) {
        sections.recommended.push({ kind: 'getWallet', wallet: { ...wallet, homepage } })
      }
    }
  }
  return CONNECTOR_SECTION_ORDER.map((section) => ({ section, items: sections[section] })).filter(
    (entry) => entry.items.length > 0,
  )
}
