import { expect, test } from 'vitest'
import { createTestKit } from '../../../test/support/createTestKit.js'
import { TOY_WALLET } from '../../../test/support/toyChain.js'
import { type FetchLike, WALLET_CONNECT_CONNECTOR_ID } from '../../kernel/index.js'
import { createVirtualEnv, settle } from '../../testing/index.js'
import { selectRegistryState } from './selectors.js'

const walletConnect = {
  id: WALLET_CONNECT_CONNECTOR_ID,
  name: 'WalletConnect',
  type: 'EXTERNAL' as const,
  namespace: 'toychain',
}

/** A registry that never answers until told; aborts reject like fetch does. */
function hangingFetch() {
  const calls: string[] = []
  const fetch: FetchLike = (url, init) => {
    calls.push(url)
    return new Promise((_resolve, reject) => {
      init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    })
  }
  return { fetch, calls }
}

test('behavior: a registry that does not answer is abandoned after 10 s (virtual time), silently; the next opening tries again', async () => {
  const { fetch, calls } = hangingFetch()
  const env = { ...createVirtualEnv(), fetch }
  const { kit } = createTestKit({
    env,
    connectors: [TOY_WALLET, walletConnect],
    kit: { projectId: 'p', walletRegistry: { url: 'https://registry.example' } },
  })
  kit.open()
  // The registry's fetch code loads with its first request.
  await settle()
  expect(calls).toEqual([
    'https://registry.example/getWallets?page=1&entries=40&chains=toychain%3Amain%2Ctoychain%3Atest',
  ])
  expect(selectRegistryState(kit.getState())!.status).toBe('loading')
  env.advance(9_999)
  await settle()
  expect(selectRegistryState(kit.getState())!.status).toBe('loading')
  env.advance(1)
  await settle()
  const state = kit.getState()
  expect(selectRegistryState(state)!).toMatchObject({ status: 'unavailable', loadingPage: null })
  expect(state.operations.pending).toEqual({})
  expect(state.snack.isOpen).toBe(false)
  // Interaction inside the open modal does not hammer a registry that is down...
  kit.navigate('AllWallets')
  expect(calls).toHaveLength(1)
  // ...but opening the modal again tries once more.
  kit.close()
  kit.open()
  await settle()
  expect(calls).toHaveLength(2)
  kit.destroy()
})

test('behavior: each registry request gets exactly one terminal event with its correlation id', async () => {
  const { fetch } = hangingFetch()
  const env = { ...createVirtualEnv(), fetch }
  const { kit } = createTestKit({
    env,
    connectors: [TOY_WALLET, walletConnect],
    kit: {
      projectId: 'p',
      walletRegistry: { url: 'https://registry.example' },
      featuredWalletIds: ['f1'],
    },
  })
  kit.open('AllWallets')
  await settle()
  await kit.features.walletRegistry.search('a')
  env.advance(300)
  await kit.features.walletRegistry.search('ab')
  env.advance(300)
  env.advance(10_000)
  await settle()
  const events = kit.log.replay().filter((event) => event.type.startsWith('walletRegistry/'))
  const requested = events.filter((event) => event.type === 'walletRegistry/requested')
  expect(requested.map((event) => event.payload)).toEqual([
    { kind: 'page', page: 1 },
    { kind: 'featured', page: 1 },
    { kind: 'search', page: 1, query: 'a' },
    { kind: 'search', page: 1, query: 'ab' },
  ])
  for (const request of requested) {
    const terminals = events.filter(
      (event) =>
        event.type !== 'walletRegistry/requested' &&
        event.meta.correlationId === request.meta.correlationId,
    )
    expect(terminals).toHaveLength(1)
  }
  kit.destroy()
})
