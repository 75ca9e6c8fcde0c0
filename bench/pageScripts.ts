/**
 * Init scripts the browser benchmarks add to their pages.
 * @module
 */

/**
 * tsx compiles the benchmarks with esbuild's keepNames, which wraps functions passed to the page
 * in a `__name` helper the page does not have.
 */
export const NAME_SHIM = { content: 'globalThis.__name = (fn) => fn' }

/** One EIP-6963 wallet announcing itself, as an extension would; it refuses every request. */
export const ANNOUNCE = {
  content: `(() => {
    const provider = { request: async () => { throw Object.assign(new Error('bench'), { code: 4001 }) }, on() {}, removeListener() {} }
    const detail = Object.freeze({ info: { uuid: '00000000-0000-4000-8000-000000000000', name: 'Demo Wallet (bench)', icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E', rdns: 'dev.gangway.bench' }, provider })
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  })()`,
}
