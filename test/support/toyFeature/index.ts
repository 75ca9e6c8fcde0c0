/**
 * A feature written only against Gangway's public API, as a site would write its own: visitors pin
 * short notes to their connected account. It shows every part a feature can have: its own events,
 * a state slice, an effect, intents, a view, a router rule, a close guard, a persisted key, and an
 * Account button and tab.
 * The eager part is these few lines; everything else loads on first need.
 */
import { defineFeature } from '../../../src/kernel/index.js'

/** Options of {@link notes}. */
export interface NotesOptions {
  /** How long a pinned note waits before it counts as saved, in ms (virtual time in tests). */
  readonly saveDelayMs?: number
  /** Replaces the download, to test a failed or slow one. */
  readonly load?: () => Promise<typeof import('./module.js')>
}

/** The notes feature. */
export const notes = (options: NotesOptions = {}) =>
  defineFeature({
    name: 'notes',
    views: ['Notes'],
    load: () =>
      (options.load ?? (() => import('./module.js')))().then((module) =>
        module.createNotesModule(options.saveDelayMs ?? 1_000),
      ),
    // Its Account button and tab, plain data, shown before any of its code loads.
    ui: {
      load: () => import('./react.js').then((module) => module.notesUi),
      accountActions: [{ id: 'notes', view: 'Notes', label: { en: 'Notes', de: 'Notizen' } }],
      accountTabs: [{ id: 'pinned', label: { en: 'Pinned', de: 'Angeheftet' } }],
    },
  })
