import fc from 'fast-check'
import { expect, test } from 'vitest'
import type { KitEvent } from '../../../src/kernel/index.js'
import { settle } from '../../../src/testing/index.js'
import { createTestKit } from '../../support/createTestKit.js'
import { toyAddress, toyChain } from '../../support/toyChain.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 60),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}

const intent = fc.oneof(
  fc.record({
    kind: fc.constant('connect' as const),
    namespace: fc.constantFrom('toychain', 'toyb'),
  }),
  fc.record({
    kind: fc.constant('disconnect' as const),
    namespace: fc.constantFrom('toychain', 'toyb', undefined),
  }),
  fc.record({
    kind: fc.constant('switch' as const),
    networkId: fc.constantFrom('toychain:main', 'toychain:test', 'toyb:test'),
  }),
  fc.record({ kind: fc.constant('send' as const), amount: fc.constantFrom('1', '0.5', '1000') }),
  fc.record({ kind: fc.constant('sign' as const) }),
  fc.record({ kind: fc.constant('refresh' as const) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(0, 50, 500, 30_000) }),
  fc.record({ kind: fc.constant('flip' as const), failures: fc.boolean() }),
  fc.record({ kind: fc.constant('walletDisconnects' as const) }),
)

test('property: every requested operation gets exactly one terminal event with its correlation id, even under cancellation', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(intent, { maxLength: 25 }), async (intents) => {
      const second = toyChain({ namespace: 'toyb', features: { connectDelayMs: 200 } })
      const { kit, env, wallet } = createTestKit({
        features: { connectDelayMs: 100 },
        extraPlugins: [second.plugin],
      })
      const events: KitEvent[] = []
      kit.events$.subscribe((event) => events.push(event))
      const settled: Promise<unknown>[] = []
      for (const step of intents) {
        const swallow = (promise: Promise<unknown>) => settled.push(promise.catch(() => undefined))
        switch (step.kind) {
          case 'connect':
            swallow(kit.connect({ namespace: step.namespace, connectorId: 'toywallet' }))
            break
          case 'disconnect':
            swallow(kit.disconnect(step.namespace))
            break
          case 'switch':
            swallow(kit.switchNetwork(step.networkId as `${string}:${string}`))
            break
          case 'send':
            swallow(
              kit.features.send.send({
                namespace: 'toychain',
                to: toyAddress(7),
                amount: step.amount,
              }),
            )
            break
          case 'sign':
            swallow(kit.signMessage({ namespace: 'toychain', message: 'hi' }))
            break
          case 'refresh':
            swallow(kit.refreshBalance('toychain'))
            break
          case 'advance':
            env.advance(step.ms)
            await settle()
            break
          case 'flip':
            wallet.features.connectError = step.failures ? 'fail' : undefined
            wallet.features.sendError = step.failures ? 'reject' : undefined
            wallet.features.balanceError = step.failures
            break
          case 'walletDisconnects':
            wallet.disconnectFromWallet()
            break
        }
      }
      // Let every wallet answer arrive.
      for (let round = 0; round < 5; round += 1) {
        env.advance(1_000)
        await settle()
      }
      await Promise.all(settled)
      const requested = events.filter(
        (event) => event.type.endsWith('/requested') && event.meta.correlationId,
      )
      for (const request of requested) {
        const operation = request.type.slice(0, -'/requested'.length)
        const terminals = events.filter(
          (event) =>
            event.meta.correlationId === request.meta.correlationId &&
            (event.type === `${operation}/succeeded` || event.type === `${operation}/failed`),
        )
        expect(terminals, `${request.type} ${request.meta.correlationId}`).toHaveLength(1)
        expect(terminals[0]!.meta.seq).toBeGreaterThan(request.meta.seq)
      }
      expect(kit.getState().operations.pending).toEqual({})
      kit.destroy()
    }),
    runs,
  )
})
