/**
 * Sign-in with a Bitcoin wallet as the bip122 family of CAIP-122: the message text (the CAIP-122
 * layout, "…with your Bitcoin account", the network's CAIP-2 reference as its Chain ID), signed
 * with BIP-322 (simple for segwit and taproot; BIP-137 as wallets sign legacy addresses). The
 * text is written and read without a chain library; the signature check loads bitcoinjs-lib when
 * a signature is checked, so this module costs a server nothing until then.
 * @module
 */
import {
  createCaip122Text,
  KitError,
  parseCaip122Text,
  type SiwxAdapter,
  type SiwxFamily,
  type SiwxMessageFields,
} from '../../kernel/index.js'
import { createSigningSiwxAdapter, type SiwxMessageSigner } from '../kit/signingSiwxAdapter.js'
import type { Bip122AddressParameters } from './networks.js'
import { createAddressShapeSchema } from './shape.js'

/** A network as the family needs it: its CAIP-2 id and address parameters. */
export interface Bip122SiwxNetwork {
  readonly id: `bip122:${string}`
  readonly addresses: Bip122AddressParameters
}

/** Parameters of {@link createBip122SiwxFamily}. */
export interface Bip122SiwxFamilyParameters {
  /** The networks sessions may be for. */
  readonly networks: readonly Bip122SiwxNetwork[]
}

const FORMAT = { namespace: 'bip122', accountLabel: 'Bitcoin' } as const

/**
 * The bip122 sign-in family: CAIP-122 messages for Bitcoin accounts, BIP-322 signatures (base64).
 * @example
 * import { createBip122SiwxFamily } from '@gangway/kit/siwx-server'
 * import { bitcoinMainnet } from '@gangway/kit/bip122'
 * const family = createBip122SiwxFamily({ networks: [bitcoinMainnet] })
 * @param parameters - the networks sessions may be for.
 * @returns the family.
 * @see /docs/siwx.md
 */
export function createBip122SiwxFamily(parameters: Bip122SiwxFamilyParameters): SiwxFamily {
  const networkOf = (id: string) => parameters.networks.find((network) => network.id === id)
  const isAddressOf = (address: string, id: string) => {
    const network = networkOf(id)
    return (
      network !== undefined &&
      createAddressShapeSchema([network.addresses]).safeParse(address).success
    )
  }

  const createMessage = (fields: SiwxMessageFields): string => {
    if (!networkOf(fields.chainId))
      throw new KitError('NETWORK_NOT_FOUND', { details: `${fields.chainId} is not configured.` })
    if (!isAddressOf(fields.accountAddress, fields.chainId))
      throw new KitError('VALIDATION_FAILED', { details: 'Not a sign-in field.' })
    return createCaip122Text(FORMAT, fields)
  }

  return {
    namespace: 'bip122',
    createMessage,
    parseMessage: (message) => {
      const fields = parseCaip122Text(FORMAT, message, /^[0-9a-f]{32}$/)
      return fields && isAddressOf(fields.accountAddress, fields.chainId) ? fields : undefined
    },
    verifySignature: async ({ message, signature, fields }) => {
      const network = networkOf(fields.chainId)
      if (!network || !isAddressOf(fields.accountAddress, fields.chainId)) return false
      const { verifyBip322 } = await import('./bip322.js')
      return verifyBip322({
        address: fields.accountAddress,
        message,
        signature,
        network: network.addresses as never,
      })
    },
  }
}

/** What the bip122 sign-in needs from the plugin's loaded adapter. @internal */
export interface Bip122SiwxParts {
  readonly networks: readonly Bip122SiwxNetwork[]
  /** The plugin's message signing. */
  readonly signMessage: SiwxMessageSigner
}

/**
 * The bip122 sign-in as the kit uses it: the wallet signs the CAIP-122 text with BIP-322.
 * @internal
 */
export function createBip122SiwxAdapter(parts: Bip122SiwxParts): SiwxAdapter {
  return createSigningSiwxAdapter(
    createBip122SiwxFamily({ networks: parts.networks }),
    parts.signMessage,
  )
}
