import {
  catalogueText,
  createEventCatalogue,
  createInitialState,
  createRootReducer,
  type EventInput,
  type Kit,
  type KitEvent,
  type KitState,
  type LoadedFeature,
  type PayloadOf,
  transition,
  VIEWS,
  validateEventInput,
} from '../../src/kernel/index.js'
import { registrationEvent } from '../../src/kernel/kit/plugins.js'
import { createVirtualEnv } from '../../src/testing/index.js'
import { toyAddress, toyChain } from './toyChain.js'

let seq = 0

/** Stamps an event input as the log would (validated, with meta). */
export function stamp(
  input: EventInput,
  at = Date.UTC(2026, 0, 1),
  validate: (input: unknown) => EventInput = validateEventInput,
): KitEvent {
  seq += 1
  const valid = validate(input)
  return {
    type: valid.type,
    payload: valid.payload,
    meta: {
      id: `e-${seq}`,
      seq,
      at,
      source: 'ui',
      ...(valid.correlationId === undefined ? {} : { correlationId: valid.correlationId }),
    },
  } as KitEvent
}

/** Applies inputs one by one to a state (the initial state by default). */
export function fold(
  inputs: readonly EventInput[],
  state: KitState = createInitialState(),
): KitState {
  return inputs.reduce((current, input) => transition(current, stamp(input)), state)
}

/**
 * `namespace/registered` for a toy namespace, built by the kit's own registration code from the
 * toychain plugin and its adapter (so capabilities come from the adapter's methods, as in a kit).
 */
export function registered(
  namespace = 'toychain',
  overrides: Partial<PayloadOf<'namespace/registered'>> = {},
): EventInput {
  const { plugin } = toyChain({ namespace })
  const adapter = plugin.createAdapter({
    env: createVirtualEnv(),
    emit: () => undefined,
    networks: plugin.networks,
    settings: { projectId: undefined, tokens: [], analytics: false },
  })
  const event = registrationEvent(plugin, adapter) as Extract<
    EventInput,
    { type: 'namespace/registered' }
  >
  return { ...event, payload: { ...event.payload, ...overrides } }
}

/** `connectors/discovered` with one wallet. */
export function discovered(
  namespace = 'toychain',
  connector: Partial<PayloadOf<'connectors/discovered'>['connectors'][number]> = {},
): EventInput {
  return {
    type: 'connectors/discovered',
    payload: {
      namespace,
      connectors: [
        {
          id: 'toywallet',
          name: 'Toy Wallet',
          type: 'ANNOUNCED',
          namespace,
          rdns: 'org.example.toywallet',
          ...connector,
        },
      ],
    },
  }
}

/** `connection/succeeded` for a toy account. */
export function connected(
  namespace = 'toychain',
  seed = 1,
  connectorId = 'toywallet',
  network = 'main',
): EventInput {
  const networkId = `${namespace}:${network}` as const
  const caipAddress = `${networkId}:${toyAddress(seed)}` as const
  return {
    type: 'connection/succeeded',
    payload: {
      namespace,
      connectorId,
      caipAddress,
      accounts: [{ caipAddress, type: 'eoa' }],
      networkId,
      walletInfo: { name: 'Toy Wallet' },
      recentWallet: { id: connectorId, name: connectorId },
    },
  }
}

/** A state with the toy namespace registered and its wallet announced. */
export function readyState(namespaces: readonly string[] = ['toychain']): KitState {
  return fold(namespaces.flatMap((namespace) => [registered(namespace), discovered(namespace)]))
}

/** `kit/configured` with some options and environment over the defaults. */
export function configured(
  options: Partial<KitState['options']> = {},
  environment: Partial<KitState['environment']> = {},
): EventInput {
  const initial = createInitialState()
  return {
    type: 'kit/configured',
    payload: {
      options: { ...initial.options, ...options },
      environment: { ...initial.environment, ...environment },
      // Every view the specification names, as a kit with all its features knows them.
      views: [...VIEWS],
    },
  }
}

/**
 * What the snack reads in English: the site's text, or its code's words in the kit's catalogue
 * (`kit.catalogue`, which knows the registered features' codes), else in the core's.
 */
export function snackText(
  state: KitState,
  catalogue?: Pick<Kit['catalogue'], 'textOf'>,
): string | null {
  const { snack } = state
  if (!snack.isOpen) return null
  if (snack.text) return snack.text
  return catalogue
    ? catalogue.textOf(snack.code ?? '', snack.params ?? undefined)
    : catalogueText(snack.code ?? '', snack.params)
}

/**
 * Every text the snack shows from now on, in order (a snack replaced or hidden before a test
 * reads the state is still seen).
 * @returns the texts so far, and `stop` to end the recording.
 */
export function recordSnackTexts(kit: Pick<Kit, 'subscribe' | 'getState'>): {
  readonly texts: string[]
  readonly stop: () => void
} {
  const texts: string[] = []
  const stop = kit.subscribe(() => {
    const text = snackText(kit.getState())
    if (text !== null && texts.at(-1) !== text) texts.push(text)
  })
  return { texts, stop }
}

/**
 * Folding with features known, as a kit that registered them does: their events join the
 * catalogue, their slices and router rules the reducer. `loaded(name)` is the event that starts a
 * feature's slice.
 */
export function withFeatures(features: readonly LoadedFeature[]) {
  const catalogue = createEventCatalogue({
    views: VIEWS,
  })
  for (const feature of features) catalogue.addFeature(feature.name, feature.module.events ?? {})
  const reducer = createRootReducer(features)
  const stampWith = (input: EventInput, at?: number) => stamp(input, at, catalogue.validate)
  return {
    stamp: stampWith,
    transition: (state: KitState, input: EventInput) => reducer.transition(state, stampWith(input)),
    transitionStamped: (state: KitState, event: KitEvent) => reducer.transition(state, event),
    fold: (inputs: readonly EventInput[], state: KitState = createInitialState()) =>
      inputs.reduce((current, input) => reducer.transition(current, stampWith(input)), state),
    loaded: (name: string, restored: Record<string, unknown> = {}): EventInput => ({
      type: 'feature/loaded',
      payload: { name, restored },
    }),
  }
}
