/**
 * Sign in with Ethereum (EIP-4361) as the eip155 family of CAIP-122: viem writes and reads the
 * message and verifies it against the node, so a deployed smart account (ERC-1271) and an
 * undeployed one (ERC-6492) sign in like a key pair. Loaded only when a site signs in.
 * @module
 */
import {
  type Address,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  isHex,
  type PublicClient,
  recoverMessageAddress,
} from 'viem'
import { createSiweMessage, parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import {
  type ChainAdapter,
  KitError,
  type SiwxAdapter,
  type SiwxFamily,
  type SiwxMessageFields,
  untilAborted,
} from '../../kernel/index.js'

/** Parameters of {@link createEip155SiwxFamily}. */
export interface Eip155SiwxFamilyParameters {
  /**
   * A client of the node of a chain id, to check contract accounts (ERC-1271, ERC-6492); `undefined`
   * for a chain without one: a key pair's signature is still checked (by recovery), a smart
   * account's cannot be.
   */
  readonly clientOf: (chainId: number) => PublicClient | undefined
}

/** The text of an optional time line (`Issued At: …`) exactly as the message writes it. */
function timeLine(message: string, label: string): string | undefined {
  return new RegExp(`\\n${label}: ([^\\n]+)`).exec(message)?.[1]
}

/**
 * The eip155 sign-in family: EIP-4361 messages through viem's `createSiweMessage` and
 * `parseSiweMessage`, signatures through `verifySiweMessage` (EOA, ERC-1271 and ERC-6492 against
 * the node).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { mainnet } from 'viem/chains'
 * import { createEip155SiwxFamily } from '@gangway/kit/eip155'
 * const client = createPublicClient({ chain: mainnet, transport: http() })
 * const family = createEip155SiwxFamily({ clientOf: (id) => (id === 1 ? client : undefined) })
 * @param parameters - the node client per chain id.
 * @returns the family.
 * @see /docs/siwx.md
 */
export function createEip155SiwxFamily(parameters: Eip155SiwxFamilyParameters): SiwxFamily {
  const createMessage = (fields: SiwxMessageFields): string => {
    const chainId = Number(fields.chainId.slice('eip155:'.length))
    if (!fields.chainId.startsWith('eip155:') || !Number.isSafeInteger(chainId))
      throw new KitError('VALIDATION_FAILED', { details: `${fields.chainId} is not eip155.` })
    if (fields.version !== '1' || !isAddress(fields.accountAddress, { strict: false }))
      throw new KitError('VALIDATION_FAILED', { details: 'Not an EIP-4361 version or address.' })
    const date = (text: string | undefined) => (text === undefined ? undefined : new Date(text))
    try {
      return createSiweMessage({
        address: getAddress(fields.accountAddress),
        chainId,
        domain: fields.domain,
        uri: fields.uri,
        version: '1',
        nonce: fields.nonce,
        // viem fills a missing issue time with now; the kit always sets one.
        issuedAt: date(fields.issuedAt) ?? new Date(Number.NaN),
        ...(fields.statement === undefined ? {} : { statement: fields.statement }),
        ...(fields.expirationTime === undefined
          ? {}
          : { expirationTime: date(fields.expirationTime) }),
        ...(fields.notBefore === undefined ? {} : { notBefore: date(fields.notBefore) }),
        ...(fields.requestId === undefined ? {} : { requestId: fields.requestId }),
        ...(fields.resources === undefined ? {} : { resources: [...fields.resources] }),
      })
    } catch (error) {
      throw new KitError('VALIDATION_FAILED', {
        cause: error,
        details: error instanceof Error ? error.message : String(error),
      })
    }
  }

  const parseMessage = (message: string): SiwxMessageFields | undefined => {
    const parsed = parseSiweMessage(message)
    if (
      !parsed.address ||
      parsed.chainId === undefined ||
      !parsed.domain ||
      !parsed.nonce ||
      !parsed.uri ||
      parsed.version !== '1' ||
      // A scheme before the domain is not a CAIP-122 field; such messages are not accepted.
      parsed.scheme !== undefined ||
      !isAddress(parsed.address, { strict: false })
    )
      return undefined
    const issuedAt = timeLine(message, 'Issued At')
    const expirationTime = timeLine(message, 'Expiration Time')
    const notBefore = timeLine(message, 'Not Before')
    return {
      accountAddress: parsed.address,
      chainId: `eip155:${parsed.chainId}`,
      domain: parsed.domain,
      uri: parsed.uri,
      version: '1',
      nonce: parsed.nonce,
      ...(parsed.statement === undefined ? {} : { statement: parsed.statement }),
      ...(issuedAt === undefined ? {} : { issuedAt }),
      ...(expirationTime === undefined ? {} : { expirationTime }),
      ...(notBefore === undefined ? {} : { notBefore }),
      ...(parsed.requestId === undefined ? {} : { requestId: parsed.requestId }),
      ...(parsed.resources === undefined ? {} : { resources: parsed.resources }),
    }
  }

  return {
    namespace: 'eip155',
    createMessage,
    parseMessage,
    verifySignature: async ({ message, signature, fields, now }, signal) => {
      if (
        !isHex(signature, { strict: true }) ||
        !isAddress(fields.accountAddress, { strict: false })
      )
        return false
      const address = getAddress(fields.accountAddress)
      const chainId = Number(fields.chainId.slice('eip155:'.length))
      const client = parameters.clientOf(chainId)
      if (!client) {
        // Without a node only a key pair's signature can be checked: recovery names the signer.
        const signer = await recoverMessageAddress({ message, signature: signature as Hex }).catch(
          () => undefined,
        )
        if (signer && isAddressEqual(signer, address)) return true
        throw new KitError('NETWORK_NOT_FOUND', {
          details: `No node for eip155:${chainId} to check a smart account's signature.`,
        })
      }
      return untilAborted(
        verifySiweMessage(client, {
          message,
          signature: signature as Hex,
          address: address as Address,
          domain: fields.domain,
          nonce: fields.nonce,
          time: new Date(now),
        }),
        signal,
        'The signature check',
      )
    },
  }
}

/** What the eip155 sign-in needs from the plugin's loaded adapter. @internal */
export interface Eip155SiwxParts {
  /** The node client of a configured chain. @throws NETWORK_NOT_FOUND for another chain. */
  readonly publicClientOf: (chainId: number) => PublicClient
  /** The plugin's message signing (injected wallets and WalletConnect alike). */
  readonly signMessage: NonNullable<ChainAdapter['signMessage']>
}

/**
 * The eip155 sign-in as the kit uses it: the family on the plugin's own node clients, and the
 * wallet's `personal_sign` of the EIP-4361 text. A smart-account wallet answers with its ERC-1271
 * signature, or its ERC-6492 one while undeployed.
 * @internal
 */
export function createEip155SiwxAdapter(parts: Eip155SiwxParts): SiwxAdapter {
  const family = createEip155SiwxFamily({
    clientOf: (chainId) => {
      try {
        return parts.publicClientOf(chainId)
      } catch {
        return undefined
      }
    },
  })
  return {
    ...family,
    signIn: async ({ connectorId, caipAddress, fields }, signal) => {
      const message = family.createMessage(fields)
      const { signature } = await parts.signMessage({ connectorId, caipAddress, message }, signal)
      return { message, signature }
    },
  }
}
