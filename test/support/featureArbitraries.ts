/**
 * Schema-valid events of the shipped features, for the kernel's properties on a kit with features
 * (replay, totality, a feature loaded late). Each feature's events are generated only after its
 * `feature/loaded`, as in a running kit, where nothing can emit them before.
 */
import fc from 'fast-check'
import { activityModule } from '../../src/features/activity/module.js'
import { sendModule } from '../../src/features/send/module.js'
import { createSiwxModule } from '../../src/features/siwx/module.js'
import { swapModule } from '../../src/features/swap/module.js'
import { walletConnectModule } from '../../src/features/walletConnect/module.js'
import { walletRegistryModule } from '../../src/features/walletRegistry/module.js'
import type { EventInput, LoadedFeature } from '../../src/kernel/index.js'
import {
  anyNamespace,
  caipAddress,
  correlationId,
  decimal,
  error,
  eventInputArbitrary,
  registeredInputs,
  registryRequest,
  registryWalletArbitrary,
  session,
  token,
  tokenInfo,
} from './arbitraries.js'
import { toyAddress } from './toyChain.js'

const withId = (type: string) => (payload: unknown) =>
  fc
    .tuple(fc.constant(payload), correlationId)
    .map(
      ([value, id]) =>
        ({ type, payload: value, ...(id ? { correlationId: id } : {}) }) as EventInput,
    )

const event = (type: string, payload: fc.Arbitrary<unknown>) =>
  payload.chain(withId(type)) as fc.Arbitrary<EventInput>

/** The shipped features, loaded, with an arbitrary of their own events. */
export const FEATURE_CASES: readonly {
  readonly feature: LoadedFeature
  readonly events: fc.Arbitrary<EventInput>
}[] = [
  {
    feature: { name: 'send', module: sendModule },
    events: fc.oneof(
      event('send/tokenSelected', fc.record({ token: fc.option(token, { nil: null }) })),
      event('send/amountChanged', fc.record({ amount: fc.string({ maxLength: 6 }) })),
      event(
        'send/receiverChanged',
        fc.record({ address: fc.constant(toyAddress(2)), isValid: fc.boolean() }),
      ),
      event(
        'send/gasEstimated',
        fc.record({
          gasPrice: decimal,
          gasPriceInUSD: fc.constant(1),
          networkBalanceInUSD: fc.constant(2),
        }),
      ),
      event(
        'send/requested',
        caipAddress.map((base) => ({
          namespace: base.namespace,
          from: base.caipAddress,
          to: toyAddress(2),
          amount: '1',
          token: null,
        })),
      ),
      event(
        'send/succeeded',
        fc.record({
          namespace: anyNamespace,
          hash: fc.constantFrom('h1', 'h2'),
          networkId: fc.constant('toychain:main'),
        }),
      ),
      event(
        'send/confirmed',
        fc.record({
          namespace: anyNamespace,
          hash: fc.constantFrom('h1', 'h2'),
          status: fc.constantFrom('success', 'reverted'),
        }),
      ),
      event('send/failed', fc.record({ namespace: anyNamespace, error })),
      event('send/reset', fc.constant({})),
    ),
  },
  {
    feature: { name: 'walletRegistry', module: walletRegistryModule },
    events: fc.oneof(
      event('walletRegistry/requested', registryRequest),
      event(
        'walletRegistry/succeeded',
        fc
          .tuple(
            registryRequest,
            fc.integer({ min: 0, max: 200 }),
            fc.array(registryWalletArbitrary, { maxLength: 6 }),
          )
          .map(([request, count, wallets]) => ({ ...request, count, wallets })),
      ),
      event(
        'walletRegistry/failed',
        fc.tuple(registryRequest, error).map(([request, value]) => ({ ...request, error: value })),
      ),
      event(
        'walletRegistry/searchChanged',
        fc.record({ query: fc.constantFrom('', 'meta', ' rain ', 'x') }),
      ),
    ),
  },
  {
    feature: { name: 'swap', module: swapModule },
    events: (() => {
      const networkId = fc.constantFrom('toychain:main', 'toychain:test')
      const target = fc
        .tuple(caipAddress, networkId)
        .map(([account, network]) => ({ ...account, networkId: network }))
      const form = fc
        .tuple(target, tokenInfo, tokenInfo, decimal)
        .map(([who, from, to, amount]) => ({ ...who, from, to, amount }))
      const transaction = fc.constant({
        data: '0x',
        to: '0x1',
        gas: '1',
        gasPrice: '1',
        value: '0',
        toAmount: '1',
      })
      const kind = fc.constantFrom('approval' as const, 'swap' as const)
      return fc.oneof(
        event('swap/initialization/requested', target),
        event(
          'swap/initialization/succeeded',
          fc.record({
            networkId,
            tokens: fc.array(tokenInfo, { maxLength: 3 }),
            suggestedTokens: fc.constant([]),
            popularTokens: fc.constant([]),
            myTokensWithBalance: fc.array(token, { maxLength: 2 }),
            sourceToken: tokenInfo,
            networkPrice: decimal,
            networkBalanceInUSD: decimal,
          }),
        ),
        event('swap/initialization/failed', fc.record({ error })),
        event('swap/pickerOpened', fc.record({ side: fc.constantFrom('source', 'to') })),
        event(
          'swap/tokenSelected',
          fc.record({ side: fc.constantFrom('source', 'to'), token: tokenInfo }),
        ),
        event('swap/amountChanged', fc.record({ amount: fc.oneof(decimal, fc.constant('')) })),
        event('swap/tokensSwitched', fc.constant({})),
        event('swap/quote/requested', form),
        event(
          'swap/quote/succeeded',
          fc.record({
            from: tokenInfo,
            to: tokenInfo,
            amount: decimal,
            toAmount: decimal,
            providerFeeAmount: decimal,
            providerFee: fc.constant('0.85'),
            priceImpact: decimal,
            sourceTokenPriceInUSD: decimal,
            toTokenPriceInUSD: decimal,
            gasFee: decimal,
            gasPriceInUSD: decimal,
          }),
        ),
        event('swap/quote/failed', fc.record({ error })),
        event('swap/preparation/requested', form),
        event(
          'swap/preparation/succeeded',
          fc.record({
            kind,
            transaction,
            minimumReceived: decimal,
            checked: fc.record(
              {
                contract: fc.constantFrom('0x1', '0x2'),
                amountIn: decimal,
                recipient: fc.constantFrom('ty1', 'ty2'),
                spender: fc.constantFrom('0x1', '0x3'),
              },
              { requiredKeys: ['contract', 'amountIn'] },
            ),
            gasFee: decimal,
            gasPriceInUSD: decimal,
          }),
        ),
        event('swap/preparation/failed', fc.record({ error })),
        event(
          'swap/transaction/requested',
          fc
            .tuple(target, kind, transaction)
            .map(([who, k, tx]) => ({ ...who, kind: k, transaction: tx })),
        ),
        event(
          'swap/transaction/succeeded',
          fc.record({ namespace: fc.constant('toychain'), kind, hash: fc.constant('0xab') }),
        ),
        event(
          'swap/transaction/failed',
          fc.record({ namespace: fc.constant('toychain'), kind, error }),
        ),
        event('swap/reset', fc.constant({})),
      )
    })(),
  },
  {
    feature: { name: 'activity', module: activityModule },
    events: fc.oneof(
      event('activity/requested', caipAddress),
      event(
        'activity/succeeded',
        caipAddress.chain((base) =>
          fc.record(
            {
              namespace: fc.constant(base.namespace),
              caipAddress: fc.constant(base.caipAddress),
              transactions: fc.array(
                fc.record({
                  id: fc.constantFrom('t1', 't2', 't3'),
                  metadata: fc.record({
                    minedAt: fc.constant('2026-01-01T00:00:00Z'),
                    chain: fc.constantFrom('toychain:main', 'toyb:main'),
                    operationType: fc.constant('send'),
                    status: fc.constant('confirmed'),
                    sentFrom: fc.constant('a'),
                    sentTo: fc.constant('b'),
                  }),
                  transfers: fc.array(
                    fc.record({
                      nft_info: fc.record({ flags: fc.record({ is_spam: fc.boolean() }) }),
                      quantity: fc.record({ numeric: fc.constant('1') }),
                    }),
                    { maxLength: 2 },
                  ),
                }),
                { maxLength: 3 },
              ),
              next: fc.option(fc.constant('c'), { nil: null }),
              // Absent, or what a server still indexing (false) or done (true) says.
              complete: fc.boolean(),
            },
            { requiredKeys: ['namespace', 'caipAddress', 'transactions', 'next'] },
          ),
        ),
      ),
      event('activity/failed', fc.record({ namespace: anyNamespace, error })),
    ),
  },
  {
    feature: { name: 'walletConnect', module: walletConnectModule },
    events: fc.oneof(
      event(
        'walletConnect/pairingCreated',
        fc.record({
          uri: fc.constantFrom('wc:1', 'wc:2'),
          expiresAt: fc.integer({ min: 0, max: 1e6 }),
        }),
      ),
      event('walletConnect/pairingExpired', fc.record({ uri: fc.constantFrom('wc:1', 'wc:2') })),
      event('walletConnect/linkReset', fc.constant({})),
    ),
  },
  {
    feature: {
      name: 'siwx',
      module: createSiwxModule({ domain: 'site.example', uri: 'https://site.example' }),
    },
    events: fc.oneof(
      event('siwx/sessionAdded', fc.record({ session })),
      event(
        'siwx/sessionsCleared',
        fc.record({ namespaces: fc.subarray(['toychain', 'toyb']) }, { requiredKeys: [] }),
      ),
      event(
        'siwx/signInRequested',
        caipAddress.map((base) => ({ caipAddress: base.caipAddress })),
      ),
    ),
  },
]

/**
 * A session of a kit with `features`: core events throughout, and each feature loaded at some
 * point, after which its own events may come too.
 */
export function featureSessionArbitrary(cases: typeof FEATURE_CASES) {
  return fc
    .tuple(
      fc.array(eventInputArbitrary, { maxLength: 30 }),
      fc.array(fc.oneof(eventInputArbitrary, ...cases.map((entry) => entry.events)), {
        maxLength: 40,
      }),
    )
    .map(([before, after]): EventInput[] => [
      ...registeredInputs,
      ...before,
      ...cases.map(
        (entry): EventInput => ({
          type: 'feature/loaded',
          payload: { name: entry.feature.name, restored: {} },
        }),
      ),
      ...after,
    ])
}
