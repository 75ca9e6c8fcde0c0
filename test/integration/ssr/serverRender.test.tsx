/**
 * A server rendering the README page, as Next.js or any Node SSR does: no `window`, every public
 * browser entry imported, the page rendered with `renderToString`. Nothing may reach for the
 * page's globals or storage, at import or while rendering.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'

/** Reads of `document`, `localStorage` and `sessionStorage`, each with where it came from. */
const touched: string[] = []
// Installed before anything of Gangway is imported: each read is recorded and answers
// `undefined`, as on a server.
for (const name of ['document', 'localStorage', 'sessionStorage']) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      touched.push(`${name} ${new Error().stack?.split('\n').slice(2, 5).join(' ')}`)
      return undefined
    },
  })
}

// The built package, as a site's server imports it (needs `npm run build`).
const ROOT = fileURLToPath(new URL('../../../packages/kit/', import.meta.url))

/** Entries that are for Node only, not what a browser page imports. */
const NODE_ONLY = new Set(['./testing/node', './package.json'])

/** The module file an `exports` entry points at (its `import` or `default` condition). */
function targetOf(entry: unknown): string {
  if (typeof entry === 'string') return entry
  const conditions = entry as Record<string, unknown>
  return targetOf(conditions.import ?? conditions.default)
}

/** Every public entry a browser site may import, by its `exports` key. */
function browserEntries(): [string, string][] {
  const manifest = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
    exports: Record<string, unknown>
  }
  return Object.entries(manifest.exports)
    .filter(([key]) => !NODE_ONLY.has(key))
    .map(([key, entry]) => [key, pathToFileURL(`${ROOT}${targetOf(entry).slice(2)}`).href])
}

/** Lets promise callbacks and zero-delay timers run (feature code arriving, effects waking). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('server rendering (Node, no window)', () => {
  test('behavior: every public browser entry imports with no window defined and reads no document or storage', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    const entries = browserEntries()
    expect(entries.map(([key]) => key)).toEqual(expect.arrayContaining(['.', './react']))
    for (const [key, url] of entries) {
      const module = (await import(/* @vite-ignore */ url)) as Record<string, unknown>
      expect(Object.keys(module).length, key).toBeGreaterThan(0)
    }
    expect(touched).toEqual([])
  })

  test('behavior: the README page renders on the server with ssr: true and reads no storage', async () => {
    const { createKit, createMemoryStorage } = await import('../../../src/kernel/index.js')
    const { eip155 } = await import('../../../src/plugins/eip155/index.js')
    const { ConnectButton, KitProvider } = await import('../../../src/ui/index.js')
    const { renderToString } = await import('react-dom/server')
    const inner = createMemoryStorage({
      // What a visitor's browser would hold; a server must not read, let alone apply, it.
      'gangway:v1:connectorIds': JSON.stringify({ eip155: 'io.metamask' }),
    })
    let reads = 0
    const storage = {
      getItem: (key: string) => {
        reads += 1
        return inner.getItem(key)
      },
      setItem: (key: string, value: string) => inner.setItem(key, value),
      removeItem: (key: string) => inner.removeItem(key),
    }
    // The README's page, as a server renders it per request: one kit with the given storage,
    // one with the default (the browser's localStorage, which a server does not have).
    for (const kit of [
      createKit({ plugins: [eip155()], ssr: true, storage }),
      createKit({ plugins: [eip155()], ssr: true }),
    ]) {
      const html = renderToString(
        <KitProvider kit={kit}>
          <ConnectButton />
        </KitProvider>,
      )
      expect(html).toContain('><span>Connect Wallet</span></button>')
      // The modal is closed, and its host only appears after mount, in the browser.
      expect(html).not.toContain('role="dialog"')
      await settle()
      kit.destroy()
    }
    expect(reads).toBe(0)
    expect(touched).toEqual([])
  })

  test('behavior: a server kit with the solana plugin runs no Wallet Standard discovery: a page later in the same process still hears its wallets', async () => {
    const { createKit } = await import('../../../src/kernel/index.js')
    const { solana } = await import('../../../src/plugins/solana/index.js')
    const { registerWallet } = await import('@wallet-standard/wallet')
    const server = createKit({ plugins: [solana()], ssr: true })
    await settle()
    server.destroy()

    // The same process becomes a page (as a test runner that shims `window` does).
    const globals = globalThis as { window?: unknown }
    globals.window = new EventTarget()
    try {
      const page = createKit({ plugins: [solana()], ssr: true })
      registerWallet({
        version: '1.0.0',
        name: 'Late Wallet',
        icon: 'data:image/svg+xml,%3Csvg%2F%3E',
        chains: ['solana:mainnet'],
        features: {
          'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
        },
        accounts: [],
      } as unknown as Parameters<typeof registerWallet>[0])
      await settle()
      expect(
        page.getState().connectors.ids.map((id) => page.getState().connectors.entities[id]?.name),
      ).toEqual(['Late Wallet'])
      page.destroy()
    } finally {
      delete globals.window
    }
  })
})
