/**
 * What starts the swap operations and what follows them: initializing when the swap views open
 * (or the account or network changes under them), resetting when the visitor leaves, a quote for
 * each new form, a preparation after each quote (and after an approval), the snacks, and the
 * balance read after a swap.
 * @module
 */
import { EMPTY, filter, map, mergeMap, type Observable, of } from 'rxjs'
import {
  type Effect,
  type EffectContext,
  type EventInput,
  type KitState,
  ofType,
  selectActiveAccount,
  selectActiveNetwork,
} from '../../kernel/index.js'
import { checkSwapInput, SWAP_VIEWS, swapInputErrorOf } from './rules.js'
import type { SwapState } from './slice.js'

const swapOf = (state: KitState) => (state as { swap?: SwapState }).swap

/** Whether the open modal shows a swap view. */
const onSwapViews = (state: KitState) =>
  state.modal.isOpen && SWAP_VIEWS.includes(state.router.view)

/** Who the swap is for now: the active namespace's connected account and its network. */
function targetOf(state: KitState) {
  const account = selectActiveAccount(state)
  const networkId = selectActiveNetwork(state)?.id
  if (
    !state.activeNamespace ||
    account?.status !== 'connected' ||
    !account.caipAddress ||
    !networkId
  ) {
    return undefined
  }
  return { namespace: state.activeNamespace, networkId, caipAddress: account.caipAddress }
}

const sameTarget = (a: ReturnType<typeof targetOf>, b: ReturnType<typeof targetOf>) =>
  a?.caipAddress === b?.caipAddress && a?.networkId === b?.networkId

/**
 * Independent per transition: the swap views coming on screen (the transition that woke the
 * feature included), or another account or network under them, start a fresh initialization.
 */
export const initializeOnOpenEffect: Effect = (context) =>
  context.transitions$.pipe(
    filter(
      ({ before, after }) =>
        onSwapViews(after) &&
        (!onSwapViews(before) || !sameTarget(targetOf(before), targetOf(after))),
    ),
    mergeMap(({ after }): Observable<EventInput> => {
      const target = targetOf(after)
      return target
        ? of({
            type: 'swap/initialization/requested',
            payload: target,
            correlationId: context.env.ids.next(),
          })
        : EMPTY
    }),
  )

/** Independent per transition: leaving the swap views resets the flow (and gives up its requests). */
export const resetOnLeaveEffect: Effect = ({ transitions$ }) =>
  transitions$.pipe(
    filter(({ before, after }) => onSwapViews(before) && !onSwapViews(after)),
    map((): EventInput => ({ type: 'swap/reset', payload: {} })),
  )

/** The form as a quote or a preparation request, when it is complete (§5). */
function formRequestOf(
  state: KitState,
  type: 'swap/quote/requested' | 'swap/preparation/requested',
) {
  const swap = swapOf(state)
  const target = targetOf(state)
  if (!swap?.initialized || !target || target.networkId !== swap.networkId) return undefined
  const { sourceToken, toToken, sourceTokenAmount } = swap
  if (!sourceToken || !toToken || sourceTokenAmount === '') return undefined
  if (swapInputErrorOf(sourceTokenAmount, sourceToken, []) === 'INVALID_AMOUNT') return undefined
  const amount = sourceTokenAmount.startsWith('.')
    ? `0${sourceTokenAmount}`
    : sourceTokenAmount.replace(/\.$/, '')
  return {
    type,
    payload: { ...target, from: sourceToken, to: toToken, amount },
  } as EventInput
}

/**
 * Independent per transition: a new form (tokens or amount) is quoted; the quote effect gives up
 * the older one (latest input wins).
 */
export const quoteOnInputEffect: Effect = (context: EffectContext) =>
  context.transitions$.pipe(
    // Every input gives up what the previous one asked (even the same amount typed again), so
    // every input asks anew.
    filter(({ event }) =>
      [
        'swap/initialization/succeeded',
        'swap/tokenSelected',
        'swap/amountChanged',
        'swap/slippageChanged',
        'swap/tokensSwitched',
      ].includes(event.type),
    ),
    mergeMap(({ after }) => {
      const request = formRequestOf(after, 'swap/quote/requested')
      return request ? of({ ...request, correlationId: context.env.ids.next() }) : EMPTY
    }),
  )

/**
 * Independent per event: a quote the form still shows, without an input error and passing §5
 * (amount above 0, destination price above 0, both tokens with an address and decimals), is
 * prepared; so is the swap after its approval went through. A swap that reverted (its price
 * moved) is quoted again, so what the form shows is the price now.
 */
export const prepareAfterQuoteEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('swap/quote/succeeded', 'swap/transaction/succeeded', 'swap/transaction/failed'),
    mergeMap((event) => {
      if (event.type === 'swap/transaction/failed') {
        const reverted =
          event.payload.kind === 'swap' && event.payload.error.code === 'TRANSACTION_ERROR'
        const request = reverted
          ? formRequestOf(context.getState(), 'swap/quote/requested')
          : undefined
        return request ? of({ ...request, correlationId: context.env.ids.next() }) : EMPTY
      }
      if (event.type === 'swap/transaction/succeeded' && event.payload.kind !== 'approval')
        return EMPTY
      const state = context.getState()
      const swap = swapOf(state)
      if (!swap || swap.toTokenAmount === '' || swap.inputError) return EMPTY
      const problem = checkSwapInput({
        amount: swap.sourceTokenAmount,
        toTokenPrice: Number(swap.toTokenPriceInUSD),
        source: swap.sourceToken,
        to: swap.toToken,
      })
      const request = problem ? undefined : formRequestOf(state, 'swap/preparation/requested')
      return request ? of({ ...request, correlationId: context.env.ids.next() }) : EMPTY
    }),
  )

/**
 * Independent per event: a transaction waiting for the wallet says so ('Approve limit increase in
 * your wallet', 'Confirm transaction in your wallet'), and the word goes once it is mined; a
 * failure shows its §8 text; a cancellation says nothing.
 */
export const swapSnackEffect: Effect = (context) =>
  context.events$.pipe(
    ofType(
      'swap/transaction/requested',
      'swap/transaction/succeeded',
      'swap/transaction/failed',
      'swap/initialization/failed',
      'swap/quote/failed',
      'swap/preparation/failed',
    ),
    mergeMap((event): EventInput[] => {
      if (event.type === 'swap/transaction/requested') {
        const code =
          event.payload.kind === 'approval' ? 'APPROVE_LIMIT_INCREASE' : 'CONFIRM_TRANSACTION'
        return [{ type: 'snack/requested', payload: { code, variant: 'loading' } }]
      }
      if (event.type === 'swap/transaction/succeeded') {
        const shown = context.getState().snack
        const ours = shown.code === 'APPROVE_LIMIT_INCREASE' || shown.code === 'CONFIRM_TRANSACTION'
        return shown.isOpen && ours ? [{ type: 'snack/hidden', payload: {} }] : []
      }
      const { code, params } = event.payload.error
      return code === 'CANCELLED'
        ? []
        : [
            {
              type: 'snack/requested',
              payload: { code, variant: 'error', ...(params ? { params: { ...params } } : {}) },
            },
          ]
    }),
  )

/** Independent per swap: the account's balance is read again once the swap is mined. */
export const refreshAfterSwapEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('swap/transaction/succeeded'),
    mergeMap((event): EventInput[] => {
      const chain = context.getState().namespaces.entities[event.payload.namespace]
      const caipAddress = chain?.capabilities.balances ? chain.accountState.caipAddress : null
      if (!caipAddress) return []
      return [
        {
          type: 'balance/requested',
          payload: { namespace: event.payload.namespace, caipAddress },
          correlationId: context.env.ids.next(),
        },
      ]
    }),
  )
