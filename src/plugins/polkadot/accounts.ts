/**
 * Accounts as a wallet reports them, checked one by one: an SS58 address with a valid checksum of
 * a 32-byte account id, a key type the family signs with, and written again with each network's
 * prefix. Loaded with the chain code (`@polkadot/util-crypto`).
 * @module
 */
import { decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import { WALLET_ACCOUNTS_MAX } from '../../kernel/index.js'

/** The key types of accounts the plugin lists; `ethereum` (20-byte) accounts are left out. */
export const POLKADOT_KEY_TYPES = Object.freeze(['sr25519', 'ed25519', 'ecdsa'] as const)

/** A checked account of a wallet. @internal */
export interface PolkadotAccount {
  /** The 32-byte account id. */
  readonly accountId: Uint8Array
  /** The key type, when the wallet said (older extensions do not). */
  readonly type: (typeof POLKADOT_KEY_TYPES)[number] | undefined
  /** The genesis hash the wallet restricts the account to, if any. */
  readonly genesisHash: string | undefined
}

/**
 * The 32-byte account id of an SS58 address with a valid checksum, on `prefix` when given (any
 * prefix otherwise); `undefined` for anything else.
 * @internal
 */
export function decodeAccountId(address: unknown, prefix?: number): Uint8Array | undefined {
  if (typeof address !== 'string' || address.length > 64) return undefined
  // Hex public keys decode too in util-crypto; an address the visitor sees is SS58 only.
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(address)) return undefined
  try {
    const bytes = decodeAddress(address, false, prefix ?? -1)
    return bytes.length === 32 ? bytes : undefined
  } catch {
    return undefined
  }
}

/** The SS58 address of an account id on a network's prefix. @internal */
export function toAddress(accountId: Uint8Array, ss58Prefix: number): string {
  return encodeAddress(accountId, ss58Prefix)
}

/**
 * The wallet's accounts that pass, in its order, each read on its own (a throwing getter or a
 * malformed entry drops that entry only), the same account id once; only the first
 * {@link WALLET_ACCOUNTS_MAX} entries are read, so a wallet listing 10,000 costs what one listing
 * a hundred does.
 * @internal
 */
export function readAccounts(list: unknown): PolkadotAccount[] {
  if (!Array.isArray(list)) return []
  const seen = new Set<string>()
  const accounts: PolkadotAccount[] = []
  for (const entry of list.slice(0, WALLET_ACCOUNTS_MAX) as unknown[]) {
    try {
      const { address, type, genesisHash } = (entry ?? {}) as Record<string, unknown>
      if (type !== undefined && type !== null && !POLKADOT_KEY_TYPES.includes(type as never))
        continue
      const accountId = decodeAccountId(address)
      if (!accountId) continue
      const key = encodeAddress(accountId, 42)
      if (seen.has(key)) continue
      seen.add(key)
      accounts.push({
        accountId,
        type: (type ?? undefined) as PolkadotAccount['type'],
        genesisHash:
          typeof genesisHash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(genesisHash)
            ? genesisHash.toLowerCase()
            : undefined,
      })
    } catch {
      // A hostile entry (a throwing getter) is dropped; the others are still read.
    }
  }
  return accounts
}
