import type { Subject } from 'rxjs'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193Provider,
  erc20Abi,
  formatUnits,
  getAddress,
  isAddress,
  isHex,
  type PublicClient,
  parseUnits,
} from 'viem'
import { normalize } from 'viem/ens'
import * as z from 'zod/mini'
import type { SwapAdapter } from '../../features/swap/capability.js'
import {
  type ChainAdapter,
  fromScaledInteger,
  hasInsufficientGas,
  KitError,
  type PluginContext,
  type PluginEventInput,
  type ProfileResult,
  parseCaipAddress,
  type SendParameters,
  type SendQuote,
  TIMINGS,
  toSafeImageUrl,
  untilAborted,
} from '../../kernel/index.js'
import { createBalanceReader } from './balances.js'
import { createBlockWatcher } from './blockWatcher.js'
import { createWalletConnections } from './connection.js'
import type { Eip6963Discovery } from './discovery.js'
import { eip155ErrorCode } from './errors.js'
import { eip155NativeTokenAddress } from './nativeToken.js'
import { chainIdOf } from './networks.js'
import { readClientOf, readNativeBalance, withReadBudget } from './reads.js'
import { createEip155Transport } from './transport.js'

/** What the adapter needs beyond the kit's plugin context. */
export interface Eip155AdapterOptions {
  readonly chains: readonly Chain[]
  readonly rpcUrls: Readonly<Record<number, readonly string[]>>
  readonly gatewayUrl: string | undefined
  readonly rank: { readonly interval?: number; readonly timeout?: number } | undefined
}

const typedDataSchema = z.object({
  domain: z.optional(z.record(z.string(), z.unknown())),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})

/** The eip155 adapter, with what the plugin tells it beyond the ChainAdapter interface. @internal */
export interface Eip155Adapter extends ChainAdapter {
  /** The swap capability's send, offered as `capabilities.swap` by the plugin's lazy shell. */
  readonly sendTransaction: SwapAdapter['sendTransaction']
  /** The kit's connection ended on another path (a WalletConnect disconnect): stop following blocks. */
  readonly forgetConnection: () => void
  /** The node client of a configured chain (the sign-in checks smart accounts with it). */
  readonly publicClientOf: (chainId: number) => PublicClient
}

interface Cached<TValue> {
  readonly at: number
  readonly value: TValue
}

/**
 * The eip155 adapter: EIP-6963 and legacy injected wallets through EIP-1193, reads through viem
 * public clients on the configured transports (each read under one §9 timeout, with the kit's
 * signal), writes through the wallet, and balance refreshes on new blocks.
 * @internal
 */
export function createEip155Adapter(
  context: PluginContext,
  options: Eip155AdapterOptions,
  discovery: Eip6963Discovery,
  events$: Subject<PluginEventInput>,
): Eip155Adapter {
  const chains = new Map(options.chains.map((chain) => [chain.id, chain]))
  const clients = new Map<number, PublicClient>()
  const profiles = new Map<string, Cached<ProfileResult>>()
  const now = () => context.env.clock.now()
  const { scheduler } = context.env

  const { providerOf } = discovery
  const chainOf = (chainId: number): Chain => {
    const chain = chains.get(chainId)
    if (!chain)
      throw new KitError('NETWORK_NOT_FOUND', { details: `eip155:${chainId} is not configured.` })
    return chain
  }
  const clientOf = (chainId: number): PublicClient => {
    let client = clients.get(chainId)
    if (!client) {
      const chain = chainOf(chainId)
      client = createPublicClient({
        chain,
        transport: createEip155Transport({
          chain,
          rpcUrls: options.rpcUrls[chainId] ?? [],
          projectId: context.settings.projectId,
          gatewayUrl: options.gatewayUrl,
          rank: options.rank,
        }),
      }) as PublicClient
      clients.set(chainId, client)
    }
    return client
  }
  const balances = createBalanceReader(context, chainOf, clientOf)
  /** Invalidations held back until the read under way for the address has answered the kit. */
  const deferred = new Set<string>()
  const invalidate = (caipAddress: string) => {
    const address = parseCaipAddress(caipAddress)?.address
    // Dropped at once, so the read under way cannot keep its older answer.
    if (address) balances.forget(address)
    // A new request would cancel that read only to ask the node the same again; ask once it
    // has answered instead.
    if (balances.isReading(caipAddress)) {
      deferred.add(caipAddress)
      return
    }
    events$.next({
      type: 'balance/invalidated',
      payload: { namespace: 'eip155', caipAddress: caipAddress as `eip155:${number}:${string}` },
    })
  }
  // A failed read is retried on the kit's terms (§8: 30 s); new blocks must not hammer the node.
  const blocks = createBlockWatcher(clientOf, ({ caipAddress }) => {
    if (!balances.hasFailed(caipAddress)) invalidate(caipAddress)
  })
  const connections = createWalletConnections({
    context,
    events$,
    discovery,
    switchTo: (provider, chainId) => switchTo(provider, chainId),
    onChange: (connection) =>
      blocks.follow(
        connection && chains.has(connection.chainId)
          ? { chainId: connection.chainId, caipAddress: connection.caipAddress }
          : null,
      ),
  })
  // A wallet that ended the connection on its side (either path) has no balance to refresh.
  const ended = events$.subscribe((event) => {
    if (event.type === 'wallet/disconnected') blocks.follow(null)
  })
  const walletOf = (connectorId: string, chainId: number, account: Address) => {
    const live = connections.current()
    const provider =
      live?.connectorId === connectorId ? live.provider : providerOf(connectorId).provider
    return createWalletClient({ account, chain: chainOf(chainId), transport: custom(provider) })
  }

  const switchTo = async (provider: EIP1193Provider, chainId: number) => {
    const chain = chainOf(chainId)
    const wallet = createWalletClient({ chain, transport: custom(provider) })
    try {
      await wallet.switchChain({ id: chainId })
    } catch (error) {
      // EIP-3326: 4902 means the wallet does not know the chain yet; add it (EIP-3085), then switch.
      if (eip155ErrorCode(error) !== 4902) throw error
      await wallet.addChain({
        chain: {
          ...chain,
          rpcUrls: {
            default: {
              http: options.rpcUrls[chainId]
                ? [...options.rpcUrls[chainId]]
                : [...chain.rpcUrls.default.http],
            },
          },
        },
      })
      await wallet.switchChain({ id: chainId })
    }
  }

  /** The transfer as the node prices it now: gas, gas price and the sender's native balance. */
  const estimateTransfer = async (
    { from, to, amount, token }: SendParameters,
    signal: AbortSignal,
    options: { readonly zeroValue?: boolean } = {},
  ) => {
    const parsed = parseCaipAddress(from)
    if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
    const chainId = chainIdOf(parsed.networkId)
    const chain = chainOf(chainId)
    const account = getAddress(parsed.address)
    const receiver = getAddress(to.startsWith('0x') ? to : `0x${to}`)
    const isNative = !token || token.address.toLowerCase() === eip155NativeTokenAddress
    const decimals = isNative ? chain.nativeCurrency.decimals : Number(token.quantity.decimals)
    const value = parseUnits(amount, decimals)
    const [gas, gasPrice, nativeBalance] = await withReadBudget(
      scheduler,
      signal,
      'the gas estimate',
      (readSignal) => {
        const client = readClientOf(clientOf(chainId), readSignal)
        return Promise.all([
          isNative
            ? client.estimateGas({
                account,
                to: receiver,
                value: options.zeroValue ? 0n : value,
              })
            : client.estimateContractGas({
                account,
                address: getAddress(token.address),
                abi: erc20Abi,
                functionName: 'transfer',
                args: [receiver, value],
              }),
          client.getGasPrice(),
          readNativeBalance(client, account),
        ])
      },
    )
    return {
      chainId,
      chain,
      account,
      receiver,
      isNative,
      value,
      gas,
      gasPrice,
      nativeBalance,
      token: isNative ? null : token,
    }
  }

  return {
    connectors: discovery.listConnectors,

    connect: (parameters, signal) => connections.connect(parameters, signal),

    disconnect: async ({ connectorId }) => {
      const live = connections.end(connectorId)
      blocks.follow(null)
      balances.clear()
      try {
        // EIP-2255 revocation, where the wallet supports it; an injected wallet otherwise simply
        // stays authorized on its side, which is the browser's norm.
        await (live?.provider ?? providerOf(connectorId).provider).request({
          method: 'wallet_revokePermissions',
          params: [{ eth_accounts: {} }],
        })
      } catch {
        // Not every wallet implements revocation; the kit's side of the connection is gone anyway.
      }
    },

    switchNetwork: async ({ connectorId, networkId }) => {
      const live = connections.current()
      const provider =
        live?.connectorId === connectorId ? live.provider : providerOf(connectorId).provider
      await switchTo(provider, chainIdOf(networkId))
      connections.setChain(connectorId, chainIdOf(networkId))
    },

    getBalance: async (parameters, signal) => {
      const { caipAddress, networkId } = parameters
      try {
        const value = await balances.read(parameters, signal)
        // The account the kit shows a balance for, whatever connected it (an injected wallet or
        // a WalletConnect session), is the one whose new blocks matter.
        const chainId = chainIdOf(networkId)
        if (!signal.aborted && chains.has(chainId)) blocks.follow({ chainId, caipAddress })
        return value
      } finally {
        // On the next tick: the kit records this read's answer first.
        if (deferred.delete(caipAddress)) scheduler.schedule(() => invalidate(caipAddress))
      }
    },

    quoteSend: async (parameters, signal): Promise<SendQuote> => {
      const { chain, gas, gasPrice, value, isNative } = await estimateTransfer(parameters, signal, {
        // A transfer's gas does not depend on its value, and a node refuses to estimate one that
        // leaves nothing for gas: Max asks the fee of the whole balance.
        zeroValue: true,
      })
      const fee = gas * gasPrice
      const { decimals, symbol } = chain.nativeCurrency
      return {
        fee: fromScaledInteger(fee, decimals),
        total: fromScaledInteger(isNative ? value + fee : fee, decimals),
        symbol,
        feeSpeed: 'standard',
        bySpeed: false,
      }
    },

    send: async (parameters, signal) => {
      const { connectorId, from, accountType } = parameters
      const {
        chainId,
        chain,
        account,
        receiver,
        isNative,
        value,
        gas,
        gasPrice,
        nativeBalance,
        token,
      } = await estimateTransfer(parameters, signal)
      // §5 gas check. Both sides are in the native currency, so comparing in it is the same as
      // comparing in USD at any price; a native send leaves only balance − amount for gas.
      const left = isNative ? nativeBalance - value : nativeBalance
      const gasCost = gas * gasPrice
      if (
        hasInsufficientGas({
          nativeBalance: formatUnits(left > 0n ? left : 0n, chain.nativeCurrency.decimals),
          nativeBalanceUsd: Number(
            formatUnits(left > 0n ? left : 0n, chain.nativeCurrency.decimals),
          ),
          gasCostUsd: Number(formatUnits(gasCost, chain.nativeCurrency.decimals)),
          isSmartAccount: accountType === 'smartAccount',
        })
      ) {
        throw new KitError('INSUFFICIENT_GAS')
      }
      const wallet = walletOf(connectorId, chainId, account)
      const hash = isNative
        ? await wallet.sendTransaction({ account, chain, to: receiver, value, gas, gasPrice })
        : await wallet.writeContract({
            account,
            chain,
            address: getAddress(token!.address),
            abi: erc20Abi,
            functionName: 'transfer',
            args: [receiver, value],
            gas,
            gasPrice,
          })
      balances.forget(account)
      balances.forget(receiver)
      // On a real network the transaction is mined later: once it is, the balance read right
      // after the send is stale, so drop it and ask the kit to read again.
      clientOf(chainId)
        .waitForTransactionReceipt({ hash })
        .then(
          () => {
            balances.forget(receiver)
            invalidate(from)
          },
          () => undefined,
        )
      return { hash }
    },

    sendTransaction: async ({ connectorId, from, to, data, value, gas, gasPrice }) => {
      const parsed = parseCaipAddress(from)
      if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
      if (!isHex(data))
        throw new KitError('VALIDATION_FAILED', { details: 'Call data is not hex.' })
      const chainId = chainIdOf(parsed.networkId)
      const account = getAddress(parsed.address)
      const hash = await walletOf(connectorId, chainId, account).sendTransaction({
        account,
        chain: chainOf(chainId),
        to: getAddress(to),
        data,
        value: BigInt(value),
        ...(gas === undefined ? {} : { gas: BigInt(gas) }),
        ...(gasPrice === undefined ? {} : { gasPrice: BigInt(gasPrice) }),
      })
      balances.forget(account)
      return { hash }
    },

    waitForTransaction: async ({ hash, networkId }, signal) => {
      const chainId = chainIdOf(networkId)
      // The receipt's status is what the chain decided: a revert still mines the transaction.
      const receipt = await untilAborted(
        clientOf(chainId).waitForTransactionReceipt({
          hash: hash as `0x${string}`,
          timeout: TIMINGS.receiptWaitMs,
        }),
        signal,
        'The wait for the receipt',
      )
      return { status: receipt.status === 'success' ? 'success' : 'reverted' }
    },

    signMessage: async ({ connectorId, caipAddress, message }) => {
      const parsed = parseCaipAddress(caipAddress)
      if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
      const account = getAddress(parsed.address)
      const wallet = walletOf(connectorId, chainIdOf(parsed.networkId), account)
      return { signature: await wallet.signMessage({ account, message }) }
    },

    signTypedData: async ({ connectorId, caipAddress, typedData }) => {
      const parsed = parseCaipAddress(caipAddress)
      if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
      const data = typedDataSchema.safeParse(typedData)
      if (!data.success)
        throw new KitError('VALIDATION_FAILED', { details: 'Not EIP-712 typed data.' })
      const account = getAddress(parsed.address)
      const wallet = walletOf(connectorId, chainIdOf(parsed.networkId), account)
      return {
        signature: await wallet.signTypedData({
          account,
          ...(data.data as unknown as Parameters<typeof wallet.signTypedData>[0]),
        }),
      }
    },

    // §5 lets the prefix go; a mixed-case address claims an EIP-55 checksum, and a wrong one is
    // a mistyped address. All-lowercase or all-uppercase addresses claim nothing and pass.
    checkAddress: async (address) =>
      isAddress(address.startsWith('0x') ? address : `0x${address}`, { strict: true }),

    getProfile: async ({ caipAddress }, signal) => {
      const parsed = parseCaipAddress(caipAddress)
      const chain = parsed && chains.get(chainIdOf(parsed.networkId))
      // ENS lives where the chain declares its universal resolver (mainnet, sepolia, a site's fork).
      if (!parsed || !chain?.contracts?.ensUniversalResolver) return { name: null, avatar: null }
      const key = `${chain.id}:${parsed.address.toLowerCase()}`
      const cached = profiles.get(key)
      if (cached && now() - cached.at < TIMINGS.ensCacheMs) return cached.value
      const value = await withReadBudget(scheduler, signal, 'the profile', async (readSignal) => {
        const client = readClientOf(clientOf(chain.id), readSignal)
        const name = await client.getEnsName({ address: getAddress(parsed.address) })
        const avatar = name ? await client.getEnsAvatar({ name: normalize(name) }) : null
        // The avatar record says whatever its owner wrote, and viem hands any `data:…;base64,`
        // back as it is: only a safe image URL enters the state (decision 0103); the name stays.
        return { name, avatar: toSafeImageUrl(avatar) ?? null }
      })
      profiles.set(key, { at: now(), value })
      return value
    },

    watch: () => events$.asObservable(),

    forgetConnection: () => blocks.follow(null),

    publicClientOf: clientOf,

    destroy: () => {
      ended.unsubscribe()
      connections.destroy()
      blocks.destroy()
    },
  }
}
