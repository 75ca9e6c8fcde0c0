/**
 * Rules that several lazily loaded views share and the first open never renders. They travel in
 * the lazy chunks rather than in `MODAL_CSS`, so the bytes arrive with the first view that needs
 * them (issue #4's first-open budget).
 * @module
 */

/**
 * The shared lazy-view rules: primary and danger buttons, link buttons, error text and form
 * fields. A view renders it as `<style>{VIEW_CSS}</style>` when it, or a component it renders
 * (`DisconnectButton`, `ConnectionFailure`), uses one of these classes. The element sits inside
 * the modal's (or the panel's) shadow root, so it styles nothing outside, is in the server HTML
 * as it is on the client, and is covered by the reduced-motion rule of `MODAL_CSS`. Part of the
 * view toolkit feature views use.
 * @example
 * import { VIEW_CSS } from '@gangway/kit/react'
 * const TipView = () => (<div><style>{VIEW_CSS}</style><button className="gw-button gw-primary">Tip</button></div>)
 * @see /docs/features.md
 */
export const VIEW_CSS = `
.gw-chosen-wallet { display: flex; align-items: center; justify-content: center; gap: 8px; }
.gw-primary { background: var(--gw-accent); border-color: transparent; color: #fff; justify-content: center; }
.gw-danger { color: var(--gw-danger); justify-content: center; }
.gw-error { color: var(--gw-danger); }
.gw-field { display: block; margin: 8px 0; }
.gw-field span { display: block; font-size: 13px; color: var(--gw-muted); margin-bottom: 4px; }
.gw-field .gw-error { color: var(--gw-danger); font-size: 14px; margin: 4px 0 0; }
.gw-field input, .gw-field select {
  width: 100%; padding: 10px; border-radius: 10px; border: 1px solid var(--gw-border); background: var(--gw-surface);
}
`
