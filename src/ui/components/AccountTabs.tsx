'use client'
import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import type { AccountTab } from '../../kernel/index.js'
import { useUi } from '../KitProvider.js'

/**
 * The Account view's tabs (§2: Tokens, NFTs, Activity), as the WAI-ARIA tabs pattern: one tab
 * stop, arrow keys, Home and End move between tabs and select as they move. The kernel keeps
 * which tab is selected (`account/tabSelected`); this only shows it.
 * @internal
 */
export function AccountTabs({
  tabs,
  labels,
  current,
  panel,
}: {
  /** The tabs this account has content for, Tokens first, then the features' in order. */
  readonly tabs: readonly AccountTab[]
  /** Each tab's text, by tab id. */
  readonly labels: Readonly<Record<string, string>>
  /** The selected tab; one of `tabs`. */
  readonly current: AccountTab
  /** Renders the selected tab's panel. */
  readonly panel: (tab: AccountTab) => ReactNode
}) {
  const { kit, t } = useUi()
  const list = useRef<HTMLDivElement>(null)
  const select = (tab: AccountTab, focus: boolean) => {
    kit.selectAccountTab(tab)
    if (focus) list.current?.querySelector<HTMLElement>(`[data-tab="${tab}"]`)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current)
    const next =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined
    if (!next) return
    event.preventDefault()
    select(next, true)
  }
  return (
    <>
      <div
        ref={list}
        className="gw-tabs"
        role="tablist"
        aria-label={t('account.tabs')}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            className="gw-tab"
            id={`gw-tab-${tab}`}
            data-tab={tab}
            aria-selected={tab === current}
            aria-controls="gw-tabpanel"
            tabIndex={tab === current ? 0 : -1}
            onClick={() => select(tab, false)}
          >
            {labels[tab] ?? tab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="gw-tabpanel" aria-labelledby={`gw-tab-${current}`}>
        {panel(current)}
      </div>
    </>
  )
}
