import { randomUUID } from 'node:crypto'
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest'
import { type LocalRelay, startRelay } from '../../../server/index.js'
import { selectPairing } from '../../../src/features/walletConnect/selectors.js'
import { createKit, type Kit, selectConnectionStatus } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createVirtualEnv, type VirtualEnv } from '../../../src/testing/index.js'
import { createRemoteTestWallet, type RemoteTestWallet } from '../../../src/testing/node.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'
import { memoryStorage, type Storage } from './support/walletConnect.js'

const nodes = inject('eip155')
const mainChain = localChain(nodes.main.chainId, nodes.main.url)
const sideChain = localChain(nodes.side.chainId, nodes.side.url)
const CHAIN = `eip155:${nodes.main.chainId}` as const
const signer = privateKeyToAccount(ANVIL_KEYS[0])
const TIMEOUT = 30_000

const globals = globalThis as { window?: unknown } & Record<string, unknown>
const originalWindow = globals.window
let relay: LocalRelay
const kits: Kit[] = []
const wallets: RemoteTestWallet[] = []

beforeEach(async () => {
  // EIP-6963 discovery talks to the page's window; each test gets a fresh one.
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

/** A remote wallet on its own core holding ANVIL_KEYS[0] on the main chain. */
async function remoteWallet(
  options: { reject?: boolean; keys?: readonly `0x${string}`[] } = {},
): Promise<RemoteTestWallet> {
  const wallet = await createRemoteTestWallet({
    relayUrl: relay.url,
    privateKeys: options.keys ?? [ANVIL_KEYS[0]],
    chains: [
      { id: nodes.main.chainId, rpcUrl: nodes.main.url },
      { id: nodes.side.chainId, rpcUrl: nodes.side.url },
    ],
    metadata: { name: 'Test Wallet', description: 'Remote', url: 'http://127.0.0.1', icons: [] },
  })
  wallet.rejectProposals = options.reject ?? false
  wallets.push(wallet)
  return wallet
}

function kitFor(
  options: {
    env?: VirtualEnv
    storage?: Storage
    storagePrefix?: string
    environment?: Parameters<typeof createKit>[0]['environment']
  } = {},
) {
  const env = options.env ?? createVirtualEnv()
  const storage = options.storage ?? memoryStorage()
  const storagePrefix = options.storagePrefix ?? `dapp-${randomUUID()}`
  const kit = createKit({
    plugins: [
      eip155({
        chains: [mainChain, sideChain],
        rpcUrls: { [nodes.main.chainId]: [nodes.main.url], [nodes.side.chainId]: [nodes.side.url] },
        walletConnect: { relayUrl: relay.url, projectId: 'gangway-local', storagePrefix, storage },
      }),
    ],
    env,
    ...(options.environment ? { environment: options.environment } : {}),
  })
  kits.push(kit)
  return { kit, env, storage, storagePrefix }
}

/** Pairs `wallet` with the URI the kit reports. */
async function pairWith(kit: Kit, wallet: RemoteTestWallet) {
  const uri = await vi.waitFor(
    () => {
      const pairing = selectPairing(kit.getState())
      expect(pairing?.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      return pairing?.uri ?? ''
    },
    { timeout: 10_000 },
  )
  await wallet.pair(uri)
  return uri
}

/** A kit connected through a fresh remote wallet over the local relay. */
async function connectedKit(options: Parameters<typeof remoteWallet>[0] = {}) {
  const wallet = await remoteWallet(options)
  const made = kitFor()
  const connecting = made.kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
  await pairWith(made.kit, wallet)
  await connecting
  return { ...made, wallet }
}

/** Signs `message` through the kit and checks the signature is the remote wallet's. */
async function expectSigns(kit: Kit, message: string) {
  const { signature } = await kit.signMessage({ message })
  expect(
    await verifyMessage({ address: signer.address, message, signature: signature as Hex }),
  ).toBe(true)
}

const status = (kit: Kit) => selectConnectionStatus(kit.getState())

describe('eip155 WalletConnect connector', () => {
  test(
    'behavior: lists WalletConnect; pairs through the relay, signs through the session, and the wallet’s disconnect reaches the kit',
    async () => {
      const wallet = await remoteWallet()
      const { kit, env } = kitFor()
      expect(kit.getState().connectors.entities['eip155/walletConnect']).toMatchObject({
        name: 'WalletConnect',
        type: 'EXTERNAL',
      })

      const connecting = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await pairWith(kit, wallet)
      const pairing = selectPairing(kit.getState())
      expect(pairing?.expiresAt).toBe(env.now() + 4 * 60_000)
      const result = await connecting
      expect(result.caipAddress).toBe(`${CHAIN}:${signer.address}`)
      expect(result.walletInfo?.name).toBe('Test Wallet')
      expect(status(kit)).toBe('connected')

      await expectSigns(kit, 'hello')

      await wallet.disconnect()
      await vi.waitFor(() => expect(status(kit)).toBe('disconnected'), { timeout: 10_000 })
    },
    TIMEOUT,
  )

  test(
    'behavior: a proposal the wallet declines is USER_REJECTED',
    async () => {
      const wallet = await remoteWallet({ reject: true })
      const { kit } = kitFor()
      const connecting = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      const outcome = expect(connecting).rejects.toMatchObject({ code: 'USER_REJECTED' })
      await pairWith(kit, wallet)
      await outcome
      expect(status(kit)).toBe('disconnected')
    },
    TIMEOUT,
  )

  test(
    'behavior: the kit’s disconnect ends the session in the wallet; a reload restores a session without a new pairing',
    async () => {
      const wallet = await remoteWallet()
      const first = kitFor()
      const connecting = first.kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      const uri = await pairWith(first.kit, wallet)
      await connecting
      first.kit.destroy()
      // A reload: a fresh page has no sign-client core in memory, only its storage.
      delete globals[`_walletConnectCore_${first.storagePrefix}`]
      delete globals[`_walletConnectCore_${first.storagePrefix}_count`]
      const env = createVirtualEnv({ storage: first.env.storage.dump() })
      const { kit } = kitFor({ env, storage: first.storage, storagePrefix: first.storagePrefix })
      await vi.waitFor(() => expect(status(kit)).toBe('connected'), { timeout: 10_000 })
      expect(selectPairing(kit.getState())?.uri).not.toBe(uri)
      await expectSigns(kit, 'after reload')

      expect(wallet.sessions()).toHaveLength(1)
      await kit.disconnect()
      await vi.waitFor(() => expect(wallet.sessions()).toHaveLength(0), { timeout: 10_000 })
      expect(status(kit)).toBe('disconnected')
    },
    TIMEOUT,
  )

  test(
    'behavior: a transaction sent through the session lands on the node; the wallet’s account switch reaches the kit',
    async () => {
      const { kit, wallet } = await connectedKit({ keys: [ANVIL_KEYS[0], ANVIL_KEYS[1]] })
      const reader = createPublicClient({ chain: mainChain, transport: http(nodes.main.url) })
      const receiver = privateKeyToAccount(ANVIL_KEYS[4]).address
      const before = await reader.getBalance({ address: receiver })
      const { hash } = await kit.features.send.send({ to: receiver, amount: '0.25' })
      expect((await reader.waitForTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
      expect(await reader.getBalance({ address: receiver })).toBe(before + parseEther('0.25'))
      expect(wallet.wallet.requests.map((request) => request.method)).toContain(
        'eth_sendTransaction',
      )

      await wallet.switchAccount(1)
      await vi.waitFor(
        () =>
          expect(kit.getState().namespaces.entities.eip155?.accountState.address).toBe(
            wallet.wallet.addresses[1],
          ),
        { timeout: 10_000 },
      )
    },
    TIMEOUT,
  )

  test(
    'behavior: the relay restarting mid-session does not break the session; the next request still succeeds',
    async () => {
      const { kit } = await connectedKit()

      const { port } = relay
      await relay.close()
      relay = await startRelay({ port })
      await expectSigns(kit, 'after the relay restarted')
      expect(status(kit)).toBe('connected')
    },
    TIMEOUT,
  )

  test.each([
    ['Telegram', { device: 'mobile', telegramPlatform: 'ios' }, true],
    ['iOS Safari', { device: 'mobile', isIosSafari: true }, true],
    ['a desktop browser', {}, false],
  ] as const)(
    'rule §4: on %s a second connect while one is pending reuses the pending pairing: %s',
    async (_where, environment, reuses) => {
      const wallet = await remoteWallet()
      const { kit } = kitFor({ environment })
      const first = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      first.catch(() => undefined)
      const uri = await vi.waitFor(
        () => selectPairing(kit.getState())?.uri ?? expect.fail('no pairing yet'),
        { timeout: 10_000 },
      )
      const second = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await expect(first).rejects.toMatchObject({ code: 'CANCELLED' })
      const next = await vi.waitFor(
        () => {
          const current = selectPairing(kit.getState())?.uri
          expect(current).toMatch(/^wc:/)
          if (!reuses) expect(current).not.toBe(uri)
          return current ?? ''
        },
        { timeout: 10_000 },
      )
      expect(next === uri).toBe(reuses)
      await wallet.pair(next)
      expect((await second).caipAddress).toBe(`${CHAIN}:${signer.address}`)
      expect(status(kit)).toBe('connected')
    },
    TIMEOUT,
  )

  test(
    'behavior: the wallet moving to another chain of the session moves the kit; the kit switching network moves the wallet',
    async () => {
      const { kit, wallet } = await connectedKit()
      const network = () => kit.getState().namespaces.entities.eip155?.networkState.caipNetworkId
      expect(network()).toBe(CHAIN)

      await wallet.switchChain(nodes.side.chainId)
      await vi.waitFor(() => expect(network()).toBe(`eip155:${nodes.side.chainId}`), {
        timeout: 10_000,
      })

      await kit.switchNetwork(CHAIN)
      expect(network()).toBe(CHAIN)
      expect(Number(await wallet.wallet.provider.request({ method: 'eth_chainId' }))).toBe(
        nodes.main.chainId,
      )
    },
    TIMEOUT,
  )

  test(
    'behavior: with the relay unreachable the connect fails after 10 s (virtual time) instead of waiting forever; a retry once it is back pairs',
    async () => {
      const { port } = relay
      await relay.close()
      const { kit, env } = kitFor()
      const failed = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      const outcome = expect(failed).rejects.toMatchObject({ code: 'SOMETHING_WENT_WRONG' })
      // sign-client keeps retrying; only the kit's own clock ends the wait.
      await new Promise((resolve) => setTimeout(resolve, 300))
      env.advance(9_999)
      expect(kit.getState().operations.lastFailure).toBeNull()
      env.advance(1)
      await outcome
      expect(selectPairing(kit.getState())).toBeNull()
      expect(status(kit)).toBe('disconnected')

      relay = await startRelay({ port })
      const wallet = await remoteWallet()
      const retried = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await pairWith(kit, wallet)
      expect((await retried).caipAddress).toBe(`${CHAIN}:${signer.address}`)
    },
    TIMEOUT,
  )
})
