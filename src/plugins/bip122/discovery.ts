/**
 * Finds the page's Bitcoin wallets at start, without bitcoinjs-lib: Wallet Standard wallets with
 * `bitcoin:connect`, sats-connect providers (the WBIP004 `window.btc_providers` list,
 * `window.XverseProviders.BitcoinProvider`, `window.BitcoinProvider`) and a Unisat-style
 * `window.unisat`. Every wallet is read on its own: one whose getters throw or whose fields are
 * malformed is left out and the others are listed.
 * @module
 */
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { Subject } from 'rxjs'
import {
  type Connector,
  KitError,
  type PluginEventInput,
  toPlainText,
  toSafeImageUrl,
} from '../../kernel/index.js'

/** A wallet behind a connector id, as the lazily loaded code connects it. @internal */
export type Bip122WalletHandle =
  | { readonly kind: 'standard'; readonly wallet: Wallet; readonly connector: Connector }
  | { readonly kind: 'sats'; readonly provider: object; readonly connector: Connector }
  | { readonly kind: 'unisat'; readonly provider: object; readonly connector: Connector }

/** The page's Bitcoin wallets. @internal */
export interface Bip122Discovery {
  listConnectors(): Connector[]
  /** @throws CONNECTOR_NOT_FOUND */
  walletOf(connectorId: string): Bip122WalletHandle
  destroy(): void
}

/** The id of the Unisat-style provider's connector. */
export const UNISAT_CONNECTOR_ID = 'unisat'

type Injected = { provider: object; connector: Connector; kind: 'sats' | 'unisat' }

/** Reads a property of an untrusted object; a throwing getter reads as `undefined`. */
function read(target: unknown, key: string): unknown {
  try {
    return typeof target === 'object' && target !== null
      ? (target as Record<string, unknown>)[key]
      : undefined
  } catch {
    return undefined
  }
}

/** Whether `target[key]` is a function, without letting a throwing getter through. */
const callable = (target: unknown, key: string) => typeof read(target, key) === 'function'

function connectorOf(
  id: string | undefined,
  rawName: unknown,
  rawIcon: unknown,
  type: Connector['type'],
): Connector | undefined {
  const name = typeof rawName === 'string' ? toPlainText(rawName) : ''
  if (!name) return undefined
  const imageUrl = typeof rawIcon === 'string' ? toSafeImageUrl(rawIcon) : undefined
  // A Wallet Standard wallet is known by its (cleaned) name, as on solana.
  return { id: id ?? name, name, type, namespace: 'bip122', ...(imageUrl ? { imageUrl } : {}) }
}

/**
 * The connector of a Wallet Standard wallet that offers `bitcoin:connect`, or `undefined`.
 * @internal
 */
export function toStandardConnector(wallet: Wallet): Connector | undefined {
  try {
    if (!callable(read(read(wallet, 'features'), 'bitcoin:connect'), 'connect')) return undefined
    return connectorOf(undefined, read(wallet, 'name'), read(wallet, 'icon'), 'ANNOUNCED')
  } catch {
    return undefined
  }
}

/**
 * The provider a WBIP004 id names (`XverseProviders.BitcoinProvider`): own properties of `window`
 * only, at most three steps, never a prototype's.
 */
function resolvePath(page: unknown, id: string): unknown {
  const steps = id.split('.')
  if (steps.length > 3 || steps.some((step) => !/^[A-Za-z_$][\w$]{0,63}$/.test(step)))
    return undefined
  let current = page
  for (const step of steps) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, step))
      return undefined
    current = read(current, step)
  }
  return current
}

/** The injected providers now on the page, each checked on its own, one connector per provider. */
function injected(page: unknown): Injected[] {
  const found: Injected[] = []
  const add = (kind: Injected['kind'], provider: unknown, connector: Connector | undefined) => {
    const method = kind === 'sats' ? 'request' : 'requestAccounts'
    if (!connector || !callable(provider, method)) return
    if (found.some((entry) => entry.provider === provider || entry.connector.id === connector.id))
      return
    found.push({ kind, provider: provider as object, connector })
  }
  const listed = read(page, 'btc_providers')
  if (Array.isArray(listed)) {
    for (const entry of listed.slice(0, 20)) {
      const id = read(entry, 'id')
      if (typeof id !== 'string') continue
      add(
        'sats',
        resolvePath(page, id),
        connectorOf(id, read(entry, 'name'), read(entry, 'icon'), 'INJECTED'),
      )
    }
  }
  const xverse = 'XverseProviders.BitcoinProvider'
  add('sats', resolvePath(page, xverse), connectorOf(xverse, 'Xverse', undefined, 'INJECTED'))
  add(
    'sats',
    resolvePath(page, 'BitcoinProvider'),
    connectorOf('BitcoinProvider', 'Bitcoin Wallet', undefined, 'INJECTED'),
  )
  add(
    'unisat',
    resolvePath(page, 'unisat'),
    connectorOf(UNISAT_CONNECTOR_ID, 'UniSat', undefined, 'INJECTED'),
  )
  return found
}

/**
 * Lists the page's Bitcoin wallets: Wallet Standard registrations (before or after the kit
 * starts) reported as `connectors/discovered`, injected providers read when the list is asked for
 * (extensions may inject after the page). An injected provider carrying the name of a Wallet
 * Standard wallet is the same wallet, listed once (the Wallet Standard way).
 * @internal
 */
export function createBip122Discovery(events$: Subject<PluginEventInput>): Bip122Discovery {
  const page = typeof window === 'undefined' ? undefined : (window as unknown)
  const registry = page ? getWallets() : undefined
  const standard = new Map<string, { wallet: Wallet; connector: Connector }>()
  const own = (wallets: readonly Wallet[]) =>
    wallets.flatMap((wallet) => {
      const connector = toStandardConnector(wallet)
      if (!connector || standard.has(connector.id)) return []
      standard.set(connector.id, { wallet, connector })
      return [connector]
    })
  own(registry?.get() ?? [])
  const others = () => injected(page).filter((entry) => !standard.has(entry.connector.name))
  const off = registry?.on('register', (...wallets) => {
    const connectors = own(wallets)
    if (connectors.length > 0)
      events$.next({ type: 'connectors/discovered', payload: { namespace: 'bip122', connectors } })
  })
  return {
    listConnectors: () => [
      ...[...standard.values()].map((entry) => entry.connector),
      ...others().map((entry) => entry.connector),
    ],
    walletOf: (connectorId) => {
      const found = standard.get(connectorId)
      if (found) return { kind: 'standard', ...found }
      const provider = others().find((entry) => entry.connector.id === connectorId)
      if (provider) return provider
      throw new KitError('CONNECTOR_NOT_FOUND', { details: `No bip122 wallet "${connectorId}".` })
    },
    destroy: () => off?.(),
  }
}
