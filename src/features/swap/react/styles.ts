/**
 * The swap views' own rules (in their lazy chunk, like `VIEW_CSS`).
 * @internal
 */
export const SWAP_CSS = `
.gw-swap-side { border: 1px solid var(--gw-border); border-radius: 12px; padding: 8px 12px; margin: 4px 0; }
.gw-swap-side .gw-row { display: flex; gap: 8px; align-items: center; justify-content: space-between; }
.gw-swap-token { flex: none; width: auto; }
.gw-swap-max { flex: none; width: auto; margin: 0 0 0 auto; padding: 4px 14px; }
.gw-swap-output { font-size: 20px; display: block; padding: 8px 0; min-height: 1.5em; }
.gw-swap-switch { display: block; margin: 0 auto; width: auto; }
.gw-swap-list { list-style: none; padding: 0; margin: 4px 0 12px; }
.gw-swap-list button { width: 100%; justify-content: space-between; }
.gw-swap-chips { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0; margin: 4px 0 12px; }
.gw-swap-chips button { width: auto; }
.gw-swap-impact[data-level='warning'], .gw-swap-impact[data-level='high'] { color: var(--gw-danger); font-weight: 600; border: 1px solid var(--gw-danger); border-radius: 10px; padding: 6px 10px; }
.gw-swap-slippage { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin: 8px 0; }
.gw-swap-slippage input { width: 5em; text-align: end; padding: 6px 8px; border-radius: 8px; border: 1px solid var(--gw-border); background: var(--gw-surface); color: var(--gw-text); font: inherit; }
.gw-swap-confirm { display: flex; gap: 8px; align-items: flex-start; margin: 8px 0; color: var(--gw-danger); }
.gw-swap-fiat { font-size: 13px; }
.gw-swap-heading { font-size: 13px; color: var(--gw-muted); margin: 12px 0 4px; font-weight: normal; }
`
