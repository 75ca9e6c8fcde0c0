import { createPublicClient, http, type PublicClient } from 'viem'
import type { SiwxFamily } from '../kernel/index.js'
import { bitcoinMainnet, bitcoinSignet, bitcoinTestnet } from '../plugins/bip122/networks.js'
import { type Bip122SiwxNetwork, createBip122SiwxFamily } from '../plugins/bip122/siwx.js'
import { createEip155SiwxFamily } from '../plugins/eip155/siwx.js'
import {
  kusamaAssetHub,
  kusamaMainnet,
  polkadotAssetHub,
  polkadotMainnet,
} from '../plugins/polkadot/networks.js'
import { createPolkadotSiwxFamily, type PolkadotSiwxNetwork } from '../plugins/polkadot/siwx.js'
import { solanaDevnet, solanaMainnet, solanaTestnet } from '../plugins/solana/networks.js'
import { createSolanaSiwxFamily, type SolanaSiwxNetwork } from '../plugins/solana/siwx.js'
import { siwxDomainMatcher } from '../siwx/domains.js'
import { createNonce } from '../siwx/nonce.js'
import { type NonceUse, type SiwxVerification, verifySiwxSession } from '../siwx/verifySession.js'
import { createMemoryNonceStore, type NonceStore } from './nonceStore.js'

/** Parameters of {@link createSiwxVerifier}. */
export interface CreateSiwxVerifierParameters {
  /**
   * The domains sign-in messages may name: the site's own (`shop.example`, `localhost:5173`).
   * `host:*` accepts any port of a host (development). Required: a server never accepts a message
   * written for another site.
   */
  readonly domains: readonly string[]
  /**
   * eip155 nodes, to check smart accounts (ERC-1271 deployed, ERC-6492 undeployed): an RPC URL per
   * chain id, or clients. Without a node for a chain only key-pair signatures verify there.
   */
  readonly eip155?: {
    readonly rpcUrls?: Readonly<Record<number, string>>
    readonly clientOf?: (chainId: number) => PublicClient | undefined
  }
  /** The solana networks sessions may be for; mainnet, devnet and testnet by default. */
  readonly solana?: { readonly networks?: readonly SolanaSiwxNetwork[] }
  /**
   * The bip122 networks sessions may be for (their CAIP-2 id and address parameters, as
   * `bitcoinRegtest(...)` gives them); mainnet, testnet and signet by default. BIP-322 signatures
   * are checked with bitcoinjs-lib, loaded on the first Bitcoin sign-in.
   */
  readonly bip122?: { readonly networks?: readonly Bip122SiwxNetwork[] }
  /**
   * The polkadot networks sessions may be for, each with the SS58 prefix its addresses are
   * written with; Polkadot, Kusama and their Asset Hubs by default.
   */
  readonly polkadot?: { readonly networks?: readonly PolkadotSiwxNetwork[] }
  /** More families, or replacements (a namespace given here wins over the built-in one). */
  readonly families?: readonly SiwxFamily[]
  /**
   * Where issued nonces are kept and spent; in this process's memory by default
   * (`createMemoryNonceStore`: 100,000 at most, 100 unused per source).
   */
  readonly nonces?: NonceStore
  /** How long an issued nonce may be used; 10 minutes by default. */
  readonly nonceTtlMs?: number
  /** The time; `Date.now` by default. */
  readonly now?: () => number
  /** How long one verification may wait on a node; 10 seconds by default. */
  readonly timeoutMs?: number
}

/** A site's sign-in verifier (see {@link createSiwxVerifier}). */
export interface SiwxVerifier {
  /**
   * Issues a nonce for one sign-in: kept in the nonce store, accepted once, until it expires.
   * `source` names who asks (a network address, say) for the store's quota per source.
   * @throws NonceLimitError when the store refuses one more nonce (full, or the source's quota).
   */
  createNonce(options?: { readonly source?: string }): Promise<string>
  /**
   * Verifies a session a visitor's kit posted: shape, canonical message, claimed fields, domain,
   * times, signature (against the node on eip155), and spends its nonce. Never throws.
   */
  verifySignIn(
    session: unknown,
    options?: { readonly signal?: AbortSignal },
  ): Promise<SiwxVerification>
  /**
   * Verifies a session again without spending a nonce (a stored session, a session read back):
   * everything {@link SiwxVerifier.verifySignIn} checks but the nonce.
   */
  verifySession(
    session: unknown,
    options?: { readonly signal?: AbortSignal },
  ): Promise<SiwxVerification>
}

const DEFAULT_NONCE_TTL_MS = 10 * 60_000
const DEFAULT_TIMEOUT_MS = 10_000

/**
 * A site's sign-in verifier: the same verification the kit runs (so the server accepts exactly
 * what the kit accepts), for every family Gangway has (eip155 EIP-4361 with ERC-1271 and ERC-6492,
 * solana SIWS, polkadot Sign-In with Substrate, bip122 CAIP-122 with BIP-322), with nonces the server issues and accepts once. No React, no browser globals.
 * @example
 * import { createSiwxVerifier } from '@gangway/kit/siwx-server'
 * const verifier = createSiwxVerifier({ domains: ['shop.example'], eip155: { rpcUrls: { 1: 'https://eth.example' } } })
 * const nonce = await verifier.createNonce()
 * const result = await verifier.verifySignIn(await request.json())
 * if (!result.ok) return new Response(result.error.code, { status: 401 })
 * console.log(result.caipAddress, new Date(result.expiresAt))
 * @param parameters - domains, nodes, networks, nonce store and limits.
 * @returns the verifier.
 * @throws TypeError when no domain is given.
 * @see /docs/siwx.md
 */
export function createSiwxVerifier(parameters: CreateSiwxVerifierParameters): SiwxVerifier {
  if (parameters.domains.length === 0)
    throw new TypeError('createSiwxVerifier: name the domains sign-in messages may be for')
  const now = parameters.now ?? Date.now
  const nonces = parameters.nonces ?? createMemoryNonceStore({ now })
  const nonceTtlMs = parameters.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS
  const timeoutMs = parameters.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const clients = new Map<number, PublicClient>()
  const rpcUrls = parameters.eip155?.rpcUrls ?? {}
  const clientOf = (chainId: number): PublicClient | undefined => {
    const given = parameters.eip155?.clientOf?.(chainId)
    if (given) return given
    const url = rpcUrls[chainId]
    if (!url) return undefined
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({
        transport: http(url, { timeout: timeoutMs, retryCount: 1 }),
      }) as PublicClient
      clients.set(chainId, client)
    }
    return client
  }
  const families = new Map<string, SiwxFamily>([
    ['eip155', createEip155SiwxFamily({ clientOf })],
    [
      'solana',
      createSolanaSiwxFamily({
        networks: parameters.solana?.networks ?? [solanaMainnet, solanaDevnet, solanaTestnet],
      }),
    ],
    [
      'bip122',
      createBip122SiwxFamily({
        networks: parameters.bip122?.networks ?? [bitcoinMainnet, bitcoinTestnet, bitcoinSignet],
      }),
    ],
    [
      'polkadot',
      createPolkadotSiwxFamily({
        networks: parameters.polkadot?.networks ?? [
          polkadotMainnet,
          kusamaMainnet,
          polkadotAssetHub,
          kusamaAssetHub,
        ],
      }),
    ],
  ])
  for (const family of parameters.families ?? []) families.set(family.namespace, family)
  const domains = siwxDomainMatcher(parameters.domains)

  const verify = async (
    session: unknown,
    signal: AbortSignal | undefined,
    spendNonce?: (nonce: string, expiresAt: number) => Promise<NonceUse>,
  ): Promise<SiwxVerification> => {
    const bounded = signal
      ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs)
    return verifySiwxSession(session, {
      familyOf: (namespace) => families.get(namespace),
      now: now(),
      domains,
      signal: bounded,
      ...(spendNonce ? { spendNonce } : {}),
    })
  }

  return {
    createNonce: async (options = {}) => {
      const nonce = createNonce()
      await nonces.issue(nonce, now() + nonceTtlMs, options.source)
      return nonce
    },
    verifySignIn: (session, options = {}) =>
      verify(session, options.signal, (nonce) => nonces.spend(nonce, now())),
    verifySession: (session, options = {}) => verify(session, options.signal),
  }
}
