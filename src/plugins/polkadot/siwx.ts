/**
 * Sign-In with Substrate as the polkadot family of CAIP-122: the text Talisman's SIWS writes
 * (`… wants you to sign in with your Substrate account:`), the `Chain ID` line the network's CAIP-2
 * reference (its genesis hash prefix), the address written with that network's SS58 prefix.
 * Wallets sign it with `signRaw` (the bytes wrapped in `<Bytes>…</Bytes>`, as extensions do);
 * `signatureVerify` of `@polkadot/util-crypto` checks sr25519, ed25519 and ecdsa signatures.
 * Loaded only when a site signs in, or by `@gangway/kit/siwx-server`. The text is written and read
 * without a chain library; `@polkadot/util-crypto` (an optional peer) loads on the first signature
 * check, so a backend that verifies only EVM or Solana sign-ins does not need it installed.
 * @module
 */
import {
  type CaipNetworkId,
  createCaip122Text,
  KitError,
  parseCaip122Text,
  type SiwxAdapter,
  type SiwxFamily,
  type SiwxMessageFields,
} from '../../kernel/index.js'
import { createSigningSiwxAdapter, type SiwxMessageSigner } from '../kit/signingSiwxAdapter.js'
import { readSs58 } from './ss58.js'

/** A network as the family needs it: its CAIP-2 id and the SS58 prefix of its addresses. */
export interface PolkadotSiwxNetwork {
  readonly id: CaipNetworkId
  readonly ss58Prefix: number
}

/** Parameters of {@link createPolkadotSiwxFamily}. */
export interface PolkadotSiwxFamilyParameters {
  /** The networks sessions may be for. */
  readonly networks: readonly PolkadotSiwxNetwork[]
}

const FORMAT = { namespace: 'polkadot', accountLabel: 'Substrate' } as const

/** A 64-byte signature, or 65/66 with its key-type byte (ecdsa is 65 bytes of its own). */
const SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){64,66}$/

/**
 * The polkadot sign-in family: Sign-In with Substrate messages, sr25519, ed25519 and ecdsa
 * signatures (hex, as `signRaw` returns them) checked with `signatureVerify`.
 * @example
 * import { createPolkadotSiwxFamily } from '@gangway/kit/siwx-server'
 * import { polkadotMainnet } from '@gangway/kit/polkadot'
 * const family = createPolkadotSiwxFamily({ networks: [polkadotMainnet] })
 * @param parameters - the networks sessions may be for.
 * @returns the family.
 * @see /docs/siwx.md
 */
export function createPolkadotSiwxFamily(parameters: PolkadotSiwxFamilyParameters): SiwxFamily {
  const networkOf = (networkId: string) =>
    parameters.networks.find((network) => network.id === networkId)
  /**
   * The address is written for the network: a 32-byte account id and the network's prefix. Its
   * checksum needs blake2b, so it is checked with the signature, where util-crypto has loaded.
   */
  const isAccountOn = (address: string, network: PolkadotSiwxNetwork) =>
    readSs58(address)?.prefix === network.ss58Prefix

  const createMessage = (fields: SiwxMessageFields): string => {
    const network = networkOf(fields.chainId)
    if (!network)
      throw new KitError('NETWORK_NOT_FOUND', { details: `${fields.chainId} is not configured.` })
    if (!isAccountOn(fields.accountAddress, network))
      throw new KitError('VALIDATION_FAILED', { details: 'Not a Sign-In with Substrate field.' })
    return createCaip122Text(FORMAT, fields)
  }

  return {
    namespace: 'polkadot',
    createMessage,
    parseMessage: (message) => {
      // Any CAIP-2 reference: the network must be one of the family's, checked next.
      const fields = parseCaip122Text(FORMAT, message, /^[-_a-zA-Z0-9]{1,32}$/)
      const network = fields && networkOf(fields.chainId)
      return network && isAccountOn(fields.accountAddress, network) ? fields : undefined
    },
    verifySignature: async ({ message, signature, fields }) => {
      const network = networkOf(fields.chainId)
      if (!network || !SIGNATURE.test(signature)) return false
      if (!isAccountOn(fields.accountAddress, network)) return false
      try {
        const [{ signatureVerify }, { decodeAccountId }] = await Promise.all([
          import('@polkadot/util-crypto'),
          import('./accounts.js'),
        ])
        const accountId = decodeAccountId(fields.accountAddress, network.ss58Prefix)
        if (!accountId) return false
        // Bytes, never the text: util-crypto reads a string that happens to be hex as hex.
        const result = signatureVerify(new TextEncoder().encode(message), signature, accountId)
        return result.isValid && ['sr25519', 'ed25519', 'ecdsa'].includes(result.crypto)
      } catch {
        return false
      }
    },
  }
}

/** What the polkadot sign-in needs from the plugin's loaded adapter. @internal */
export interface PolkadotSiwxParts {
  readonly networks: readonly PolkadotSiwxNetwork[]
  /** The plugin's message signing. */
  readonly signMessage: SiwxMessageSigner
}

/**
 * The polkadot sign-in as the kit uses it: the wallet signs the Sign-In with Substrate text with
 * `signRaw`.
 * @internal
 */
export function createPolkadotSiwxAdapter(parts: PolkadotSiwxParts): SiwxAdapter {
  return createSigningSiwxAdapter(
    createPolkadotSiwxFamily({ networks: parts.networks }),
    parts.signMessage,
  )
}
