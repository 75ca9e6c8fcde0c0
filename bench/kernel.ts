/**
 * Kernel throughput: events per second through every reducer, the same through the log (with
 * schema validation and stamping), and the time to rebuild state by replaying 100,000 events.
 * The kit has the send feature loaded, as a page whose visitor sends does, so its slice and
 * events are part of every figure. Prints figures; asserts nothing.
 */
import { sendModule } from '../src/features/send/module.js'
import {
  createEventCatalogue,
  createEventLog,
  createIdSource,
  createInitialState,
  createRootReducer,
  type EventInput,
  type FeatureModule,
  type KitEvent,
  rebuildState,
} from '../src/kernel/index.js'
import { connected, discovered, registered } from '../test/support/events.js'
import { toyAddress } from '../test/support/toyChain.js'

const EVENTS = 100_000
const FEATURES = [{ name: 'send', module: sendModule as FeatureModule }]
const SEND_LOADED: EventInput = { type: 'feature/loaded', payload: { name: 'send', restored: {} } }
const { transition } = createRootReducer(FEATURES)

/** The catalogue of a kit with the send feature, as createKit composes it. */
function sendCatalogue() {
  const catalogue = createEventCatalogue({
    views: ['Send', 'SendSelectToken', 'SendPreview', 'AllWallets'],
  })
  catalogue.addFeature('send', sendModule.events ?? {})
  return catalogue
}

/** A realistic session loop: connect, balances, wallet-side changes, navigation, snacks. */
function sessionEvents(count: number): EventInput[] {
  const head: EventInput[] = [
    registered('toychain'),
    registered('toyb'),
    discovered('toychain'),
    discovered('toyb'),
    SEND_LOADED,
  ]
  const loop = (index: number): EventInput[] => {
    const seed = (index % 4) + 1
    const caipAddress = `toychain:main:${toyAddress(seed)}` as const
    return [
      { type: 'modal/opened', payload: {} },
      { type: 'router/pushed', payload: { view: 'AllWallets' } },
      {
        type: 'connection/requested',
        payload: { namespace: 'toychain', connectorId: 'toywallet', silent: false },
        correlationId: `c${index}`,
      },
      { ...connected('toychain', seed), correlationId: `c${index}` },
      {
        type: 'balance/succeeded',
        payload: {
          namespace: 'toychain',
          caipAddress,
          balance: `${index}.5`,
          symbol: 'TOY',
          tokens: [],
        },
      },
      {
        type: 'account/changed',
        payload: { namespace: 'toychain', caipAddress: `toychain:main:${toyAddress(seed + 1)}` },
      },
      { type: 'network/changed', payload: { namespace: 'toychain', networkId: 'toychain:test' } },
      { type: 'snack/shown', payload: { code: 'TRANSACTION_STARTED', variant: 'success' } },
      { type: 'snack/hidden', payload: {} },
      { type: 'send/amountChanged', payload: { amount: '1' } },
      { type: 'router/wentBack', payload: {} },
      { type: 'disconnection/succeeded', payload: { namespaces: ['toychain'] } },
    ]
  }
  const out = [...head]
  for (let index = 0; out.length < count; index += 1) out.push(...loop(index))
  return out.slice(0, count)
}

/** Typing and navigation only: what a visitor produces while the modal is open. */
function uiEvents(count: number): EventInput[] {
  const head: EventInput[] = [
    registered('toychain'),
    discovered('toychain'),
    SEND_LOADED,
    connected('toychain', 1),
  ]
  const loop: EventInput[] = [
    { type: 'modal/opened', payload: {} },
    { type: 'account/tabSelected', payload: { tab: 'activity' } },
    { type: 'router/pushed', payload: { view: 'Send' } },
    { type: 'account/tabSelected', payload: { tab: 'activity' } },
    { type: 'account/tabSelected', payload: { tab: 'tokens' } },
    { type: 'modal/loadingChanged', payload: { isLoading: true } },
    { type: 'snack/shown', payload: { code: 'COPIED', variant: 'success' } },
    { type: 'snack/hidden', payload: {} },
    { type: 'router/wentBack', payload: {} },
    { type: 'modal/closed', payload: {} },
  ]
  const out = [...head]
  while (out.length < count) out.push(...loop)
  return out.slice(0, count)
}

function stampAll(inputs: readonly EventInput[]): KitEvent[] {
  const log = createEventLog({
    clock: { now: () => 1_767_225_600_000 },
    ids: createIdSource('b'),
    retain: inputs.length,
    validate: sendCatalogue().validate,
  })
  for (const input of inputs) log.append(input, 'ui')
  return [...log.replay()]
}

function time(label: string, run: () => void, repeat = 5): number {
  run() // warm up the JIT
  const samples: number[] = []
  for (let index = 0; index < repeat; index += 1) {
    const start = performance.now()
    run()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  const median = samples[Math.floor(samples.length / 2)]!
  console.log(`${label.padEnd(58)} ${median.toFixed(1).padStart(8)} ms (median of ${repeat})`)
  return median
}

const inputs = sessionEvents(EVENTS)
const events = stampAll(inputs)

const reducerMs = time(
  `reducers: ${EVENTS.toLocaleString('en')} events through transition()`,
  () => {
    let state = createInitialState()
    for (const event of events) state = transition(state, event)
  },
)
const logMs = time(`log: ${EVENTS.toLocaleString('en')} events validated, stamped, reduced`, () => {
  const log = createEventLog({
    clock: { now: () => 0 },
    ids: createIdSource('b'),
    retain: EVENTS,
    validate: sendCatalogue().validate,
  })
  let state = createInitialState()
  log.events$.subscribe((event) => {
    state = transition(state, event)
  })
  for (const input of inputs) log.append(input, 'ui')
})
const uiStamped = stampAll(uiEvents(EVENTS))
const uiMs = time(
  `reducers: ${EVENTS.toLocaleString('en')} UI-only events through transition()`,
  () => {
    let state = createInitialState()
    for (const event of uiStamped) state = transition(state, event)
  },
)
const replayMs = time(
  `replay: rebuild state from ${EVENTS.toLocaleString('en')} logged events`,
  () => {
    rebuildState(events, undefined, FEATURES)
  },
)

const perSecond = (ms: number) => Math.round((EVENTS / ms) * 1000).toLocaleString('en')
console.log('')
console.log(`events/s, transition(), session mix:           ${perSecond(reducerMs)}`)
console.log(`events/s, transition(), UI-only mix:           ${perSecond(uiMs)}`)
console.log(`events/s, log + validation + transition():     ${perSecond(logMs)}`)
console.log(`events/s, rebuildState() fold (replay):        ${perSecond(replayMs)}`)
console.log(`100,000-event replay:                          ${replayMs.toFixed(0)} ms`)
console.log('targets (issue #2): >= 200,000 events/s; replay < 1,000 ms')
