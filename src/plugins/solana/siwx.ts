/**
 * Sign-In With Solana (SIWS) as the solana family of CAIP-122: the message text of the SIWS
 * specification (what `@solana/wallet-standard-util` writes and reads), ed25519 signatures checked
 * with `@noble/curves`. Wallets that offer `solana:signIn` build and sign the message in one prompt;
 * the others sign the same text with `solana:signMessage`. Loaded only when a site signs in.
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import {
  type CaipNetworkId,
  KitError,
  type SiwxAdapter,
  type SiwxFamily,
  type SiwxMessageFields,
} from '../../kernel/index.js'
import { decodeSolanaAddress, fromBase58 } from './schemas.js'

/** A network as the family needs it: its CAIP-2 id and the Wallet Standard chain SIWS names. */
export interface SolanaSiwxNetwork {
  readonly id: CaipNetworkId
  /** `solana:mainnet`, `solana:devnet`, `solana:testnet`, `solana:localnet`. */
  readonly walletChain: `solana:${string}`
}

/** Parameters of {@link createSolanaSiwxFamily}. */
export interface SolanaSiwxFamilyParameters {
  /** The networks sessions may be for; the message's `Chain ID` is each one's wallet chain. */
  readonly networks: readonly SolanaSiwxNetwork[]
}

// The SIWS grammar, as @solana/wallet-standard-util 1.1 reads it (its createSignInMessageText is
// the writer below): https://github.com/phantom/sign-in-with-solana
const MESSAGE = new RegExp(
  '^(?<domain>[^\\n]+?) wants you to sign in with your Solana account:\\n' +
    '(?<address>[^\\n]+)(?:\\n|$)' +
    '(?:\\n(?<statement>[\\S\\s]*?)(?:\\n|$))??' +
    '(?:\\nURI: (?<uri>[^\\n]+))?' +
    '(?:\\nVersion: (?<version>[^\\n]+))?' +
    '(?:\\nChain ID: (?<chainId>[^\\n]+))?' +
    '(?:\\nNonce: (?<nonce>[^\\n]+))?' +
    '(?:\\nIssued At: (?<issuedAt>[^\\n]+))?' +
    '(?:\\nExpiration Time: (?<expirationTime>[^\\n]+))?' +
    '(?:\\nNot Before: (?<notBefore>[^\\n]+))?' +
    '(?:\\nRequest ID: (?<requestId>[^\\n]+))?' +
    '(?:\\nResources:(?<resources>(?:\\n- [^\\n]+)*))?' +
    '\\n*$',
)

/** The SIWS text of a sign-in input (the field order and labels of the specification). */
export function createSignInMessageText(input: {
  readonly domain: string
  readonly address: string
  readonly statement?: string | undefined
  readonly uri?: string | undefined
  readonly version?: string | undefined
  readonly chainId?: string | undefined
  readonly nonce?: string | undefined
  readonly issuedAt?: string | undefined
  readonly expirationTime?: string | undefined
  readonly notBefore?: string | undefined
  readonly requestId?: string | undefined
  readonly resources?: readonly string[] | undefined
}): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) message += `\n\n${input.statement}`
  const fields: string[] = []
  const line = (label: string, value: string | undefined) => {
    if (value) fields.push(`${label}: ${value}`)
  }
  line('URI', input.uri)
  line('Version', input.version)
  line('Chain ID', input.chainId)
  line('Nonce', input.nonce)
  line('Issued At', input.issuedAt)
  line('Expiration Time', input.expirationTime)
  line('Not Before', input.notBefore)
  line('Request ID', input.requestId)
  if (input.resources) {
    fields.push('Resources:')
    for (const resource of input.resources) fields.push(`- ${resource}`)
  }
  if (fields.length > 0) message += `\n\n${fields.join('\n')}`
  return message
}

/**
 * The solana sign-in family: Sign-In With Solana messages, ed25519 signatures (base58).
 * @example
 * import { createSolanaSiwxFamily } from '@gangway/kit/siwx-server'
 * import { solanaMainnet } from '@gangway/kit/solana'
 * const family = createSolanaSiwxFamily({ networks: [solanaMainnet] })
 * @param parameters - the networks sessions may be for.
 * @returns the family.
 * @see /docs/siwx.md
 */
export function createSolanaSiwxFamily(parameters: SolanaSiwxFamilyParameters): SiwxFamily {
  const walletChainOf = (networkId: string) =>
    parameters.networks.find((network) => network.id === networkId)?.walletChain
  const networkOf = (walletChain: string) =>
    parameters.networks.find((network) => network.walletChain === walletChain)?.id

  const createMessage = (fields: SiwxMessageFields): string => {
    const walletChain = walletChainOf(fields.chainId)
    if (!walletChain)
      throw new KitError('NETWORK_NOT_FOUND', { details: `${fields.chainId} is not configured.` })
    // A line break in a one-line field would let the text say something its fields do not.
    const oneLine = [fields.domain, fields.uri, fields.version, fields.nonce, fields.requestId]
    if (
      oneLine.some((value) => value?.includes('\n')) ||
      !decodeSolanaAddress(fields.accountAddress)
    )
      throw new KitError('VALIDATION_FAILED', { details: 'Not a SIWS field.' })
    return createSignInMessageText({
      ...fields,
      address: fields.accountAddress,
      chainId: walletChain,
    })
  }

  return {
    namespace: 'solana',
    createMessage,
    parseMessage: (message) => {
      const groups = MESSAGE.exec(message)?.groups
      if (!groups?.domain || !groups.address || !groups.uri || !groups.version || !groups.nonce)
        return undefined
      if (!decodeSolanaAddress(groups.address) || !groups.chainId) return undefined
      const chainId = networkOf(groups.chainId)
      if (!chainId) return undefined
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
      const key = decodeSolanaAddress(fields.accountAddress)
      const bytes = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(signature)
        ? fromBase58(signature)
        : undefined
      if (!key || bytes?.length !== 64) return false
      try {
        // noble verifies with ZIP-215 by default: cofactored, so for a small-order key an
        // identity R and a zero S verify for any message, a sign-in anyone can forge for such an
        // address (`11111111111111111111111111111111` is one). Small-order keys and R are
        // refused, and the signature is checked by the strict RFC 8032 rules.
        const point = ed25519.Point
        if (point.fromBytes(key, false).isSmallOrder()) return false
        if (point.fromBytes(bytes.subarray(0, 32), false).isSmallOrder()) return false
        return ed25519.verify(bytes, new TextEncoder().encode(message), key, { zip215: false })
      } catch {
        return false
      }
    },
  }
}

/** What the solana sign-in needs from the plugin's loaded adapter. @internal */
export interface SolanaSiwxParts {
  readonly networks: readonly SolanaSiwxNetwork[]
  /**
   * The connected wallet's `solana:signIn`, when it offers one: the wallet builds the SIWS message
   * from the input and signs it in one prompt.
   */
  readonly walletSignIn: (
    connectorId: string,
    input: Readonly<Record<string, unknown>>,
    signal: AbortSignal,
  ) => Promise<{ address: string; signedMessage: Uint8Array; signature: string } | undefined>
  /** The plugin's message signing (base58 signature). */
  readonly signMessage: (
    parameters: {
      connectorId: string
      caipAddress: `${string}:${string}:${string}`
      message: string
    },
    signal: AbortSignal,
  ) => Promise<{ readonly signature: string }>
}

/**
 * The solana sign-in as the kit uses it: `solana:signIn` where the wallet offers it, else
 * `solana:signMessage` of the same SIWS text.
 * @internal
 */
export function createSolanaSiwxAdapter(parts: SolanaSiwxParts): SiwxAdapter {
  const family = createSolanaSiwxFamily({ networks: parts.networks })
  return {
    ...family,
    signIn: async ({ connectorId, caipAddress, fields }, signal) => {
      const message = family.createMessage(fields)
      const walletChain = parts.networks.find((network) => network.id === fields.chainId)
        ?.walletChain as string
      const { accountAddress, chainId: _chainId, ...rest } = fields
      const signedIn = await parts.walletSignIn(
        connectorId,
        { ...rest, address: accountAddress, chainId: walletChain },
        signal,
      )
      if (!signedIn)
        return {
          message,
          ...(await parts.signMessage({ connectorId, caipAddress, message }, signal)),
        }
      if (signedIn.address !== accountAddress)
        throw new KitError('UNKNOWN_ERROR', {
          details: 'The wallet signed in with another account than the connected one.',
        })
      let text: string
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(signedIn.signedMessage)
      } catch {
        throw new KitError('UNKNOWN_ERROR', {
          details: 'The wallet signed a message that is not text.',
        })
      }
      return { message: text, signature: signedIn.signature }
    },
  }
}
