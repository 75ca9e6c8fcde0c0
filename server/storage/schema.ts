/**
 * The server's tables (Drizzle, PostgreSQL dialect): the same schema on PGlite and PostgreSQL.
 * Block numbers and times are int8 read as JS numbers (both drivers agree in `mode: 'number'`);
 * token amounts are decimal text, never floats.
 * @module
 */
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/** Relay messages kept for their ttl, so a restart or another instance still delivers them. */
export const relayMessages = pgTable(
  'relay_messages',
  {
    id: text('id').primaryKey(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    tag: integer('tag'),
    publishedAt: bigint('published_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    publisherKey: text('publisher_key').notNull(),
    size: integer('size').notNull(),
  },
  (table) => [
    index('relay_messages_topic').on(table.topic),
    index('relay_messages_expires').on(table.expiresAt),
  ],
)

/** Which client identities acknowledged (or fetched) a relay message: never delivered again. */
export const relayAcks = pgTable(
  'relay_acks',
  {
    messageId: text('message_id').notNull(),
    clientKey: text('client_key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.clientKey] })],
)

/** Addresses the indexer follows per chain, and the last block it indexed for each. */
export const watchedAddresses = pgTable(
  'watched_addresses',
  {
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    /** The last block indexed for this address (`startBlock - 1` until the first one). */
    indexedTo: bigint('indexed_to', { mode: 'number' }).notNull(),
    firstSeenAt: bigint('first_seen_at', { mode: 'number' }).notNull(),
    /**
     * When a history request last named the address; one nobody asks for is unwatched in time.
     * `null`: never asked through the paths (pinned by the operator), never unwatched.
     */
    lastAskedAt: bigint('last_asked_at', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.address] }),
    index('watched_addresses_asked').on(table.chainId, table.lastAskedAt),
  ],
)

/** The hash of each recent block the indexer processed, to notice a reorg. */
export const indexedBlocks = pgTable(
  'indexed_blocks',
  {
    chainId: text('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
)

/** One transaction as one watched address sees it (§3 Transaction metadata). */
export const activityTransactions = pgTable(
  'activity_transactions',
  {
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: bigint('mined_at', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    operationType: text('operation_type').notNull(),
    sentFrom: text('sent_from').notNull(),
    sentTo: text('sent_to').notNull(),
    /** Wei paid for gas, decimal text. */
    fee: text('fee').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.address, table.hash] }),
    index('activity_transactions_page').on(
      table.address,
      table.minedAt,
      table.chainId,
      table.blockNumber,
      table.txIndex,
    ),
  ],
)

/** The transfers of a transaction that touch the watched address: native value or ERC20 logs. */
export const activityTransfers = pgTable(
  'activity_transfers',
  {
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    hash: text('hash').notNull(),
    /** -1 for the native value of the transaction itself. */
    logIndex: integer('log_index').notNull(),
    /** The token contract, lower case; null for the native currency. */
    token: text('token'),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    /** The raw integer amount, decimal text. */
    amount: text('amount').notNull(),
    direction: text('direction').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address, table.hash, table.logIndex] })],
)

/** Sign-in nonces the server issued (§7 session paths): each accepted once, until it expires. */
export const siwxNonces = pgTable(
  'siwx_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    /** When an accepted sign-in used it; null while unused. */
    spentAt: bigint('spent_at', { mode: 'number' }),
  },
  (table) => [index('siwx_nonces_expires').on(table.expiresAt)],
)

/** Accepted sign-in sessions (CAIP-122), one per nonce, verified before they were stored. */
export const siwxSessions = pgTable(
  'siwx_sessions',
  {
    nonce: text('nonce').primaryKey(),
    chainId: text('chain_id').notNull(),
    /** The account as compared: eip155 lower case, solana (base58) as written. */
    accountKey: text('account_key').notNull(),
    /** The session as posted (JSON): data, message, signature. */
    session: text('session').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** SHA-256 (hex) of the revocation token handed to the kit; the token itself is never kept. */
    tokenHash: text('token_hash').notNull(),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
  },
  (table) => [
    index('siwx_sessions_account').on(table.accountKey, table.chainId),
    index('siwx_sessions_token').on(table.tokenHash),
  ],
)

/** Embedded-wallet accounts: one per email or per social identity (decision 0711). */
export const embeddedUsers = pgTable('embedded_users', {
  id: text('id').primaryKey(),
  /** Lower-case email; null for a social identity without a verified email. */
  email: text('email').unique(),
  /** `provider:subject` of the social identity that created it, if one did. */
  socialKey: text('social_key').unique(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
})

/** Devices (browser profiles) a user logged in on; a new one is approved by mail first. */
export const embeddedDevices = pgTable(
  'embedded_devices',
  {
    userId: text('user_id').notNull(),
    /** SHA-256 (hex) of the device token the frame keeps; the token itself is never stored. */
    deviceHash: text('device_hash').notNull(),
    /** SHA-256 of the approval link's token while the approval is pending. */
    approvalHash: text('approval_hash'),
    approvedAt: bigint('approved_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.deviceHash] }),
    index('embedded_devices_approval').on(table.approvalHash),
  ],
)

/** One-time codes: keyed hashes only, single-use, expiring, attempt-limited. */
export const embeddedOtps = pgTable(
  'embedded_otps',
  {
    id: text('id').primaryKey(),
    /** The address the code was sent to (lower case). */
    email: text('email').notNull(),
    /** `login`, `update-primary` or `update-secondary`. */
    purpose: text('purpose').notNull(),
    /** For an email update: the user and the new address. */
    userId: text('user_id'),
    newEmail: text('new_email'),
    deviceHash: text('device_hash'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('embedded_otps_email').on(table.email, table.purpose)],
)

/** When each address was last sent a login mail (§9 cooldown). */
export const embeddedMailCooldowns = pgTable('embedded_mail_cooldowns', {
  email: text('email').primaryKey(),
  lastAt: bigint('last_at', { mode: 'number' }).notNull(),
})

/** Logged-in sessions of the wallet origin, by the SHA-256 of their token. */
export const embeddedSessions = pgTable(
  'embedded_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    projectId: text('project_id').notNull(),
    /** The site (origin) the frame was embedded in when the visitor logged in. */
    site: text('site').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    revokedAt: bigint('revoked_at', { mode: 'number' }),
    /** The social provider the session logged in with; null for an email code or a passkey. */
    socialProvider: text('social_provider'),
  },
  (table) => [index('embedded_sessions_user').on(table.userId)],
)

/** Each user's stored key shares: the device share the server cannot open, the server share sealed at rest. */
export const embeddedShares = pgTable('embedded_shares', {
  userId: text('user_id').primaryKey(),
  /** The device share sealed under the passkey's PRF (JSON, opaque to the server). */
  deviceShare: text('device_share').notNull(),
  /** The server share, AES-256-GCM under the operator's at-rest key (base64). */
  serverShare: text('server_share').notNull(),
  /** The accounts the seed derives (JSON: eip155 and solana addresses), for `get user`. */
  accounts: text('accounts').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
})

/** WebAuthn credentials (passkeys) of users. */
export const embeddedPasskeys = pgTable(
  'embedded_passkeys',
  {
    credentialId: text('credential_id').primaryKey(),
    userId: text('user_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('embedded_passkeys_user').on(table.userId)],
)

/** Pending challenges (WebAuthn) and social logins, each used once before it expires. */
export const embeddedPending = pgTable(
  'embedded_pending',
  {
    id: text('id').primaryKey(),
    /** `passkey-register`, `passkey-login` or `social`. */
    kind: text('kind').notNull(),
    /** JSON: the challenge, or the social login's state, nonce, PKCE verifier and site. */
    data: text('data').notNull(),
    /** SHA-256 of the secret only the frame that started it holds (social logins). */
    secretHash: text('secret_hash'),
    /** The user a finished social login identified; null while pending. */
    userId: text('user_id'),
    error: text('error'),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
  },
  (table) => [index('embedded_pending_expires').on(table.expiresAt)],
)

/** Every table, for Drizzle's typed schema. */
export const schema = {
  relayMessages,
  relayAcks,
  watchedAddresses,
  indexedBlocks,
  activityTransactions,
  activityTransfers,
  siwxNonces,
  siwxSessions,
  embeddedUsers,
  embeddedDevices,
  embeddedOtps,
  embeddedMailCooldowns,
  embeddedSessions,
  embeddedShares,
  embeddedPasskeys,
  embeddedPending,
}
