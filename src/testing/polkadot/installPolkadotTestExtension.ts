/**
 * The page half of the Polkadot test extension: an entry of `window.injectedWeb3`, shaped as
 * polkadot{.js} and its peers inject themselves, whose every call is one JSON request to a backend
 * that holds the keys. Browser-safe and free of imports at run time, so a browser test can hand
 * its source to `page.addInitScript`.
 * @module
 */

/**
 * A request from the page to the backend (JSON only: `page.exposeFunction` serialises it).
 * @example
 * const request: PolkadotTestExtensionRequest = { method: 'enable', origin: 'shop.example' }
 */
export type PolkadotTestExtensionRequest =
  | { readonly method: 'enable'; readonly origin: string }
  | { readonly method: 'accounts' }
  | { readonly method: 'signPayload'; readonly payload: Readonly<Record<string, unknown>> }
  | {
      readonly method: 'signRaw'
      readonly raw: { readonly address: string; readonly data: string; readonly type: string }
    }

/** One account as `accounts.get()` returns it. */
export interface PolkadotTestExtensionAccount {
  readonly address: string
  readonly type: 'sr25519' | 'ed25519' | 'ecdsa'
  readonly name: string
}

/**
 * The backend's answer: a result, or the error an extension rejects with (polkadot{.js} rejects a
 * prompt with a plain `Error('Cancelled')`), rebuilt as an `Error` in the page.
 * @example
 * const answer: PolkadotTestExtensionAnswer = { ok: false, error: { message: 'Cancelled' } }
 */
export type PolkadotTestExtensionAnswer =
  | { readonly ok: true; readonly result: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly error: { readonly message: string } }

/**
 * What {@link installPolkadotTestExtension} needs; plain JSON apart from `call`, so it can cross
 * into a page as `page.addInitScript`'s argument.
 * @example
 * const options: InstallPolkadotTestExtensionOptions = { bridge: '__gangwayPolkadotExtension', name: 'gangway-test', version: '0.1.0' }
 */
export interface InstallPolkadotTestExtensionOptions {
  /**
   * The global names the bridge uses: `window[bridge]` is the backend unless `call` is given, and
   * the installer defines `window[bridge + 'Changed']` for the backend to push account changes.
   */
  readonly bridge: string
  /** The key under `window.injectedWeb3`, e.g. `polkadot-js` or `talisman`. */
  readonly name: string
  readonly version: string
  /** Calls the backend directly (in Node); the page's `window[bridge]` otherwise. */
  readonly call?: (request: PolkadotTestExtensionRequest) => Promise<PolkadotTestExtensionAnswer>
}

/**
 * Injects the test extension into `window.injectedWeb3` (created when missing), the way
 * `@polkadot/extension-inject` does: `{ version, enable(origin) }`, where `enable` resolves with
 * `accounts.get`, `accounts.subscribe` and a signer with `signPayload` and `signRaw`. Defines
 * `window[bridge + 'Changed']` for wallet-side account changes.
 * @example
 * import { installPolkadotTestExtension } from '@gangway/kit/testing'
 * await page.exposeFunction('__gangwayPolkadotExtension', (request) => extension.handle(request))
 * await page.addInitScript(installPolkadotTestExtension, { bridge: '__gangwayPolkadotExtension', name: 'gangway-test', version: '0.1.0' })
 * @param options - bridge name, injection key, version and (in Node) the backend call.
 * @returns a function that removes the extension again.
 */
export function installPolkadotTestExtension(
  options: InstallPolkadotTestExtensionOptions,
): () => void {
  // Everything below is local: the function must survive being turned into text for a page.
  const page = window as unknown as Record<string, unknown>
  const call = async (request: PolkadotTestExtensionRequest) => {
    const backend =
      options.call ??
      (page[options.bridge] as (
        request: PolkadotTestExtensionRequest,
      ) => Promise<PolkadotTestExtensionAnswer>)
    const answer = await backend(request)
    if (!answer.ok) throw new Error(answer.error.message)
    return answer.result
  }
  const listeners = new Set<(accounts: readonly PolkadotTestExtensionAccount[]) => void>()
  page[`${options.bridge}Changed`] = (accounts: readonly PolkadotTestExtensionAccount[]) => {
    for (const listener of [...listeners]) listener(accounts)
  }
  let id = 0
  const injected = {
    accounts: {
      get: async () => (await call({ method: 'accounts' })).accounts,
      subscribe: (listener: (accounts: readonly PolkadotTestExtensionAccount[]) => void) => {
        listeners.add(listener)
        call({ method: 'accounts' }).then(
          (result) => {
            if (listeners.has(listener))
              listener(result.accounts as readonly PolkadotTestExtensionAccount[])
          },
          () => undefined,
        )
        return () => void listeners.delete(listener)
      },
    },
    signer: {
      signPayload: async (payload: Record<string, unknown>) => {
        id += 1
        const result = await call({ method: 'signPayload', payload })
        return { id, signature: result.signature }
      },
      signRaw: async (raw: { address: string; data: string; type: string }) => {
        id += 1
        const result = await call({
          method: 'signRaw',
          raw: { address: raw.address, data: raw.data, type: raw.type },
        })
        return { id, signature: result.signature }
      },
    },
  }
  page.injectedWeb3 ??= {}
  const registry = page.injectedWeb3 as Record<string, unknown>
  registry[options.name] = {
    version: options.version,
    enable: async (origin: string) => {
      await call({ method: 'enable', origin: String(origin) })
      return injected
    },
  }
  return () => {
    delete registry[options.name]
    listeners.clear()
  }
}

/**
 * The init script a browser test hands to `page.addInitScript`: {@link installPolkadotTestExtension}'s
 * own source called with `options` (a no-op `__name` helper defined around it, for bundlers that
 * keep function names).
 * @example
 * import { polkadotTestExtensionInitScript } from '@gangway/kit/testing'
 * await page.exposeFunction(extension.pageOptions.bridge, (request) => extension.handle(request))
 * await page.addInitScript(polkadotTestExtensionInitScript(extension.pageOptions))
 * @param options - the page options (`PolkadotTestExtension.pageOptions`); `call` cannot cross and is dropped.
 * @returns `{ content }` for `page.addInitScript`.
 */
export function polkadotTestExtensionInitScript(
  options: Omit<InstallPolkadotTestExtensionOptions, 'call'>,
): { content: string } {
  const { bridge, name, version } = options
  const source = installPolkadotTestExtension.toString()
  return {
    content: `(() => {\nconst __name = (fn) => fn;\n(${source})(${JSON.stringify({ bridge, name, version })});\n})();`,
  }
}
