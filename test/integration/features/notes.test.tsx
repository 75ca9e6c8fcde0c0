import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import {
  createKit,
  type KitEvent,
  type KitState,
  rebuildState,
  STORAGE_PREFIX,
} from '../../../src/index.js'
import { createVirtualEnv, settle } from '../../../src/testing/index.js'
import { de } from '../../../src/ui/copy/locales/de.js'
import { KitProvider, useUi, type ViewRegistry } from '../../../src/ui/index.js'
import { DialogFrame } from '../../../src/ui/Modal.js'
import { AccountView } from '../../../src/ui/views/AccountView.js'
import { toyChain } from '../../support/toyChain.js'
import { notes } from '../../support/toyFeature/index.js'
import { createNotesModule, selectNotes } from '../../support/toyFeature/module.js'
import { notesViews } from '../../support/toyFeature/react.js'

const module = () => import('../../support/toyFeature/module.js')

function setup(options: Parameters<typeof notes>[0] = {}, env = createVirtualEnv()) {
  const { plugin } = toyChain()
  let loads = 0
  const feature = notes({
    ...options,
    load: () => {
      loads += 1
      return (options.load ?? module)()
    },
  })
  const kit = createKit({ plugins: [plugin], features: [feature], env })
  const types: string[] = []
  kit.events$.subscribe((event) => types.push(event.type))
  return { kit, env, types, loads: () => loads }
}

describe('a feature written against the public API', () => {
  test('behavior: an intent name the feature does not have rejects once it has loaded', async () => {
    const { kit } = setup()
    await kit.features.notes.clear()
    expect((kit.features.notes as Record<string, unknown>).publish).toBeUndefined()
  })

  test('behavior: nothing of it loads until it is needed; opening the modal and connecting do not', async () => {
    const { kit, loads } = setup()
    kit.open()
    await kit.connect({ connectorId: 'toywallet' })
    await settle()
    expect(loads()).toBe(0)
    expect(selectNotes(kit.getState())).toBeUndefined()
  })

  test('behavior: calling an intent loads it once, runs the intent, and its events change its slice', async () => {
    const { kit, loads, types } = setup()
    await kit.connect({ connectorId: 'toywallet' })
    const first = kit.features.notes.pin('gm')
    const second = kit.features.notes.pin('gn')
    await expect(first).resolves.toBe(1)
    await expect(second).resolves.toBe(2)
    expect(loads()).toBe(1)
    const address = kit.getState().namespaces.entities.toychain!.accountState.caipAddress!
    expect(selectNotes(kit.getState())?.byAccount[address]).toEqual(['gm', 'gn'])
    expect(types.filter((type) => type.startsWith('feature/'))).toEqual(['feature/loaded'])
  })

  test('behavior: showing one of its views loads it, and its router rule returns to Account', async () => {
    const { kit, loads } = setup()
    await kit.connect({ connectorId: 'toywallet' })
    kit.open()
    kit.navigate('Notes')
    expect(loads()).toBe(1)
    await settle()
    expect(kit.getState().router.view).toBe('Notes')
    await kit.features.notes.pin('hello')
    expect(kit.getState().router.history).toEqual(['Account'])
  })

  test('behavior: its effect runs on the kit scheduler, and its close guard holds the modal until then', async () => {
    const { kit, env } = setup({ saveDelayMs: 1_000 })
    await kit.connect({ connectorId: 'toywallet' })
    kit.open()
    await kit.features.notes.pin('saving…')
    kit.close()
    expect(kit.getState().modal).toMatchObject({ isOpen: true, isShaking: true })
    env.advance(1_000)
    expect(selectNotes(kit.getState())?.saving).toEqual([])
    kit.close()
    expect(kit.getState().modal.isOpen).toBe(false)
  })

  test('behavior: bad input gets its own catalogue error and changes nothing', async () => {
    const { kit } = setup()
    await expect(kit.features.notes.pin('x')).rejects.toMatchObject({ code: 'NO_ACTIVE_ADDRESS' })
    await kit.connect({ connectorId: 'toywallet' })
    const before = kit.getState()
    const error = await kit.features.notes.pin('x'.repeat(281)).catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: 'NOTE_TOO_LONG',
      userMessage: 'A note has at most 280 characters',
    })
    expect(kit.getState()).toBe(before)
  })

  test('behavior: what it persists survives a reload; a corrupt stored value is discarded, not trusted', async () => {
    const first = setup()
    await first.kit.connect({ connectorId: 'toywallet' })
    await first.kit.features.notes.pin('keep me')
    const address = first.kit.getState().namespaces.entities.toychain!.accountState.caipAddress!
    const stored = first.env.storage.dump()
    expect(JSON.parse(stored[`${STORAGE_PREFIX}notesByAccount`]!)).toEqual({
      [address]: ['keep me'],
    })

    const reloaded = setup({}, createVirtualEnv({ storage: stored }))
    await reloaded.kit.features.notes.clear().then(() => undefined)
    // clear() ran after the load restored the notes: the slice began with them.
    const loaded = reloaded.kit.log.replay().find((event) => event.type === 'feature/loaded')
    expect(loaded?.payload).toMatchObject({
      restored: { notesByAccount: { [address]: ['keep me'] } },
    })

    const corrupt = setup(
      {},
      createVirtualEnv({ storage: { [`${STORAGE_PREFIX}notesByAccount`]: '{"x": 5}' } }),
    )
    await corrupt.kit.features.notes.clear()
    expect(selectNotes(corrupt.kit.getState())?.byAccount).toEqual({})
    expect(corrupt.types).toContain('storage/discarded')
    expect(corrupt.env.storage.dump()[`${STORAGE_PREFIX}notesByAccount`]).toBeUndefined()
  })

  test('behavior: a failed download fails each waiting intent with one terminal event; the next call retries', async () => {
    let failing = true
    const { kit, types, loads } = setup({
      load: () => (failing ? Promise.reject(new Error('offline')) : module()),
    })
    await kit.connect({ connectorId: 'toywallet' })
    const results = await Promise.allSettled([
      kit.features.notes.pin('a'),
      kit.features.notes.clear(),
    ])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SOMETHING_WENT_WRONG',
    })
    const failures = kit.log.replay().filter((event) => event.type === 'feature/failed')
    expect(
      failures.map((event) => [event.payload, event.meta.correlationId !== undefined]),
    ).toEqual([
      [expect.objectContaining({ name: 'notes', intent: 'pin' }), true],
      [expect.objectContaining({ name: 'notes', intent: 'clear' }), true],
    ])
    expect(kit.getState().operations.lastFailure?.type).toBe('feature')
    failing = false
    await expect(kit.features.notes.pin('b')).resolves.toBe(1)
    expect(loads()).toBe(2)
    expect(types.filter((type) => type === 'feature/loaded')).toHaveLength(1)
  })

  test('behavior: the router knows a feature view only in kits that register the feature', () => {
    const without = createKit({ plugins: [toyChain().plugin], env: createVirtualEnv() })
    without.open()
    expect(() => without.navigate('Notes')).toThrowError(
      expect.objectContaining({ code: 'INVALID_EVENT' }),
    )
    expect(without.getState().router.view).toBe('Connect')
    expect(Object.keys(without.features)).not.toContain('notes')
  })

  test('behavior: replaying the log with the feature known rebuilds the same state, its slice included', async () => {
    const { kit } = setup()
    await kit.connect({ connectorId: 'toywallet' })
    await kit.features.notes.pin('one')
    await kit.disconnect()
    const replayed = rebuildState(kit.log.replay(), undefined, [
      { name: 'notes', module: createNotesModule(1_000) },
    ])
    expect(replayed).toEqual(kit.getState())
    // Without the feature its events cannot be folded: the slice is missing.
    expect(selectNotes(rebuildState(kit.log.replay()))).toBeUndefined()
  })

  test('behavior: loaded late or at once, the feature ends in the same state', async () => {
    const fold = (events: readonly KitEvent[]): KitState =>
      rebuildState(events, undefined, [{ name: 'notes', module: createNotesModule(1_000) }])
    const { kit } = setup()
    await kit.connect({ connectorId: 'toywallet' })
    await kit.disconnect()
    await kit.connect({ connectorId: 'toywallet' })
    await kit.features.notes.pin('late')
    const events = kit.log.replay()
    const loadedAt = events.findIndex((event) => event.type === 'feature/loaded')
    const loaded = events[loadedAt]!
    // The same log, with the feature loaded right after the kit was configured.
    const early = [events[0]!, loaded, ...events.slice(1).filter((event) => event !== loaded)]
    expect(selectNotes(fold(early))).toEqual(selectNotes(fold(events)))
  })
})

const probed: { views?: ViewRegistry } = {}
/** Reads the provider's view registry so the test can preload the lazily loaded Notes view. */
const ViewsProbe = () => {
  probed.views = useUi().views
  return null
}

describe('its view, written against the public React API', () => {
  test('behavior: the Notes view shows in the modal with its title, its copy and the feature state', async () => {
    const { kit } = setup()
    await kit.connect({ connectorId: 'toywallet' })
    await kit.features.notes.pin('from the kernel')
    kit.open()
    kit.navigate('Notes')
    const render = (child: ReactNode) =>
      renderToString(
        <KitProvider kit={kit} views={[notesViews]} withoutModal>
          {child}
        </KitProvider>,
      )
    render(<ViewsProbe />)
    await probed.views?.get('Notes')?.preload()
    const html = render(<DialogFrame />)
    expect(html).toContain('>Notes</h2>')
    expect(html).toContain('aria-label="Your notes"')
    expect(html).toContain('<li>from the kernel</li>')
    expect(html).toContain('>Pin note</button>')
  })
})

describe('its Account button and tab, declared in its eager part', () => {
  const account = (kit: ReturnType<typeof setup>['kit'], locale = {}) =>
    renderToString(
      <KitProvider kit={kit} withoutModal {...locale}>
        <ViewsProbe />
        <AccountView />
      </KitProvider>,
    )

  test('behavior: the Account view offers the site feature’s button and tab, in the visitor’s language, before its code loads', async () => {
    const { kit, loads } = setup()
    await kit.connect({ connectorId: 'toywallet' })
    const html = account(kit)
    expect(html).toMatch(/data-action="notes"[^>]*>.*?class="gw-action-label">Notes</)
    expect(html).toMatch(/role="tab"[^>]*>Pinned</)
    expect(account(kit, { locale: de })).toMatch(
      /data-action="notes"[^>]*>.*?class="gw-action-label">Notizen</,
    )
    expect(loads()).toBe(0)
  })

  test('behavior: its button opens its view, and its tab shows its panel with its copy and its slice', async () => {
    const { kit } = setup()
    await kit.connect({ connectorId: 'toywallet' })
    await kit.features.notes.pin('gm')
    kit.open()
    // What the button's click does: the view it names, which the kit's router now knows.
    kit.navigate('Notes')
    expect(kit.getState().router.view).toBe('Notes')
    kit.selectAccountTab('pinned')
    account(kit)
    await probed.views?.loadUi('notes')
    expect(account(kit)).toContain('<p data-notes="pinned">Notes pinned: 1</p>')
    expect(account(kit, { locale: de })).toContain('Angeheftete Notizen: 1')
  })
})
