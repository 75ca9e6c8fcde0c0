/**
 * CAIP-2 network ids and CAIP-10 account ids: the only way ids cross a plugin boundary.
 * @see https://chainagnostic.org/CAIPs/caip-2
 * @see https://chainagnostic.org/CAIPs/caip-10
 * @module
 */

/** A chain family: `eip155`, `solana`, `polkadot`, `bip122`, or a site's own. */
export type Namespace = string

/** A CAIP-2 network id, `namespace:reference` (for example `eip155:1`). */
export type CaipNetworkId<TNamespace extends string = Namespace> = `${TNamespace}:${string}`

/** A CAIP-10 account id, `namespace:reference:address` (§3 "Address format is namespace:chainId:address"). */
export type CaipAddress<TNamespace extends string = Namespace> = `${TNamespace}:${string}:${string}`

/** The parts of a CAIP-10 account id. */
export interface ParsedCaipAddress {
  /** The chain family. */
  readonly namespace: Namespace
  /** The chain reference inside the family (`1`, a genesis hash prefix, ...). */
  readonly reference: string
  /** The CAIP-2 network id. */
  readonly networkId: CaipNetworkId
  /** The account address as the chain writes it. */
  readonly address: string
}

/**
 * Splits a CAIP-10 account id into its parts, or returns `undefined` when it does not have exactly
 * three non-empty parts. Whether the namespace is known is the caller's question.
 * @example
 * import { parseCaipAddress } from '@gangway/kit'
 * parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')?.address
 * @param value - the candidate id.
 * @returns the parts, or `undefined`.
 */
export function parseCaipAddress(value: string): ParsedCaipAddress | undefined {
  const parts = value.split(':')
  if (parts.length !== 3) return undefined
  const [namespace, reference, address] = parts as [string, string, string]
  if (!namespace || !reference || !address) return undefined
  return { namespace, reference, networkId: `${namespace}:${reference}`, address }
}

/**
 * Splits a CAIP-2 network id, or returns `undefined` when it is not `namespace:reference`.
 * @example
 * import { parseCaipNetworkId } from '@gangway/kit'
 * parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.namespace // 'solana'
 * @param value - the candidate id.
 * @returns the namespace and reference, or `undefined`.
 */
export function parseCaipNetworkId(
  value: string,
): { readonly namespace: Namespace; readonly reference: string } | undefined {
  const parts = value.split(':')
  if (parts.length !== 2) return undefined
  const [namespace, reference] = parts as [string, string]
  if (!namespace || !reference) return undefined
  return { namespace, reference }
}

/**
 * Joins a network id and an address into a CAIP-10 account id.
 * @example
 * import { toCaipAddress } from '@gangway/kit'
 * toCaipAddress('eip155:1', '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
 * @param networkId - the CAIP-2 network id.
 * @param address - the address on that network.
 * @returns the CAIP-10 id.
 */
export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  return `${networkId}:${address}`
}

/**
 * The namespace of a CAIP-2 or CAIP-10 id (everything before the first colon).
 * @example
 * import { namespaceOf } from '@gangway/kit'
 * namespaceOf('eip155:1') // 'eip155'
 * @param id - a CAIP-2 or CAIP-10 id.
 * @returns the namespace.
 */
export function namespaceOf(id: string): Namespace {
  const colon = id.indexOf(':')
  return colon === -1 ? id : id.slice(0, colon)
}
