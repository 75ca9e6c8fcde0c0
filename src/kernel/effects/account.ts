import { EMPTY, from, groupBy, mergeMap, Observable, switchMap } from 'rxjs'
import { type Namespace, parseCaipAddress } from '../caip.js'
import { TIMINGS } from '../constants.js'
import { KitError } from '../errors/KitError.js'
import type { EventInput } from '../events/types.js'
import { isBalanceRetryBlocked } from '../rules/timing.js'
import { balanceFailed, signatureFailed } from './failures.js'
import { ofType, pluginError, runOperation } from './operators.js'
import type { Effect, EffectContext, Transition } from './types.js'

function connectedAccount(context: EffectContext, namespace: Namespace) {
  const account = context.getState().namespaces.entities[namespace]?.accountState
  if (!account?.caipAddress || account.status !== 'connected' || !account.connectorId) {
    throw new KitError('NO_ACTIVE_ADDRESS', { details: `"${namespace}" is not connected.` })
  }
  return { ...account, caipAddress: account.caipAddress, connectorId: account.connectorId }
}

/** Whether the transition shows the Account view (opened on it, or moved to it). */
function showsAccount({ before, after }: Transition): boolean {
  return (
    after.modal.isOpen &&
    after.router.view === 'Account' &&
    (before.router.view !== 'Account' || !before.modal.isOpen)
  )
}

/**
 * Independent per namespace: when a namespace's address or network changes, its plugin reports
 * the balance stale (`balance/invalidated`), or the visitor opens the Account view (funds may have
 * arrived from outside meanwhile), the balance is fetched, if the plugin reads balances and no
 * read of it is under way or blocked (§8).
 */
export const autoBalanceEffect: Effect = (context) =>
  context.transitions$.pipe(
    mergeMap((transition) => {
      const { event, before, after } = transition
      const requests: EventInput[] = []
      // A plugin saying the balance changed (a transaction was mined) asks for a fresh read.
      const invalidated = event.type === 'balance/invalidated' ? event.payload : undefined
      const accountShown = showsAccount(transition)
      for (const namespace of after.namespaces.ids) {
        const next = after.namespaces.entities[namespace]
        const address = next?.accountState.caipAddress
        if (!next || !address || !next.capabilities.balances) continue
        const isInvalidated =
          invalidated?.namespace === namespace && invalidated.caipAddress === address
        const isShown =
          accountShown &&
          namespace === after.activeNamespace &&
          !isBalanceRetryBlocked(next.accountState.balanceFailedAt, context.env.clock.now()) &&
          !Object.values(after.operations.pending).some(
            (operation) => operation.type === 'balance' && operation.namespace === namespace,
          )
        if (
          !isInvalidated &&
          !isShown &&
          before.namespaces.entities[namespace]?.accountState.caipAddress === address
        )
          continue
        requests.push({
          type: 'balance/requested',
          payload: { namespace, caipAddress: address },
          correlationId: context.env.ids.next(),
        })
      }
      return from(requests)
    }),
  )

/**
 * Latest wins per namespace. A failure blocks retries for 30 s (§8): a request inside that window
 * fails at once with 'Token Balance Unavailable' and calls nothing.
 */
export const balanceEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('balance/requested'),
    runOperation(context, {
      key: (request) => request.payload.namespace,
      run: async (request, signal) => {
        const { namespace, caipAddress } = request.payload
        const account = connectedAccount(context, namespace)
        if (isBalanceRetryBlocked(account.balanceFailedAt, context.env.clock.now())) {
          throw new KitError('TOKEN_BALANCE_UNAVAILABLE', {
            details: 'A recent failure blocks retries for 30 s.',
          })
        }
        const adapter = context.adapters.get(namespace)
        const networkId =
          context.getState().namespaces.entities[namespace]?.networkState.caipNetworkId
        if (!adapter?.getBalance || !networkId) {
          throw new KitError('CAPABILITY_UNSUPPORTED', { plugin: namespace })
        }
        try {
          const read = await adapter.getBalance({ caipAddress, networkId }, signal)
          const chain = context.getState().namespaces.entities[namespace]
          // Features add what the chain does not say (the prices feature: USD prices, icons).
          const result = context.joinBalances
            ? await context.joinBalances(
                read,
                {
                  namespace,
                  networkId,
                  caipAddress,
                  address: parseCaipAddress(caipAddress)?.address ?? '',
                  nativeTokenAddress: chain?.nativeTokenAddress ?? '',
                },
                signal,
              )
            : read
          return {
            type: 'balance/succeeded',
            payload: {
              namespace,
              caipAddress,
              balance: result.balance,
              symbol: result.symbol,
              tokens: [...result.tokens],
            },
          }
        } catch (error) {
          const mapped = pluginError(context.plugins, namespace, error, 'TOKEN_BALANCE_UNAVAILABLE')
          // Whatever went wrong underneath, the visitor sees the catalogue's balance message.
          throw mapped.code === 'CANCELLED'
            ? mapped
            : new KitError('TOKEN_BALANCE_UNAVAILABLE', {
                cause: mapped,
                // The plugin's own words say what a developer can fix (a node on another chain).
                details: mapped.details ?? mapped.shortMessage,
                plugin: namespace,
              })
        }
      },
      failed: balanceFailed,
      fallbackCode: 'TOKEN_BALANCE_UNAVAILABLE',
    }),
  )

/**
 * Independent signature requests run side by side; each gets its own terminal event, given up when
 * its namespace disconnects and failed when the wallet does not answer in a bounded wait.
 */
export const signMessageEffect: Effect = (context) =>
  context.events$.pipe(
    ofType('signature/requested'),
    runOperation(context, {
      key: (request) => request.meta.id,
      run: async (request, signal) => {
        const { namespace, caipAddress, message, format } = request.payload
        const account = connectedAccount(context, namespace)
        const adapter = context.adapters.get(namespace)
        const { connectorId } = account
        const sign =
          format === 'typedData'
            ? adapter?.signTypedData?.bind(adapter, {
                connectorId,
                caipAddress,
                typedData: JSON.parse(message) as unknown,
              })
            : adapter?.signMessage?.bind(adapter, { connectorId, caipAddress, message })
        if (!sign) throw new KitError('CAPABILITY_UNSUPPORTED', { plugin: namespace })
        try {
          const { signature } = await sign(signal)
          return { type: 'signature/succeeded', payload: { namespace, signature } }
        } catch (error) {
          throw pluginError(context.plugins, namespace, error, 'SOMETHING_WENT_WRONG')
        }
      },
      failed: signatureFailed,
      fallbackCode: 'SOMETHING_WENT_WRONG',
      // Nobody signs for an account that has left: a disconnect gives the request up.
      cancels: ({ event }, request) =>
        (event.type === 'disconnection/requested' &&
          (event.payload.namespace === undefined ||
            event.payload.namespace === request.payload.namespace)) ||
        (event.type === 'wallet/disconnected' &&
          event.payload.namespace === request.payload.namespace),
      timeout: (request) => ({
        ms: TIMINGS.walletRequestTimeoutMs,
        error: () =>
          new KitError('SOMETHING_WENT_WRONG', {
            details: `The wallet did not answer the signature request within ${TIMINGS.walletRequestTimeoutMs} ms.`,
            plugin: request.payload.namespace,
          }),
      }),
    }),
  )

/**
 * Latest wins per namespace: when a namespace's address changes, its profile (name and avatar) is
 * looked up where the plugin has a name service. A failed lookup leaves the address shown and
 * surfaces nothing to the visitor.
 */
export const profileEffect: Effect = (context) =>
  context.transitions$.pipe(
    mergeMap(({ before, after }) =>
      from(
        after.namespaces.ids.filter((namespace) => {
          const address = after.namespaces.entities[namespace]?.accountState.caipAddress
          return (
            address &&
            address !== before.namespaces.entities[namespace]?.accountState.caipAddress &&
            context.adapters.get(namespace)?.getProfile
          )
        }),
      ),
    ),
    groupBy((namespace) => namespace),
    mergeMap((byNamespace) =>
      byNamespace.pipe(
        switchMap((namespace) => {
          const caipAddress =
            context.getState().namespaces.entities[namespace]?.accountState.caipAddress
          const adapter = context.adapters.get(namespace)
          if (!caipAddress || !adapter?.getProfile) return EMPTY
          const getProfile = adapter.getProfile.bind(adapter)
          return new Observable<EventInput>((subscriber) => {
            const controller = new AbortController()
            getProfile({ caipAddress }, controller.signal).then(
              (profile) => {
                if (profile.name || profile.avatar) {
                  subscriber.next({
                    type: 'account/profileResolved',
                    payload: {
                      namespace,
                      caipAddress,
                      profileName: profile.name,
                      profileImage: profile.avatar,
                    },
                  })
                }
                subscriber.complete()
              },
              () => subscriber.complete(),
            )
            return () => controller.abort()
          })
        }),
      ),
    ),
  )
