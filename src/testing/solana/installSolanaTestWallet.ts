/**
 * The page half of the Solana test wallet: a Wallet Standard wallet whose every call is one JSON
 * request to a backend that holds the keys. Browser-safe and free of imports at run time, so a
 * browser test can hand the function itself to `page.addInitScript`.
 * @module
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base'

/**
 * A request from the page to the backend; byte arrays travel as base64 so the bridge carries JSON
 * only (`page.exposeFunction` serialises its arguments).
 * @example
 * const request: SolanaTestWalletRequest = { method: 'connect', silent: true }
 */
export type SolanaTestWalletRequest =
  | { readonly method: 'connect'; readonly silent: boolean }
  | { readonly method: 'disconnect' }
  | { readonly method: 'signMessage'; readonly address: string; readonly message: string }
  | {
      readonly method: 'signTransaction' | 'signAndSendTransaction'
      readonly address: string
      readonly chain: string | undefined
      readonly transaction: string
    }
  | { readonly method: 'signIn'; readonly input: Readonly<Record<string, unknown>> }

/**
 * The backend's answer: a result, or a structured wallet error (the name and code a real wallet
 * throws, e.g. `WalletSignMessageError` with code 4001), rebuilt as an `Error` in the page.
 * @example
 * const answer: SolanaTestWalletAnswer = { ok: false, error: { name: 'WalletConnectionError', code: 4001, message: 'User rejected the request.' } }
 */
export type SolanaTestWalletAnswer =
  | { readonly ok: true; readonly result: Readonly<Record<string, unknown>> }
  | {
      readonly ok: false
      readonly error: { readonly name: string; readonly code: number; readonly message: string }
    }

/** One account as the backend describes it: base58 address and base64 public key. */
export interface SolanaTestWalletAccount {
  readonly address: string
  readonly publicKey: string
}

/**
 * What {@link installSolanaTestWallet} needs; plain JSON apart from `call`, so it can cross into a
 * page as `page.addInitScript`'s argument.
 * @example
 * const options: InstallSolanaTestWalletOptions = { bridge: '__gangwaySolanaWallet', name: 'Gangway Solana Test Wallet', icon: 'data:image/svg+xml,...', chains: ['solana:localnet'] }
 */
export interface InstallSolanaTestWalletOptions {
  /**
   * The global names the bridge uses: `window[bridge]` is the backend (what `page.exposeFunction`
   * defines) unless `call` is given, and the installer defines `window[bridge + 'Changed']` for the
   * backend to push wallet-side account changes (an empty list is a disconnect).
   */
  readonly bridge: string
  /** The wallet's name, as wallets list show it. */
  readonly name: string
  /** A `data:image/...` icon (Wallet Standard requires a data URI). */
  readonly icon: `data:image/${string}`
  /** Wallet Standard chains, e.g. `solana:localnet`. */
  readonly chains: readonly `${string}:${string}`[]
  /**
   * Wallet Standard features the wallet leaves out, to test a site against wallets that lack one
   * (e.g. `['solana:signAndSendTransaction']` for a wallet that only signs).
   */
  readonly omitFeatures?: readonly string[]
  /** Calls the backend directly (in Node); the page's `window[bridge]` otherwise. */
  readonly call?: (request: SolanaTestWalletRequest) => Promise<SolanaTestWalletAnswer>
}

/**
 * Registers the test wallet with Wallet Standard on `window` (before or after the app starts) and
 * defines `window[bridge + 'Changed']`. Every feature a Solana dapp uses is there:
 * `standard:connect` (with `silent`), `standard:disconnect`, `standard:events`,
 * `solana:signMessage`, `solana:signTransaction`, `solana:signAndSendTransaction`, `solana:signIn`.
 * @example
 * import { installSolanaTestWallet } from '@gangway/kit/testing'
 * await page.exposeFunction('__gangwaySolanaWallet', (request) => wallet.handle(request))
 * await page.addInitScript(installSolanaTestWallet, { bridge: '__gangwaySolanaWallet', name: 'Test', icon, chains })
 * @param options - bridge name, wallet name, icon, chains and (in Node) the backend call.
 * @returns the wallet, and a function that unregisters it.
 */
export function installSolanaTestWallet(options: InstallSolanaTestWalletOptions): {
  wallet: Wallet
  unregister: () => void
} {
  // Everything below is local: the function must survive being turned into text for a page.
  const page = window as unknown as Record<string, unknown>
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (const byte of bytes) text += String.fromCharCode(byte)
    return btoa(text)
  }
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const call = async (request: SolanaTestWalletRequest) => {
    const backend =
      options.call ??
      (page[options.bridge] as (
        request: SolanaTestWalletRequest,
      ) => Promise<SolanaTestWalletAnswer>)
    const answer = await backend(request)
    if (!answer.ok) {
      const error = new Error(answer.error.message) as Error & { code: number }
      error.name = answer.error.name
      error.code = answer.error.code
      throw error
    }
    return answer.result
  }
  const featureNames = (
    [
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
      'solana:signIn',
    ] as const
  ).filter((name) => !options.omitFeatures?.includes(name))
  const toAccount = (account: SolanaTestWalletAccount): WalletAccount =>
    Object.freeze({
      address: account.address,
      publicKey: fromBase64(account.publicKey),
      chains: options.chains,
      features: featureNames,
    })
  let accounts: readonly WalletAccount[] = []
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  const setAccounts = (list: readonly SolanaTestWalletAccount[]) => {
    accounts = list.map(toAccount)
    for (const listener of [...listeners]) listener({ accounts })
  }
  page[`${options.bridge}Changed`] = setAccounts
  const transactionVersions = ['legacy', 0] as const
  const wallet = {
    version: '1.0.0',
    name: options.name,
    icon: options.icon,
    chains: options.chains,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          const result = await call({ method: 'connect', silent: input?.silent === true })
          setAccounts(result.accounts as SolanaTestWalletAccount[])
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          await call({ method: 'disconnect' })
          setAccounts([])
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: (properties: object) => void) => {
          if (event !== 'change') return () => undefined
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          const outputs = []
          for (const input of inputs) {
            const result = await call({
              method: 'signMessage',
              address: input.account.address,
              message: toBase64(input.message),
            })
            outputs.push({
              signedMessage: input.message,
              signature: fromBase64(result.signature as string),
              signatureType: 'ed25519' as const,
            })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: transactionVersions,
        signTransaction: async (
          ...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]
        ) => {
          const outputs = []
          for (const input of inputs) {
            const result = await call({
              method: 'signTransaction',
              address: input.account.address,
              chain: input.chain,
              transaction: toBase64(input.transaction),
            })
            outputs.push({ signedTransaction: fromBase64(result.signedTransaction as string) })
          }
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: transactionVersions,
        signAndSendTransaction: async (
          ...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string }[]
        ) => {
          const outputs = []
          for (const input of inputs) {
            const result = await call({
              method: 'signAndSendTransaction',
              address: input.account.address,
              chain: input.chain,
              transaction: toBase64(input.transaction),
            })
            outputs.push({ signature: fromBase64(result.signature as string) })
          }
          return outputs
        },
      },
      'solana:signIn': {
        version: '1.0.0',
        signIn: async (...inputs: Record<string, unknown>[]) => {
          const outputs = []
          for (const input of inputs) {
            const result = await call({ method: 'signIn', input })
            const [account] = (result.accounts as SolanaTestWalletAccount[]).map(toAccount)
            outputs.push({
              account: account as WalletAccount,
              signedMessage: fromBase64(result.signedMessage as string),
              signature: fromBase64(result.signature as string),
              signatureType: 'ed25519' as const,
            })
          }
          return outputs
        },
      },
    },
  } as unknown as Wallet
  const declared = wallet.features as Record<string, unknown>
  for (const name of options.omitFeatures ?? []) delete declared[name]
  // The Wallet Standard registration handshake (what registerWallet does), kept inline so the
  // function stays self-contained: announce now, and answer an app that starts later.
  let unregisterFromApp: (() => void) | undefined
  let removed = false
  const callback = (api: { register: (wallet: Wallet) => () => void }) => {
    if (!removed) unregisterFromApp = api.register(wallet)
  }
  const event = new Event('wallet-standard:register-wallet')
  Object.defineProperty(event, 'detail', { value: callback })
  window.dispatchEvent(event)
  const onAppReady = (ready: Event) => callback((ready as CustomEvent).detail)
  window.addEventListener('wallet-standard:app-ready', onAppReady)
  return {
    wallet,
    unregister: () => {
      removed = true
      window.removeEventListener('wallet-standard:app-ready', onAppReady)
      unregisterFromApp?.()
    },
  }
}

/**
 * The init script a browser test hands to `page.addInitScript`: {@link installSolanaTestWallet}'s
 * own source called with `options`. Bundlers that keep function names (esbuild's `keepNames`, so
 * tsx and Vite in development) wrap inner functions in a `__name` helper the page does not have;
 * the script defines a no-op one around the call.
 * @example
 * import { solanaTestWalletInitScript } from '@gangway/kit/testing'
 * await page.exposeFunction(wallet.pageOptions.bridge, (request) => wallet.handle(request))
 * await page.addInitScript(solanaTestWalletInitScript(wallet.pageOptions))
 * @param options - the page options (`SolanaTestWallet.pageOptions`); `call` cannot cross and is dropped.
 * @returns `{ content }` for `page.addInitScript`.
 */
export function solanaTestWalletInitScript(options: Omit<InstallSolanaTestWalletOptions, 'call'>): {
  content: string
} {
  const { bridge, name, icon, chains } = options
  const source = installSolanaTestWallet.toString()
  return {
    content: `(() => {\nconst __name = (fn) => fn;\n(${source})(${JSON.stringify({ bridge, name, icon, chains })});\n})();`,
  }
}
