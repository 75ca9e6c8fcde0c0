'use client'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { TOKEN_LINE_CSS, TokenLine } from './TokenLine.js'

/** One token a {@link TokenSelect} offers. */
export interface TokenSelectOption {
  /** What identifies it among the options (e.g. `chainId|address`). */
  readonly key: string
  /** Its symbol, first on the line and what a typed letter jumps to. */
  readonly symbol: string
  /** Its full name. */
  readonly name?: string | undefined
  /** Its icon URL (untrusted: shown only when it is a safe image URL). */
  readonly iconUrl?: string | undefined
  /** For a network's own currency: the network's namespace, for the coin's mark (see `TokenIcon`). */
  readonly nativeOf?: string | undefined
  /** The visitor's balance, formatted for their language. */
  readonly balance?: string | undefined
  /** The balance's USD value, formatted; `null` where no price is known. */
  readonly fiat?: string | null | undefined
}

const CSS = `${TOKEN_LINE_CSS}
.gw-token-select { position: relative; margin: 8px 0; }
.gw-token-select-label { display: block; font-size: 13px; color: var(--gw-muted); margin-bottom: 4px; }
.gw-token-select-button { margin: 0; }
.gw-token-select-chevron { flex: none; width: 10px; height: 10px; border: solid currentColor; border-width: 0 2px 2px 0; transform: translateY(-2px) rotate(45deg); margin-inline: 4px; opacity: 0.7; }
.gw-token-select-list {
  position: absolute; inset-inline: 0; top: 100%; z-index: 2; margin-top: 4px; padding: 4px;
  max-height: 264px; overflow-y: auto; background: var(--gw-bg); border: 1px solid var(--gw-border);
  border-radius: calc(var(--gw-radius) * 0.75); box-shadow: 0 12px 32px rgba(0, 0, 0, 0.35);
}
.gw-token-select-list [role='option'] { padding: 8px 10px; border-radius: 10px; cursor: pointer; }
.gw-token-select-list [data-active] { background: var(--gw-surface); outline: 2px solid var(--gw-focus); outline-offset: -2px; }
.gw-token-select-list [data-chosen] { border-inline-start: 3px solid var(--gw-accent); }
`

/**
 * A token picker in a form: a button showing the chosen token (icon, symbol, name, balance, USD
 * value) that opens a list of the others, the WAI-ARIA select-only combobox (a `combobox` with a
 * `listbox` of `option`s, focus kept on the combobox with `aria-activedescendant`). Keys: ↓ and ↑
 * open the list and move through it, Home and End jump, a letter goes to the next
 * token whose symbol starts with it, Enter, Space or Tab pick, Escape closes the list without
 * closing the modal. Part of the view toolkit feature views use.
 * @example
 * import { TokenSelect } from '@gangway/kit/react'
 * const Field = () => <TokenSelect id="pay" label="Token" options={options} value={key} onChange={setKey} />
 * @see /docs/features.md
 */
export function TokenSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  /** Unique in the view: the label's, list's and options' ids derive from it. */
  readonly id: string
  /** The field's name, shown above it and naming the combobox and the list. */
  readonly label: string
  readonly options: readonly TokenSelectOption[]
  /** The chosen option's key, or `null` for none. */
  readonly value: string | null
  readonly onChange: (key: string) => void
}) {
  // Open or not and which option is under the keyboard: what the visitor is doing, nothing the kit keeps.
  const [isOpen, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const list = useRef<HTMLDivElement>(null)
  const chosenIndex = options.findIndex((option) => option.key === value)
  const chosen = options[chosenIndex]
  const last = options.length - 1
  const clamp = (index: number) => Math.max(0, Math.min(last, index))
  const optionId = (index: number) => `${id}-option-${index}`

  // The option under the keyboard stays in sight as the list scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` is the trigger, not an input
  useEffect(() => {
    if (isOpen) list.current?.querySelector('[data-active]')?.scrollIntoView?.({ block: 'nearest' })
  }, [isOpen, active])

  const open = (index: number) => {
    setActive(clamp(index))
    setOpen(true)
  }
  const pick = (index: number) => {
    const option = options[index]
    setOpen(false)
    if (option && option.key !== value) onChange(option.key)
  }
  /** The next option after `from` whose symbol starts with `letter`, wrapping round. */
  const byLetter = (letter: string, from: number) => {
    for (let step = 1; step <= options.length; step++) {
      const index = (from + step) % options.length
      if (options[index]?.symbol.toLowerCase().startsWith(letter)) return index
    }
    return -1
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (options.length === 0) return
    const current = isOpen ? active : Math.max(chosenIndex, 0)
    let handled = true
    if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey) {
      const index = byLetter(event.key.toLowerCase(), current)
      if (index >= 0) open(index)
    } else if (!isOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') open(current)
      else if (event.key === 'Home') open(0)
      else if (event.key === 'End') open(last)
      // Enter and Space open it too: a button's own activation, handled here to keep one path.
      else if (event.key === 'Enter' || event.key === ' ') open(current)
      else handled = false
    } else if (event.key === 'ArrowDown') setActive(clamp(active + 1))
    else if (event.key === 'ArrowUp') setActive(clamp(active - 1))
    else if (event.key === 'Home') setActive(0)
    else if (event.key === 'End') setActive(last)
    else if (event.key === 'Enter' || event.key === ' ') pick(active)
    else if (event.key === 'Escape') {
      // Closes the list only: the modal, which closes on Escape, must not hear it.
      event.stopPropagation()
      setOpen(false)
    } else if (event.key === 'Tab') {
      // APG: Tab picks the option under the keyboard and moves on as usual.
      pick(active)
      handled = false
    } else handled = false
    if (handled) event.preventDefault()
  }

  return (
    <div className="gw-token-select" data-gangway="token-select">
      <style>{CSS}</style>
      <span id={`${id}-label`} className="gw-token-select-label">
        {label}
      </span>
      <button
        type="button"
        role="combobox"
        id={id}
        className="gw-button gw-token-select-button"
        aria-labelledby={`${id}-label`}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={`${id}-list`}
        aria-activedescendant={isOpen && options[active] ? optionId(active) : undefined}
        onKeyDown={onKeyDown}
        onClick={() => (isOpen ? setOpen(false) : open(Math.max(chosenIndex, 0)))}
        onBlur={() => setOpen(false)}
      >
        {chosen ? (
          <TokenLine token={chosen} balance={chosen.balance} fiat={chosen.fiat} />
        ) : (
          <span className="gw-token-line" />
        )}
        <span className="gw-token-select-chevron" aria-hidden="true" />
      </button>
      <div
        ref={list}
        id={`${id}-list`}
        role="listbox"
        aria-labelledby={`${id}-label`}
        className="gw-token-select-list"
        hidden={!isOpen}
        // The combobox keeps focus (and so the list stays open) while the pointer picks or scrolls.
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox, which keeps focus, takes the keys (APG select-only combobox)
          <div
            key={option.key}
            id={optionId(index)}
            role="option"
            // Reachable by the combobox's aria-activedescendant, never by Tab.
            tabIndex={-1}
            aria-selected={index === active}
            data-active={isOpen && index === active ? '' : undefined}
            data-chosen={index === chosenIndex ? '' : undefined}
            onMouseMove={() => setActive(index)}
            onClick={() => pick(index)}
          >
            <TokenLine token={option} balance={option.balance} fiat={option.fiat} />
          </div>
        ))}
      </div>
    </div>
  )
}
