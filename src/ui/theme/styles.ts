/**
 * The modal's stylesheet. It lives inside the modal's shadow root, so it cannot leak into the page
 * and the page's resets (Tailwind preflight and the like) cannot reach in. Sites theme it through
 * the custom properties below, which do cross the shadow boundary.
 * @module
 */

/** Theme variables a site can override (on the host element or any ancestor). */
export const THEME_VARIABLES = Object.freeze({
  accent: '--gangway-accent',
  font: '--gangway-font',
  radius: '--gangway-radius',
  zIndex: '--gangway-z-index',
})

/**
 * The CSS of what the first open renders: the frame (overlay, dialog, header), the Connect view,
 * the wallet list, the snack, focus and reduced motion. Rules only lazily loaded views use ship
 * with those views instead (`VIEW_CSS`, `ACCOUNT_CSS`), rendered into the same shadow root after
 * this sheet: a moved rule that ties with one here (`.gw-primary` over `.gw-button`) still wins,
 * and none of them used to lose a tie, so the split changes no computed style.
 * @internal
 */
export const MODAL_CSS = `
:host { all: initial; }
.gw-root {
  --gw-accent: var(--gangway-accent, #3451d1);
  --gw-font: var(--gangway-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  --gw-radius: var(--gangway-radius, 16px);
  --gw-z: var(--gangway-z-index, 2147483000);
  --gw-bg: #16181d; --gw-surface: #1f2229; --gw-text: #f2f3f5; --gw-muted: #a2a8b3;
  --gw-border: #2d313a; --gw-danger: #ff6b6b; --gw-success: #37c786; --gw-focus: #9fb0ff;
  font-family: var(--gw-font); font-size: 15px; line-height: 1.4; color: var(--gw-text);
}
.gw-root[data-theme='light'] {
  --gw-bg: #ffffff; --gw-surface: #f3f4f7; --gw-text: #14161a; --gw-muted: #5b6270;
  --gw-border: #dde0e6; --gw-danger: #c92a2a; --gw-success: #1f8a57; --gw-focus: #3346d3;
}
*, *::before, *::after { box-sizing: border-box; }
.gw-overlay {
  position: fixed; inset: 0; z-index: var(--gw-z); display: flex; align-items: flex-start;
  justify-content: center; background: rgb(0 0 0 / 0.55); animation: gw-fade 160ms ease-out;
  /* The card's top stays put as views of other heights come and go (never re-centred). */
  padding-top: min(12vh, 96px);
}
.gw-dialog {
  width: 360px; max-width: calc(100vw - 24px); max-height: calc(100vh - min(12vh, 96px) - 24px); overflow: auto;
  background: var(--gw-bg); color: var(--gw-text); border: 1px solid var(--gw-border);
  border-radius: var(--gw-radius); padding: 16px; box-shadow: 0 20px 60px rgb(0 0 0 / 0.4);
  animation: gw-rise 180ms ease-out;
}
.gw-dialog[data-shaking='true'] { animation: gw-shake 500ms ease-in-out; }
/* Sticky over a long view; pulled over the dialog's padding so nothing scrolls above it. */
.gw-header {
  display: flex; align-items: center; gap: 8px; position: sticky; top: -16px; z-index: 1;
  margin: -16px -16px 4px; padding: 16px 16px 8px; background: var(--gw-bg);
}
.gw-header h2 { flex: 1; margin: 0; font-size: 17px; font-weight: 600; text-align: center; }
.gw-icon-button {
  width: 32px; height: 32px; border-radius: 50%; border: 1px solid var(--gw-border);
  background: var(--gw-surface); color: var(--gw-text); font: inherit; cursor: pointer;
}
.gw-icon-button[hidden] { visibility: hidden; display: inline-block; }
/* Right to left, back points right: the header's first button (back) turns its arrow round. */
.gw-root[dir='rtl'] .gw-header > .gw-icon-button:first-child { transform: scaleX(-1); }
button, input, select { font: inherit; color: inherit; }
.gw-button {
  display: flex; width: 100%; align-items: center; gap: 10px; padding: 10px 12px;
  border-radius: calc(var(--gw-radius) * 0.75); border: 1px solid var(--gw-border);
  background: var(--gw-surface); cursor: pointer; text-align: start; margin: 6px 0;
}
.gw-button:disabled { opacity: 0.5; cursor: not-allowed; }
a.gw-button { text-decoration: none; box-sizing: border-box; }
a.gw-button:not(.gw-primary) { color: inherit; }
:focus-visible { outline: 2px solid var(--gw-focus); outline-offset: 2px; }
.gw-section { margin: 10px 0 2px; font-size: 12px; letter-spacing: 0.04em; text-transform: uppercase; color: var(--gw-muted); }
.gw-wallet-icon { width: 28px; height: 28px; border-radius: 8px; flex: none; object-fit: contain; }
.gw-tile { display: inline-grid; place-items: center; font-weight: 600; font-size: 14px; background: color-mix(in srgb, currentColor 14%, transparent); }
.gw-muted { color: var(--gw-muted); }
.gw-center { text-align: center; }
.gw-facts { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 12px 0; }
.gw-facts dt { color: var(--gw-muted); }
.gw-facts dd { margin: 0; text-align: end; min-width: 0; }
.gw-snack {
  position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); z-index: var(--gw-z);
  padding: 10px 16px; border-radius: 999px; background: var(--gw-surface); color: var(--gw-text);
  border: 1px solid var(--gw-border); box-shadow: 0 8px 30px rgb(0 0 0 / 0.3);
}
.gw-snack[data-variant='error'] { border-color: var(--gw-danger); }
.gw-snack[data-variant='success'] { border-color: var(--gw-success); }
.gw-alert { border: 1px solid var(--gw-danger); border-radius: 10px; padding: 8px 10px; margin: 8px 0; }
.gw-spinner { width: 28px; height: 28px; margin: 12px auto; border-radius: 50%; border: 3px solid var(--gw-border); border-top-color: var(--gw-accent); animation: gw-spin 900ms linear infinite; }
.gw-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@keyframes gw-fade { from { opacity: 0; } }
@keyframes gw-rise { from { transform: translateY(8px); opacity: 0; } }
@keyframes gw-spin { to { transform: rotate(360deg); } }
@keyframes gw-shake { 10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); } 30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); } }
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation: none !important; transition: none !important; }
}
`

/** Styles of the drop-in buttons, which render in the page (light DOM) with their own prefix. @internal */
export const BUTTON_CSS = `
.gangway-button {
  all: unset; box-sizing: border-box; display: inline-flex; align-items: center; gap: 8px;
  padding: 10px 16px; border-radius: var(--gangway-radius, 16px); cursor: pointer;
  background: var(--gangway-accent, #3451d1); color: #fff;
  font: 600 15px/1.2 var(--gangway-font, system-ui, sans-serif);
  /* On a narrow header the button shortens, never wraps into a block that pushes the page. */
  white-space: nowrap; max-width: 100%; min-width: 0; overflow: hidden;
}
.gangway-button > span { overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.gangway-button > span:first-child:not(:only-child) { flex-shrink: 1; }
.gangway-button > .gangway-fiat { font-weight: 500; opacity: .85; }
/* On a phone the account button names the account (the balance gives way to the address) and the
   network button shows the network's icon (its name stays the button's accessible name). */
@media (max-width: 480px) {
  .gangway-button { padding: 10px 12px; }
  /* The short address is the least a phone must read: the page's other header items give way. */
  .gangway-button[data-account] { flex-shrink: 0; }
  .gangway-button > .gangway-balance, .gangway-button > .gangway-fiat,
  .gangway-button > .gw-network-icon + .gangway-network-name { display: none; }
}
.gangway-button:focus-visible { outline: 2px solid var(--gangway-accent, #3451d1); outline-offset: 2px; }
`
