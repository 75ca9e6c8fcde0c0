/**
 * What the server tests share: a local chain with a token, servers on PGlite (from the snapshot)
 * or on a fresh PostgreSQL database, and a way to send on the chain.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  type PublicClient,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { inject } from 'vitest'
import { parseConfig, type ServerConfigInput } from '../../../server/config.js'
import { createLogger, type Logger } from '../../../server/log.js'
import { type RunningServer, startServer } from '../../../server/startServer.js'
import { pgliteSnapshot } from '../../../server/storage/snapshot.js'
import { deployTestToken } from '../../../src/testing/eip155/deployTestToken.js'
import { type AnvilNode, startAnvil } from '../../../src/testing/nodes/anvil.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'

/** The storages every data test runs on. */
export const STORAGE_KINDS = ['pglite', 'postgres'] as const
export type StorageKind = (typeof STORAGE_KINDS)[number]

/** A fresh, empty database in the run's PostgreSQL cluster. */
export async function createDatabase(): Promise<string> {
  const admin = inject('server').postgresAdminUrl
  const name = `gw_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  return admin.replace(/\/postgres$/, `/${name}`)
}

/** Where a server keeps its data, reusable across restarts. */
export interface TestStorage {
  readonly kind: StorageKind
  /** Config fields naming it. */
  readonly config: Pick<ServerConfigInput, 'dataDir' | 'databaseUrl'>
  /** The PGlite snapshot for a first start (undefined for PostgreSQL or a reopened directory). */
  snapshot(): Promise<Blob | undefined>
  remove(): void
}

/** A PGlite directory or a PostgreSQL database for one test file. */
export async function createTestStorage(kind: StorageKind): Promise<TestStorage> {
  if (kind === 'postgres') {
    const databaseUrl = await createDatabase()
    return {
      kind,
      config: { databaseUrl },
      snapshot: async () => undefined,
      remove: () => undefined,
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gangway-test-data-'))
  let first = true
  return {
    kind,
    config: { dataDir },
    snapshot: async () => {
      if (!first) return undefined
      first = false
      return pgliteSnapshot(inject('server').snapshotDir)
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

/**
 * Starts a server on the storage, on a free port: quiet unless given a logger, on a test's clock
 * if given one.
 */
export async function startTestServer(
  storage: TestStorage,
  config: ServerConfigInput,
  options: { readonly now?: () => number; readonly log?: Logger } = {},
): Promise<RunningServer> {
  const snapshot = await storage.snapshot()
  const { log = createLogger('silent'), ...rest } = options
  return startServer(parseConfig({ port: 0, logLevel: 'silent', ...config, ...storage.config }), {
    log,
    ...(snapshot ? { snapshot } : {}),
    ...rest,
  })
}

/** A local chain with the test token, and a funded sender. */
export interface TestChain {
  readonly node: AnvilNode
  readonly chainId: `eip155:${number}`
  readonly token: `0x${string}`
  readonly reader: PublicClient
  /** Sends `amount` wei from dev account `from` to `to`; resolves with the mined hash. */
  sendNative(to: `0x${string}`, amount: bigint, from?: number): Promise<`0x${string}`>
  /** Transfers `amount` token units (whole tokens as text) from account `from` to `to`. */
  sendToken(to: `0x${string}`, amount: string, from?: number): Promise<`0x${string}`>
  /** A token transfer from account `from` beyond its balance, mined and reverted on chain. */
  sendRevertingTransfer(to: `0x${string}`, from: number): Promise<`0x${string}`>
  /** `evm_snapshot` / `evm_revert`. */
  snapshot(): Promise<string>
  revert(id: string): Promise<void>
  stop(): Promise<void>
}

/** The test token's decimals. */
export const TOKEN_DECIMALS = 6

/** Starts anvil (its own, so reverts and mining here touch no other test) with the token. */
export async function startTestChain(chainNumber = 31337): Promise<TestChain> {
  const node = await startAnvil({ chainId: chainNumber })
  const chain = localChain(node.chainId, node.url)
  const transport = http(node.url)
  const reader = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 })
  const wallet = (index: number) =>
    createWalletClient({ account: privateKeyToAccount(ANVIL_KEYS[index]!), chain, transport })
  const { address: token } = await deployTestToken({
    walletClient: wallet(0),
    publicClient: reader,
    name: 'Server Test Token',
    symbol: 'STT',
    decimals: TOKEN_DECIMALS,
    supply: parseUnits('1000000', TOKEN_DECIMALS),
  })
  const mined = async (hash: `0x${string}`) => {
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 10_000 })
    return hash
  }
  const rpc = (method: string, params: unknown[] = []) =>
    reader.request({ method: method as never, params: params as never }) as Promise<unknown>
  return {
    node,
    chainId: `eip155:${node.chainId}`,
    token,
    reader,
    sendNative: async (to, amount, from = 0) =>
      mined(await wallet(from).sendTransaction({ to, value: amount })),
    sendToken: async (to, amount, from = 0) =>
      mined(
        await wallet(from).writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, parseUnits(amount, TOKEN_DECIMALS)],
        }),
      ),
    sendRevertingTransfer: async (to, from) =>
      mined(
        await wallet(from).sendTransaction({
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, parseUnits('1000000000', TOKEN_DECIMALS)],
          }),
          // A fixed gas limit: estimating would refuse a transfer that must revert.
          gas: 100_000n,
        }),
      ),
    snapshot: async () => String(await rpc('evm_snapshot')),
    revert: async (id) => {
      await rpc('evm_revert', [id])
    },
    stop: () => node.stop(),
  }
}

/** The server configuration for a test chain: the chain, its token and a fixed price table. */
export function chainConfig(chain: TestChain): ServerConfigInput {
  return {
    chains: [{ id: chain.chainId, name: 'Anvil', rpcUrl: chain.node.url }],
    tokens: [
      {
        chainId: chain.chainId,
        address: chain.token,
        name: 'Server Test Token',
        symbol: 'STT',
        decimals: TOKEN_DECIMALS,
        iconUrl: 'https://tokens.example/stt.png',
      },
    ],
    prices: { [`${chain.chainId}:native`]: '2500.5', [`${chain.chainId}:${chain.token}`]: '1' },
    indexer: { pollIntervalMs: 50, batchBlocks: 5 },
  }
}

/** A fresh address nobody has used. */
export function freshAddress(): `0x${string}` {
  return `0x${randomBytes(20).toString('hex')}` as `0x${string}`
}
