import { ApiPromise, WsProvider } from '@polkadot/api'
import type { SubmittableExtrinsic } from '@polkadot/api/types'
import type { ISubmittableResult } from '@polkadot/types/types'
import { stringToU8a, u8aToHex } from '@polkadot/util'
import { cryptoWaitReady, decodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { type Subject, timer } from 'rxjs'
import {
  type AccountEntry,
  type BalanceResult,
  type CaipAddress,
  CancelledError,
  type ChainAdapter,
  type FeeSpeed,
  fromScaledInteger,
  KitError,
  type PluginContext,
  type PluginEventInput,
  parseCaipAddress,
  type SendParameters,
  type SendQuote,
  TIMINGS,
  type TokenBalance,
  toScaledInteger,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import { decodeAccountId, type PolkadotAccount, toAddress } from './accounts.js'
import type { PolkadotDiscovery } from './discovery.js'
import { polkadotErrors } from './errorCodes.js'
import { toPolkadotKitError } from './errors.js'
import { polkadotNativeTokenAddress } from './nativeToken.js'
import type { PolkadotNetwork } from './networks.js'
import { readSs58 } from './ss58.js'
import { abortable, connectExtension, type PolkadotWalletSession } from './wallet.js'
import type { PolkadotWalletConnectConnector } from './walletConnect.js'

/** Re-exported so the plugin's eager part can map errors without shipping the mapping. @internal */
export { toPolkadotKitError }

/** What the adapter needs beyond the kit's plugin context. @internal */
export interface PolkadotAdapterOptions {
  readonly networks: readonly PolkadotNetwork[]
  /** The name extensions show; the page's host when omitted. */
  readonly appName: string | undefined
  readonly reconnectWaitMs: number
  /** The WalletConnect connector (id `walletConnect`), loaded on first use. */
  readonly walletConnect: (() => Promise<PolkadotWalletConnectConnector>) | undefined
}

/** The polkadot adapter. @internal */
export interface PolkadotAdapter extends ChainAdapter {
  /** Free and reserved balance of an account, in whole units. */
  readBalances(
    parameters: { readonly caipAddress: CaipAddress; readonly networkId: string },
    signal: AbortSignal,
  ): Promise<{ readonly free: string; readonly reserved: string; readonly symbol: string }>
}

/** §9 HTTP RPC timeout, applied to the node's answers and to reaching it. */
const RPC_TIMEOUT_MS = 10_000

/** A transfer ready for the wallet: the extrinsic, the planck it moves and what it pays. */
interface PreparedTransfer {
  readonly transaction: SubmittableExtrinsic<'promise'>
  readonly value: bigint
  /** The inclusion fee `paymentInfo` gave, plus the tip. */
  readonly fee: bigint
  /** The tip the speed adds, paid to the block author on top of the inclusion fee. */
  readonly tip: bigint
  readonly feeSpeed: FeeSpeed
}

/**
 * The tip each speed adds, in multiples of the inclusion fee (decision 0204): Substrate orders
 * waiting transactions by the tip per unit of weight, so a tip only buys a place ahead of others
 * when blocks are full; standard pays none.
 */
const TIP_PER_FEE: Readonly<Record<FeeSpeed, bigint>> = { standard: 0n, fast: 1n, instant: 4n }

/** What the chain reports about an account's balance (old and new runtimes name the frozen part differently). */
interface AccountData {
  readonly free: bigint
  readonly reserved: bigint
  readonly frozen: bigint
}

function accountDataOf(value: unknown): AccountData {
  const data = (value as { data?: Record<string, { toBigInt?: () => bigint } | undefined> }).data
  const read = (key: string) => data?.[key]?.toBigInt?.() ?? 0n
  const frozen = [read('frozen'), read('miscFrozen'), read('feeFrozen')].reduce(
    (left, right) => (right > left ? right : left),
    0n,
  )
  return { free: read('free'), reserved: read('reserved'), frozen }
}

/** A runtime that lacks what the plugin calls (not a balances chain) is refused in words. */
function required<TValue>(value: TValue | undefined, what: string): TValue {
  if (value === undefined)
    throw new KitError('CAPABILITY_UNSUPPORTED', { details: `The runtime has no ${what}.` })
  return value
}
const systemAccount = (api: ApiPromise) => required(api.query.system?.account, 'system.account')

/** The part of `document` the adapter reads: present in a browser page, absent on a server. */
interface VisibilityTarget extends EventTarget {
  readonly visibilityState: string
}

function documentOf(): VisibilityTarget | undefined {
  const candidate = (globalThis as { document?: unknown }).document as VisibilityTarget | undefined
  return typeof candidate?.addEventListener === 'function' &&
    typeof candidate.visibilityState === 'string'
    ? candidate
    : undefined
}

function defaultAppName(): string {
  const host = (globalThis as { location?: { host?: unknown } }).location?.host
  return typeof host === 'string' && host ? host : 'Gangway'
}

/**
 * The polkadot adapter: extensions and WalletConnect sessions through {@link PolkadotWalletSession},
 * reads and sends through one `@polkadot/api` connection per network, opened on first need.
 * @internal
 */
export function createPolkadotAdapter(
  context: PluginContext,
  options: PolkadotAdapterOptions,
  discovery: PolkadotDiscovery,
  events$: Subject<PluginEventInput>,
): PolkadotAdapter {
  const networks = new Map(options.networks.map((network) => [network.id as string, network]))
  const apis = new Map<string, Promise<ApiPromise>>()
  const balances = new Map<string, { at: number; value: BalanceResult }>()
  // Sends in flight, by extrinsic hash: their finality answers the kit's receipt wait.
  const confirmations = new Map<string, Promise<'success' | 'reverted'>>()
  const appName = options.appName ?? defaultAppName()
  let generation = 0
  let session: (PolkadotWalletSession & { networkId: string; detach: () => void }) | null = null
  let destroyed = false

  const networkOf = (networkId: string): PolkadotNetwork => {
    const network = networks.get(networkId)
    if (!network)
      throw new KitError('NETWORK_NOT_FOUND', { details: `${networkId} is not configured.` })
    return network
  }

  /** The network's connection, opened once and reused; a failed one is forgotten so the next need retries. */
  const apiOf = (network: PolkadotNetwork, signal: AbortSignal): Promise<ApiPromise> => {
    const url = network.rpcUrls[0]
    if (!url) throw new KitError('NETWORK_NOT_FOUND', { details: `${network.id} has no node URL.` })
    let api = apis.get(url)
    if (!api) {
      api = (async () => {
        await cryptoWaitReady()
        const provider = new WsProvider(url, 1_000, {}, RPC_TIMEOUT_MS)
        const created = new ApiPromise({ provider, noInitWarn: true })
        try {
          await new Promise<void>((resolve, reject) => {
            const expiry = timer(RPC_TIMEOUT_MS, context.env.scheduler).subscribe(() =>
              reject(new KitError('RPC_TIMEOUT', { details: `${url} did not answer.` })),
            )
            created.isReadyOrError.then(
              () => {
                expiry.unsubscribe()
                resolve()
              },
              (error: unknown) => {
                expiry.unsubscribe()
                reject(error)
              },
            )
          })
        } catch (error) {
          apis.delete(url)
          await created.disconnect().catch(() => undefined)
          throw error
        }
        // A node for another chain must not get the visitor's signatures for this one.
        if (created.genesisHash.toHex() !== network.genesisHash) {
          apis.delete(url)
          await created.disconnect().catch(() => undefined)
          throw new KitError('RPC_CHAIN_MISMATCH', {
            details: `${url} serves genesis ${created.genesisHash.toHex()}, not ${network.genesisHash}.`,
          })
        }
        if (destroyed) await created.disconnect().catch(() => undefined)
        return created
      })()
      apis.set(url, api)
    }
    return abortable(api, signal)
  }

  const toCaip = (networkId: string, address: string) => `${networkId}:${address}` as CaipAddress
  /** The session's accounts usable on a network (an extension may restrict one to a chain). */
  const usable = (accounts: readonly PolkadotAccount[], network: PolkadotNetwork) =>
    accounts.filter(
      (account) => account.genesisHash === undefined || account.genesisHash === network.genesisHash,
    )
  const entries = (
    network: PolkadotNetwork,
    accounts: readonly PolkadotAccount[],
  ): AccountEntry[] =>
    accounts.map((account) => ({
      caipAddress: toCaip(network.id, toAddress(account.accountId, network.ss58Prefix)),
      type: 'eoa',
    }))
  const forget = () => {
    generation += 1
    balances.clear()
  }
  const live = (connectorId: string) => {
    if (session?.connectorId !== connectorId) throw new KitError('NOT_CONNECTED')
    return session
  }

  // ---------------------------------------------------------------- balance following
  const page = documentOf()
  let followed: { caipAddress: CaipAddress; network: PolkadotNetwork } | null = null
  let unfollow: (() => void) | undefined
  const isVisible = () => !page || page.visibilityState === 'visible'
  const stopFollowing = () => {
    unfollow?.()
    unfollow = undefined
  }
  /**
   * Follows the shown account's balance on its network while the page is visible: the node pushes
   * the account's storage at each new block that changed it, and the kit reads it again. A hidden
   * tab costs the node nothing; coming back counts as a change (blocks went by unseen).
   */
  const startFollowing = () => {
    stopFollowing()
    const target = followed
    if (!target || !isVisible()) return
    let active = true
    let first = true
    let stop: (() => void) | undefined
    unfollow = () => {
      active = false
      stop?.()
    }
    const address = parseCaipAddress(target.caipAddress)?.address ?? ''
    apiOf(target.network, new AbortController().signal)
      .then((api) =>
        systemAccount(api)(address, () => {
          // The first answer is the value just read; later ones are changes.
          if (first) {
            first = false
            return
          }
          invalidate(target.caipAddress)
        }),
      )
      .then(
        (unsubscribe) => {
          stop = unsubscribe as unknown as () => void
          if (!active) stop()
        },
        // A node that cannot be reached leaves the balance as it was read.
        () => undefined,
      )
  }
  const follow = (caipAddress: CaipAddress, network: PolkadotNetwork) => {
    if (followed?.caipAddress === caipAddress) return
    followed = { caipAddress, network }
    startFollowing()
  }
  const onVisibility = () => {
    if (!isVisible()) return stopFollowing()
    startFollowing()
    if (followed) invalidate(followed.caipAddress)
  }
  page?.addEventListener('visibilitychange', onVisibility)
  const invalidate = (caipAddress: CaipAddress) => {
    forget()
    events$.next({ type: 'balance/invalidated', payload: { namespace: 'polkadot', caipAddress } })
  }

  // ---------------------------------------------------------------- sessions
  const report = (network: PolkadotNetwork, accounts: readonly PolkadotAccount[]) => {
    const list = usable(accounts, network)
    const [first] = list
    if (!first) return
    const caipAddress = toCaip(network.id, toAddress(first.accountId, network.ss58Prefix))
    forget()
    events$.next({
      type: 'account/changed',
      payload: { namespace: 'polkadot', caipAddress, accounts: entries(network, list) },
    })
  }

  const attach = (connected: PolkadotWalletSession, network: PolkadotNetwork) => {
    let current: readonly PolkadotAccount[] = connected.accounts
    const detach = connected.onChange((accounts) => {
      if (session?.connectorId !== connected.connectorId) return
      const network = networkOf(session.networkId)
      if (usable(accounts, network).length === 0) {
        session.detach()
        session = null
        followed = null
        stopFollowing()
        events$.next({ type: 'wallet/disconnected', payload: { namespace: 'polkadot' } })
        return
      }
      const same =
        accounts.length === current.length &&
        accounts.every((account, index) =>
          account.accountId.every((byte, at) => byte === current[index]?.accountId[at]),
        )
      current = accounts
      Object.assign(session, { accounts })
      if (!same) report(network, accounts)
    })
    session?.detach()
    session = Object.assign(connected, { networkId: network.id, detach })
  }

  /** An extension that injects after the page (a slow one) still reconnects silently, within a bound. */
  const awaitExtension = async (connectorId: string, signal: AbortSignal) => {
    const bounded = new AbortController()
    const stop = () => bounded.abort()
    signal.addEventListener('abort', stop, { once: true })
    const expiry = timer(options.reconnectWaitMs, context.env.scheduler).subscribe(stop)
    try {
      await discovery.whenInjected(connectorId, bounded.signal)
    } catch {
      if (signal.aborted) throw new CancelledError()
      throw new KitError('NOT_CONNECTED', { details: `"${connectorId}" did not inject in time.` })
    } finally {
      expiry.unsubscribe()
      signal.removeEventListener('abort', stop)
    }
  }

  /** A silent reconnect waits for the extension within `reconnectWaitMs`, never on a prompt. */
  const boundedSilent = async <TValue>(
    run: (signal: AbortSignal) => Promise<TValue>,
    signal: AbortSignal,
  ): Promise<TValue> => {
    const bounded = new AbortController()
    const stop = () => bounded.abort()
    signal.addEventListener('abort', stop, { once: true })
    const expiry = timer(options.reconnectWaitMs, context.env.scheduler).subscribe(stop)
    try {
      return await run(bounded.signal)
    } catch (error) {
      if (signal.aborted) throw new CancelledError()
      if (bounded.signal.aborted)
        throw new KitError('NOT_CONNECTED', { details: 'The extension did not answer in time.' })
      throw error
    } finally {
      expiry.unsubscribe()
      signal.removeEventListener('abort', stop)
    }
  }

  const connectInjected = async (connectorId: string, silent: boolean, signal: AbortSignal) => {
    let handle: ReturnType<PolkadotDiscovery['extensionOf']>
    try {
      handle = discovery.extensionOf(connectorId)
    } catch (error) {
      if (!silent) throw error
      await awaitExtension(connectorId, signal)
      handle = discovery.extensionOf(connectorId)
    }
    const parameters = {
      connectorId,
      name: handle.connector.name,
      provider: handle.provider,
      appName,
    }
    return silent
      ? boundedSilent((bounded) => connectExtension(parameters, bounded), signal)
      : connectExtension(parameters, signal)
  }

  // ---------------------------------------------------------------- transfers
  /** The amount in the network's smallest unit; refuses more places than it has. */
  const planckOf = (amount: string, decimals: number): bigint => {
    const places = amount.includes('.') ? amount.length - amount.indexOf('.') - 1 : 0
    const value = places > decimals ? undefined : toScaledInteger(amount, decimals)
    if (value === undefined || value <= 0n) throw new KitError('INVALID_AMOUNT')
    return value
  }

  /**
   * Builds `balances.transferKeepAlive` and prices it with `paymentInfo`, after the checks the
   * chain would otherwise fail on once the visitor signed: the receiver on this network, funds for
   * the amount and the fee, the sender kept above the existential deposit (transferKeepAlive's
   * rule), and a receiver that ends at or above it.
   * @throws INVALID_AMOUNT, INSUFFICIENT_BALANCE, POLKADOT_SENDER_BELOW_DEPOSIT,
   * POLKADOT_RECEIVER_BELOW_DEPOSIT, POLKADOT_ADDRESS_OTHER_NETWORK, CAPABILITY_UNSUPPORTED (tokens)
   */
  const prepareTransfer = async (
    parameters: Pick<SendParameters, 'from' | 'to' | 'amount' | 'token' | 'feeSpeed'>,
    signal: AbortSignal,
  ): Promise<PreparedTransfer & { network: PolkadotNetwork; sender: string }> => {
    const parsed = parseCaipAddress(parameters.from)
    if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
    if (parameters.token && parameters.token.address !== polkadotNativeTokenAddress) {
      throw new KitError('CAPABILITY_UNSUPPORTED', {
        details: 'The polkadot plugin sends the native currency only.',
      })
    }
    const network = networkOf(parsed.networkId)
    const read = readSs58(parameters.to)
    if (read && read.prefix !== network.ss58Prefix)
      throw polkadotErrors.create('POLKADOT_ADDRESS_OTHER_NETWORK')
    if (!read || !decodeAccountId(parameters.to, network.ss58Prefix)) {
      throw new KitError('VALIDATION_FAILED', { details: 'The receiver is not an SS58 address.' })
    }
    const { decimals, symbol } = network.nativeCurrency
    const value = planckOf(parameters.amount, decimals)
    const api = await apiOf(network, signal)
    const transaction = required(api.tx.balances?.transferKeepAlive, 'balances.transferKeepAlive')(
      parameters.to,
      value,
    )
    const [info, senderAccount, receiverAccount] = await abortable(
      Promise.all([
        transaction.paymentInfo(parsed.address),
        systemAccount(api)(parsed.address),
        systemAccount(api)(parameters.to),
      ]),
      signal,
    )
    const feeSpeed = parameters.feeSpeed ?? 'standard'
    const tip = info.partialFee.toBigInt() * TIP_PER_FEE[feeSpeed]
    // A tip lengthens the extrinsic (a compact number), and length is priced: the inclusion fee
    // is asked again for the transaction as it will be signed, so the quote is what is paid.
    const inclusionFee =
      tip === 0n
        ? info.partialFee.toBigInt()
        : (
            await abortable(transaction.paymentInfo(parsed.address, { tip }), signal)
          ).partialFee.toBigInt()
    const fee = inclusionFee + tip
    const deposit = (
      required(
        api.consts.balances?.existentialDeposit,
        'balances.existentialDeposit',
      ) as unknown as {
        toBigInt(): bigint
      }
    ).toBigInt()
    const sender = accountDataOf(senderAccount)
    const receiver = accountDataOf(receiverAccount)
    const whole = (planck: bigint) => fromScaledInteger(planck, decimals)
    if (value + fee > sender.free - sender.frozen) throw new KitError('INSUFFICIENT_BALANCE')
    const kept = sender.free - value - fee
    // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max refuses
    const floor = sender.frozen > deposit ? sender.frozen : deposit
    if (kept < floor) {
      throw polkadotErrors.create('POLKADOT_SENDER_BELOW_DEPOSIT', {
        params: { deposit: whole(floor), fee: whole(fee), symbol },
        details: `${whole(kept)} ${symbol} would be left; the account needs ${whole(floor)}.`,
      })
    }
    if (receiver.free + value < deposit) {
      throw polkadotErrors.create('POLKADOT_RECEIVER_BELOW_DEPOSIT', {
        params: { deposit: whole(deposit - receiver.free), symbol },
      })
    }
    return { transaction, value, fee, tip, feeSpeed, network, sender: parsed.address }
  }

  /** Submits a signed transfer; resolves once the node accepted it, with the finality to come. */
  const submit = (
    transaction: SubmittableExtrinsic<'promise'>,
    from: CaipAddress,
  ): Promise<{ hash: string; finality: Promise<'success' | 'reverted'> }> =>
    new Promise((resolve, reject) => {
      let settle: (status: 'success' | 'reverted') => void = () => undefined
      let fail: (error: unknown) => void = () => undefined
      const finality = new Promise<'success' | 'reverted'>((done, failed) => {
        settle = done
        fail = failed
      })
      let included = false
      let stop: (() => void) | undefined
      const onStatus = (result: ISubmittableResult) => {
        const { status } = result
        if (status.isInBlock && !included) {
          included = true
          invalidate(from)
        }
        if (status.isFinalized) {
          stop?.()
          invalidate(from)
          settle(result.dispatchError ? 'reverted' : 'success')
        } else if (
          status.isInvalid ||
          status.isDropped ||
          status.isUsurped ||
          status.isFinalityTimeout
        ) {
          stop?.()
          fail(new KitError('TRANSACTION_ERROR', { details: `The transaction is ${status.type}.` }))
        }
      }
      transaction.send(onStatus).then((unsubscribe) => {
        stop = unsubscribe
        resolve({ hash: transaction.hash.toHex(), finality })
      }, reject)
    })

  const verifiesFor = (message: string, signature: string, accountId: Uint8Array) => {
    try {
      return signatureVerify(stringToU8a(message), signature, accountId).isValid
    } catch {
      return false
    }
  }

  return {
    connectors: discovery.listConnectors,

    connect: async (
      { connectorId, networkId, currentNetworkId, silent, reusePendingPairing },
      signal,
    ) => {
      const connected =
        connectorId === WALLET_CONNECT_CONNECTOR_ID && options.walletConnect
          ? await (await options.walletConnect()).connect(
              { networkId, currentNetworkId, silent, reusePendingPairing },
              signal,
            )
          : await connectInjected(connectorId, silent, signal)
      // Extensions serve every network: the visitor's pick first, then where the kit is, then
      // the site's order; a WalletConnect session only the networks it approved.
      const wanted = networkId
        ? networkOf(networkId)
        : currentNetworkId && networks.has(currentNetworkId)
          ? networkOf(currentNetworkId)
          : undefined
      const network =
        wanted && connected.supports(wanted) && usable(connected.accounts, wanted).length > 0
          ? wanted
          : options.networks.find(
              (candidate) =>
                connected.supports(candidate) && usable(connected.accounts, candidate).length > 0,
            )
      if (!network) {
        await connected.disconnect().catch(() => undefined)
        throw new KitError('UNSUPPORTED_NETWORK', {
          details: 'The wallet has no account on the site’s networks.',
        })
      }
      attach(connected, network)
      const list = usable(connected.accounts, network)
      const caipAddress = toCaip(network.id, toAddress(list[0]!.accountId, network.ss58Prefix))
      return {
        caipAddress,
        accounts: entries(network, list),
        networkId: network.id,
        walletInfo: { name: connected.name, ...(connected.icon ? { icon: connected.icon } : {}) },
        recentWallet: { id: connectorId, name: connected.name },
      }
    },

    disconnect: async ({ connectorId }) => {
      const current = session?.connectorId === connectorId ? session : null
      current?.detach()
      if (current) {
        session = null
        followed = null
        stopFollowing()
      }
      forget()
      await current?.disconnect()
    },

    switchNetwork: async ({ connectorId, networkId }) => {
      const current = live(connectorId)
      const network = networkOf(networkId)
      if (!current.supports(network) || usable(current.accounts, network).length === 0) {
        throw new KitError('UNSUPPORTED_NETWORK', {
          details: `The wallet has no account on ${network.name}.`,
        })
      }
      current.networkId = network.id
      // The same account is written with the new network's prefix: the kit must show it so.
      report(network, current.accounts)
    },

    getBalance: async ({ caipAddress, networkId }, signal) => {
      const network = networkOf(networkId)
      follow(caipAddress, network)
      const cached = balances.get(caipAddress)
      const now = context.env.clock.now()
      if (cached && now - cached.at < TIMINGS.nativeBalanceCacheMs) return cached.value
      const startedAt = generation
      const { free, reserved } = await readAccount(caipAddress, network, signal)
      const { decimals, symbol, name } = network.nativeCurrency
      const balance = fromScaledInteger(free, decimals)
      const native: TokenBalance = {
        name,
        symbol,
        chainId: network.id,
        address: polkadotNativeTokenAddress,
        price: 0,
        quantity: { decimals: String(decimals), numeric: balance },
      }
      const value = {
        balance,
        symbol,
        tokens: [native],
        reserved: fromScaledInteger(reserved, decimals),
      }
      // A read that began before a send must not store its older answer.
      if (startedAt === generation) balances.set(caipAddress, { at: now, value })
      return value
    },

    readBalances: async ({ caipAddress, networkId }, signal) => {
      const network = networkOf(networkId)
      const { free, reserved } = await readAccount(caipAddress, network, signal)
      const { decimals, symbol } = network.nativeCurrency
      return {
        free: fromScaledInteger(free, decimals),
        reserved: fromScaledInteger(reserved, decimals),
        symbol,
      }
    },

    quoteSend: async (parameters, signal): Promise<SendQuote> => {
      const { value, fee, feeSpeed, network } = await prepareTransfer(parameters, signal)
      const { decimals, symbol } = network.nativeCurrency
      return {
        fee: fromScaledInteger(fee, decimals),
        total: fromScaledInteger(value + fee, decimals),
        symbol,
        feeSpeed,
      }
    },

    send: async (parameters, signal) => {
      const current = live(parameters.connectorId)
      const { transaction, sender, tip } = await prepareTransfer(parameters, signal)
      const account = current.accounts.find(
        (entry) => u8aToHex(entry.accountId) === u8aToHex(decodeAddress(sender)),
      )
      if (!account)
        throw new KitError('NOT_CONNECTED', { details: 'The wallet no longer holds the sender.' })
      // Signing is the last point the visitor can still walk away without a trace.
      await abortable(
        transaction.signAsync(sender, { signer: current.signer, nonce: -1, tip }),
        signal,
      )
      // Past this point the wallet has signed: cancelling would lie to the visitor.
      const { hash, finality } = await submit(transaction, parameters.from)
      forget()
      confirmations.set(hash, finality)
      finality.then(
        () => confirmations.delete(hash),
        () => confirmations.delete(hash),
      )
      return { hash }
    },

    waitForTransaction: async ({ hash }, signal) => {
      const pending = confirmations.get(hash)
      if (!pending) {
        // Sent elsewhere or before a reload: a Substrate node cannot look an extrinsic up by
        // hash, so nothing is known about it here.
        throw new KitError('SOMETHING_WENT_WRONG', { details: `${hash} was not sent by this kit.` })
      }
      return { status: await abortable(pending, signal) }
    },

    signMessage: async ({ connectorId, caipAddress, message }, signal) => {
      const parsed = parseCaipAddress(caipAddress)
      const accountId = parsed ? decodeAccountId(parsed.address) : undefined
      if (!parsed || !accountId) throw new KitError('NO_ACTIVE_ADDRESS')
      await cryptoWaitReady()
      const { signature } = await abortable(
        live(connectorId).signer.signRaw({
          address: parsed.address,
          data: u8aToHex(stringToU8a(message)),
          type: 'bytes',
        }),
        signal,
      )
      // A wallet that signs with another key (or signs something else) is caught here, not by
      // whoever checks the signature later.
      if (!verifiesFor(message, signature, accountId)) {
        throw new KitError('UNKNOWN_ERROR', {
          details: 'The wallet’s signature is not the account’s over the message.',
        })
      }
      return { signature }
    },

    checkAddress: async (address) => {
      const read = readSs58(address)
      return (
        read !== undefined &&
        options.networks.some((network) => network.ss58Prefix === read.prefix) &&
        decodeAccountId(address, read.prefix) !== undefined
      )
    },

    watch: () => events$.asObservable(),

    destroy: () => {
      destroyed = true
      session?.detach()
      session = null
      followed = null
      stopFollowing()
      page?.removeEventListener('visibilitychange', onVisibility)
      for (const api of apis.values())
        api.then(
          (created) => created.disconnect(),
          () => undefined,
        )
      apis.clear()
    },
  }

  async function readAccount(
    caipAddress: CaipAddress,
    network: PolkadotNetwork,
    signal: AbortSignal,
  ) {
    const address = parseCaipAddress(caipAddress)?.address ?? ''
    const api = await apiOf(network, signal)
    return accountDataOf(await abortable(systemAccount(api)(address), signal))
  }
}
