import {
  debounceTime,
  EMPTY,
  from,
  mergeMap,
  Observable,
  switchMap,
  takeUntil,
  timeout,
  timer,
} from 'rxjs'
import {
  type Effect,
  type EffectContext,
  type EventInput,
  type EventOf,
  KitError,
  maxSendable,
  type Namespace,
  ofType,
  pluginError,
  runOperation,
  type SerializedKitError,
  selectEffectiveAccountType,
  serializeKitError,
  TIMINGS,
} from '../../kernel/index.js'
import { sendErrors } from './errors.js'
import { selectSendForm, selectSendProblems, selectSendToken } from './selectors.js'
import { sendQuoteKey } from './slice.js'

/** `send/failed` for a send request. */
export const sendFailed = (
  request: EventOf<'send/requested'>,
  error: SerializedKitError,
): EventInput => ({ type: 'send/failed', payload: { namespace: request.payload.namespace, error } })

function connectedAccount(context: EffectContext, namespace: Namespace) {
  const account = context.getState().namespaces.entities[namespace]?.accountState
  if (!account?.caipAddress || account.status !== 'connected' || !account.connectorId) {
    throw new KitError('NO_ACTIVE_ADDRESS', { details: `"${namespace}" is not connected.` })
  }
  return { ...account, caipAddress: account.caipAddress, connectorId: account.connectorId }
}

/**
 * Independent sends run side by side (the UI disables the button while one is pending; cancelling
 * a send the wallet may already have signed would lie to the visitor). A wallet that does not
 * answer within `TIMINGS.walletRequestTimeoutMs` fails the send, so the form never waits forever.
 */
export const sendEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('send/requested'),
    runOperation(context, {
      key: (request) => request.meta.id,
      run: async (request, signal) => {
        const { namespace, from: sender, to, amount, token, feeSpeed } = request.payload
        const account = connectedAccount(context, namespace)
        const adapter = context.adapters.get(namespace)
        if (!adapter?.send) throw new KitError('CAPABILITY_UNSUPPORTED', { plugin: namespace })
        const networkId =
          context.getState().namespaces.entities[namespace]?.networkState.caipNetworkId
        if (adapter.checkAddress && !(await adapter.checkAddress(to, signal))) {
          throw sendErrors.create('INVALID_SEND_INPUT', { details: `The plugin refuses ${to}.` })
        }
        try {
          const { hash } = await adapter.send(
            {
              connectorId: account.connectorId,
              from: sender,
              to,
              amount,
              token,
              accountType: selectEffectiveAccountType(context.getState(), namespace),
              ...(feeSpeed ? { feeSpeed } : {}),
            },
            signal,
          )
          return {
            type: 'send/succeeded',
            payload: { namespace, hash, ...(networkId ? { networkId } : {}) },
          }
        } catch (error) {
          throw pluginError(
            context.plugins,
            namespace,
            error,
            'SEND_FAILED',
            sendErrors.entries.SEND_FAILED,
          )
        }
      },
      failed: sendFailed,
      fallbackCode: 'SEND_FAILED',
      errors: sendErrors.entries,
      timeout: (request) => ({
        ms: TIMINGS.walletRequestTimeoutMs,
        error: () =>
          sendErrors.create('SEND_FAILED', {
            details: `The wallet did not answer the send within ${TIMINGS.walletRequestTimeoutMs} ms.`,
            plugin: request.payload.namespace,
          }),
      }),
    }),
  )

/**
 * Independent per send: the sent transaction is watched until mined (where the plugin can), and
 * its result recorded; a wait longer than `TIMINGS.receiptWaitMs` or a failed read records nothing
 * (the explorer link still shows it).
 */
export const receiptEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('send/succeeded'),
    mergeMap(({ payload }) => {
      const adapter = context.adapters.get(payload.namespace)
      if (!adapter?.waitForTransaction || !payload.networkId) return EMPTY
      const wait = adapter.waitForTransaction.bind(adapter)
      const { networkId, hash } = payload
      return new Observable<EventInput>((subscriber) => {
        const controller = new AbortController()
        wait({ hash, networkId }, controller.signal).then(
          ({ status }) => {
            subscriber.next({
              type: 'send/confirmed',
              payload: { namespace: payload.namespace, hash, status },
            })
            subscriber.complete()
          },
          () => subscriber.complete(),
        )
        return () => controller.abort()
      }).pipe(
        timeout({
          first: TIMINGS.receiptWaitMs,
          with: () => EMPTY,
          scheduler: context.env.scheduler,
        }),
      )
    }),
  )

/**
 * Independent per send: the balance is read again after the transaction is sent and again once it
 * is mined (§4 send flow), if the plugin reads balances.
 */
export const refreshAfterSendEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('send/succeeded', 'send/confirmed'),
    mergeMap((event) => {
      const { namespace } = event.payload
      const chain = context.getState().namespaces.entities[namespace]
      const address = chain?.capabilities.balances ? chain.accountState.caipAddress : null
      if (!address) return EMPTY
      return from<EventInput[]>([
        {
          type: 'balance/requested',
          payload: { namespace, caipAddress: address },
          correlationId: context.env.ids.next(),
        },
      ])
    }),
  )

/**
 * Independent per event: a sent transaction shows 'Transaction started' (§4 send flow); a failed
 * send shows its catalogue text; a cancelled one says nothing. 'Transaction started' is over once
 * the transaction is mined: it goes as the status line says so, and one whose turn came only after
 * that (the 150 ms re-show gap) goes as it shows, so it never stands beside 'confirmed'.
 */
export const sendSnackEffect: Effect = ({ transitions$ }) =>
  transitions$.pipe(
    mergeMap(({ event, after }): EventInput[] => {
      const isStartedShown = after.snack.isOpen && after.snack.code === 'TRANSACTION_STARTED'
      switch (event.type) {
        case 'send/succeeded':
          return [
            {
              type: 'snack/requested',
              payload: { code: 'TRANSACTION_STARTED', variant: 'success' },
            },
          ]
        case 'send/failed':
          return event.payload.error.code === 'CANCELLED'
            ? []
            : [
                {
                  type: 'snack/requested',
                  payload: { code: event.payload.error.code, variant: 'error' },
                },
              ]
        case 'send/confirmed':
          return isStartedShown ? [{ type: 'snack/hidden', payload: {} }] : []
        case 'snack/shown': {
          const last = selectSendForm(after)?.last
          return isStartedShown && last && last.status !== 'pending'
            ? [{ type: 'snack/hidden', payload: {} }]
            : []
        }
        default:
          return []
      }
    }),
  )

/** How long the receiver check may take, its plugin code's download included. */
const RECEIVER_CHECK_MS = 10_000

/**
 * As the visitor types, the receiver the schema accepted goes through the plugin's stricter check
 * (eip155: the EIP-55 checksum of a mixed-case address), which needs the plugin's lazy code.
 * Latest input wins; a refusal marks the receiver invalid, so Review stays disabled.
 */
export const receiverCheckEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('send/receiverChanged'),
    switchMap((event) => {
      const { address, isValid } = event.payload
      const namespace = context.getState().activeNamespace
      const adapter = namespace ? context.adapters.get(namespace) : undefined
      if (!isValid || !adapter?.checkAddress) return EMPTY
      const check = adapter.checkAddress.bind(adapter)
      return new Observable<EventInput>((subscriber) => {
        const controller = new AbortController()
        check(address, controller.signal).then(
          (passes) => {
            if (!passes) {
              subscriber.next({
                type: 'send/receiverChecked',
                payload: { address, isValid: false },
              })
            }
            subscriber.complete()
          },
          // The send itself checks again; a failed check here only leaves the field as typed.
          () => subscriber.complete(),
        )
        return () => controller.abort()
      }).pipe(takeUntil(timer(RECEIVER_CHECK_MS, context.env.scheduler)))
    }),
  )

/** How long the form must be still before its send is priced again. */
const QUOTE_DEBOUNCE_MS = 300

/**
 * Latest input wins: once the form holds a complete, valid native send (and after each change of
 * it), a plugin that prices sends before signing (`quoteSend`, bip122) is asked for the fee and
 * total at the visitor's speed, so the review shows them before the wallet is asked. A quote for
 * older input is dropped by the slice; a failure (the balance cannot pay the fee) is shown in the
 * spec's words.
 */
export const quoteEffect: Effect = (context) =>
  context.events$.pipe(
    ofType(
      'send/amountChanged',
      'send/receiverChanged',
      'send/receiverChecked',
      'send/tokenSelected',
      'send/feeSpeedSelected',
    ),
    debounceTime(QUOTE_DEBOUNCE_MS, context.env.scheduler),
    switchMap(() => {
      const state = context.getState()
      const namespace = state.activeNamespace
      const form = selectSendForm(state)
      const adapter = namespace ? context.adapters.get(namespace) : undefined
      const chain = namespace ? state.namespaces.entities[namespace] : undefined
      const account = chain?.accountState
      const token = selectSendToken(state)
      const problems = selectSendProblems(state)
      if (
        !namespace ||
        !form ||
        !adapter?.quoteSend ||
        !account?.caipAddress ||
        !account.connectorId ||
        account.status !== 'connected' ||
        !form.isReceiverValid ||
        !form.receiverAddress ||
        !problems.normalizedAmount ||
        (token !== null && token.address !== chain?.nativeTokenAddress)
      )
        return EMPTY
      const quoteSend = adapter.quoteSend.bind(adapter)
      const key = sendQuoteKey(form)
      const parameters = {
        connectorId: account.connectorId,
        from: account.caipAddress,
        to: form.receiverAddress,
        amount: problems.normalizedAmount,
        token: null,
        accountType: selectEffectiveAccountType(state, namespace),
        ...(form.feeSpeed ? { feeSpeed: form.feeSpeed } : {}),
      }
      return new Observable<EventInput>((subscriber) => {
        const controller = new AbortController()
        subscriber.next({ type: 'send/quoteRequested', payload: { namespace, key } })
        quoteSend(parameters, controller.signal).then(
          (quote) => {
            subscriber.next({
              type: 'send/quoted',
              payload: {
                namespace,
                key,
                fee: quote.fee,
                total: quote.total,
                symbol: quote.symbol,
                feeSpeed: quote.feeSpeed,
                ...(quote.feeRate ? { feeRate: quote.feeRate } : {}),
                ...(quote.bySpeed === undefined ? {} : { bySpeed: quote.bySpeed }),
              },
            })
            subscriber.complete()
          },
          (error: unknown) => {
            if (!controller.signal.aborted) {
              const failure = pluginError(
                context.plugins,
                namespace,
                error,
                'SEND_FAILED',
                sendErrors.entries.SEND_FAILED,
              )
              subscriber.next({
                type: 'send/quoteFailed',
                payload: { namespace, key, error: serializeKitError(failure) },
              })
            }
            subscriber.complete()
          },
        )
        return () => controller.abort()
      }).pipe(takeUntil(timer(RECEIVER_CHECK_MS, context.env.scheduler)))
    }),
  )

/**
 * Latest wins: Max fills the amount with the whole balance of a token, or of the native currency
 * less the fee the plugin quotes for sending it all (and a margin, `maxSendable`); to the form's
 * receiver when it is valid, else to the sender itself (a transfer's fee does not depend on whom
 * it goes to). A namespace that does not quote sends gets the whole balance, and its own §5 gas
 * check at send time. A quote that fails (no fee can be paid) leaves the amount as it is and says
 * why where the quote is shown.
 */
export const maxEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('send/maxRequested'),
    switchMap((request) => {
      const state = context.getState()
      const { namespace } = request.payload
      const chain = state.namespaces.entities[namespace]
      const account = chain?.accountState
      const form = selectSendForm(state)
      const token = selectSendToken(state)
      if (!chain || !account?.caipAddress || !account.connectorId || !token) return EMPTY
      const isNative = token.address === chain.nativeTokenAddress
      const decimals = Number(token.quantity.decimals)
      const balance = token.quantity.numeric
      const fill = (fee: string) =>
        ({
          type: 'send/amountChanged',
          payload: { amount: maxSendable({ balance, fee, decimals, isNative }) },
        }) as const
      const adapter = context.adapters.get(namespace)
      if (!isNative || !adapter?.quoteSend) return from([fill('0')])
      const quoteSend = adapter.quoteSend.bind(adapter)
      const sender = account.caipAddress.split(':')[2] ?? ''
      const parameters = {
        connectorId: account.connectorId,
        from: account.caipAddress,
        to: form?.isReceiverValid && form.receiverAddress ? form.receiverAddress : sender,
        amount: balance,
        token: null,
        accountType: selectEffectiveAccountType(state, namespace),
        ...(form?.feeSpeed ? { feeSpeed: form.feeSpeed } : {}),
      }
      return new Observable<EventInput>((subscriber) => {
        const controller = new AbortController()
        quoteSend(parameters, controller.signal).then(
          (quote) => {
            subscriber.next(fill(quote.fee))
            subscriber.complete()
          },
          () => subscriber.complete(),
        )
        return () => controller.abort()
      }).pipe(takeUntil(timer(RECEIVER_CHECK_MS, context.env.scheduler)))
    }),
  )
