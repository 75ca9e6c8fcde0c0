import type { Network } from 'bitcoinjs-lib'
import { firstValueFrom, type Subject, timer } from 'rxjs'
import {
  type AccountEntry,
  type BalanceResult,
  type CaipAddress,
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
  toScaledInteger,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import { verifyBip322 } from './bip322.js'
import type { Bip122Discovery } from './discovery.js'
import { toBip122KitError } from './errors.js'
import { createEsploraClient, type EsploraClient } from './esplora.js'
import { bip122NativeTokenAddress } from './nativeToken.js'
import type { Bip122Network } from './networks.js'
import { buildSendPsbt, finalizeSigned, outputScriptOf, type SendPlan } from './psbt.js'
import { abortable, type Bip122Account, type Bip122WalletSession, connectWallet } from './wallet.js'
import type { Bip122WalletConnectConnector } from './walletConnect.js'

/** Re-exported so the plugin's eager part can map errors without shipping the mapping. @internal */
export { toBip122KitError }

/** Confirmation targets (blocks) of each §7 speed. */
export const FEE_TARGETS: Readonly<Record<FeeSpeed, number>> = {
  instant: 1,
  fast: 3,
  standard: 6,
}

/** How long a quoted PSBT is signed as it was quoted; older, the send builds it again. */
const PLAN_LIFETIME_MS = 60_000

/** What the adapter needs beyond the kit's plugin context. @internal */
export interface Bip122AdapterOptions {
  readonly networks: readonly Bip122Network[]
  /** The speed a send is priced at when the visitor picked none. */
  readonly feeSpeed: FeeSpeed
  /** How often a sent transaction's status is read until it is mined. */
  readonly confirmationPollMs: number
  /** The WalletConnect connector, loaded on first use; absent without WalletConnect. */
  readonly walletConnect: (() => Promise<Bip122WalletConnectConnector>) | undefined
}

/** The bip122 adapter, with what the plugin's sign-in needs. @internal */
export interface Bip122Adapter extends ChainAdapter {
  /** The networks, for the sign-in family. */
  readonly networks: readonly Bip122Network[]
}

/**
 * The fee rate (sat/vB) for a confirmation target from an Esplora `fee-estimates` table: the
 * estimate at the largest target not above it, else the nearest above; 1 sat/vB (the minimum
 * relay fee) when the table is empty.
 * @internal
 */
export function feeRateFor(estimates: ReadonlyMap<number, number>, target: number): number {
  const targets = [...estimates.keys()].sort((left, right) => left - right)
  const below = targets.filter((value) => value <= target).at(-1)
  const chosen = below ?? targets[0]
  return chosen === undefined ? 1 : Math.max(1, estimates.get(chosen)!)
}

/**
 * The bip122 adapter: wallets through {@link Bip122WalletSession}, reads and broadcasts through
 * each network's Esplora-shaped API, sends as PSBTs the plugin builds and checks.
 * @internal
 */
export function createBip122Adapter(
  context: PluginContext,
  options: Bip122AdapterOptions,
  discovery: Bip122Discovery,
  events$: Subject<PluginEventInput>,
): Bip122Adapter {
  const networks = new Map(options.networks.map((network) => [network.id as string, network]))
  const clients = new Map<string, EsploraClient>()
  const balances = new Map<string, { at: number; value: BalanceResult }>()
  const plans = new Map<string, { at: number; plan: SendPlan }>()
  const confirmations = new Map<string, Promise<'success' | 'reverted'>>()
  const followers = new Set<AbortController>()
  let generation = 0
  let session: (Bip122WalletSession & { networkId: string; detach: () => void }) | null = null

  const networkOf = (networkId: string): Bip122Network => {
    const network = networks.get(networkId)
    if (!network)
      throw new KitError('NETWORK_NOT_FOUND', { details: `${networkId} is not configured.` })
    return network
  }
  const clientOf = (network: Bip122Network): EsploraClient => {
    const url = network.rpcUrls[0]
    if (!url) throw new KitError('NETWORK_NOT_FOUND', { details: `${network.id} has no API URL.` })
    let client = clients.get(url)
    if (!client) {
      client = createEsploraClient(url)
      clients.set(url, client)
    }
    return client
  }
  const bitcoinOf = (network: Bip122Network) => network.addresses as Network
  const decodesOn = (address: string, network: Bip122Network) =>
    outputScriptOf(address, bitcoinOf(network)) !== undefined
  const toCaip = (networkId: string, address: string) => `${networkId}:${address}` as CaipAddress
  const entries = (networkId: string, accounts: readonly Bip122Account[]): AccountEntry[] =>
    accounts.map((account) => ({
      caipAddress: toCaip(networkId, account.address),
      type: account.purpose,
    }))
  /** The accounts of the wallet that are addresses of the network; the rest are not shown. */
  const onNetwork = (accounts: readonly Bip122Account[], network: Bip122Network) =>
    accounts.filter((account) => decodesOn(account.address, network))
  const forget = () => {
    generation += 1
    balances.clear()
    plans.clear()
  }
  const live = (connectorId: string) => {
    if (session?.connectorId !== connectorId) throw new KitError('NOT_CONNECTED')
    return session
  }
  const invalidate = (caipAddress: CaipAddress) => {
    forget()
    events$.next({ type: 'balance/invalidated', payload: { namespace: 'bip122', caipAddress } })
  }

  const attach = (connected: Bip122WalletSession, networkId: string) => {
    const detach = connected.onChange((accounts) => {
      if (session?.connectorId !== connected.connectorId) return
      const shown = onNetwork(accounts, networkOf(session.networkId))
      if (shown.length === 0) {
        session.detach()
        session = null
        forget()
        events$.next({ type: 'wallet/disconnected', payload: { namespace: 'bip122' } })
        return
      }
      forget()
      events$.next({
        type: 'account/changed',
        payload: {
          namespace: 'bip122',
          caipAddress: toCaip(session.networkId, shown[0]!.address),
          accounts: entries(session.networkId, shown),
        },
      })
    })
    session?.detach()
    session = Object.assign(connected, { networkId, detach })
  }

  /** The connected payment account of `from`, with its key, or a refusal. */
  const spenderOf = (parameters: Pick<SendParameters, 'connectorId' | 'from'>) => {
    const parsed = parseCaipAddress(parameters.from)
    if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
    const current = live(parameters.connectorId)
    const account = current.accounts.find((entry) => entry.address === parsed.address)
    if (!account) throw new KitError('NO_ACTIVE_ADDRESS', { details: 'Not the wallet’s account.' })
    return { current, account, network: networkOf(parsed.networkId) }
  }

  const planKey = (parameters: SendParameters, speed: FeeSpeed) =>
    [parameters.from, parameters.to, parameters.amount, speed].join('|')

  const plan = async (parameters: SendParameters, signal: AbortSignal) => {
    if (parameters.token !== null)
      throw new KitError('CAPABILITY_UNSUPPORTED', { details: 'Bitcoin sends carry no tokens.' })
    const { account, network } = spenderOf(parameters)
    const speed = parameters.feeSpeed ?? options.feeSpeed
    const amount = toScaledInteger(parameters.amount, network.nativeCurrency.decimals)
    if (amount === undefined || amount <= 0n) throw new KitError('INVALID_AMOUNT')
    const client = clientOf(network)
    const [estimates, utxos] = await Promise.all([
      client.feeEstimates(signal),
      client.utxos(account.address, signal),
    ])
    const built = await buildSendPsbt({
      network: bitcoinOf(network),
      from: account,
      to: parameters.to,
      amount,
      feeRate: feeRateFor(estimates, FEE_TARGETS[speed]),
      utxos,
      previousTransaction: (txid) => client.transactionHex(txid, signal),
    })
    plans.set(planKey(parameters, speed), { at: context.env.clock.now(), plan: built })
    return { plan: built, speed, network, account }
  }

  const quote = (built: SendPlan, network: Bip122Network, speed: FeeSpeed): SendQuote => {
    const { decimals, symbol } = network.nativeCurrency
    return {
      fee: fromScaledInteger(built.fee, decimals),
      total: fromScaledInteger(built.total, decimals),
      symbol,
      feeSpeed: speed,
      feeRate: `${built.feeRate} sat/vB`,
    }
  }

  /** Reads the status until the transaction is mined; each read and wait honours the signal. */
  const follow = async (network: Bip122Network, txid: string, signal: AbortSignal) => {
    const client = clientOf(network)
    for (;;) {
      const status = await client.transactionStatus(txid, signal).catch((error: unknown) => {
        // Not known yet (an API that indexes a moment after accepting): read again.
        if (signal.aborted) throw error
        return { confirmed: false, height: undefined }
      })
      if (status.confirmed) return 'success' as const
      await abortable(
        firstValueFrom(timer(options.confirmationPollMs, context.env.scheduler)),
        signal,
      )
    }
  }

  return {
    networks: options.networks,

    connectors: discovery.listConnectors,

    connect: async (
      { connectorId, networkId, currentNetworkId, silent, reusePendingPairing },
      signal,
    ) => {
      const connected =
        connectorId === WALLET_CONNECT_CONNECTOR_ID && options.walletConnect
          ? await (await options.walletConnect()).connect(
              { networkId, silent, reusePendingPairing },
              signal,
            )
          : await connectWallet(discovery.walletOf(connectorId), silent, signal)
      const payment = connected.accounts.find((account) => account.purpose === 'payment')
      if (!payment) {
        throw new KitError('NOT_CONNECTED', {
          details: silent
            ? 'The wallet has not authorized the site.'
            : 'The wallet exposes no payment account.',
        })
      }
      // Bitcoin wallets are on one network at a time, which their addresses tell: the visitor's
      // pick first, then where the kit already is, then the site's order, among the networks the
      // payment address belongs to (testnet and signet share theirs).
      const candidates = options.networks.filter((network) => decodesOn(payment.address, network))
      const wanted = [networkId, currentNetworkId].find((id) =>
        candidates.some((network) => network.id === id),
      )
      const network = wanted ? networkOf(wanted) : candidates[0]
      if (!network) {
        await connected.disconnect().catch(() => undefined)
        throw new KitError('UNSUPPORTED_NETWORK', {
          details: 'The wallet’s addresses belong to none of the site’s networks.',
        })
      }
      attach(connected, network.id)
      const shown = onNetwork(connected.accounts, network)
      return {
        caipAddress: toCaip(network.id, payment.address),
        accounts: entries(network.id, shown),
        networkId: network.id,
        walletInfo: { name: connected.name, ...(connected.icon ? { icon: connected.icon } : {}) },
        recentWallet: { id: connectorId, name: connected.name },
      }
    },

    disconnect: async ({ connectorId }) => {
      const current = session?.connectorId === connectorId ? session : null
      current?.detach()
      if (current) session = null
      forget()
      await current?.disconnect()
    },

    switchNetwork: async ({ connectorId, networkId }) => {
      const current = live(connectorId)
      const network = networkOf(networkId)
      const payment = current.accounts.find((account) => account.purpose === 'payment')
      // A wallet's addresses belong to its network; the site cannot move them to another.
      if (!payment || !decodesOn(payment.address, network))
        throw new KitError('UNSUPPORTED_NETWORK', {
          details: `The wallet’s addresses are not ${network.name} addresses.`,
        })
      current.networkId = network.id
      forget()
    },

    getBalance: async ({ caipAddress, networkId }, signal) => {
      const cached = balances.get(caipAddress)
      const now = context.env.clock.now()
      if (cached && now - cached.at < TIMINGS.nativeBalanceCacheMs) return cached.value
      const startedAt = generation
      const network = networkOf(networkId)
      const address = parseCaipAddress(caipAddress)?.address ?? ''
      const { unconfirmed } = await clientOf(network).balance(address, signal)
      // What the address holds with the mempool's effect: a send shows at once.
      const balance = fromScaledInteger(unconfirmed < 0n ? 0n : unconfirmed, 8)
      const { name, symbol, decimals } = network.nativeCurrency
      const value: BalanceResult = {
        balance,
        symbol,
        // BTC as the one token of the account, so the send form offers it.
        tokens: [
          {
            name,
            symbol,
            chainId: network.id,
            address: bip122NativeTokenAddress,
            price: 0,
            quantity: { decimals: String(decimals), numeric: balance },
          },
        ],
      }
      // A read that began before a send must not store its older answer.
      if (startedAt === generation) balances.set(caipAddress, { at: now, value })
      return value
    },

    quoteSend: async (parameters, signal) => {
      const { plan: built, network, speed } = await plan(parameters, signal)
      return quote(built, network, speed)
    },

    send: async (parameters, signal) => {
      const speed = parameters.feeSpeed ?? options.feeSpeed
      const quoted = plans.get(planKey(parameters, speed))
      const fresh =
        quoted && context.env.clock.now() - quoted.at < PLAN_LIFETIME_MS ? quoted.plan : undefined
      // What the visitor was shown is what the wallet signs; without a fresh quote, a new plan.
      const built = fresh ?? (await plan(parameters, signal)).plan
      const { current, account, network } = spenderOf(parameters)
      // Past this point the wallet may sign: cancelling would lie to the visitor.
      const signed = await current.signPsbt(built.psbt, {
        address: account.address,
        indexes: built.signingIndexes,
      })
      const { hex, txid } = finalizeSigned(built, signed, bitcoinOf(network))
      const client = clientOf(network)
      // Signed is as good as sent: the broadcast is bounded by the client's own timeout only.
      const answered = await client.broadcast(hex, new AbortController().signal)
      if (answered !== txid)
        throw new KitError('UNKNOWN_ERROR', { details: 'The API broadcast another transaction.' })
      invalidate(parameters.from)
      const controller = new AbortController()
      followers.add(controller)
      // Reading stops with the kit's receipt wait (§ send flow), or when the kit is destroyed.
      const expiry = timer(TIMINGS.receiptWaitMs, context.env.scheduler).subscribe(() =>
        controller.abort(),
      )
      const confirmation = follow(network, txid, controller.signal).then((status) => {
        invalidate(parameters.from)
        return status
      })
      confirmations.set(txid, confirmation)
      const done = () => {
        confirmations.delete(txid)
        followers.delete(controller)
        expiry.unsubscribe()
      }
      confirmation.then(done, done)
      return { hash: txid }
    },

    waitForTransaction: async ({ hash, networkId }, signal) => {
      const pending = confirmations.get(hash)
      if (pending) return { status: await abortable(pending, signal) }
      return { status: await follow(networkOf(networkId), hash, signal) }
    },

    signMessage: async ({ connectorId, caipAddress, message }, signal) => {
      const parsed = parseCaipAddress(caipAddress)
      if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
      const network = networkOf(parsed.networkId)
      const signature = await abortable(
        live(connectorId).signMessage(parsed.address, message),
        signal,
      )
      // A wallet's answer is untrusted: a signature that does not verify is not handed on.
      if (
        !verifyBip322({ address: parsed.address, message, signature, network: bitcoinOf(network) })
      )
        throw new KitError('UNKNOWN_ERROR', {
          details: 'The wallet’s signature is not the account’s signature of the message.',
        })
      return { signature }
    },

    checkAddress: async (address) => {
      const current = session ? networks.get(session.networkId) : undefined
      const candidates = current ? [current] : options.networks
      return candidates.some((network) => decodesOn(address, network))
    },

    watch: () => events$.asObservable(),

    destroy: () => {
      session?.detach()
      session = null
      for (const controller of followers) controller.abort()
    },
  }
}
