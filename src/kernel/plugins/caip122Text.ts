/**
 * The CAIP-122 sign-in text in its generic layout ("<domain> wants you to sign in with your
 * <Chain> account:", then the address, the statement and the labelled fields, the network's
 * CAIP-2 reference as `Chain ID`). The polkadot and bip122 families write and read it through
 * here, and so can a site's own chain plugin; eip155 (EIP-4361 through viem) and solana (the SIWS
 * grammar) have texts of their own. No chain library: the address is checked by the family.
 * @module
 */

import type { CaipNetworkId } from '../caip.js'
import type { SiwxMessageFields } from '../domain.js'
import { KitError } from '../errors/KitError.js'

/** What tells one family's CAIP-122 text from another's. */
export interface Caip122TextFormat {
  /** The CAIP-2 namespace, e.g. `polkadot`. */
  readonly namespace: string
  /** The chain's name in the first line, e.g. `Substrate` or `Bitcoin`. */
  readonly accountLabel: string
}

/** Optional one-line fields, in the order CAIP-122 writes them after `Nonce`. */
const OPTIONAL_LINES = [
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
] as const

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The CAIP-122 text of `fields`. A line break (or an empty value) in any field would let the text
 * say something its fields do not, so such a field is refused with VALIDATION_FAILED; a network
 * of another namespace with NETWORK_NOT_FOUND. The address is the caller's to check.
 * @param format - the family's namespace and account label.
 * @param fields - the sign-in fields.
 * @returns the text the wallet signs.
 * @example
 * createCaip122Text({ namespace: 'polkadot', accountLabel: 'Substrate' }, fields)
 */
export function createCaip122Text(format: Caip122TextFormat, fields: SiwxMessageFields): string {
  const prefix = `${format.namespace}:`
  if (!fields.chainId.startsWith(prefix))
    throw new KitError('NETWORK_NOT_FOUND', { details: `${fields.chainId} is not configured.` })
  const values = [
    fields.domain,
    fields.accountAddress,
    fields.uri,
    fields.version,
    fields.nonce,
    fields.statement,
    ...OPTIONAL_LINES.map(([key]) => fields[key]),
    ...(fields.resources ?? []),
  ]
  if (values.some((value) => value !== undefined && (value === '' || /[\n\r]/.test(value))))
    throw new KitError('VALIDATION_FAILED', { details: 'Not a sign-in field.' })
  return [
    `${fields.domain} wants you to sign in with your ${format.accountLabel} account:`,
    fields.accountAddress,
    '',
    ...(fields.statement ? [fields.statement, ''] : []),
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId.slice(prefix.length)}`,
    `Nonce: ${fields.nonce}`,
    ...OPTIONAL_LINES.flatMap(([key, label]) => (fields[key] ? [`${label}: ${fields[key]}`] : [])),
    ...(fields.resources?.length
      ? ['Resources:', ...fields.resources.map((entry) => `- ${entry}`)]
      : []),
  ].join('\n')
}

/** The grammar of each family's text, built once: sessions are read on every verification. */
const grammars = new Map<string, RegExp>()

const grammarOf = (accountLabel: string): RegExp => {
  let grammar = grammars.get(accountLabel)
  if (!grammar) {
    grammar = new RegExp(
      `^(?<domain>[^\\n]+?) wants you to sign in with your ${escapeRegExp(accountLabel)} account:\\n` +
        '(?<address>[^\\n]+)\\n' +
        '(?:\\n(?<statement>[^\\n]+)\\n)?' +
        '\\nURI: (?<uri>[^\\n]+)' +
        '\\nVersion: (?<version>[^\\n]+)' +
        '\\nChain ID: (?<chainId>[^\\n]+)' +
        '\\nNonce: (?<nonce>[^\\n]+)' +
        OPTIONAL_LINES.map(([key, label]) => `(?:\\n${label}: (?<${key}>[^\\n]+))?`).join('') +
        '(?:\\nResources:(?<resources>(?:\\n- [^\\n]+)+))?$',
    )
    grammars.set(accountLabel, grammar)
  }
  return grammar
}

/**
 * Reads a CAIP-122 text written in the generic layout: its fields, or `undefined` when it is not
 * one (a missing required line, another chain's label, a chain reference `chainReference` does
 * not accept). The address is returned as written: the family checks it is one of its network's.
 * @param format - the family's namespace and account label.
 * @param message - the text.
 * @param chainReference - what the `Chain ID` line may hold, e.g. `/^[0-9a-f]{32}$/`.
 * @returns the fields, or `undefined`.
 */
export function parseCaip122Text(
  format: Caip122TextFormat,
  message: string,
  chainReference: RegExp,
): SiwxMessageFields | undefined {
  const groups = grammarOf(format.accountLabel).exec(message)?.groups
  if (
    !groups?.domain ||
    !groups.address ||
    !groups.uri ||
    !groups.version ||
    !groups.nonce ||
    !groups.chainId ||
    !chainReference.test(groups.chainId)
  )
    return undefined
  const optional = (key: 'statement' | (typeof OPTIONAL_LINES)[number][0]) =>
    groups[key] === undefined ? {} : { [key]: groups[key] }
  return {
    accountAddress: groups.address,
    chainId: `${format.namespace}:${groups.chainId}` as CaipNetworkId,
    domain: groups.domain,
    uri: groups.uri,
    version: groups.version,
    nonce: groups.nonce,
    ...optional('statement'),
    ...OPTIONAL_LINES.reduce((all, [key]) => Object.assign(all, optional(key)), {}),
    ...(groups.resources === undefined
      ? {}
      : { resources: groups.resources.split('\n- ').slice(1) }),
  }
}
