import type { Subject } from 'rxjs'
import { type Address, type EIP1193Provider, getAddress } from 'viem'
import * as z from 'zod/mini'
import {
  type AccountEntry,
  type CaipAddress,
  CancelledError,
  type ConnectParameters,
  type ConnectResult,
  createCoalescer,
  KitError,
  type PluginContext,
  type PluginEventInput,
  untilAborted,
  WALLET_ACCOUNTS_MAX,
} from '../../kernel/index.js'
import { toEip155ChainId } from './chainIds.js'

import type { Eip6963Discovery } from './discovery.js'
import { chainIdOf, toEip155NetworkId } from './networks.js'

// Wallet answers are untrusted input: check their shape before anything uses them.
const addressListSchema = z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)))

/** The wallet the kit is connected to through EIP-1193, and what it last reported. @internal */
export interface WalletConnection {
  readonly connectorId: string
  readonly provider: EIP1193Provider
  readonly chainId: number
  /** The accounts, checksummed; the first is the connected one. */
  readonly accounts: readonly Address[]
  /** `eip155:<chain>:<first account>`, as the kit holds it. */
  readonly caipAddress: CaipAddress
}

/** Connects EIP-1193 wallets and turns their events into kernel events. @internal */
export interface WalletConnections {
  connect(parameters: ConnectParameters, signal: AbortSignal): Promise<ConnectResult>
  /** The live connection, if any. */
  current(): WalletConnection | null
  /** Stops listening to `connectorId`'s wallet and cancels a connect in flight; returns what was live. */
  end(connectorId: string): WalletConnection | null
  /** Records a chain switch the kit made. */
  setChain(connectorId: string, chainId: number): void
  destroy(): void
}

/** What the connections need from the adapter. @internal */
export interface WalletConnectionsOptions {
  readonly context: PluginContext
  readonly events$: Subject<PluginEventInput>
  readonly discovery: Eip6963Discovery
  /** Asks the wallet to switch to `chainId` (adding the chain when it does not know it). */
  readonly switchTo: (provider: EIP1193Provider, chainId: number) => Promise<void>
  /** Called whenever the connection, its chain or its accounts change. */
  readonly onChange: (connection: WalletConnection | null) => void
}

function parseAccounts(value: unknown): Address[] {
  // Only the first accounts are checked and kept (decision 0100): a list of 100,000 costs no more.
  const result = addressListSchema.safeParse(
    Array.isArray(value) ? value.slice(0, WALLET_ACCOUNTS_MAX) : value,
  )
  if (!result.success) {
    throw new KitError('UNKNOWN_ERROR', {
      details: 'The wallet answered the account request with an unexpected value.',
    })
  }
  return result.data.map((address) => getAddress(address))
}

/** The live connection as this module keeps it. */
interface LiveConnection {
  readonly connectorId: string
  readonly provider: EIP1193Provider
  chainId: number
  accounts: readonly Address[]
  caipAddress: CaipAddress
  detach: () => void
}

const sameAccounts = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((address, index) => address === right[index])

/**
 * EIP-1193 connections. Only the connect that is still current attaches listeners: one whose
 * signal aborted (the visitor picked another wallet, or disconnected) ends with CANCELLED even
 * when its wallet answers later. A second connect to a wallet whose prompt is still open waits on
 * that prompt instead of asking again (which the wallet would refuse with -32002), so approving
 * the first popup connects. Wallet events are coalesced on the kit's scheduler
 * (`createCoalescer`), and chain ids outside the safe positive integers are ignored.
 * @internal
 */
export function createWalletConnections(options: WalletConnectionsOptions): WalletConnections {
  const { context, events$, discovery, switchTo, onChange } = options
  let live: LiveConnection | null = null
  /** Bumped by every connect and every end, so an older connect knows it is no longer current. */
  let attempt = 0
  /** Account prompts still open in a wallet, per provider. */
  const openPrompts = new WeakMap<EIP1193Provider, Promise<unknown>>()

  const requestAccounts = (provider: EIP1193Provider) => {
    const open = openPrompts.get(provider)
    if (open) return open
    const prompt = provider.request({ method: 'eth_requestAccounts' }) as Promise<unknown>
    openPrompts.set(provider, prompt)
    const close = () => {
      if (openPrompts.get(provider) === prompt) openPrompts.delete(provider)
    }
    prompt.then(close, close)
    return prompt
  }

  const toCaip = (chainId: number, address: Address): CaipAddress =>
    `${toEip155NetworkId(chainId)}:${address}`

  const attach = (
    connectorId: string,
    provider: EIP1193Provider,
    chainId: number,
    accounts: readonly Address[],
  ) => {
    // What the wallet said since the last report; the coalescer reports its last word. Accounts
    // are checksummed (a keccak each) only when reported: a storm must cost little per event.
    let reported: { chainId?: number; accounts?: readonly string[] } = {}
    const state: LiveConnection = {
      connectorId,
      provider,
      chainId,
      accounts,
      caipAddress: toCaip(chainId, accounts[0]!),
      detach: () => undefined,
    }
    const report = () => {
      if (live !== state) return
      const nextChain = reported.chainId
      const nextAccounts = reported.accounts?.map((address) => getAddress(address))
      reported = {}
      if (nextAccounts?.length === 0) return lost()
      let changed = false
      if (nextChain !== undefined && nextChain !== state.chainId) {
        state.chainId = nextChain
        changed = true
        events$.next({
          type: 'network/changed',
          payload: { namespace: 'eip155', networkId: toEip155NetworkId(nextChain) },
        })
      }
      if (nextAccounts && !sameAccounts(nextAccounts, state.accounts)) {
        state.accounts = nextAccounts
        changed = true
        events$.next({
          type: 'account/changed',
          payload: {
            namespace: 'eip155',
            caipAddress: toCaip(state.chainId, nextAccounts[0]!),
            accounts: nextAccounts.map((address) => ({
              caipAddress: toCaip(state.chainId, address),
              type: 'eoa' as const,
            })),
          },
        })
      }
      state.caipAddress = toCaip(state.chainId, state.accounts[0]!)
      if (changed) onChange(state)
    }
    const coalescer = createCoalescer(context.env.scheduler, report)
    const onAccounts = (value: unknown) => {
      const list = addressListSchema.safeParse(
        Array.isArray(value) ? value.slice(0, WALLET_ACCOUNTS_MAX) : value,
      )
      if (!list.success) return
      // No account exposed any more is the same as the wallet disconnecting.
      reported.accounts = list.data
      coalescer.request()
    }
    const onChain = (value: unknown) => {
      const next = toEip155ChainId(value)
      if (next === undefined) return
      reported.chainId = next
      coalescer.request()
    }
    const lost = () => {
      if (live !== state) return
      release()
      events$.next({ type: 'wallet/disconnected', payload: { namespace: 'eip155' } })
    }
    provider.on('accountsChanged', onAccounts)
    provider.on('chainChanged', onChain)
    provider.on('disconnect', lost)
    state.detach = () => {
      coalescer.cancel()
      provider.removeListener('accountsChanged', onAccounts)
      provider.removeListener('chainChanged', onChain)
      provider.removeListener('disconnect', lost)
    }
    return state
  }

  /** Stops listening to the live wallet. */
  const release = () => {
    const released = live
    live?.detach()
    live = null
    if (released) onChange(null)
    return released
  }

  return {
    connect: async ({ connectorId, networkId, silent }, signal) => {
      attempt += 1
      const mine = attempt
      const ensureCurrent = () => {
        if (signal.aborted || attempt !== mine)
          throw new CancelledError({
            details: 'A newer connect or a disconnect replaced this one.',
          })
      }
      const { provider, wallet } = discovery.providerOf(connectorId)
      const accounts = parseAccounts(
        await untilAborted(
          silent
            ? (provider.request({ method: 'eth_accounts' }) as Promise<unknown>)
            : requestAccounts(provider),
          signal,
        ),
      )
      ensureCurrent()
      const [first] = accounts
      if (!first) throw new KitError('NOT_CONNECTED', { details: 'The wallet exposes no account.' })
      let chainId = toEip155ChainId(
        await untilAborted(provider.request({ method: 'eth_chainId' }) as Promise<unknown>, signal),
      )
      if (chainId === undefined) {
        throw new KitError('UNKNOWN_ERROR', {
          details: 'The wallet answered eth_chainId with an unexpected value.',
        })
      }
      ensureCurrent()
      const wanted = networkId ? chainIdOf(networkId) : undefined
      if (!silent && wanted !== undefined && wanted !== chainId) {
        await untilAborted(switchTo(provider, wanted), signal)
        ensureCurrent()
        chainId = wanted
      }
      live?.detach()
      live = attach(connectorId, provider, chainId, accounts)
      onChange(live)
      const entries: AccountEntry[] = accounts.map((address) => ({
        caipAddress: toCaip(chainId, address),
        type: 'eoa',
      }))
      const name = wallet?.name ?? 'Browser Wallet'
      return {
        caipAddress: live.caipAddress,
        accounts: entries,
        networkId: toEip155NetworkId(chainId),
        walletInfo: {
          name,
          ...(wallet?.icon ? { icon: wallet.icon } : {}),
          ...(wallet ? { rdns: wallet.rdns } : {}),
        },
        recentWallet: { id: connectorId, name, ...(wallet ? { rdns: wallet.rdns } : {}) },
      }
    },

    current: () => live,

    end: (connectorId) => {
      // A disconnect also ends a connect in flight: its wallet answering later must not connect.
      attempt += 1
      return live?.connectorId === connectorId ? release() : null
    },

    setChain: (connectorId, chainId) => {
      if (live?.connectorId !== connectorId) return
      live.chainId = chainId
      live.caipAddress = toCaip(chainId, live.accounts[0]!)
      onChange(live)
    },

    destroy: () => {
      attempt += 1
      live?.detach()
      live = null
    },
  }
}
