'use client'
import {
  type KeyboardEvent,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import type { ViewName } from '../kernel/index.js'
import { Snackbar } from './components/Snackbar.js'
import { useUi } from './KitProvider.js'
import { MODAL_CSS } from './theme/styles.js'
import { useKit } from './useKit.js'
import { ConnectView } from './views/ConnectView.js'
import { UNAVAILABLE } from './views/coreViews.js'
import type { RegisteredView } from './views/registry.js'

// Only Connect ships with the modal: it is what the first open shows. Every other view, Account
// and the connecting views included, is fetched when it is first shown (views/registry.ts), so a
// page pays for the bytes a visitor reaches and no more.

/** The registered view behind `view`; `undefined` for Connect, which ships with the modal. */
function useRegisteredView(view: ViewName): RegisteredView | undefined {
  const { views } = useUi()
  if (view === 'Connect') return undefined
  return views.get(view) ?? views.get(UNAVAILABLE) ?? undefined
}

/**
 * The view to show: the router's, once its code is here. Until then the previous view stays, as
 * a transition would keep it: the state arrives through useSyncExternalStore, whose updates
 * cannot be transitions, and a suspended view would show a spinner that React keeps for at
 * least 300 ms even when the code takes 20.
 */
function useDisplayedView(view: ViewName): ViewName {
  const registered = useRegisteredView(view)
  const ready = registered?.isLoaded() ?? true
  const [shown, setShown] = useState(view)
  useEffect(() => {
    if (ready) {
      setShown(view)
      return
    }
    let current = true
    const show = () => {
      if (current) setShown(view)
    }
    // A failed fetch shows the view anyway, so Suspense and the error reach the visitor.
    registered?.preload().then(show, show)
    return () => {
      current = false
    }
  }, [view, ready, registered])
  return ready ? view : shown
}

const FOCUSABLE =
  'button:not([disabled]):not([hidden]), [href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * The embedded wallet's frame while it shows something for the visitor's click over the modal's
 * ApproveTransaction view (decision 0716). It cannot live inside the modal's tree (moving an
 * iframe reloads it), so the modal counts it as its last control for the keyboard.
 */
function shownWalletFrame(): HTMLElement | null {
  return document.querySelector<HTMLElement>('iframe[data-gangway-wallet-frame]:not([aria-hidden])')
}

function ViewBody({ view }: { readonly view: ViewName }) {
  const registered = useRegisteredView(view)
  if (!registered) return <ConnectView />
  return <registered.Component view={view} />
}

/** Calls `onShown` once the view's content has committed, which for a lazy view is after it loaded. */
function ViewShown({ view, onShown }: { readonly view: ViewName; readonly onShown?: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` is the trigger, not an input
  useEffect(() => onShown?.(), [view, onShown])
  return null
}

/**
 * The header (back, title, close) and the current view: shared by the floating modal and the
 * embedded panel. `onViewShown` runs when a view's content is on screen (a lazy view: once loaded).
 * @internal
 */
export function DialogFrame({ onViewShown }: { readonly onViewShown?: () => void } = {}) {
  const { kit, t, views } = useUi()
  const view = useDisplayedView(useKit((state) => state.router.view))
  // §2: back closes UnsupportedChain, so it is offered there even as the only view.
  const canGoBack = useKit(
    (state) => state.router.history.length > 1 || state.router.history.includes('UnsupportedChain'),
  )
  // Connecting over WalletConnect to a wallet the visitor picked (MetaMask from the list, with no
  // extension here) is connecting to that wallet: the view is titled with its name.
  const chosenWallet = useKit((state) =>
    view === 'ConnectingWalletConnect' ? (state.router.wallet?.name ?? null) : null,
  )
  const title =
    chosenWallet ?? t((view === 'Connect' ? 'connect.title' : views.titleOf(view)) ?? 'modal.label')
  return (
    <>
      <div className="gw-header">
        <button
          type="button"
          className="gw-icon-button"
          aria-label={t('modal.back')}
          hidden={!canGoBack}
          onClick={() => kit.back()}
        >
          ‹
        </button>
        <h2 id="gw-title">{title}</h2>
        <button
          type="button"
          className="gw-icon-button"
          aria-label={t('modal.close')}
          onClick={() => kit.close()}
        >
          ×
        </button>
      </div>
      <div className="gw-body">
        <Suspense fallback={<div className="gw-spinner" role="progressbar" aria-label={title} />}>
          <ViewBody view={view} />
          <ViewShown view={view} onShown={onViewShown} />
        </Suspense>
      </div>
    </>
  )
}

/**
 * The modal: a labelled dialog in its own shadow root (styles neither leak out nor get in),
 * rendered through a portal. While open the page behind is inert, focus stays inside, Escape and
 * the overlay close it by the §2 rules, and focus returns to whatever opened it.
 * @internal
 */
export function Modal() {
  const { kit, theme, locale, dir } = useUi()
  const isFloating = useKit((state) => state.modal.isOpen && !state.options.embedded)
  const isShaking = useKit((state) => state.modal.isShaking)
  const view = useKit((state) => state.router.view)
  const [root, setRoot] = useState<{
    host: HTMLElement
    shadow: ShadowRoot
    mount: HTMLElement
  } | null>(null)
  const dialog = useRef<HTMLDivElement>(null)
  const opener = useRef<Element | null>(null)

  // The host is created on the client only: server HTML and the first client render are both
  // empty, so hydration never mismatches.
  useEffect(() => {
    const host = document.createElement('gangway-modal')
    const shadow = host.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = MODAL_CSS
    const mount = document.createElement('div')
    shadow.append(style, mount)
    document.body.append(host)
    setRoot({ host, shadow, mount })
    return () => host.remove()
  }, [])

  useLayoutEffect(() => {
    if (!root || !isFloating) return
    opener.current = document.activeElement
    // The page behind becomes inert to keyboard and screen readers; only what we set is undone.
    // The embedded wallet's frame stays live: it shows its approvals over the modal's
    // ApproveTransaction view, for the visitor's click.
    const madeInert = [...document.body.children].filter(
      (element): element is HTMLElement =>
        element !== root.host &&
        element instanceof HTMLElement &&
        !element.inert &&
        !element.hasAttribute('data-gangway-wallet-frame'),
    )
    for (const element of madeInert) element.inert = true
    return () => {
      for (const element of madeInert) element.inert = false
      const previous = opener.current
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }, [root, isFloating])

  // Focus moves into the dialog on open and whenever the view changes (the wallet's frame, shown
  // over the view for the visitor's click, keeps it when it has it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` is the trigger, not an input
  useEffect(() => {
    if (!root || !isFloating || !dialog.current) return
    const frame = shownWalletFrame()
    if (frame && document.activeElement === frame) return
    const first = dialog.current.querySelector<HTMLElement>(`.gw-body ${FOCUSABLE}`)
    ;(first ?? dialog.current.querySelector<HTMLElement>(FOCUSABLE) ?? dialog.current).focus()
  }, [root, isFloating, view])

  // Escape closes from anywhere while the modal is open, not only from inside the dialog: a control
  // that goes away under the visitor's focus (a view replaced, a status line swapped) leaves focus
  // on the page's body. A control that uses Escape itself (a token list) stops it first.
  useEffect(() => {
    if (!isFloating) return
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      kit.close()
    }
    document.addEventListener('keydown', onEscape)
    return () => document.removeEventListener('keydown', onEscape)
  }, [isFloating, kit])

  // A lazy view arrives after the effect above has focused a header button (the body was still a
  // spinner); its first control takes focus then, as a view shipped with the modal's would.
  const focusBody = useCallback(() => {
    dialog.current?.querySelector<HTMLElement>(`.gw-body ${FOCUSABLE}`)?.focus()
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialog.current || !root) return
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.hidden,
    )
    const first = focusable[0]
    const last = focusable.at(-1)
    const active = root.shadow.activeElement
    // The wallet's frame shown over the view comes after the card's own controls; from it, the
    // browser's own order leads back to them (the frame's document follows the modal's).
    const frame = shownWalletFrame()
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault()
      ;(frame ?? last)?.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      ;(frame ?? first)?.focus()
    }
  }

  if (!root) return null
  return createPortal(
    <div className="gw-root" data-theme={theme} lang={locale.tag} dir={dir}>
      {/* An embedded kit shows its views in <WalletPanel />; here only the snackbar remains. */}
      {isFloating ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut only; keyboard users close with Escape or the close button
        <div
          className="gw-overlay"
          onMouseDown={(event) => {
            if (event.target === event.currentTarget) kit.close()
          }}
        >
          <div
            ref={dialog}
            className="gw-dialog"
            role="dialog"
            // The page behind is inert; while the wallet's frame shows over ApproveTransaction it
            // is part of this dialog for the visitor, and must not be hidden from assistive tech.
            aria-modal={view === 'ApproveTransaction' ? undefined : 'true'}
            aria-labelledby="gw-title"
            tabIndex={-1}
            data-shaking={isShaking}
            onKeyDown={onKeyDown}
          >
            <DialogFrame onViewShown={focusBody} />
          </div>
        </div>
      ) : null}
      <Snackbar />
    </div>,
    root.mount,
  )
}
