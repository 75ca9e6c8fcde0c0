import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import {
  type LocalWalletRegistry,
  startWalletRegistry,
  type WalletRegistryEntry,
} from '../../../server/index.js'
import { ConnectingWalletConnectView } from '../../../src/features/walletConnect/react/ConnectingWalletConnectView.js'
import { AllWalletsView } from '../../../src/features/walletRegistry/react/AllWalletsView.js'
import {
  selectAllWallets,
  selectRegistryState,
} from '../../../src/features/walletRegistry/selectors.js'
import {
  BUILT_IN_WALLETS,
  type Kit,
  selectAccountStatus,
  selectChosenWallet,
  selectConnectorSections,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../../src/kernel/index.js'
import { settle } from '../../../src/testing/index.js'
import { KitProvider } from '../../../src/ui/KitProvider.js'
import { ConnectView } from '../../../src/ui/views/ConnectView.js'
import { createTestKit } from '../../support/createTestKit.js'
import { TOY_WALLET } from '../../support/toyChain.js'

const HOSTILE: WalletRegistryEntry = {
  id: 'evil',
  name: '<img src=x onerror=alert(1)>',
  image_url: 'javascript:alert(1)',
  homepage: 'javascript:alert(1)',
  mobile_link: 'javascript:alert(1)//',
  desktop_link: 'data:text/html,<script>alert(1)</script>',
  webapp_link: 'vbscript:msgbox(1)',
}
const GOOD: WalletRegistryEntry = {
  id: 'good',
  name: 'Good Wallet',
  image_id: 'good-image',
  homepage: 'https://good.example',
  mobile_link: 'goodwallet://',
}
/** The registry's entry for the wallet the toy plugin announces (same rdns). */
const ANNOUNCED_TWIN: WalletRegistryEntry = {
  id: 'toy-registry-id',
  name: 'Toy Wallet (registry)',
  rdns: TOY_WALLET.rdns ?? null,
}
const MANY: WalletRegistryEntry[] = Array.from({ length: 95 }, (_, index) => ({
  id: `w${String(index + 1).padStart(3, '0')}`,
  name: `Wallet ${String(index + 1).padStart(3, '0')}`,
}))

const walletConnect = {
  id: WALLET_CONNECT_CONNECTOR_ID,
  name: 'WalletConnect',
  type: 'EXTERNAL' as const,
  namespace: 'toychain',
}

const registries: LocalWalletRegistry[] = []
const kits: Kit[] = []
afterEach(async () => {
  for (const kit of kits.splice(0)) kit.destroy()
  await Promise.all(registries.splice(0).map((registry) => registry.close()))
})

async function until(predicate: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (predicate()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('timed out waiting for the kit')
}

function kitFor(
  walletRegistryUrl: string | null,
  options: { projectId?: string; device?: 'mobile' | 'desktop' } = {},
) {
  const made = createTestKit({
    connectors: [TOY_WALLET, walletConnect],
    features: { connectDelayMs: 60_000 },
    kit: {
      walletRegistry: { url: walletRegistryUrl },
      environment: { device: options.device ?? 'desktop' },
      ...('projectId' in options
        ? { projectId: options.projectId }
        : { projectId: 'test-project' }),
    },
  })
  kits.push(made.kit)
  return made
}

const render = (kit: Kit, view: React.ReactNode) =>
  renderToString(
    <KitProvider kit={kit} withoutModal>
      {view}
    </KitProvider>,
  )

describe('with a registry', () => {
  test('default: nothing is asked before the modal opens; then page 1 of 40 with the project id', async () => {
    const registry = await startWalletRegistry({ wallets: [GOOD, ANNOUNCED_TWIN, ...MANY] })
    registries.push(registry)
    const { kit, env } = kitFor(registry.url)
    env.advance(60_000)
    await settle()
    expect(registry.requests).toEqual([])

    kit.open()
    await until(() => selectRegistryState(kit.getState())?.status === 'ready')
    const request = registry.requests.find((entry) => entry.path === '/getWallets')
    expect(request).toMatchObject({
      projectId: 'test-project',
      sdkType: 'gangway',
      query: { page: '1', entries: '40', chains: 'toychain:main,toychain:test' },
    })
    const { items, canLoadMore } = selectAllWallets(kit.getState())
    // The announced wallet first; its registry twin (same rdns) is not listed again.
    expect(items[0]).toMatchObject({ kind: 'connector', connector: { id: 'toywallet' } })
    const registryIds = items.flatMap((item) => (item.kind === 'registry' ? [item.wallet.id] : []))
    expect(registryIds).not.toContain('toy-registry-id')
    expect(registryIds).toHaveLength(39)
    expect(canLoadMore).toBe(true)
    // The image comes from the registry's image path, with the project id for an <img>.
    expect(selectRegistryState(kit.getState())!.wallets.good?.imageUrl).toBe(
      `${registry.url}/getWalletImage/good-image?projectId=test-project&st=gangway&sv=0.1.0`,
    )

    await kit.features.walletRegistry.loadMore()
    await until(() => selectRegistryState(kit.getState())?.pages === 2)
    await kit.features.walletRegistry.loadMore()
    await until(() => selectRegistryState(kit.getState())?.pages === 3)
    expect(selectAllWallets(kit.getState())).toMatchObject({ canLoadMore: false })
    expect(selectRegistryState(kit.getState())!.pageIds).toHaveLength(97)
    await kit.features.walletRegistry.loadMore()
    await settle()
    expect(registry.requests.filter((entry) => entry.path === '/getWallets')).toHaveLength(3)
  })

  test('behavior: the search asks the registry once typing pauses, for up to 100 results', async () => {
    const registry = await startWalletRegistry({ wallets: MANY })
    registries.push(registry)
    const { kit, env } = kitFor(registry.url)
    kit.open('AllWallets')
    await until(() => selectRegistryState(kit.getState())?.status === 'ready')
    await kit.features.walletRegistry.search('wallet 0')
    env.advance(100)
    await kit.features.walletRegistry.search('wallet 09')
    env.advance(299)
    await settle()
    expect(registry.requests.filter((entry) => entry.query.search)).toEqual([])
    // Until the registry answers, the loaded page (w001 to w040) is filtered by name.
    expect(selectAllWallets(kit.getState()).items).toEqual([])
    env.advance(1)
    await until(() => selectRegistryState(kit.getState())?.search !== null)
    expect(registry.requests.filter((entry) => entry.query.search)).toMatchObject([
      { query: { search: 'wallet 09', entries: '100', page: '1' } },
    ])
    expect(
      selectAllWallets(kit.getState()).items.map((item) =>
        item.kind === 'registry' ? item.wallet.id : null,
      ),
    ).toEqual(['w090', 'w091', 'w092', 'w093', 'w094', 'w095'])
    await kit.features.walletRegistry.search('')
    expect(selectAllWallets(kit.getState()).query).toBe('')
  })

  test('behavior: featured ids come first in their order, the include and exclude ids are sent', async () => {
    const registry = await startWalletRegistry({ wallets: [GOOD, ...MANY] })
    registries.push(registry)
    const made = createTestKit({
      connectors: [TOY_WALLET, walletConnect],
      kit: {
        projectId: 'test-project',
        walletRegistry: { url: registry.url },
        featuredWalletIds: ['w050', 'good'],
        excludeWalletIds: ['w001'],
      },
    })
    kits.push(made.kit)
    made.kit.open()
    await until(
      () =>
        selectRegistryState(made.kit.getState())?.status === 'ready' &&
        Boolean(selectRegistryState(made.kit.getState())?.wallets.w050),
    )
    const featured = registry.requests.find((entry) => entry.query.include)
    expect(featured?.query).toMatchObject({ include: 'w050,good', exclude: 'w001' })
    const sections = selectConnectorSections(made.kit.getState())
    const names = (section: string) =>
      sections
        .find((entry) => entry.section === section)
        ?.items.map((item) => (item.kind === 'registry' ? item.wallet.id : '?'))
    expect(names('featured')).toEqual(['w050', 'good'])
    expect(names('recommended')).toEqual(['w002', 'w003', 'w004', 'w005'])
  })

  test('behavior: a registry entry with an HTML name and javascript: links is neutralised', async () => {
    const registry = await startWalletRegistry({ wallets: [HOSTILE, GOOD] })
    registries.push(registry)
    const { kit, wallet, env } = kitFor(registry.url, { device: 'mobile' })
    kit.open()
    await until(() => selectRegistryState(kit.getState())?.status === 'ready')
    expect(selectRegistryState(kit.getState())!.wallets.evil).toEqual({
      id: 'evil',
      name: '<img src=x onerror=alert(1)>',
    })

    const connect = render(kit, <ConnectView />)
    expect(connect).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(connect).not.toMatch(/<img[^>]*src="x"/)
    expect(connect).not.toMatch(/javascript:|vbscript:|data:text/i)

    // Picked: the connecting view names it but offers no link to open.
    kit.connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID, walletId: 'evil' }).catch(() => {})
    expect(selectChosenWallet(kit.getState())?.id).toBe('evil')
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=00'
    wallet.report({
      type: 'walletConnect/pairingCreated',
      payload: { uri, expiresAt: env.now() + 240_000 },
    })
    // The pairing feature's code loads with the connecting view; the link waits for it.
    await settle()
    const connecting = render(kit, <ConnectingWalletConnectView />)
    expect(connecting).toContain('Continue in &lt;img src=x onerror=alert(1)&gt;')
    expect(connecting).not.toContain('<a ')
    expect(connecting).not.toMatch(/javascript:/i)

    // A wallet with its own scheme gets its deep link on mobile.
    kit.connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID, walletId: 'good' }).catch(() => {})
    wallet.report({
      type: 'walletConnect/pairingCreated',
      payload: { uri, expiresAt: env.now() + 240_000 },
    })
    await settle()
    expect(render(kit, <ConnectingWalletConnectView />)).toContain(
      `href="goodwallet://wc?uri=${encodeURIComponent(uri)}"`,
    )
  })
})

describe('without a registry', () => {
  test('behavior: an unreachable registry leaves Connect with the announced and built-in wallets, no error', async () => {
    const registry = await startWalletRegistry()
    const closedUrl = registry.url
    await registry.close()
    const { kit } = kitFor(closedUrl)
    kit.open()
    await until(() => selectRegistryState(kit.getState())?.status === 'unavailable')
    const state = kit.getState()
    expect(state.snack.isOpen).toBe(false)
    expect(state.alert).toBeNull()
    const sections = selectConnectorSections(state)
    expect(sections.map((entry) => entry.section)).toEqual([
      'walletConnect',
      'injected',
      'recommended',
    ])
    expect(
      sections.at(-1)?.items.map((item) => (item.kind === 'registry' ? item.wallet.name : '?')),
    ).toEqual(BUILT_IN_WALLETS.slice(0, 4).map((wallet) => wallet.name))
    const html = render(kit, <ConnectView />)
    expect(html).toContain('Toy Wallet')
    expect(html).toContain('MetaMask')
    expect(html).not.toMatch(/gw-error|Unknown error|went wrong/)
    const all = render(kit, <AllWalletsView />)
    for (const wallet of BUILT_IN_WALLETS) expect(all).toContain(wallet.name)

    // The visitor can still pick one: the WalletConnect connect starts with it.
    kit
      .connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID, walletId: BUILT_IN_WALLETS[0]!.id })
      .catch(() => {})
    expect(selectAccountStatus(kit.getState(), 'toychain')).toBe('connecting')
  })

  test('behavior: without a project id (or with walletRegistryUrl null) nothing is asked; the built-in list shows', async () => {
    const registry = await startWalletRegistry()
    registries.push(registry)
    for (const made of [kitFor(registry.url, { projectId: undefined }), kitFor(null)]) {
      made.kit.open()
      made.kit.navigate('AllWallets')
      await made.kit.features.walletRegistry.search('meta')
      made.env.advance(1_000)
      await settle()
      expect(selectRegistryState(made.kit.getState())!.status).toBe('idle')
      expect(
        selectAllWallets(made.kit.getState()).items.map((item) =>
          item.kind === 'registry' ? item.wallet.name : item.kind,
        ),
      ).toEqual(['MetaMask'])
    }
    expect(registry.requests).toEqual([])
  })
})
