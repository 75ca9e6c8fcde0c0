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
  type CaipAddress,
  type CaipNetworkId,
  KitError,
  type SiwxAdapter,
  type SiwxFamily,
  type SiwxMessageFields,
} from '../../kernel/index.js'
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

const MESSAGE = new RegExp(
  '^(?<domain>[^\\n]+?) wants you to sign in with your Substrate account:\\n' +
    '(?<address>[^\\n]+)\\n\\n' +
    '(?:(?<statement>[^\\n]+)\\n\\n)?' +
    'URI: (?<uri>[^\\n]+)' +
    '\\nVersion: (?<version>[^\\n]+)' +
    '\\nChain ID: (?<chainId>[^\\n]+)' +
    '\\nNonce: (?<nonce>[^\\n]+)' +
    '(?:\\nIssued At: (?<issuedAt>[^\\n]+))?' +
    '(?:\\nExpiration Time: (?<expirationTime>[^\\n]+))?' +
    '(?:\\nNot Before: (?<notBefore>[^\\n]+))?' +
    '(?:\\nRequest ID: (?<requestId>[^\\n]+))?' +
    '(?:\\nResources:(?<resources>(?:\\n- [^\\n]+)+))?$',
)

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
    // A line break in any field would let the text say something its fields do not.
    const lines = [
      fields.domain,
      fields.uri,
      fields.version,
      fields.nonce,
      fields.statement,
      fields.issuedAt,
      fields.expirationTime,
      fields.notBefore,
      fields.requestId,
      ...(fields.resources ?? []),
    ]
    if (
      lines.some((value) => value !== undefined && (value === '' || /[\n\r]/.test(value))) ||
      !isAccountOn(fields.accountAddress, network)
    )
      throw new KitError('VALIDATION_FAILED', { details: 'Not a Sign-In with Substrate field.' })
    let message = `${fields.domain} wants you to sign in with your Substrate account:\n${fields.accountAddress}\n\n`
    if (fields.statement) message += `${fields.statement}\n\n`
    const body = [
      `URI: ${fields.uri}`,
      `Version: ${fields.version}`,
      `Chain ID: ${fields.chainId.slice('polkadot:'.length)}`,
      `Nonce: ${fields.nonce}`,
    ]
    if (fields.issuedAt) body.push(`Issued At: ${fields.issuedAt}`)
    if (fields.expirationTime) body.push(`Expiration Time: ${fields.expirationTime}`)
    if (fields.notBefore) body.push(`Not Before: ${fields.notBefore}`)
    if (fields.requestId) body.push(`Request ID: ${fields.requestId}`)
    if (fields.resources?.length) body.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
    return message + body.join('\n')
  }

  return {
    namespace: 'polkadot',
    createMessage,
    parseMessage: (message) => {
      const groups = MESSAGE.exec(message)?.groups
      if (!groups?.domain || !groups.address || !groups.uri || !groups.version || !groups.nonce)
        return undefined
      const chainId = `polkadot:${groups.chainId}` as CaipNetworkId
      const network = networkOf(chainId)
      if (!network || !isAccountOn(groups.address, network)) return undefined
      const optional = (
        key: 'statement' | 'issuedAt' | 'expirationTime' | 'notBefore' | 'requestId',
      ) => (groups[key] === undefined ? {} : { [key]: groups[key] })
      return {
        accountAddress: groups.address,
        chainId,
        domain: groups.domain,
        uri: groups.uri,
        version: groups.version,
        nonce: groups.nonce,
        ...optional('statement'),
        ...optional('issuedAt'),
        ...optional('expirationTime'),
        ...optional('notBefore'),
        ...optional('requestId'),
        ...(groups.resources === undefined
          ? {}
          : { resources: groups.resources.split('\n- ').slice(1) }),
      }
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
  /** The plugin's message signing (`signRaw`, hex signature). */
  readonly signMessage: (
    parameters: { connectorId: string; caipAddress: CaipAddress; message: string },
    signal: AbortSignal,
  ) => Promise<{ readonly signature: string }>
}

/**
 * The polkadot sign-in as the kit uses it: the wallet signs the Sign-In with Substrate text with
 * `signRaw`.
 * @internal
 */
export function createPolkadotSiwxAdapter(parts: PolkadotSiwxParts): SiwxAdapter {
  const family = createPolkadotSiwxFamily({ networks: parts.networks })
  return {
    ...family,
    signIn: async ({ connectorId, caipAddress, fields }, signal) => {
      const message = family.createMessage(fields)
      return {
        message,
        ...(await parts.signMessage({ connectorId, caipAddress, message }, signal)),
      }
    },
  }
}
