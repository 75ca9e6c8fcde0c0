'use client'
/**
 * The notes feature's view, written only against Gangway's public React API: registered with
 * `defineViews` and passed to `KitProvider views={[notesViews]}`.
 */
import { useState } from 'react'
import { selectActiveCaipAddress } from '../../../src/kernel/index.js'
import {
  defineFeatureUi,
  defineViews,
  useFeatureCopy,
  useKit,
  useUi,
} from '../../../src/ui/index.js'
import { selectNotes } from './module.js'

function NotesView() {
  const { kit, t } = useUi()
  const address = useKit(selectActiveCaipAddress)
  const notes = useKit((state) => (address ? selectNotes(state)?.byAccount[address] : undefined))
  const [text, setText] = useState('')
  const pin = (kit.features as { notes?: { pin(text: string): Promise<number> } }).notes?.pin
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void pin?.(text).catch(() => undefined)
      }}
    >
      <ul aria-label={t('notes.list')}>
        {(notes ?? []).map((note, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: notes are append-only
          <li key={index}>{note}</li>
        ))}
      </ul>
      <input value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit">{t('notes.pin')}</button>
    </form>
  )
}

/** The Notes view, titled and with its English copy; it loads with the feature's code. */
export const notesViews = defineViews({
  views: ['Notes'],
  title: 'notes.title',
  feature: 'notes',
  messages: { 'notes.title': 'Notes', 'notes.list': 'Your notes', 'notes.pin': 'Pin note' },
  load: () => Promise.resolve(NotesView),
})

const pinnedMessages = {
  en: { 'notes.pinned': 'Notes pinned: {count}' },
  de: { 'notes.pinned': 'Angeheftete Notizen: {count}' },
}

/** The Account tab: how many notes the connected account has pinned. */
function PinnedTab() {
  const { t } = useFeatureCopy(pinnedMessages)
  const address = useKit(selectActiveCaipAddress)
  const count = useKit((state) =>
    address ? (selectNotes(state)?.byAccount[address]?.length ?? 0) : 0,
  )
  return <p data-notes="pinned">{t('notes.pinned', { count: String(count) })}</p>
}

/** The feature's React part, loaded the first time its Account tab or view is shown. */
export const notesUi = defineFeatureUi({
  views: [notesViews],
  tabs: { pinned: PinnedTab },
  messages: pinnedMessages,
})
