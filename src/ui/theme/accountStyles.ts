/**
 * The Account view's own rules. Only `AccountView` imports this module, so the rules ship in its
 * lazy chunk and not with the first open.
 * @module
 */

/**
 * The wallet-like header (wallet line, avatar, address with copy and explorer, totals), the
 * compact actions, the tabs and the token and activity lists. Rendered by
 * `AccountView` as a `<style>` after `VIEW_CSS`, in the same shadow root as `MODAL_CSS`.
 * @internal
 */
export const ACCOUNT_CSS = `
.gw-account-head { display: flex; flex-direction: column; align-items: center; margin-bottom: 8px; }
.gw-connected-with { display: flex; align-items: center; justify-content: center; gap: 6px; max-width: 100%; margin: 0 0 10px; font-size: 13px; }
.gw-ellipsis { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
.gw-avatar { width: 64px; height: 64px; flex: none; border-radius: 50%; object-fit: cover; background: var(--gw-surface); border: 1px solid var(--gw-border); }
.gw-address-row { display: flex; align-items: center; justify-content: center; gap: 2px; max-width: 100%; margin-top: 8px; }
.gw-address { font-family: ui-monospace, Menlo, monospace; font-size: 20px; font-weight: 600; text-align: center; margin: 0; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.gw-icon-action { display: inline-grid; place-items: center; flex: none; width: 32px; height: 32px; padding: 0; border: 0; border-radius: 50%; background: transparent; color: var(--gw-muted); cursor: pointer; }
.gw-icon-action:hover { background: var(--gw-surface); color: var(--gw-text); }
.gw-fiat-total { font-size: 24px; font-weight: 600; margin: 4px 0 0; }
.gw-balance { text-align: center; font-size: 16px; margin: 4px 0 8px; }
.gw-actions { display: flex; justify-content: center; gap: 8px; margin: 8px 0; }
.gw-action { flex: 1 1 0; min-width: 0; max-width: 84px; display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 4px 2px; border: 0; border-radius: 12px; background: transparent; color: var(--gw-text); cursor: pointer; }
.gw-action-icon { display: grid; place-items: center; width: 44px; height: 44px; border-radius: 50%; background: var(--gw-accent); color: #fff; }
.gw-action-label { max-width: 100%; font-size: 13px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.gw-row { display: flex; gap: 8px; }
.gw-row > * { flex: 1; }
.gw-tabs { display: flex; gap: 4px; margin: 12px 0 8px; }
.gw-tab { flex: 1; padding: 6px; border-radius: 8px; border: 1px solid var(--gw-border); background: transparent; cursor: pointer; }
.gw-tab[aria-selected='true'] { background: var(--gw-surface); border-color: var(--gw-accent); }
.gw-transfer-icon { width: 16px; height: 16px; border-radius: 50%; vertical-align: -3px; margin-inline-end: 4px; }
.gw-tx-status { margin: 8px 0; color: var(--gw-muted); overflow-wrap: anywhere; }
.gw-tx-status[data-status='failed'] { color: var(--gw-danger); }
.gw-tx-status a { color: inherit; }
.gw-tx-hash { font-family: ui-monospace, Menlo, monospace; }
.gw-tx-copy { border: 1px solid var(--gw-border); border-radius: 8px; background: var(--gw-surface); padding: 2px 8px; cursor: pointer; font-size: 13px; }
.gw-list { list-style: none; margin: 0; padding: 0; }
.gw-list li { display: flex; justify-content: space-between; padding: 8px 4px; border-bottom: 1px solid var(--gw-border); }
.gw-token-name { display: inline-flex; align-items: center; gap: 8px; }
.gw-token-icon { width: 24px; height: 24px; border-radius: 50%; object-fit: cover; }
.gw-token-amount { display: flex; flex-direction: column; align-items: flex-end; }
.gw-nowrap { white-space: nowrap; }
`
