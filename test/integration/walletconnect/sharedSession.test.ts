import { randomUUID } from 'node:crypto'
import type { CoreTypes } from '@walletconnect/types'
import { type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeEach, expect, inject, test, vi } from 'vitest'
import { type LocalRelay, startRelay } from '../../../server/index.js'
import { selectPairing } from '../../../src/features/walletConnect/selectors.js'
import { createKit, type Kit } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { createRemoteTestWallet, type RemoteTestWallet } from '../../../src/testing/node.js'
import {
  createWalletConnect,
  type WalletConnect,
  type WalletConnectNamespace,
} from '../../../src/walletconnect/index.js'
import { ANVIL_KEYS, localChain } from '../../support/eip155.js'

const nodes = inject('eip155')
const mainChain = localChain(nodes.main.chainId, nodes.main.url)
const sideChain = localChain(nodes.side.chainId, nodes.side.url)
const CHAIN = `eip155:${nodes.main.chainId}`
const signer = privateKeyToAccount(ANVIL_KEYS[0])
const TIMEOUT = 30_000

const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
let relay: LocalRelay
let wallet: RemoteTestWallet
let hub: WalletConnect
const kits: Kit[] = []

/** sign-client's key-value storage, in memory. */
function memoryStorage(): NonNullable<CoreTypes.Options['storage']> {
  const entries = new Map<string, unknown>()
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async () => [...entries],
    getItem: async (key: string) => entries.get(key),
    setItem: async (key: string, value: unknown) => {
      entries.set(key, structuredClone(value))
    },
    removeItem: async (key: string) => {
      entries.delete(key)
    },
  } as unknown as NonNullable<CoreTypes.Options['storage']>
}

/** An invented namespace, registered the way a second chain plugin would register its own. */
const toychain: WalletConnectNamespace = {
  namespace: 'toychain',
  proposal: () => ({ chains: ['toychain:main'], methods: ['toy_sign'], events: ['toyChanged'] }),
}
const toyContext = {
  env: createVirtualEnv(),
  settings: { projectId: undefined, tokens: [], analytics: false },
}

beforeEach(async () => {
  // EIP-6963 discovery talks to the page's window; each test gets a fresh one.
  globals.window = new EventTarget()
  relay = await startRelay()
  wallet = await createRemoteTestWallet({
    relayUrl: relay.url,
    privateKeys: [ANVIL_KEYS[0]],
    chains: [{ id: nodes.main.chainId, rpcUrl: nodes.main.url }],
  })
  hub = createWalletConnect({
    relayUrl: relay.url,
    projectId: 'gangway-local',
    storagePrefix: `dapp-${randomUUID()}`,
    storage: memoryStorage(),
  })
  hub.register(toychain, toyContext)
})
afterEach(async () => {
  for (const kit of kits.splice(0)) kit.destroy()
  hub.destroy()
  await wallet.close()
  await relay.close()
})
afterAll(() => {
  globals.window = originalWindow
})

function kitWithHub() {
  const kit = createKit({
    plugins: [
      eip155({
        chains: [mainChain],
        rpcUrls: { [nodes.main.chainId]: [nodes.main.url] },
        walletConnect: hub,
      }),
    ],
    env: createVirtualEnv(),
  })
  kits.push(kit)
  return kit
}

async function pairingUri(kit: Kit) {
  return vi.waitFor(() => selectPairing(kit.getState())?.uri ?? expect.fail('no pairing'), {
    timeout: 10_000,
  })
}

test(
  'behavior: the proposal carries every registered namespace; the eip155 accounts become the connection',
  async () => {
    const kit = kitWithHub()
    const connecting = kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    await wallet.pair(await pairingUri(kit))
    expect((await connecting).caipAddress).toBe(`${CHAIN}:${signer.address}`)

    expect(wallet.lastProposal?.optionalNamespaces).toEqual({
      eip155: {
        chains: [CHAIN],
        methods: [
          'personal_sign',
          'eth_signTypedData_v4',
          'eth_sendTransaction',
          'wallet_switchEthereumChain',
        ],
        events: ['accountsChanged', 'chainChanged'],
      },
      toychain: { chains: ['toychain:main'], methods: ['toy_sign'], events: ['toyChanged'] },
    })
    // The test wallet knows only eip155, so the session carries no toychain account.
    expect(hub.getAccounts('eip155')).toEqual([`${CHAIN}:${signer.address}`])
    expect(hub.getAccounts('toychain')).toEqual([])

    const { signature } = await kit.signMessage({ message: 'shared' })
    expect(
      await verifyMessage({
        address: signer.address,
        message: 'shared',
        signature: signature as Hex,
      }),
    ).toBe(true)
  },
  TIMEOUT,
)

test(
  'behavior: a session another namespace opened serves eip155 without a second pairing',
  async () => {
    const kit = kitWithHub()
    // Another plugin connects first; its proposal names eip155 too, which the wallet approves.
    const opened = hub.connect(
      {
        namespace: 'toychain',
        networkId: 'toychain:main',
        silent: false,
        onPairing: ({ uri }) => void wallet.pair(uri),
      },
      new AbortController().signal,
    )
    const session = await opened
    expect(Object.keys(wallet.lastProposal?.optionalNamespaces ?? {}).sort()).toEqual([
      'eip155',
      'toychain',
    ])
    expect(session.accounts).toEqual([`${CHAIN}:${signer.address}`])

    const restored = await hub.connect(
      { namespace: 'eip155', silent: true, onPairing: () => expect.fail('no pairing expected') },
      new AbortController().signal,
    )
    expect(restored.topic).toBe(session.topic)
    const { caipAddress } = await kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    expect(caipAddress).toBe(`${CHAIN}:${signer.address}`)
    expect(wallet.proposals).toBe(1)
    expect(selectPairing(kit.getState())).toBeNull()
  },
  TIMEOUT,
)

test(
  'behavior: after a reload, a kit on a shared hub still hears the wallet: account switch, chain switch and disconnect (item 15)',
  async () => {
    const storage = memoryStorage()
    const storagePrefix = `dapp-${randomUUID()}`
    const sharedHub = () => {
      const made = createWalletConnect({
        relayUrl: relay.url,
        projectId: 'gangway-local',
        storagePrefix,
        storage,
      })
      made.register(toychain, toyContext)
      return made
    }
    const kitOn = (shared: WalletConnect, env = createVirtualEnv()) => {
      const kit = createKit({
        plugins: [
          eip155({
            chains: [mainChain, sideChain],
            rpcUrls: {
              [nodes.main.chainId]: [nodes.main.url],
              [nodes.side.chainId]: [nodes.side.url],
            },
            walletConnect: shared,
          }),
        ],
        env,
      })
      kits.push(kit)
      return { kit, env }
    }
    const remote = await createRemoteTestWallet({
      relayUrl: relay.url,
      privateKeys: [ANVIL_KEYS[0], ANVIL_KEYS[1]],
      chains: [
        { id: nodes.main.chainId, rpcUrl: nodes.main.url },
        { id: nodes.side.chainId, rpcUrl: nodes.side.url },
      ],
    })
    try {
      const firstHub = sharedHub()
      const first = kitOn(firstHub)
      const connecting = first.kit.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
      await remote.pair(await pairingUri(first.kit))
      await connecting
      // A reload: the page's kit, hub and sign-client core are gone; storage stays.
      first.kit.destroy()
      firstHub.destroy()
      const globalsOfPage = globalThis as Record<string, unknown>
      delete globalsOfPage[`_walletConnectCore_${storagePrefix}`]
      delete globalsOfPage[`_walletConnectCore_${storagePrefix}_count`]
      const secondHub = sharedHub()
      try {
        const { kit } = kitOn(secondHub, createVirtualEnv({ storage: first.env.storage.dump() }))
        const accountState = () => kit.getState().namespaces.entities.eip155?.accountState
        await vi.waitFor(() => expect(accountState()?.status).toBe('connected'), {
          timeout: 10_000,
        })

        await remote.switchAccount(1)
        await vi.waitFor(() => expect(accountState()?.address).toBe(remote.wallet.addresses[1]), {
          timeout: 10_000,
        })
        await remote.switchChain(nodes.side.chainId)
        await vi.waitFor(
          () =>
            expect(accountState()?.caipAddress?.startsWith(`eip155:${nodes.side.chainId}:`)).toBe(
              true,
            ),
          { timeout: 10_000 },
        )
        await remote.disconnect()
        await vi.waitFor(() => expect(accountState()?.status).toBe('disconnected'), {
          timeout: 10_000,
        })
      } finally {
        secondHub.destroy()
      }
    } finally {
      await remote.close()
    }
  },
  TIMEOUT,
)
