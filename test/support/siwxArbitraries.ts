/**
 * Arbitraries for sign-in sessions: a recipe (family, key, fields, and one way to spoil it), turned
 * into a real session by {@link sessionOf}, which writes the message with the families' reference
 * libraries (viem's `createSiweMessage`, `@solana/wallet-standard-util`'s SIWS text) and signs it
 * with the key, so the session is exactly what a wallet would hand over.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import fc from 'fast-check'
import { type Hex, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import type { SiwxMessageFields, SiwxSession } from '../../src/kernel/index.js'
import { toBase58 } from '../../src/plugins/solana/schemas.js'

/** How a recipe's session is spoiled (or not). */
export const SPOILERS = [
  'none',
  'signature',
  'domain',
  'claimedNonce',
  'messageEdit',
  'expired',
  'notYetValid',
  'issuedInFuture',
  'noExpiration',
  'otherAccount',
  'unconfiguredChain',
  'malformed',
] as const
/** One of {@link SPOILERS}. */
export type Spoiler = (typeof SPOILERS)[number]

/** A session to make: which family, whose key, what it says, and how it is spoiled. */
export interface SessionRecipe {
  readonly family: 'eip155' | 'solana'
  /** 32 bytes: a secp256k1 private key or an ed25519 seed. */
  readonly seed: Uint8Array
  readonly otherSeed: Uint8Array
  readonly nonce: string
  readonly statement: string | undefined
  /** Minutes from now. */
  readonly issuedAtMinutes: number
  readonly expiresInMinutes: number
  readonly resources: readonly string[]
  readonly spoiler: Spoiler
}

const seed = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  // A secp256k1 key must be non-zero and below the group order: a leading 0x7f byte is enough.
  .map((bytes) => Uint8Array.from(bytes, (byte, index) => (index === 0 ? 0x7f : byte)))

/** Recipes over both families and every spoiler. */
export const sessionRecipe: fc.Arbitrary<SessionRecipe> = fc.record({
  family: fc.constantFrom('eip155', 'solana'),
  seed,
  otherSeed: seed,
  nonce: fc.stringMatching(/^[A-Za-z0-9]{8,24}$/),
  statement: fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,!?'-]{0,58}[A-Za-z0-9.!?]$/), {
    nil: undefined,
  }),
  issuedAtMinutes: fc.integer({ min: -120, max: 0 }),
  expiresInMinutes: fc.integer({ min: 1, max: 7 * 24 * 60 }),
  resources: fc.array(
    fc.stringMatching(/^[a-z]{1,8}$/).map((path) => `https://shop.example/${path}`),
    { maxLength: 2 },
  ),
  spoiler: fc.constantFrom(...SPOILERS),
})

/** Where the sessions are for: the site's domain and the families' networks. */
export interface SessionSite {
  readonly domain: string
  readonly uri: string
  /** The configured eip155 chain (a node runs it). */
  readonly eip155ChainId: number
  /** The configured solana network's CAIP-2 id and Wallet Standard chain. */
  readonly solana: { readonly id: `solana:${string}`; readonly walletChain: string }
  /** The time sessions are judged at. */
  readonly now: number
}

const MINUTE = 60_000

/** The real session a recipe describes: written by the reference libraries, signed with the key. */
export async function sessionOf(recipe: SessionRecipe, site: SessionSite): Promise<unknown> {
  const { spoiler } = recipe
  const at = (minutes: number) => new Date(site.now + minutes * MINUTE).toISOString()
  const eip155 = recipe.family === 'eip155'
  const signer = eip155 ? privateKeyToAccount(toHex(recipe.seed) as Hex) : undefined
  const address = (bytes: Uint8Array) =>
    eip155
      ? privateKeyToAccount(toHex(bytes) as Hex).address
      : toBase58(ed25519.getPublicKey(bytes))
  const chainId = eip155
    ? `eip155:${spoiler === 'unconfiguredChain' ? 1 : site.eip155ChainId}`
    : spoiler === 'unconfiguredChain'
      ? 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
      : site.solana.id
  const fields: SiwxMessageFields = {
    accountAddress: address(recipe.seed),
    chainId: chainId as SiwxMessageFields['chainId'],
    domain: spoiler === 'domain' ? 'evil.example' : site.domain,
    uri: site.uri,
    version: '1',
    nonce: recipe.nonce,
    ...(recipe.statement === undefined ? {} : { statement: recipe.statement }),
    issuedAt: at(spoiler === 'issuedInFuture' ? 60 : recipe.issuedAtMinutes),
    ...(spoiler === 'noExpiration'
      ? {}
      : { expirationTime: at(spoiler === 'expired' ? -1 : recipe.expiresInMinutes) }),
    ...(spoiler === 'notYetValid' ? { notBefore: at(30) } : {}),
    ...(recipe.resources.length > 0 ? { resources: [...recipe.resources] } : {}),
  }
  const message = eip155
    ? createSiweMessage({
        address: signer!.address,
        chainId: Number(fields.chainId.slice('eip155:'.length)),
        domain: fields.domain,
        uri: fields.uri,
        version: '1',
        nonce: fields.nonce,
        issuedAt: new Date(fields.issuedAt!),
        ...(fields.statement === undefined ? {} : { statement: fields.statement }),
        ...(fields.expirationTime ? { expirationTime: new Date(fields.expirationTime) } : {}),
        ...(fields.notBefore ? { notBefore: new Date(fields.notBefore) } : {}),
        ...(fields.resources ? { resources: [...fields.resources] } : {}),
      })
    : createSignInMessageText({
        ...fields,
        address: fields.accountAddress,
        chainId: spoiler === 'unconfiguredChain' ? 'solana:mainnet' : site.solana.walletChain,
      })
  const bytes = new TextEncoder().encode(message)
  let signature = eip155
    ? await signer!.signMessage({ message })
    : toBase58(ed25519.sign(bytes, recipe.seed))
  if (spoiler === 'signature') {
    signature = eip155
      ? `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}`
      : toBase58(ed25519.sign(bytes, recipe.otherSeed))
  }
  const session: SiwxSession = { data: fields, message, signature }
  switch (spoiler) {
    case 'claimedNonce':
      return { ...session, data: { ...fields, nonce: `${fields.nonce}X` } }
    case 'messageEdit':
      return { ...session, message: message.replace(site.uri, `${site.uri}/`) }
    case 'otherAccount': {
      // The same key's signature, claimed for another account in an otherwise right message.
      const other = { ...fields, accountAddress: address(recipe.otherSeed) }
      const otherMessage = eip155
        ? message.replace(signer!.address, other.accountAddress)
        : message.replace(fields.accountAddress, other.accountAddress)
      return { data: other, message: otherMessage, signature }
    }
    case 'malformed':
      return { data: fields, message }
    default:
      return session
  }
}
