import { randomUUID } from 'node:crypto'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest'
import { type LocalRelay, startRelay } from '../../../server/index.js'
import { selectPairing } from '../../../src/features/walletConnect/selectors.js'
import { createKit, type Kit, selectConnectionStatus } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createVirtualEnv, type VirtualEnv } from '../../../src/testing/index.js'
import { createRemoteTestWallet, type RemoteTestWallet } from '../../../src/testing/node.js'
import { createWalletConnect } from '../../../src/walletconnect/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { memoryStorage, type Storage } from './support/walletConnect.js'

const nodes = inject('eip155')
const mainChain = localChain(nodes.main.chainId, nodes.main.url)
const sideChain = localChain(nodes.side.chainId, nodes.side.url)
const TIMEOUT = 30_000

const globals = globalThis as { window?: unknown } & Record<string, unknown>
const originalWindow = globals.window
let relay: LocalRelay
const kits: Kit[] = []
const wallets: RemoteTestWallet[] = []

beforeEach(async () => {
  globals.window = new EventTarget()
  relay = await startRelay()
})
afterEach(async () => {
  for (const kit of kits.splice(0)) kit.destroy()
  await Promise.all(wallets.splice(0).map((wallet) => wallet.close()))
  await relay.close()
})
afterAll(() => {
  globals.window = originalWindow
})

/** A remote wallet on its own core over the local relay, on both local chains. */
async function remoteWallet(
  options: Partial<Parameters<typeof createRemoteTestWallet>[0]> = {},
): Promise<RemoteTestWallet> {
  const wallet = await createRemoteTestWallet({
    relayUrl: relay.url,
    privateKeys: [ANVIL_KEYS[0]],
    chains: [
      { id: nodes.main.chainId, rpcUrl: nodes.main.url },
      { id: nodes.side.chainId, rpcUrl: nodes.side.url },
    ],
    ...options,
  })
  wallets.push(wallet)
  return wallet
}

/** A kit with a private hub; pass the storage and prefix of an earlier one to "reload" it. */
function kitFor(
  options: { env?: VirtualEnv; storage?: Storage; storagePrefix?: string; blockTime?: number } = {},
) {
  const env = options.env ?? createVirtualEnv()
  const storage = options.storage ?? memoryStorage()
  const storagePrefix = options.storagePrefix ?? `dapp-${randomUUID()}`
  const kit = createKit({
    plugins: [
      eip155({
        chains: options.blockTime
          ? [{ ...mainChain, blockTime: options.blockTime }, sideChain]
          : [mainChain, sideChain],
        rpcUrls: { [nodes.main.chainId]: [nodes.main.url], [nodes.side.chainId]: [nodes.side.url] },
        walletConnect: { relayUrl: relay.url, projectId: 'gangway-local', storagePrefix, storage },
      }),
    ],
    env,
  })
  kits.push(kit)
  return { kit, env, storage, storagePrefix }
}

/** Pairs `wallet` with the URI the kit reports. */
async function pairWith(kit: Kit, wallet: RemoteTestWallet) {
  const uri = await vi.waitFor(
    () => selectPairing(kit.getState())?.uri ?? expect.fail('no pairing yet'),
    { timeout: 10_000 },
  )
  await wallet.pair(uri)
}

const status = (kit: Kit) => selectConnectionStatus(kit.getState())

describe('what the wallet says about itself (item 3)', () => {
  test(
    'behavior: a 100 KB peer name is cleaned and capped and a javascript: icon never reaches connectedWalletInfo',
    async () => {
      const wallet = await remoteWallet({
        metadata: {
          name: `\u202E${'N'.repeat(100_000)}`,
          description: 'Remote',
          url: 'javascript:alert(1)',
          icons: [
            'javascript:alert(1)',
            'http://wallet.example/icon.png',
            'https://wallet.example/icon.png',
          ],
        },
      })
      const { kit } = kitFor()
      const connecting = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await pairWith(kit, wallet)
      await connecting
      const info = kit.getState().namespaces.entities.eip155?.accountState.connectedWalletInfo
      expect(info).toEqual({ name: 'N'.repeat(64), icon: 'https://wallet.example/icon.png' })
    },
    TIMEOUT,
  )
})

describe('after a reload with a private hub (item 15)', () => {
  test(
    'behavior: the restored session still hears the wallet: account switch, chain switch and disconnect',
    async () => {
      const wallet = await remoteWallet({ privateKeys: [ANVIL_KEYS[0], ANVIL_KEYS[1]] })
      const first = kitFor()
      const connecting = first.kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await pairWith(first.kit, wallet)
      await connecting
      first.kit.destroy()
      delete globals[`_walletConnectCore_${first.storagePrefix}`]
      delete globals[`_walletConnectCore_${first.storagePrefix}_count`]
      const env = createVirtualEnv({ storage: first.env.storage.dump() })
      const { kit } = kitFor({ env, storage: first.storage, storagePrefix: first.storagePrefix })
      await vi.waitFor(() => expect(status(kit)).toBe('connected'), { timeout: 10_000 })
      const accountState = () => kit.getState().namespaces.entities.eip155?.accountState

      await wallet.switchAccount(1)
      await vi.waitFor(() => expect(accountState()?.address).toBe(wallet.wallet.addresses[1]), {
        timeout: 10_000,
      })
      await wallet.switchChain(nodes.side.chainId)
      await vi.waitFor(
        () =>
          expect(accountState()?.caipAddress?.startsWith(`eip155:${nodes.side.chainId}:`)).toBe(
            true,
          ),
        { timeout: 10_000 },
      )
      await wallet.disconnect()
      await vi.waitFor(() => expect(status(kit)).toBe('disconnected'), { timeout: 10_000 })
    },
    TIMEOUT,
  )
})

describe('a kit destroyed while WalletConnect is starting (item 17)', () => {
  test(
    'behavior: no unhandled rejection is left behind',
    async () => {
      const rejections: unknown[] = []
      const onRejection = (reason: unknown) => rejections.push(reason)
      process.on('unhandledRejection', onRejection)
      try {
        const hub = createWalletConnect({
          relayUrl: relay.url,
          projectId: 'gangway-local',
          storagePrefix: `dapp-${randomUUID()}`,
          storage: memoryStorage(),
        })
        const kit = createKit({
          plugins: [eip155({ chains: [mainChain], walletConnect: hub })],
          env: createVirtualEnv(),
        })
        const connecting = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
        // The site tears down (a React StrictMode remount does this) before sign-client started.
        kit.destroy()
        hub.destroy()
        await expect(connecting).rejects.toMatchObject({ code: 'KIT_DESTROYED' })
        // Settles when the start the kit was waiting on settles (CANCELLED: destroyed meanwhile).
        await expect(
          hub.connect(
            { namespace: 'eip155', silent: true, onPairing: () => undefined },
            new AbortController().signal,
          ),
        ).rejects.toMatchObject({ code: 'CANCELLED' })
        // Node reports unhandled rejections once the microtasks of a turn have run.
        await new Promise((resolve) => setImmediate(resolve))
        expect(rejections).toEqual([])
      } finally {
        process.off('unhandledRejection', onRejection)
      }
    },
    TIMEOUT,
  )
})

describe('balances of a WalletConnect account follow the chain (item 12)', () => {
  test(
    'behavior: funds arriving from outside show up once their block is mined',
    async () => {
      const key = generatePrivateKey()
      const receiver = privateKeyToAccount(key).address
      const reader = createPublicClient({ chain: mainChain, transport: http(nodes.main.url) })
      const funder = createWalletClient({
        account: privateKeyToAccount(ANVIL_KEYS[5]),
        chain: mainChain,
        transport: http(nodes.main.url),
      })
      const fund = async (ether: string) =>
        reader.waitForTransactionReceipt({
          hash: await funder.sendTransaction({ to: receiver, value: parseEther(ether) }),
        })
      await fund('1')
      const wallet = await remoteWallet({ privateKeys: [key] })
      // One-second blocks: viem polls every 500 ms.
      const { kit } = kitFor({ blockTime: 1_000 })
      const connecting = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await pairWith(kit, wallet)
      await connecting
      const balance = () => kit.getState().namespaces.entities.eip155?.accountState.balance
      await vi.waitFor(() => expect(balance()).toBe('1'), { timeout: 10_000 })
      await fund('0.25')
      await vi.waitFor(() => expect(balance()).toBe('1.25'), { timeout: 5_000 })
    },
    TIMEOUT,
  )
})
