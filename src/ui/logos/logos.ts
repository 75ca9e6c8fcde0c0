'use client'
import { useEffect, useSyncExternalStore } from 'react'
import { toSafeImageUrl, WALLET_CONNECT_CONNECTOR_ID } from '../../kernel/index.js'

/** The shipped logos (SVG text), once their module is here. */
export interface LogoCatalogue {
  readonly WALLET_LOGOS: Readonly<Record<string, string>>
  readonly WALLET_CONNECT_LOGO: string
  readonly FAMILY_LOGOS: Readonly<Record<string, string>>
  readonly NETWORK_LOGOS: Readonly<Record<string, string>>
  readonly NETWORK_ICONS: Readonly<Record<string, string>>
}

let catalogue: LogoCatalogue | undefined
let pending: Promise<LogoCatalogue | undefined> | undefined
let loader: (() => Promise<LogoCatalogue>) | undefined
const listeners = new Set<() => void>()

/**
 * Says where the shipped logos come from: `KitProvider` hands in the dynamic import of the
 * catalogue, so the icons (which feature views use too) never import it themselves and a feature's
 * UI does not carry the logos: a page fetches them once, through its provider.
 * @internal
 */
export function provideLogos(load: () => Promise<LogoCatalogue>): void {
  loader ??= load
}

/**
 * Fetches the shipped logos (one lazy module, a few KB) once per page, when a provider said how;
 * resolves `undefined` when it cannot (no provider yet, or the chunk failed: the icons stay tiles,
 * nothing breaks, a later icon tries again).
 * @internal
 */
export function loadLogos(): Promise<LogoCatalogue | undefined> {
  if (catalogue) return Promise.resolve(catalogue)
  const load = loader
  if (!load) return Promise.resolve(undefined)
  pending ??= load().then(
    (module) => {
      catalogue = module
      for (const listener of listeners) listener()
      return module
    },
    () => {
      pending = undefined
      return undefined
    },
  )
  return pending
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const current = () => catalogue
// A server render and the hydrating render both show tiles; logos arrive after hydration.
const serverSnapshot = () => undefined

/**
 * The shipped logos: `undefined` until their module has loaded, which the first component
 * asking starts.
 * @internal
 */
export function useLogos(): LogoCatalogue | undefined {
  const logos = useSyncExternalStore(subscribe, current, serverSnapshot)
  useEffect(() => {
    if (!logos) void loadLogos()
  }, [logos])
  return logos
}

/** An SVG as an image URL: `<img>` renders it as a picture, never as markup that runs. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`

/**
 * A shipped wallet logo: a built-in wallet's by registry id, or WalletConnect's for its connector.
 * @internal
 */
export function shippedWalletLogo(
  logos: LogoCatalogue | undefined,
  walletId: string | undefined,
): string | undefined {
  if (!logos || !walletId) return undefined
  if (walletId === WALLET_CONNECT_CONNECTOR_ID) return svgDataUrl(logos.WALLET_CONNECT_LOGO)
  const svg = Object.hasOwn(logos.WALLET_LOGOS, walletId) ? logos.WALLET_LOGOS[walletId] : undefined
  return svg ? svgDataUrl(svg) : undefined
}

/**
 * The mark of a network's family, for a network with no icon of its own: Ethereum's for an
 * `eip155` network whose currency is ETH (Ethereum, its test and development chains), the family's
 * for a Solana, Polkadot or Bitcoin network; none for anything else (another currency on an EVM
 * chain is another chain, not Ethereum).
 * @internal
 */
export function familyLogo(
  logos: LogoCatalogue | undefined,
  network: { readonly namespace: string; readonly currency?: string | undefined },
): string | undefined {
  if (!logos || !Object.hasOwn(logos.FAMILY_LOGOS, network.namespace)) return undefined
  if (network.namespace === 'eip155' && network.currency !== 'ETH') return undefined
  const svg = logos.FAMILY_LOGOS[network.namespace]
  return svg ? svgDataUrl(svg) : undefined
}

/**
 * The mark the kit ships for a well-known network, by its CAIP-2 id (Optimism's for
 * `eip155:10`, Ethereum's for Sepolia: a test network wears its parent's); none for a network it
 * does not list.
 * @internal
 */
export function networkLogo(
  logos: LogoCatalogue | undefined,
  id: string | undefined,
): string | undefined {
  if (!logos || !id || !Object.hasOwn(logos.NETWORK_ICONS, id)) return undefined
  const name = logos.NETWORK_ICONS[id]!
  const svg = Object.hasOwn(logos.NETWORK_LOGOS, name)
    ? logos.NETWORK_LOGOS[name]
    : Object.hasOwn(logos.FAMILY_LOGOS, name)
      ? logos.FAMILY_LOGOS[name]
      : undefined
  return svg ? svgDataUrl(svg) : undefined
}

/**
 * The picture of a network, best first: the icon its definition carries (when it is a safe image
 * URL), the kit's mark for it by CAIP-2 id, its family's mark; `undefined` for a tile.
 * @internal
 */
export function networkIconUrl(
  logos: LogoCatalogue | undefined,
  network: {
    readonly id?: string | undefined
    readonly namespace: string
    readonly iconUrl?: string | undefined
    readonly currency?: string | undefined
  },
): string | undefined {
  return (
    toSafeImageUrl(network.iconUrl) ?? networkLogo(logos, network.id) ?? familyLogo(logos, network)
  )
}
