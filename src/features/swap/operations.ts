/**
 * The swap's four operations (§4 steps 1–5), each one terminal event per request: initialization,
 * quote, preparation (allowance, then the approval or the swap transaction) and the transaction
 * sent through the wallet. Every call to the server is bounded and aborted when its request is
 * given up.
 * @module
 */
import { EMPTY, filter, Observable, switchMap, takeUntil, timer } from 'rxjs'
import {
  type Effect,
  type EventInput,
  type EventOf,
  fromScaledInteger,
  KitError,
  type KitState,
  maxSendable,
  ofType,
  pluginError,
  runOperation,
  selectActiveAccount,
  selectEffectiveAccountType,
  TIMINGS,
  type Transition,
  toScaledInteger,
} from '../../kernel/index.js'
import { minimumReceived, percentToBasisPoints } from '../../services/gangway/convertRules.js'
import { CONVERT_NATIVE_ADDRESS } from '../../services/gangway/convertSchemas.js'
import { multiplyDecimal } from './amounts.js'
import { swapAdapterOf } from './capability.js'
import { type CheckedSwapCall, checkSwapTransaction } from './checkSwapTransaction.js'
import { SWAP_MAX_FALLBACK_GAS, SWAP_MAX_TRIAL_DIVISOR } from './constants.js'
import { swapErrors } from './errors.js'
import { swapNetworksOf } from './offered.js'
import {
  isSameToken,
  leavesNoGasFor,
  SWAP_SERVICE_TIMEOUT_MS,
  SWAP_VIEWS,
  splitSwapTokens,
  swapNetworkUnsupported,
  swapRouterOf,
  swapSlippageOf,
  swapTokenId,
  toBaseUnits,
} from './rules.js'
import {
  clientsOf,
  connectedAccountOf,
  myTokensOf,
  nativeDecimalsOf,
  networkCostOf,
  priceIdOf,
  toPrepared,
  toTokenInfo,
} from './service.js'
import { selectSwapSettings } from './settings.js'
import type { SwapState } from './slice.js'

const swapOf = (state: KitState) => (state as { swap?: SwapState }).swap

/** A new form, a reset, leaving the swap views or disconnecting gives up what the form asked. */
const formChanged = ({ event, before, after }: Transition): boolean =>
  [
    'swap/amountChanged',
    'swap/tokenSelected',
    'swap/tokensSwitched',
    'swap/reset',
    'swap/initialization/requested',
    'disconnection/succeeded',
    'wallet/disconnected',
  ].includes(event.type) ||
  (onSwapViews(before) && !onSwapViews(after))

/** Whether the open modal shows a swap view. */
function onSwapViews(state: Transition['after']): boolean {
  return state.modal.isOpen && SWAP_VIEWS.includes(state.router.view)
}

/** Wraps what went wrong in the step's own §8 code, keeping cancellations and the rest as cause. */
const as = (code: keyof typeof swapErrors.entries) => (error: unknown) => {
  if (error instanceof KitError && (error.code === 'CANCELLED' || error.code === code)) throw error
  if (error instanceof KitError && error.code === 'SWAP_NETWORK_UNSUPPORTED') throw error
  throw swapErrors.create(code, { cause: error })
}

const failedWith =
  <TType extends 'swap/initialization/failed' | 'swap/quote/failed' | 'swap/preparation/failed'>(
    type: TType,
  ) =>
  (_request: unknown, error: EventOf<TType>['payload']['error']): EventInput =>
    ({ type, payload: { error } }) as EventInput

/**
 * Latest wins (a newer request, leaving the views or disconnecting gives the older up): reads the
 * swap's tokens, the account's balances and the network token price (§4 step 1). A failed price
 * says 'Failed to fetch network token price' and the flow goes on; anything else fails with
 * 'Failed to initialize swap', or 'Network not supported for Swaps' off the swap networks.
 */
export const initializationEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('swap/initialization/requested'),
    runOperation(context, {
      key: () => 'initialization',
      cancels: (transition) =>
        transition.event.type === 'swap/reset' ||
        transition.event.type === 'disconnection/succeeded',
      timeout: () => ({
        ms: SWAP_SERVICE_TIMEOUT_MS,
        error: () =>
          swapErrors.create('SWAP_INIT_FAILED', { details: 'The swap service did not answer.' }),
      }),
      failed: failedWith('swap/initialization/failed'),
      fallbackCode: 'SWAP_INIT_FAILED',
      errors: swapErrors.entries,
      run: async (request, signal, emit) => {
        const { namespace, networkId, caipAddress } = request.payload
        const state = context.getState()
        if (!swapNetworksOf(selectSwapSettings(state)).includes(networkId)) {
          throw swapNetworkUnsupported(selectSwapSettings(state), networkId)
        }
        const nativeAddress =
          state.namespaces.entities[namespace]?.nativeTokenAddress ?? CONVERT_NATIVE_ADDRESS
        const { convert, data } = clientsOf(context)
        const address = caipAddress.split(':')[2]!
        const price = convert.getPrices([`${networkId}:native`], signal).then(
          (answer) => answer.fungibles[0]?.price ?? '0',
          () => {
            if (!signal.aborted) {
              emit({
                type: 'snack/requested',
                payload: { code: 'NETWORK_PRICE_FAILED', variant: 'error' },
              })
            }
            return '0'
          },
        )
        const [listed, balances, networkPrice] = await Promise.all([
          convert.getTokens(networkId, signal),
          data.getBalance({ address, chainId: networkId }, signal),
          price,
        ]).catch(as('SWAP_INIT_FAILED'))
        const tokens = listed.map(toTokenInfo)
        const sourceToken = tokens.find(
          (token) => token.address.toLowerCase() === nativeAddress.toLowerCase(),
        )
        if (!sourceToken)
          throw swapErrors.create('SWAP_INIT_FAILED', { details: 'No native token listed.' })
        const myTokensWithBalance = myTokensOf(balances.balances, tokens, nativeAddress)
        const native = myTokensWithBalance.find((token) => token.address === sourceToken.address)
        const { suggested, popular } = splitSwapTokens(tokens)
        return {
          type: 'swap/initialization/succeeded',
          payload: {
            networkId,
            tokens,
            suggestedTokens: suggested,
            popularTokens: popular,
            myTokensWithBalance,
            sourceToken,
            networkPrice,
            networkBalanceInUSD: multiplyDecimal(native?.quantity.numeric ?? '0', networkPrice, 2),
          },
        }
      },
    }),
  )

/**
 * Latest input wins: typing, picking or switching tokens gives up the quote in flight (its HTTP
 * request is aborted), so only the form as it is now is quoted (§4 step 2).
 */
export const quoteEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('swap/quote/requested'),
    runOperation(context, {
      key: () => 'quote',
      cancels: formChanged,
      timeout: () => ({
        ms: SWAP_SERVICE_TIMEOUT_MS,
        error: () => new KitError('SOMETHING_WENT_WRONG', { details: 'No quote in time.' }),
      }),
      failed: failedWith('swap/quote/failed'),
      fallbackCode: 'SOMETHING_WENT_WRONG',
      run: async (request, signal) => {
        const { namespace, networkId, caipAddress, from, to, amount } = request.payload
        const state = context.getState()
        const base = toBaseUnits(amount, from.decimals)
        if (base === undefined) throw new KitError('INVALID_AMOUNT')
        const nativeAddress =
          state.namespaces.entities[namespace]?.nativeTokenAddress ?? CONVERT_NATIVE_ADDRESS
        const { convert } = clientsOf(context)
        const ids = [priceIdOf(from, nativeAddress), priceIdOf(to, nativeAddress)]
        const [quote, prices] = await Promise.all([
          convert.getQuote(
            {
              userAddress: caipAddress,
              from: swapTokenId(from),
              to: swapTokenId(to),
              amount: String(base),
            },
            signal,
          ),
          convert.getPrices(ids, signal),
        ])
        const priceOf = (id: string) =>
          prices.fungibles.find((entry) => entry.address === id)?.price ?? '0'
        const networkPrice = swapOf(state)?.networkPrice ?? '0'
        return {
          type: 'swap/quote/succeeded',
          payload: {
            from,
            to,
            amount,
            toAmount: fromScaledInteger(BigInt(quote.toAmount), to.decimals),
            providerFeeAmount: fromScaledInteger(BigInt(quote.fee.amount), from.decimals),
            providerFee: quote.fee.percent,
            priceImpact: quote.priceImpact,
            sourceTokenPriceInUSD: priceOf(ids[0]!),
            toTokenPriceInUSD: priceOf(ids[1]!),
            ...networkCostOf(
              quote.gas,
              quote.gasPrice,
              nativeDecimalsOf(state, namespace, networkId),
              networkPrice,
            ),
          },
        }
      },
    }),
  )

/** The checked figures as the preparation records them: whole units, addresses as decoded. */
function checkedOf(checked: CheckedSwapCall, decimals: number) {
  return {
    contract: checked.contract,
    amountIn: fromScaledInteger(checked.amountIn, decimals),
    ...(checked.recipient === undefined ? {} : { recipient: checked.recipient }),
    ...(checked.spender === undefined ? {} : { spender: checked.spender }),
  }
}

/**
 * Latest input wins, as for quotes: checks the allowance of a token input ('Failed to check
 * allowance'), then builds the approval when it is too low ('Failed to create approval
 * transaction'), otherwise the swap ('Failed to create transaction'), §4 steps 3–4. What the
 * server built is checked against the visitor's request and the site's router before it is
 * recorded (docs/decisions/0402): a mismatch fails with SWAP_TRANSACTION_MISMATCH and nothing
 * reaches the wallet.
 */
export const preparationEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('swap/preparation/requested'),
    runOperation(context, {
      key: () => 'preparation',
      cancels: formChanged,
      timeout: () => ({
        ms: SWAP_SERVICE_TIMEOUT_MS,
        error: () =>
          swapErrors.create('TRANSACTION_BUILD_FAILED', { details: 'No transaction in time.' }),
      }),
      failed: failedWith('swap/preparation/failed'),
      fallbackCode: 'TRANSACTION_BUILD_FAILED',
      errors: swapErrors.entries,
      run: async (request, signal) => {
        const { namespace, networkId, caipAddress, from, to, amount } = request.payload
        const state = context.getState()
        const base = toBaseUnits(amount, from.decimals)
        if (base === undefined) throw new KitError('INVALID_AMOUNT')
        // Nothing the server builds is used unless it can be checked against the site's router.
        const router = swapRouterOf(selectSwapSettings(state), networkId)
        if (!router) throw swapNetworkUnsupported(selectSwapSettings(state), networkId)
        const swapping = swapAdapterOf(context.adapters.get(namespace))
        if (!swapping) {
          throw new KitError('CAPABILITY_UNSUPPORTED', {
            plugin: namespace,
            details: 'The plugin cannot read swap call data, so no swap can be checked.',
          })
        }
        const decode = (data: string) => swapping.decodeSwapCall(data)
        const { convert } = clientsOf(context)
        const swap = {
          userAddress: caipAddress,
          from: swapTokenId(from),
          to: swapTokenId(to),
          amount: String(base),
        }
        const nativeDecimals = nativeDecimalsOf(state, namespace, networkId)
        const networkPrice = swapOf(state)?.networkPrice ?? '0'
        const nativeAddress =
          state.namespaces.entities[namespace]?.nativeTokenAddress ?? CONVERT_NATIVE_ADDRESS
        const isNative = (token: typeof from) =>
          token.address.toLowerCase() === nativeAddress.toLowerCase()
        const expected = (kind: 'approval' | 'swap', minimumOut: bigint) => ({
          kind,
          networkId,
          visitor: caipAddress.split(':')[2]!,
          router,
          from: { address: from.address, isNative: isNative(from) },
          to: { address: to.address, isNative: isNative(to) },
          amountIn: base,
          minimumOut,
          now: context.env.clock.now(),
        })
        if (!isNative(from)) {
          const allowance = await convert
            .getAllowance({ tokenAddress: swap.from, userAddress: caipAddress }, signal)
            .catch(as('ALLOWANCE_CHECK_FAILED'))
          if (BigInt(allowance) < base) {
            const tx = await convert.buildApprove(swap, signal).catch(as('APPROVAL_BUILD_FAILED'))
            const checked = checkSwapTransaction(
              tx,
              await decode(tx.data),
              expected('approval', 0n),
            )
            return {
              type: 'swap/preparation/succeeded',
              payload: {
                kind: 'approval',
                transaction: toPrepared(tx, '0'),
                checked: checkedOf(checked, from.decimals),
                ...networkCostOf(tx.eip155.gas, tx.eip155.gasPrice, nativeDecimals, networkPrice),
              },
            }
          }
        }
        // The least the modal shows: the quote the visitor saw, less the kit's own slippage; never
        // the server's claim of a minimum.
        const quoted = toScaledInteger(swapOf(state)?.toTokenAmount ?? '', to.decimals)
        if (quoted === undefined) {
          throw swapErrors.create('TRANSACTION_BUILD_FAILED', {
            details: 'No quote to check the swap against.',
          })
        }
        // The visitor's slippage (bounded when set), else the site's.
        const slippage = swapOf(state)?.slippage ?? swapSlippageOf(selectSwapSettings(state))
        const shownMinimum = minimumReceived(quoted, percentToBasisPoints(slippage) ?? 0n)
        const built = await convert
          .buildTransaction({ ...swap, slippagePercent: slippage }, signal)
          .catch(as('TRANSACTION_BUILD_FAILED'))
        const { tx } = built
        const checked = checkSwapTransaction(
          tx,
          await decode(tx.data),
          expected('swap', shownMinimum),
        )
        return {
          type: 'swap/preparation/succeeded',
          payload: {
            kind: 'swap',
            transaction: toPrepared(tx, fromScaledInteger(quoted, to.decimals)),
            minimumReceived: fromScaledInteger(checked.minimumOut!, to.decimals),
            checked: checkedOf(checked, from.decimals),
            ...networkCostOf(tx.eip155.gas, tx.eip155.gasPrice, nativeDecimals, networkPrice),
          },
        }
      },
    }),
  )

/**
 * Independent per transaction (a wallet may already have signed; giving it up would lie): sends
 * the approval or the swap through the wallet and waits for its receipt (§4 step 5). A revert, or
 * no answer within the connect and receipt waits, reads 'Transaction error'.
 */
export const transactionEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('swap/transaction/requested'),
    runOperation(context, {
      key: (request) => request.meta.id,
      timeout: () => ({
        ms: TIMINGS.connectTimeoutMs + TIMINGS.receiptWaitMs,
        error: () => swapErrors.create('TRANSACTION_ERROR', { details: 'No receipt in time.' }),
      }),
      failed: (request, error) => ({
        type: 'swap/transaction/failed',
        payload: { namespace: request.payload.namespace, kind: request.payload.kind, error },
      }),
      fallbackCode: 'TRANSACTION_ERROR',
      errors: swapErrors.entries,
      run: async (request, signal, emit) => {
        const { namespace, networkId, kind, transaction } = request.payload
        const account = connectedAccountOf(context.getState(), namespace)
        const adapter = context.adapters.get(namespace)
        const swapping = swapAdapterOf(adapter)
        if (!adapter || !swapping)
          throw new KitError('CAPABILITY_UNSUPPORTED', { plugin: namespace })
        // §5 gas rule, before the wallet is asked to sign what the account could not pay for.
        const state = context.getState()
        const held = state.namespaces.entities[namespace]?.accountState
        if (
          leavesNoGasFor(transaction, {
            balance: held?.balance ?? null,
            isSmartAccount: selectEffectiveAccountType(state, namespace) === 'smartAccount',
            decimals: nativeDecimalsOf(state, namespace, networkId),
          })
        ) {
          throw new KitError('INSUFFICIENT_GAS', {
            details: `The ${kind} would leave the account without gas.`,
          })
        }
        let hash: string
        try {
          ;({ hash } = await swapping.sendTransaction(
            {
              connectorId: account.connectorId,
              from: account.caipAddress,
              to: transaction.to,
              data: transaction.data,
              value: transaction.value,
              gas: transaction.gas,
              gasPrice: transaction.gasPrice,
            },
            signal,
          ))
        } catch (error) {
          throw pluginError(
            context.plugins,
            namespace,
            error,
            'TRANSACTION_ERROR',
            swapErrors.entries.TRANSACTION_ERROR,
          )
        }
        // Its status line reads 'pending' from here until the receipt.
        emit({ type: 'swap/transaction/sent', payload: { namespace, networkId, kind, hash } })
        if (adapter.waitForTransaction) {
          const { status } = await adapter
            .waitForTransaction({ hash, networkId }, signal)
            .catch((error: unknown) => {
              throw swapErrors.create('TRANSACTION_ERROR', { cause: error })
            })
          if (status !== 'success') {
            throw swapErrors.create('TRANSACTION_ERROR', { details: `${hash} reverted.` })
          }
        }
        return { type: 'swap/transaction/succeeded', payload: { namespace, kind, hash } }
      },
    }),
  )

/**
 * Latest wins (a new press, or the form changing, gives the older up): Max fills the amount with
 * the most the account can swap of the source token (`maxSendable`, Send's rule). A token: all of
 * it. The native currency: the balance less the swap's network fee and a quarter of it again. The
 * fee is what the server's own gas estimate says a trial swap costs (a hundredth of the balance,
 * against the chosen token: gas hardly depends on the amount), at its gas price; with no token
 * chosen yet, or no trial to be had, the service's standard gas price times a generous fallback
 * (`SWAP_MAX_FALLBACK_GAS`). With no fee to be had at all the amount stays as it was.
 */
export const maxEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('swap/maxRequested'),
    switchMap(() => {
      const state = context.getState()
      const swap = swapOf(state)
      const source = swap?.sourceToken
      const namespace = state.activeNamespace
      const account = selectActiveAccount(state)
      const networkId = swap?.networkId
      if (!swap?.initialized || !source || !namespace || !networkId || !account?.caipAddress) {
        return EMPTY
      }
      const { caipAddress } = account
      const held =
        swap.myTokensWithBalance.find((token) => isSameToken(token, source))?.quantity.numeric ??
        '0'
      const nativeAddress =
        state.namespaces.entities[namespace]?.nativeTokenAddress ?? CONVERT_NATIVE_ADDRESS
      const isNative = source.address.toLowerCase() === nativeAddress.toLowerCase()
      const fill = (fee: string): EventInput => ({
        type: 'swap/amountChanged',
        payload: {
          amount: maxSendable({ balance: held, fee, decimals: source.decimals, isNative }),
        },
      })
      if (!isNative) return [fill('0')]
      const nativeDecimals = nativeDecimalsOf(state, namespace, networkId)
      const to = swap.toToken
      const trial = (toBaseUnits(held, source.decimals) ?? 0n) / SWAP_MAX_TRIAL_DIVISOR
      const slippagePercent = swap.slippage
      return new Observable<EventInput>((subscriber) => {
        const controller = new AbortController()
        const { signal } = controller
        const { convert } = clientsOf(context)
        const feeOf = (gas: bigint, gasPrice: string) =>
          fromScaledInteger(gas * BigInt(gasPrice), nativeDecimals)
        const byGasPrice = () =>
          convert
            .getGasPrice(networkId, signal)
            .then((price) => feeOf(SWAP_MAX_FALLBACK_GAS, price.standard))
        const fee =
          to && trial > 0n
            ? convert
                .buildTransaction(
                  {
                    userAddress: caipAddress,
                    from: swapTokenId(source),
                    to: swapTokenId(to),
                    amount: String(trial),
                    slippagePercent,
                  },
                  signal,
                )
                .then(({ tx }) => feeOf(BigInt(tx.eip155.gas), tx.eip155.gasPrice))
                .catch(byGasPrice)
            : byGasPrice()
        fee.then(
          (value) => {
            subscriber.next(fill(value))
            subscriber.complete()
          },
          // No fee to keep back: the amount is left as it is rather than leave no gas.
          () => subscriber.complete(),
        )
        return () => controller.abort()
      }).pipe(
        takeUntil(timer(SWAP_SERVICE_TIMEOUT_MS, context.env.scheduler)),
        takeUntil(context.transitions$.pipe(filter(formChanged))),
      )
    }),
  )
