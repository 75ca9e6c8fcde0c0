/**
 * The page half of the Bitcoin test wallet: the wallet as a page sees real ones (a Wallet
 * Standard wallet with `bitcoin:connect`, a sats-connect provider listed in the WBIP004
 * `window.btc_providers`, a Unisat-style `window.unisat`), every call one JSON request to a
 * backend that holds the keys. Browser-safe and free of imports at run time.
 * @module
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base'

/**
 * A request from the page to the backend (JSON only, so it crosses `page.exposeFunction` or a
 * `fetch`).
 * @example
 * const request: BitcoinTestWalletRequest = { method: 'connect', silent: false }
 */
export type BitcoinTestWalletRequest =
  | { readonly method: 'connect'; readonly silent: boolean }
  | { readonly method: 'disconnect' }
  | {
      readonly method: 'signPsbt'
      /** Base64. */
      readonly psbt: string
      readonly inputs: readonly { readonly address: string; readonly indexes: readonly number[] }[]
    }
  | {
      readonly method: 'signMessage'
      readonly address: string
      readonly message: string
      /** BIP-322 (simple; BIP-137 for legacy addresses) or the legacy signed-message format. */
      readonly protocol: 'bip322' | 'ecdsa'
    }

/** One account as the backend describes it. */
export interface BitcoinTestWalletAccount {
  readonly address: string
  /** Hex: 33 bytes, or 32 x-only for taproot. */
  readonly publicKey: string
  readonly purpose: 'payment' | 'ordinals'
  readonly addressType: 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2tr'
}

/**
 * The backend's answer: a result, or a wallet error as sats-connect codes it (-32000 a user's
 * "no", -32002 a site without access); each page shape rebuilds it the way its wallets throw.
 */
export type BitcoinTestWalletAnswer =
  | { readonly ok: true; readonly result: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly error: { readonly code: number; readonly message: string } }

/** The interfaces the page wallet speaks. */
export type BitcoinTestWalletShape = 'standard' | 'sats' | 'unisat'

/** What {@link installBitcoinTestWallet} needs; plain JSON apart from `call`. */
export interface InstallBitcoinTestWalletOptions {
  /** The wallet's name. */
  readonly name: string
  /** A `data:image/...` icon. */
  readonly icon: `data:image/${string}`
  /** The interfaces to install (all three by default). */
  readonly shapes?: readonly BitcoinTestWalletShape[]
  /** Wallet Standard chains (`bitcoin:regtest` by default). */
  readonly chains?: readonly `${string}:${string}`[]
  /** The sats-connect provider's global name and WBIP004 id (`GangwayTestBitcoinProvider`). */
  readonly providerId?: string
  /** Calls the backend (a Node function, or a page's `fetch` to it). */
  readonly call: (request: BitcoinTestWalletRequest) => Promise<BitcoinTestWalletAnswer>
}

/**
 * Installs the test wallet's page shapes on `window` (a Node window shim works): registers the
 * Wallet Standard wallet (before or after the app starts), defines the sats-connect provider and
 * its `btc_providers` entry, and `window.unisat`. Each shape reports errors as its real wallets
 * do: Wallet Standard and Unisat throw `{ code: 4001 }` for a user's "no"; sats-connect answers
 * a JSON-RPC error with code -32000.
 * @example
 * import { installBitcoinTestWallet } from '@gangway/kit/testing'
 * const { uninstall } = installBitcoinTestWallet({ name: 'Test', icon, call: (request) => wallet.handle(request) })
 * @param options - name, icon, shapes, chains, provider id and the backend call.
 * @returns the Wallet Standard wallet, and a function that removes every shape.
 */
export function installBitcoinTestWallet(options: InstallBitcoinTestWalletOptions): {
  wallet: Wallet
  changed: (accounts: readonly BitcoinTestWalletAccount[]) => void
  uninstall: () => void
} {
  const page = window as unknown as Record<string, unknown>
  const shapes = options.shapes ?? ['standard', 'sats', 'unisat']
  const chains = options.chains ?? ['bitcoin:regtest']
  const providerId = options.providerId ?? 'GangwayTestBitcoinProvider'
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (const byte of bytes) text += String.fromCharCode(byte)
    return btoa(text)
  }
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  const fromHex = (hex: string) =>
    Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  const toHex = (bytes: Uint8Array) =>
    Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  /** Throws the wallet error the way Wallet Standard and Unisat wallets do (EIP-1193 codes). */
  const call = async (request: BitcoinTestWalletRequest) => {
    const answer = await options.call(request)
    if (!answer.ok) {
      const code =
        answer.error.code === -32000
          ? 4001
          : answer.error.code === -32002
            ? 4100
            : answer.error.code
      throw Object.assign(new Error(answer.error.message), { code })
    }
    return answer.result
  }

  // Wallet Standard
  let accounts: readonly WalletAccount[] = []
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  const toAccount = (account: BitcoinTestWalletAccount): WalletAccount =>
    Object.freeze({
      address: account.address,
      publicKey: fromHex(account.publicKey),
      chains,
      features: ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const,
    })
  const unisatListeners = new Set<(accounts: string[]) => void>()
  const changed = (list: readonly BitcoinTestWalletAccount[]) => {
    accounts = list.map(toAccount)
    for (const listener of [...listeners]) listener({ accounts })
    const payment = list.find((account) => account.purpose === 'payment')
    for (const listener of [...unisatListeners]) listener(payment ? [payment.address] : [])
  }
  const connectAccounts = async (silent: boolean) =>
    (await call({ method: 'connect', silent })).accounts as BitcoinTestWalletAccount[]
  const wallet = {
    version: '1.0.0',
    name: options.name,
    icon: options.icon,
    chains,
    get accounts() {
      return accounts
    },
    features: {
      'bitcoin:connect': {
        version: '0.0.1',
        connect: async (input?: { purposes?: string[]; silent?: boolean }) => {
          const list = await connectAccounts(input?.silent === true)
          const wanted = input?.purposes ?? ['payment']
          accounts = list.filter((account) => wanted.includes(account.purpose)).map(toAccount)
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          await call({ method: 'disconnect' })
          changed([])
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
      'bitcoin:signMessage': {
        version: '0.0.1',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          const outputs = []
          for (const input of inputs) {
            const result = await call({
              method: 'signMessage',
              address: input.account.address,
              message: new TextDecoder().decode(input.message),
              protocol: 'bip322',
            })
            outputs.push({
              signedMessage: input.message,
              signature: fromBase64(result.signature as string),
            })
          }
          return outputs
        },
      },
      'bitcoin:signTransaction': {
        version: '0.0.1',
        signTransaction: async (
          ...inputs: {
            psbt: Uint8Array
            inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]
          }[]
        ) => {
          const outputs = []
          for (const input of inputs) {
            const result = await call({
              method: 'signPsbt',
              psbt: toBase64(input.psbt),
              inputs: input.inputsToSign.map((entry) => ({
                address: entry.account.address,
                indexes: entry.signingIndexes,
              })),
            })
            outputs.push({ signedPsbt: fromBase64(result.psbt as string) })
          }
          return outputs
        },
      },
    },
  } as unknown as Wallet

  const removers: (() => void)[] = []
  if (shapes.includes('standard')) {
    // The Wallet Standard registration handshake (what registerWallet does), inline: announce
    // now, and answer an app that starts later.
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
    removers.push(() => {
      removed = true
      window.removeEventListener('wallet-standard:app-ready', onAppReady)
      unregisterFromApp?.()
    })
  }

  if (shapes.includes('sats')) {
    // sats-connect answers JSON-RPC objects rather than throwing.
    const rpc = async (method: string, run: () => Promise<unknown>) => {
      try {
        return { jsonrpc: '2.0', id: method, result: await run() }
      } catch (error) {
        const code = (error as { code?: number }).code
        return {
          jsonrpc: '2.0',
          id: method,
          error: {
            code: code === 4001 ? -32000 : code === 4100 ? -32002 : (code ?? -32603),
            message: (error as Error).message,
          },
        }
      }
    }
    const provider = {
      request: (method: string, params: Record<string, unknown> | undefined) => {
        if (method === 'getAddresses' || method === 'getAccounts')
          return rpc(method, async () => {
            const list = await connectAccounts(method === 'getAccounts')
            const wanted = (params?.purposes as string[] | undefined) ?? ['payment']
            const addresses = list.filter((account) => wanted.includes(account.purpose))
            return method === 'getAccounts'
              ? addresses
              : { addresses, network: { bitcoin: { name: 'Regtest' } } }
          })
        if (method === 'signPsbt')
          return rpc(method, async () => {
            const signInputs = (params?.signInputs ?? {}) as Record<string, number[]>
            return call({
              method: 'signPsbt',
              psbt: String(params?.psbt),
              inputs: Object.entries(signInputs).map(([address, indexes]) => ({
                address,
                indexes,
              })),
            })
          })
        if (method === 'signMessage')
          return rpc(method, async () => {
            const result = await call({
              method: 'signMessage',
              address: String(params?.address),
              message: String(params?.message),
              protocol: params?.protocol === 'ECDSA' ? 'ecdsa' : 'bip322',
            })
            return {
              signature: result.signature,
              address: params?.address,
              protocol: params?.protocol ?? 'BIP322',
            }
          })
        if (method === 'wallet_renouncePermissions')
          return rpc(method, async () => {
            await call({ method: 'disconnect' })
            return null
          })
        return Promise.resolve({
          jsonrpc: '2.0',
          id: method,
          error: { code: -32601, message: `Method not found: ${method}` },
        })
      },
    }
    page[providerId] = provider
    const listed = Array.isArray(page.btc_providers) ? (page.btc_providers as unknown[]) : []
    const entry = {
      id: providerId,
      name: options.name,
      icon: options.icon,
      webUrl: 'https://gangway.invalid',
    }
    page.btc_providers = [...listed, entry]
    removers.push(() => {
      delete page[providerId]
      page.btc_providers = (page.btc_providers as unknown[]).filter((item) => item !== entry)
    })
  }

  if (shapes.includes('unisat')) {
    const payment = async (silent: boolean) =>
      (await connectAccounts(silent)).find((account) => account.purpose === 'payment')
    let current: BitcoinTestWalletAccount | undefined
    page.unisat = {
      requestAccounts: async () => {
        current = await payment(false)
        return current ? [current.address] : []
      },
      getAccounts: async () => {
        current = await payment(true).catch(() => undefined)
        return current ? [current.address] : []
      },
      getPublicKey: async () => current?.publicKey ?? '',
      getNetwork: async () => 'testnet',
      signPsbt: async (
        hex: string,
        signOptions?: { toSignInputs?: { index: number; address?: string }[] },
      ) => {
        const address = current?.address ?? ''
        const result = await call({
          method: 'signPsbt',
          psbt: toBase64(fromHex(hex)),
          inputs: [
            { address, indexes: (signOptions?.toSignInputs ?? []).map((input) => input.index) },
          ],
        })
        return toHex(fromBase64(result.psbt as string))
      },
      signMessage: async (message: string, type?: string) => {
        const result = await call({
          method: 'signMessage',
          address: current?.address ?? '',
          message,
          protocol: type === 'bip322-simple' ? 'bip322' : 'ecdsa',
        })
        return result.signature
      },
      on: (event: string, listener: (accounts: string[]) => void) => {
        if (event === 'accountsChanged') unisatListeners.add(listener)
      },
      removeListener: (event: string, listener: (accounts: string[]) => void) => {
        if (event === 'accountsChanged') unisatListeners.delete(listener)
      },
    }
    removers.push(() => {
      delete page.unisat
    })
  }

  return {
    wallet,
    changed,
    uninstall: () => {
      for (const remove of removers.splice(0)) remove()
    },
  }
}

/**
 * The init script a browser test hands to `page.addInitScript`: {@link installBitcoinTestWallet}'s
 * own source called with `options`, its backend reached through the page function `bridge` (a
 * `page.exposeFunction` calling `BitcoinTestWallet.handle` in Node). Bundlers that keep function
 * names wrap inner functions in a `__name` helper the page does not have; the script defines a
 * no-op one around the call.
 * @example
 * import { bitcoinTestWalletInitScript } from '@gangway/kit/testing'
 * await page.exposeFunction('gangwayBitcoin', (request) => wallet.handle(request))
 * await page.addInitScript(bitcoinTestWalletInitScript({ bridge: 'gangwayBitcoin', name: 'Test', icon }))
 * @param options - the page options and the bridge's name; plain JSON.
 * @returns `{ content }` for `page.addInitScript`.
 */
export function bitcoinTestWalletInitScript(
  options: Omit<InstallBitcoinTestWalletOptions, 'call'> & { readonly bridge: string },
): { content: string } {
  const { bridge, ...rest } = options
  const source = installBitcoinTestWallet.toString()
  return {
    content: `(() => {\nconst __name = (fn) => fn;\nconst options = ${JSON.stringify(rest)};\noptions.call = (request) => window[${JSON.stringify(bridge)}](request);\n(${source})(options);\n})();`,
  }
}
