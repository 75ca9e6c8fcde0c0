import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, expect, inject, test } from 'vitest'
import { type LocalRelay, startRelay } from '../../../server/index.js'
import { createRemoteTestWallet, type RemoteTestWallet } from '../../../src/testing/node.js'
import { ANVIL_KEYS } from '../../support/eip155.js'

const nodes = inject('eip155')
const CHAIN = `eip155:${nodes.main.chainId}`
const TIMEOUT = 30_000

let relay: LocalRelay
let wallet: RemoteTestWallet
let dapp: Awaited<ReturnType<typeof SignClient.init>>

beforeEach(async () => {
  relay = await startRelay()
  wallet = await createRemoteTestWallet({
    relayUrl: relay.url,
    privateKeys: [ANVIL_KEYS[0]],
    chains: [{ id: nodes.main.chainId, rpcUrl: nodes.main.url }],
  })
  // A third-party dapp on sign-client itself, as a site testing its own integration has.
  dapp = await SignClient.init({
    projectId: 'gangway-local',
    relayUrl: relay.url,
    customStoragePrefix: `third-party-dapp-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Dapp', description: 'Dapp', url: 'https://dapp.invalid', icons: [] },
  })
})
afterEach(async () => {
  dapp.core.heartbeat.stop()
  await dapp.core.relayer.transportClose().catch(() => undefined)
  await wallet.close()
  await relay.close()
})

/**
 * sign-client 2.25 folds required namespaces into optional ones before proposing; sign-client
 * 2.10 to 2.2x and UniversalProvider-era dapps send them apart, which is what the wallet must
 * approve: put them back on the wire as those clients do.
 */
function proposeApart(requiredNamespaces: object, optionalNamespaces: object) {
  const engine = dapp.engine as unknown as {
    sendProposeSession: (args: { proposal: Record<string, unknown> }) => Promise<void>
  }
  const send = engine.sendProposeSession.bind(engine)
  engine.sendProposeSession = (args) =>
    send({ ...args, proposal: { ...args.proposal, requiredNamespaces, optionalNamespaces } })
}

test(
  'behavior: a proposal with methods in both required and optional namespaces is approved with their union (item 16)',
  async () => {
    const requiredNamespaces = {
      eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['chainChanged'] },
    }
    const optionalNamespaces = {
      eip155: {
        chains: [CHAIN],
        methods: ['eth_sendTransaction', 'personal_sign'],
        events: ['accountsChanged'],
      },
    }
    proposeApart(requiredNamespaces, optionalNamespaces)
    const { uri, approval } = await dapp.connect({ requiredNamespaces, optionalNamespaces })
    await wallet.pair(uri!)
    const session = await approval()
    expect(session.namespaces.eip155).toEqual({
      chains: [CHAIN],
      accounts: [`${CHAIN}:${privateKeyToAccount(ANVIL_KEYS[0]).address}`],
      methods: ['personal_sign', 'eth_sendTransaction'],
      events: ['chainChanged', 'accountsChanged'],
    })
    const signature = await dapp.request<string>({
      topic: session.topic,
      chainId: CHAIN,
      request: {
        method: 'personal_sign',
        params: ['0x68656c6c6f', privateKeyToAccount(ANVIL_KEYS[0]).address],
      },
    })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  },
  TIMEOUT,
)

test(
  'behavior: a required namespace or chain the wallet does not have is declined, not approved half',
  async () => {
    const requiredNamespaces = {
      eip155: { chains: [CHAIN, 'eip155:999999'], methods: ['personal_sign'], events: [] },
    }
    proposeApart(requiredNamespaces, {})
    const { uri, approval } = await dapp.connect({ requiredNamespaces })
    await wallet.pair(uri!)
    await expect(approval()).rejects.toMatchObject({ code: 5100 })
    expect(wallet.sessions()).toEqual([])
  },
  TIMEOUT,
)
