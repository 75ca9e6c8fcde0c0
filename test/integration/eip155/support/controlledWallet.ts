import type { EIP1193Provider } from 'viem'
import type { TestWallet } from '../../../../src/testing/index.js'

/** Requests that open a popup in a browser wallet. */
const PROMPTS: ReadonlySet<string> = new Set(['eth_requestAccounts', 'wallet_requestPermissions'])

type Listener = (payload: unknown) => void

/**
 * A browser wallet as a visitor meets it, around a real {@link TestWallet}: a prompt stays open
 * until the test plays the visitor (`approve`, `reject`), a second prompt while one is open gets
 * EIP-1193 -32002 as MetaMask answers it, and the test can send any event or answer a wallet
 * might send, hostile ones included.
 */
export interface ControlledWallet {
  /** The EIP-1193 provider to announce or inject. */
  readonly provider: EIP1193Provider
  /** The wallet behind it (keys, chains, request log). */
  readonly wallet: TestWallet
  /** Whether prompts wait for `approve`/`reject` (on by default). */
  holdPrompts: boolean
  /** Answers to return for a method instead of asking the wallet, e.g. a hostile `eth_chainId`. */
  readonly overrides: Map<string, unknown>
  /** Resolves once a prompt is open. */
  prompted(): Promise<void>
  /** The visitor approves the open prompt; resolves once the wallet has answered the site. */
  approve(): Promise<void>
  /** The visitor closes the open prompt (4001). */
  reject(): void
  /** Sends an EIP-1193 event with any payload to every listener the site attached. */
  emit(event: string, payload: unknown): void
  /** How many listeners the site has attached for `event`. */
  listenerCount(event: string): number
  /** Announces the wallet with EIP-6963 on `target` under `rdns` and `name`. */
  announce(target: EventTarget, rdns: string, name: string): void
}

/** Wraps `wallet` so a test controls its prompts and events. */
export function controlWallet(wallet: TestWallet): ControlledWallet {
  const listeners = new Map<string, Set<Listener>>()
  let open: {
    args: { method: string; params?: unknown }
    resolve: (value: unknown) => void
    reject: (error: unknown) => void
  } | null = null
  const onPrompt = new Set<() => void>()

  const request = async (args: { method: string; params?: unknown }): Promise<unknown> => {
    if (controlled.overrides.has(args.method)) return controlled.overrides.get(args.method)
    if (!controlled.holdPrompts || !PROMPTS.has(args.method))
      return wallet.provider.request(args as never)
    if (open) {
      throw Object.assign(
        new Error(`Request of type '${args.method}' already pending for origin. Please wait.`),
        { code: -32002 },
      )
    }
    return new Promise((resolve, reject) => {
      open = { args, resolve, reject }
      for (const notify of [...onPrompt]) notify()
    })
  }

  const provider = {
    request,
    on: (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(event, set)
      wallet.provider.on(event as never, listener as never)
    },
    removeListener: (event: string, listener: Listener) => {
      listeners.get(event)?.delete(listener)
      wallet.provider.removeListener(event as never, listener as never)
    },
  } as unknown as EIP1193Provider

  const controlled: ControlledWallet = {
    provider,
    wallet,
    holdPrompts: true,
    overrides: new Map(),
    prompted: () =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!open) return
          onPrompt.delete(check)
          resolve()
        }
        onPrompt.add(check)
        check()
      }),
    approve: async () => {
      const prompt = open
      if (!prompt) throw new Error('no prompt is open')
      open = null
      try {
        prompt.resolve(await wallet.provider.request(prompt.args as never))
      } catch (error) {
        prompt.reject(error)
      }
    },
    reject: () => {
      const prompt = open
      open = null
      prompt?.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    },
    emit: (event, payload) => {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    announce: (target, rdns, name) => {
      const detail = Object.freeze({
        info: { uuid: crypto.randomUUID(), name, icon: wallet.info.icon, rdns },
        provider,
      })
      const send = () =>
        target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      target.addEventListener('eip6963:requestProvider', send)
      send()
    },
  }
  return controlled
}
