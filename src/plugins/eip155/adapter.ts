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
  type PublicClient,
  parseUnits,
} from 'viem'
import { normalize } from 'viem/ens'
import * as z from 'zod/mini'
import {
  type AccountEntry,
  type BalanceResult,
  type CaipAddress,
  type ChainAdapter,
  hasInsufficientGas,
  KitError,
  type PluginContext,
  type PluginEventInput,
  type ProfileResult,
  parseCaipAddress,
  TIMINGS,
  type TokenBalance,
} from '../../kernel/index.js'
import type { Eip6963Discovery } from './discovery.js'
import { eip155ErrorCode } from './errors.js'
import { eip155NativeTokenAddress } from './nativeToken.js'
import { chainIdOf, toEip155NetworkId } from './networks.js'
import { createEip155Transport } from './transport.js'

/** What the adapter needs beyond the kit's plugin context. */
export interface Eip155AdapterOptions {
  readonly chains: readonly Chain[]
  readonly rpcUrls: Readonly<Record<number, readonly string[]>>
  readonly gatewayUrl: string | undefined
  readonly rank: { readonly interval?: number; readonly timeout?: number } | undefined
}

// Wallet answers are untrusted input: check their shape before anything uses them.
const addressListSchema = z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)))
const chainIdSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/))
const typedDataSchema = z.object({
  domain: z.optional(z.record(z.string(), z.unknown())),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})

function parseWallet<TSchema extends z.ZodMiniType>(schema: TSchema, value: unknown, what: string) {
  const result = schema.safeParse(value)
  if (!result.success) {
    throw new KitError('UNKNOWN_ERROR', {
      details: `The wallet answered ${what} with an unexpected value.`,
    })
  }
  return result.data as z.infer<TSchema>
}

interface Connection {
  readonly connectorId: string
  readonly provider: EIP1193Provider
  chainId: number
  readonly detach: () => void
}

interface Cached<TValue> {
  readonly at: number
  readonly value: TValue
}

/**
 * The eip155 adapter: EIP-6963 and legacy injected wallets through EIP-1193, reads through viem
 * public clients on the configured transports, writes through the wallet.
 * @internal
 */
export function createEip155Adapter(
  context: PluginContext,
  options: Eip155AdapterOptions,
  discovery: Eip6963Discovery,
  events$: Subject<PluginEventInput>,
): ChainAdapter {
  const chains = new Map(options.chains.map((chain) => [chain.id, chain]))
  const clients = new Map<number, PublicClient>()
  const balances = new Map<string, Cached<BalanceResult>>()
  const profiles = new Map<string, Cached<ProfileResult>>()
  const now = () => context.env.clock.now()
  let connection: Connection | null = null

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
  const walletOf = (connectorId: string, chainId: number, account: Address) => {
    const live =
      connection?.connectorId === connectorId
        ? connection.provider
        : providerOf(connectorId).provider
    return createWalletClient({ account, chain: chainOf(chainId), transport: custom(live) })
  }
  const toCaip = (chainId: number, address: string): CaipAddress =>
    `${toEip155NetworkId(chainId)}:${getAddress(address)}`
  // Bumped whenever cached balances become stale, so a read that started before a send cannot
  // store its older answer after the send invalidated the cache.
  let generation = 0
  const forget = (address: string) => {
    generation += 1
    for (const key of balances.keys())
      if (key.toLowerCase().endsWith(address.toLowerCase())) balances.delete(key)
  }

  const attach = (connectorId: string, provider: EIP1193Provider, chainId: number): Connection => {
    const onAccounts = (accounts: unknown) => {
      const list = addressListSchema.safeParse(accounts)
      if (!list.success || !connection) return
      const [first] = list.data
      if (!first) {
        // No account exposed any more: the same as the wallet disconnecting.
        onDisconnect()
        return
      }
      const id = connection.chainId
      events$.next({
        type: 'account/changed',
        payload: {
          namespace: 'eip155',
          caipAddress: toCaip(id, first),
          accounts: list.data.map((address) => ({
            caipAddress: toCaip(id, address),
            type: 'eoa' as const,
          })),
        },
      })
    }
    const onChain = (hex: unknown) => {
      const parsed = chainIdSchema.safeParse(hex)
      if (!parsed.success || !connection) return
      connection.chainId = Number.parseInt(parsed.data, 16)
      events$.next({
        type: 'chain/changed',
        payload: { namespace: 'eip155', networkId: toEip155NetworkId(connection.chainId) },
      })
    }
    const onDisconnect = () => {
      connection?.detach()
      connection = null
      events$.next({ type: 'wallet/disconnected', payload: { namespace: 'eip155' } })
    }
    provider.on('accountsChanged', onAccounts)
    provider.on('chainChanged', onChain)
    provider.on('disconnect', onDisconnect)
    return {
      connectorId,
      provider,
      chainId,
      detach: () => {
        provider.removeListener('accountsChanged', onAccounts)
        provider.removeListener('chainChanged', onChain)
        provider.removeListener('disconnect', onDisconnect)
      },
    }
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

  return {
    connectors: discovery.listConnectors,

    connect: async ({ connectorId, networkId, silent }) => {
      const { provider, wallet } = providerOf(connectorId)
      const accounts = parseWallet(
        addressListSchema,
        await provider.request({ method: silent ? 'eth_accounts' : 'eth_requestAccounts' }),
        'the account request',
      )
      const [first] = accounts
      if (!first) throw new KitError('NOT_CONNECTED', { details: 'The wallet exposes no account.' })
      let chainId = Number.parseInt(
        parseWallet(
          chainIdSchema,
          await provider.request({ method: 'eth_chainId' }),
          'eth_chainId',
        ),
        16,
      )
      const wanted = networkId ? chainIdOf(networkId) : undefined
      if (!silent && wanted !== undefined && wanted !== chainId) {
        await switchTo(provider, wanted)
        chainId = wanted
      }
      connection?.detach()
      connection = attach(connectorId, provider, chainId)
      const entries: AccountEntry[] = accounts.map((address) => ({
        caipAddress: toCaip(chainId, address),
        type: 'eoa',
      }))
      const name = wallet?.name ?? 'Browser Wallet'
      return {
        caipAddress: toCaip(chainId, first),
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

    disconnect: async ({ connectorId }) => {
      const live = connection?.connectorId === connectorId ? connection : null
      live?.detach()
      if (live) connection = null
      generation += 1
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
      const provider =
        connection?.connectorId === connectorId
          ? connection.provider
          : providerOf(connectorId).provider
      await switchTo(provider, chainIdOf(networkId))
      if (connection?.connectorId === connectorId) connection.chainId = chainIdOf(networkId)
    },

    getBalance: async ({ caipAddress, networkId }, signal) => {
      const cached = balances.get(caipAddress)
      if (cached && now() - cached.at < TIMINGS.nativeBalanceCacheMs) return cached.value
      const startedAt = generation
      const chainId = chainIdOf(networkId)
      const chain = chainOf(chainId)
      const client = clientOf(chainId)
      const address = getAddress(parseCaipAddress(caipAddress)?.address ?? '')
      // The native currency is read with eth_getBalance; it has no balanceOf.
      const tokens = context.settings.tokens.filter(
        (token) =>
          token.chainId === networkId &&
          token.decimals > 0 &&
          token.address.toLowerCase() !== eip155NativeTokenAddress,
      )
      const [native, results] = await Promise.all([
        client.getBalance({ address }),
        tokens.length
          ? client.multicall({
              // Chains without a Multicall3 deployment (local nodes) still batch in one eth_call.
              deployless: true,
              allowFailure: true,
              contracts: tokens.map((token) => ({
                address: getAddress(token.address),
                abi: erc20Abi,
                functionName: 'balanceOf' as const,
                args: [address] as const,
              })),
            })
          : Promise.resolve([]),
      ])
      const nativeEntry: TokenBalance = {
        name: chain.nativeCurrency.name,
        symbol: chain.nativeCurrency.symbol,
        chainId: networkId,
        address: eip155NativeTokenAddress,
        price: 0,
        quantity: {
          decimals: String(chain.nativeCurrency.decimals),
          numeric: formatUnits(native, chain.nativeCurrency.decimals),
        },
      }
      const tokenEntries = tokens.flatMap((token, index): TokenBalance[] => {
        const result = results[index]
        if (result?.status !== 'success' || typeof result.result !== 'bigint') return []
        return [
          {
            name: token.name,
            symbol: token.symbol,
            chainId: networkId,
            address: getAddress(token.address),
            price: token.price ?? 0,
            quantity: {
              decimals: String(token.decimals),
              numeric: formatUnits(result.result, token.decimals),
            },
            ...(token.iconUrl ? { iconUrl: token.iconUrl } : {}),
          },
        ]
      })
      if (tokens.length > 0 && tokenEntries.length === 0) {
        throw new KitError('TOKEN_BALANCE_UNAVAILABLE', {
          details: 'No token balance could be read.',
        })
      }
      const value: BalanceResult = {
        balance: nativeEntry.quantity.numeric,
        symbol: chain.nativeCurrency.symbol,
        tokens: [nativeEntry, ...tokenEntries],
      }
      // A cancelled read (the kit moved on) or one older than a send must not fill the cache.
      if (startedAt === generation && !signal.aborted)
        balances.set(caipAddress, { at: now(), value })
      return value
    },

    send: async ({ connectorId, from, to, amount, token, accountType }) => {
      const parsed = parseCaipAddress(from)
      if (!parsed) throw new KitError('NO_ACTIVE_ADDRESS')
      const chainId = chainIdOf(parsed.networkId)
      const chain = chainOf(chainId)
      const client = clientOf(chainId)
      const account = getAddress(parsed.address)
      const receiver = getAddress(to.startsWith('0x') ? to : `0x${to}`)
      const isNative = !token || token.address.toLowerCase() === eip155NativeTokenAddress
      const decimals = isNative ? chain.nativeCurrency.decimals : Number(token.quantity.decimals)
      const value = parseUnits(amount, decimals)
      const [gas, gasPrice, nativeBalance] = await Promise.all([
        isNative
          ? client.estimateGas({ account, to: receiver, value })
          : client.estimateContractGas({
              account,
              address: getAddress(token.address),
              abi: erc20Abi,
              functionName: 'transfer',
              args: [receiver, value],
            }),
        client.getGasPrice(),
        client.getBalance({ address: account }),
      ])
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
            address: getAddress(token.address),
            abi: erc20Abi,
            functionName: 'transfer',
            args: [receiver, value],
            gas,
            gasPrice,
          })
      forget(account)
      forget(receiver)
      // On a real network the transaction is mined later: once it is, the balance read right
      // after the send is stale, so drop it and ask the kit to read again.
      client.waitForTransactionReceipt({ hash }).then(
        () => {
          forget(account)
          forget(receiver)
          events$.next({
            type: 'balance/invalidated',
            payload: { namespace: 'eip155', caipAddress: from },
          })
        },
        () => undefined,
      )
      return { hash }
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

    getProfile: async ({ caipAddress }, signal) => {
      const parsed = parseCaipAddress(caipAddress)
      const chain = parsed && chains.get(chainIdOf(parsed.networkId))
      // ENS lives where the chain declares its universal resolver (mainnet, sepolia, a site's fork).
      if (!parsed || !chain?.contracts?.ensUniversalResolver) return { name: null, avatar: null }
      const key = `${chain.id}:${parsed.address.toLowerCase()}`
      const cached = profiles.get(key)
      if (cached && now() - cached.at < TIMINGS.ensCacheMs) return cached.value
      const client = clientOf(chain.id)
      const name = await client.getEnsName({ address: getAddress(parsed.address) })
      const avatar = name ? await client.getEnsAvatar({ name: normalize(name) }) : null
      const value = { name, avatar }
      if (!signal.aborted) profiles.set(key, { at: now(), value })
      return value
    },

    watch: () => events$.asObservable(),

    destroy: () => {
      connection?.detach()
      connection = null
    },
  }
}
