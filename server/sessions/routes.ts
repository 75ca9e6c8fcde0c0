/**
 * The session paths (§7): a nonce per sign-in (budgeted per network source), a posted session
 * verified and kept, an account's sessions read back by the holder of one of its tokens (each
 * verified again), and a revocation. One verifier for all of them, the
 * one sites run themselves (`@gangway/kit/siwx-server`), with its nonces in the server's database.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import type { PublicClient } from 'viem'
import {
  bitcoinMainnet,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet,
} from '../../src/plugins/bip122/networks.js'
import {
  kusamaAssetHub,
  kusamaMainnet,
  polkadotAssetHub,
  polkadotMainnet,
} from '../../src/plugins/polkadot/networks.js'
import { solanaDevnet, solanaMainnet, solanaTestnet } from '../../src/plugins/solana/networks.js'
import {
  nonceResponseSchema,
  revokeRequestSchema,
  revokeResponseSchema,
  sessionAddressSchema,
  sessionsQuerySchema,
  sessionsResponseSchema,
  sessionTokenSchema,
  signInResponseSchema,
} from '../../src/siwx/sessionPaths.js'
import {
  createSiwxVerifier,
  NonceLimitError,
  type SiwxSession,
  type SiwxVerificationCode,
} from '../../src/siwx-server/index.js'
import type { ServerConfig } from '../config.js'
import {
  createSourceBudget,
  HttpError,
  parseInput,
  rateLimited,
  readJson,
  sendChecked,
  sourceOf,
} from '../http.js'
import type { Database } from '../storage/openStorage.js'
import { accountKeyOf, createSessionStore } from './sessionStore.js'

/** What the session routes need. */
export interface SessionRouteParts {
  readonly config: ServerConfig
  readonly db: Database
  /** The configured eip155 chains' clients, by CAIP-2 id: smart accounts are checked on them. */
  readonly clients: ReadonlyMap<string, PublicClient>
  /** The time; `Date.now` by default. */
  readonly now?: () => number
}

/** The HTTP status of each refusal: the request's fault, the signer's, or the node's. */
const STATUS_OF: Readonly<Record<SiwxVerificationCode, 400 | 401 | 503>> = {
  MALFORMED_SESSION: 400,
  UNSUPPORTED_NAMESPACE: 400,
  MALFORMED_MESSAGE: 401,
  MESSAGE_MISMATCH: 401,
  WRONG_DOMAIN: 401,
  WRONG_NONCE: 401,
  NONCE_REUSED: 401,
  MISSING_EXPIRATION: 401,
  EXPIRED: 401,
  NOT_YET_VALID: 401,
  INVALID_SIGNATURE: 401,
  VERIFIER_UNAVAILABLE: 503,
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * The sign-in token a request carries (`authorization: Bearer`).
 * @throws HttpError 401 `UNAUTHORIZED` when there is none.
 */
function bearerOf(context: Context): string {
  const bearer = /^Bearer (\S+)$/.exec(context.req.header('authorization') ?? '')?.[1]
  const token = sessionTokenSchema.safeParse(bearer)
  if (!token.success)
    throw new HttpError(401, 'UNAUTHORIZED', 'Send the sign-in token as `authorization: Bearer`')
  return token.data
}

/** The site a stored session was signed for (stored sessions were verified: `data.domain` is there). */
const domainOf = (session: string): string =>
  (JSON.parse(session) as { data: { domain: string } }).data.domain

/**
 * The session routes. Without `siwx.domains` configured every path answers 404
 * `SIWX_NOT_ENABLED` ('SIWX is not enabled'): the server never accepts a message for a site it was
 * not told about.
 * @param parts - configuration, database, chain clients and time.
 * @returns the Hono app to mount at `/`.
 */
export function createSessionRoutes(parts: SessionRouteParts): Hono {
  const { siwx } = parts.config
  const now = parts.now ?? Date.now
  const store = createSessionStore(parts.db, {
    maxPerAccount: siwx.maxSessionsPerAccount,
    maxOutstandingNonces: siwx.maxOutstandingNonces,
    now,
  })
  // Issuing is open to anyone: each network source spends a budget, so one cannot take them all.
  const nonceBudget = createSourceBudget({
    perHour: siwx.noncesPerSourcePerHour,
    burst: siwx.nonceBurstPerSource,
    now,
  })
  const nonceTtlMs = siwx.nonceTtlSeconds * 1_000
  const verifier =
    siwx.domains.length === 0
      ? undefined
      : createSiwxVerifier({
          domains: siwx.domains,
          eip155: { clientOf: (chainId) => parts.clients.get(`eip155:${chainId}`) },
          solana: {
            networks: [
              solanaMainnet,
              solanaDevnet,
              solanaTestnet,
              ...(siwx.solanaNetworks as {
                id: `solana:${string}`
                walletChain: `solana:${string}`
              }[]),
            ],
          },
          // The server's own regtest nodes sign visitors in too (their addresses are `bcrt1…`).
          bip122: {
            networks: [
              bitcoinMainnet,
              bitcoinTestnet,
              bitcoinSignet,
              ...parts.config.bitcoin.nodes.map((node) => ({
                id: node.id as `bip122:${string}`,
                addresses: bitcoinRegtest({ esploraUrl: node.rpcUrl }).addresses,
              })),
            ],
          },
          polkadot: {
            networks: [
              polkadotMainnet,
              kusamaMainnet,
              polkadotAssetHub,
              kusamaAssetHub,
              ...(siwx.polkadotNetworks as { id: `polkadot:${string}`; ss58Prefix: number }[]),
            ],
          },
          nonces: store.nonces,
          nonceTtlMs,
          now,
        })
  const enabled = () => {
    if (!verifier) throw new HttpError(404, 'SIWX_NOT_ENABLED', 'SIWX is not enabled')
    return verifier
  }
  const accountOf = (text: string) =>
    accountKeyOf(parseInput(sessionAddressSchema, text, 'path.address'))

  const app = new Hono()
  app.post('/v1/sessions/nonce', async (context) => {
    const checker = enabled()
    const wait = nonceBudget.take(sourceOf(context, parts.config.trustedProxies))
    if (wait > 0) throw rateLimited('sign-in nonces', wait)
    const nonce = await checker.createNonce().catch((error: unknown) => {
      if (!(error instanceof NonceLimitError)) throw error
      throw new HttpError(503, 'NONCE_LIMIT', error.message, { 'retry-after': '5' })
    })
    return sendChecked(context, nonceResponseSchema, { nonce, expiresAt: now() + nonceTtlMs })
  })

  app.post('/v1/sessions', async (context) => {
    const checker = enabled()
    const body = await readJson(context)
    const result = await checker.verifySignIn(body, { signal: context.req.raw.signal })
    if (!result.ok)
      throw new HttpError(STATUS_OF[result.error.code], result.error.code, result.error.message)
    const token = randomBytes(24).toString('base64url')
    await store.save({
      nonce: result.session.data.nonce,
      chainId: result.chainId,
      accountKey: accountKeyOf(result.address),
      session: JSON.stringify(result.session),
      expiresAt: result.expiresAt,
      tokenHash: sha256(token),
      now: now(),
    })
    return sendChecked(context, signInResponseSchema, {
      token,
      address: result.address,
      chainId: result.chainId,
      expiresAt: result.expiresAt,
    })
  })

  app.get('/v1/sessions/:address', async (context) => {
    const checker = enabled()
    const accountKey = accountOf(context.req.param('address'))
    const query = parseInput(sessionsQuerySchema, context.req.query(), 'query')
    // Who signed in where is the visitor's own business (decision 0502): only a caller holding a
    // live session token of this account reads its sessions, and only those for the same site.
    const owned = await store.owner(accountKey, sha256(bearerOf(context)), now())
    if (!owned) {
      throw new HttpError(401, 'UNAUTHORIZED', 'The token is not one of this account’s sessions')
    }
    const site = domainOf(owned.session)
    const rows = (await store.live(accountKey, query.chainId, now())).filter(
      (row) => domainOf(row.session) === site,
    )
    // Verified again as the kit will: what no longer holds (a smart account's key changed, a
    // network no longer configured) is not handed out.
    const checked = await Promise.all(
      rows.map(async (row) => {
        const result = await checker.verifySession(JSON.parse(row.session) as unknown, {
          signal: context.req.raw.signal,
        })
        return result.ok && accountKeyOf(result.address) === accountKey ? [result.session] : []
      }),
    )
    return sendChecked(context, sessionsResponseSchema, {
      sessions: checked.flat() as SiwxSession[],
    })
  })

  app.post('/v1/sessions/:address/revoke', async (context) => {
    enabled()
    const accountKey = accountOf(context.req.param('address'))
    const token = bearerOf(context)
    // A body in chunks has no content-length: it is read too, up to the limit.
    const hasBody =
      context.req.header('transfer-encoding') !== undefined ||
      (context.req.header('content-length') ?? '0') !== '0'
    const body = parseInput(revokeRequestSchema, hasBody ? await readJson(context) : {}, 'body')
    const revoked = await store.revoke({
      accountKey,
      tokenHash: sha256(token),
      chainId: body.chainId,
      all: body.all ?? false,
      now: now(),
    })
    if (revoked === undefined)
      throw new HttpError(401, 'UNAUTHORIZED', 'The token is not one of this account’s sessions')
    return sendChecked(context, revokeResponseSchema, { revoked })
  })
  return app
}
