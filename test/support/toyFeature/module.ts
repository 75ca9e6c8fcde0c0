/** The lazily loaded part of the notes feature (see index.ts). */
import { map, mergeMap, timer } from 'rxjs'
import * as z from 'zod/mini'
import {
  caipAddressShapeSchema,
  defineErrorCodes,
  type Effect,
  type EventInput,
  type FeatureModule,
  KitError,
  type KitState,
  selectActiveCaipAddress,
} from '../../../src/kernel/index.js'

/** The feature's own codes, defined with it: every error it raises carries their texts. */
const noteErrors = defineErrorCodes({
  NOTE_TOO_LONG: { surface: 'input', userMessage: 'A note has at most 280 characters' },
})

declare module '../../../src/kernel/index.js' {
  interface FeatureEventPayloads {
    'notes/pinned': { readonly caipAddress: string; readonly text: string }
    'notes/saved': { readonly caipAddress: string }
    'notes/cleared': Record<string, never>
  }
  interface FeatureErrorCodes {
    NOTE_TOO_LONG: true
  }
}

/** The notes slice: notes per account, and which accounts have a note still being saved. */
export interface NotesState {
  byAccount: Record<string, string[]>
  saving: string[]
}

const byAccountSchema = z.record(z.string(), z.array(z.string()))

/** The slice of a kit's state, once the feature has loaded. */
export const selectNotes = (state: KitState): NotesState | undefined =>
  (state as unknown as { notes?: NotesState }).notes

/** Saves a pinned note after a delay, on the kit's scheduler. Independent per note. */
const saveEffect =
  (delayMs: number): Effect =>
  ({ events$, env }) =>
    events$.pipe(
      mergeMap((event) =>
        event.type === 'notes/pinned'
          ? timer(delayMs, env.scheduler).pipe(
              map(
                (): EventInput => ({
                  type: 'notes/saved',
                  payload: { caipAddress: event.payload.caipAddress },
                }),
              ),
            )
          : [],
      ),
    )

/**
 * The module: its events, slice, effect, error, persisted key, router rule, close guard and
 * intents.
 * @param saveDelayMs - how long saving takes.
 */
export function createNotesModule(saveDelayMs: number): FeatureModule<NotesState, NotesIntents> {
  return {
    events: {
      'notes/pinned': z.object({
        caipAddress: caipAddressShapeSchema,
        text: z.string().check(z.minLength(1), z.maxLength(280)),
      }),
      'notes/saved': z.object({ caipAddress: caipAddressShapeSchema }),
      'notes/cleared': z.object({}),
    },
    errors: noteErrors.entries,
    slice: {
      initial: (_root, restored) => ({
        byAccount: (restored.notesByAccount as NotesState['byAccount'] | undefined) ?? {},
        saving: [],
      }),
      handles: ['notes/pinned', 'notes/saved', 'notes/cleared', 'disconnection/succeeded'],
      recipe: (draft, event) => {
        switch (event.type) {
          case 'notes/pinned': {
            const { caipAddress, text } = event.payload
            draft.byAccount[caipAddress] = [...(draft.byAccount[caipAddress] ?? []), text]
            if (!draft.saving.includes(caipAddress)) draft.saving.push(caipAddress)
            return undefined
          }
          case 'notes/saved':
            return {
              ...draft,
              saving: draft.saving.filter((id) => id !== event.payload.caipAddress),
            }
          case 'notes/cleared':
            return { byAccount: {}, saving: [] }
          case 'disconnection/succeeded':
            draft.saving.length = 0
            return undefined
          default:
            return undefined
        }
      },
    },
    effects: [saveEffect(saveDelayMs)],
    persisted: {
      notesByAccount: { schema: byAccountSchema, select: (slice) => slice.byAccount },
    },
    routes: [
      (event, root) =>
        event.type === 'notes/pinned' && root.router.view === 'Notes'
          ? { reset: 'Account' }
          : undefined,
    ],
    // A note being saved keeps the modal open, as SIWX keeps it open until the visitor signs.
    canClose: (state) => (selectNotes(state)?.saving.length ?? 0) === 0,
    intents: (context) => ({
      pin: (text: string) => {
        const caipAddress = selectActiveCaipAddress(context.getState())
        if (!caipAddress) throw new KitError('NO_ACTIVE_ADDRESS')
        if ([...text].length > 280) throw noteErrors.create('NOTE_TOO_LONG')
        context.append({ type: 'notes/pinned', payload: { caipAddress, text } })
        return selectNotes(context.getState())?.byAccount[caipAddress]?.length ?? 0
      },
      clear: () => context.append({ type: 'notes/cleared', payload: {} }),
    }),
  }
}

/** The intents, as `kit.features.notes.*`. */
export interface NotesIntents {
  /** Pins a note to the connected account; resolves with how many it has. */
  pin(text: string): number
  /** Removes every note. */
  clear(): void
}
