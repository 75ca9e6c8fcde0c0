/**
 * Finds the browser extensions that inject themselves into `window.injectedWeb3` (polkadot-js,
 * Talisman, SubWallet, Nova Wallet's polkadot-js shape, ...). There is no announce event: the
 * object is read at start, when the page has loaded, and a few times after, on the kit's
 * scheduler. Everything in it is untrusted and read on its own. No chain library.
 * @module
 */
import { type SchedulerLike, type Subject, type Subscription, timer } from 'rxjs'
import { type Connector, KitError, type PluginEventInput, toPlainText } from '../../kernel/index.js'

/** What an extension puts under its name in `window.injectedWeb3`, as far as the plugin reads it. @internal */
export interface InjectedWindowProvider {
  readonly version?: unknown
  enable(origin: string): Promise<unknown>
}

/** An extension behind a connector id. @internal */
export interface PolkadotExtensionHandle {
  readonly connector: Connector
  readonly provider: InjectedWindowProvider
}

/** The extensions found in the page. @internal */
export interface PolkadotDiscovery {
  listConnectors(): Connector[]
  /** @throws CONNECTOR_NOT_FOUND */
  extensionOf(connectorId: string): PolkadotExtensionHandle
  /** Resolves when an extension with this id is injected (a silent reconnect racing a late one). */
  whenInjected(connectorId: string, signal: AbortSignal): Promise<void>
  destroy(): void
}

/** The names extensions inject under, and what their makers call them. */
const KNOWN_NAMES: Readonly<Record<string, string>> = {
  'polkadot-js': 'polkadot{.js}',
  talisman: 'Talisman',
  'subwallet-js': 'SubWallet',
  enkrypt: 'Enkrypt',
  'fearless-wallet': 'Fearless Wallet',
  polkagate: 'PolkaGate',
}

/** ours: more extensions than any browser holds; past it a page is hostile, and the rest unread. */
const MAX_EXTENSIONS = 32
/** An injection key the kit lists: what real extensions use, nothing a page could misread. */
const KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,63}$/
/** When to look again after start (ms): extensions inject from their content scripts, some late. */
const RESCANS_MS = [100, 500, 1_500, 3_000] as const

/**
 * The connector of one entry of `window.injectedWeb3`, or `undefined` when it is malformed: not
 * an object, no `enable` function, a key no extension uses, or a getter that throws.
 * @internal
 */
export function toExtensionHandle(
  page: Record<string, unknown>,
  injected: Record<string, unknown>,
  key: string,
): PolkadotExtensionHandle | undefined {
  try {
    if (!KEY.test(key)) return undefined
    const provider = injected[key] as InjectedWindowProvider | null | undefined
    if (typeof provider !== 'object' || provider === null) return undefined
    if (typeof provider.enable !== 'function') return undefined
    // Nova Wallet's in-app browser injects under polkadot-js and flags itself on another global.
    const isNova =
      key === 'polkadot-js' &&
      (page.walletExtension as { isNovaWallet?: unknown } | undefined)?.isNovaWallet === true
    const name = isNova ? 'Nova Wallet' : (KNOWN_NAMES[key] ?? toPlainText(key))
    return {
      provider,
      connector: { id: key, name, type: 'INJECTED', namespace: 'polkadot' },
    }
  } catch {
    return undefined
  }
}

/** The page's `window`, or `undefined` outside a page. */
function pageOf(): Record<string, unknown> | undefined {
  const page = (globalThis as { window?: unknown }).window
  return typeof page === 'object' && page !== null ? (page as Record<string, unknown>) : undefined
}

/**
 * Reads `window.injectedWeb3` now, when the page has loaded, and a few times after (on the kit's
 * scheduler), reporting extensions that appeared as `connectors/discovered`. An extension keeps
 * the connector it was first listed with; a malformed entry never stops the others.
 * @internal
 */
export function createPolkadotDiscovery(
  events$: Subject<PluginEventInput>,
  scheduler: SchedulerLike,
): PolkadotDiscovery {
  const page = pageOf()
  const found = new Map<string, PolkadotExtensionHandle>()
  const waiters = new Map<string, Set<() => void>>()

  /** Reads the object once; returns the extensions that were not listed before. */
  const scan = (): Connector[] => {
    const added: Connector[] = []
    if (!page) return added
    try {
      const injected = page.injectedWeb3
      if (typeof injected !== 'object' || injected === null) return added
      const keys = Object.keys(injected).slice(0, MAX_EXTENSIONS)
      for (const key of keys) {
        if (found.has(key)) continue
        const handle = toExtensionHandle(page, injected as Record<string, unknown>, key)
        if (!handle) continue
        found.set(key, handle)
        added.push(handle.connector)
        for (const wake of waiters.get(key) ?? []) wake()
      }
    } catch {
      // A hostile `injectedWeb3` (a throwing getter, a proxy): what was read before stays listed.
    }
    return added
  }
  scan()

  const rescan = () => {
    const added = scan()
    if (added.length > 0)
      events$.next({
        type: 'connectors/discovered',
        payload: { namespace: 'polkadot', connectors: added },
      })
  }
  const timers: Subscription[] = RESCANS_MS.map((ms) => timer(ms, scheduler).subscribe(rescan))
  const target = page as unknown as EventTarget | undefined
  const onLoad = () => rescan()
  if (typeof target?.addEventListener === 'function') target.addEventListener('load', onLoad)

  return {
    listConnectors: () => [...found.values()].map((handle) => handle.connector),
    extensionOf: (connectorId) => {
      // An extension that injected itself since the last scan is found now, not at the next one.
      if (!found.has(connectorId)) scan()
      const handle = found.get(connectorId)
      if (!handle)
        throw new KitError('CONNECTOR_NOT_FOUND', {
          details: `No polkadot extension "${connectorId}".`,
        })
      return handle
    },
    whenInjected: (connectorId, signal) =>
      new Promise<void>((resolve, reject) => {
        scan()
        if (found.has(connectorId)) return resolve()
        if (signal.aborted) return reject(signal.reason)
        const set = waiters.get(connectorId) ?? new Set()
        const done = () => {
          set.delete(done)
          signal.removeEventListener('abort', aborted)
          resolve()
        }
        const aborted = () => {
          set.delete(done)
          reject(signal.reason)
        }
        set.add(done)
        waiters.set(connectorId, set)
        signal.addEventListener('abort', aborted, { once: true })
      }),
    destroy: () => {
      for (const subscription of timers) subscription.unsubscribe()
      if (typeof target?.removeEventListener === 'function')
        target.removeEventListener('load', onLoad)
    },
  }
}
