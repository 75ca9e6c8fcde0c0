/**
 * The wallet origin's two pages, the frame and the popup: static HTML that loads one pinned
 * script (Subresource Integrity, and a CSP whose `script-src` names that script's URL only),
 * with `frame-ancestors` set to the project's sites for the frame and to none for the popup.
 * Boot data travels as inert JSON (`type="application/json"`), never as inline script.
 * @module
 */
import type { FrameAsset } from './assets.js'
import { frameLanguage, frameText } from './frame/copy.js'

/** The pages are written in English; their scripts put them in the visitor's language. */
const ENGLISH = frameLanguage(['en'])

/** What the frame's script reads at start. */
export interface FrameBoot {
  readonly walletOrigin: string
  readonly projectId: string
  /** The one site this frame was loaded for: the handshake accepts only its exact origin. */
  readonly site: string
  /** Unsafe RPC methods are refused here (§6). */
  readonly restricted: boolean
  readonly networks: readonly { readonly id: string; readonly rpcUrl: string }[]
  readonly socials: readonly string[]
}

/** What the popup's script reads at start. */
export interface PopupBoot {
  readonly walletOrigin: string
  /** `waiting` (before the kit sends it to the provider), `done` or `failed`. */
  readonly status: 'waiting' | 'done' | 'failed'
  /** The site to tell (exact origin, from the server's own record), when done or failed. */
  readonly site?: string
  readonly loginId?: string
  /** The URI the popup posts to its opener (`SOCIAL_RESULT`), for the kit's CONNECT_SOCIAL. */
  readonly resultUri?: string
  readonly message?: string
}

/** JSON that is safe inside `<script type="application/json">`: no `<` can close the element. */
const inertJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c')

const escapeText = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The Content-Security-Policy of a page.
 * @param parameters - the script, who may frame it, where it may connect.
 * @returns the header value.
 */
export function pagePolicy(parameters: {
  readonly walletOrigin: string
  readonly script: FrameAsset | undefined
  /** `'none'` or the sites' origins. */
  readonly frameAncestors: readonly string[]
  readonly connect: readonly string[]
}): string {
  const scriptSrc = parameters.script
    ? `${parameters.walletOrigin}${parameters.script.path} '${parameters.script.integrity}'`
    : `'none'`
  return [
    `default-src 'none'`,
    `script-src ${scriptSrc}`,
    `connect-src 'self' ${parameters.connect.join(' ')}`.trim(),
    `style-src 'unsafe-inline'`,
    `img-src 'self' data:`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors ${parameters.frameAncestors.join(' ')}`,
  ].join('; ')
}

/**
 * The frame's look: its dialogs (approvals, passkey, recovery key) fill the frame the kit shows
 * over the modal's ApproveTransaction view (decision 0716), light or dark as the visitor's system
 * (or the site's `SYNC_THEME`) says.
 */
const FRAME_CSS = `:root{color-scheme:light dark;--bg:#ffffff;--fg:#18181b;--muted:#52525b;--accent:#1d4ed8;--line:#d4d4d8}
@media (prefers-color-scheme:dark){:root{--bg:#18181b;--fg:#f4f4f5;--muted:#d4d4d8;--accent:#2563eb;--line:#3f3f46}}
:root[data-theme=light]{color-scheme:light;--bg:#ffffff;--fg:#18181b;--muted:#52525b;--accent:#1d4ed8;--line:#d4d4d8}
:root[data-theme=dark]{color-scheme:dark;--bg:#18181b;--fg:#f4f4f5;--muted:#d4d4d8;--accent:#2563eb;--line:#3f3f46}
html,body{margin:0;height:100%;background:transparent;font:15px/1.45 system-ui,sans-serif;color:var(--fg)}
[role=dialog]{box-sizing:border-box;height:100%;overflow:auto;padding:20px;background:var(--bg);border:1px solid var(--line);border-radius:16px;display:flex;flex-direction:column;gap:12px}
h1{font-size:18px;margin:0}
pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.5 ui-monospace,monospace;color:var(--muted)}
button{font:inherit;padding:10px 14px;border-radius:10px;border:1px solid var(--line);background:var(--bg);color:var(--fg);cursor:pointer}
button:first-of-type{background:var(--accent);border-color:var(--accent);color:#fff}
button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
label{display:flex;flex-direction:column;gap:4px;color:var(--muted)}
input,textarea{font:inherit;padding:8px;border-radius:8px;border:1px solid var(--line);background:var(--bg);color:var(--fg)}`

/** The frame's HTML. */
export function framePage(script: FrameAsset, boot: FrameBoot): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gangway wallet</title>
<style>${FRAME_CSS}</style>
<script type="application/json" id="gangway-boot">${inertJson(boot)}</script>
<script src="${script.path}" integrity="${script.integrity}" crossorigin="anonymous" defer></script>
</head><body></body></html>`
}

/**
 * The recovery page's HTML (decision 0715): a form for the recovery key; the pinned script does the
 * rest with the visitor's passkey and calls no API, so the page works from any static host of the
 * wallet origin while the server is down. It is written in English; the script puts it in the
 * browser's language (`data-gangway-copy` names each text; decision 0717).
 */
export function recoverPage(script: FrameAsset): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Recover your wallet</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${FRAME_CSS}
main{max-width:560px;margin:0 auto;padding:24px;display:flex;flex-direction:column;gap:16px;background:var(--bg);min-height:100%;box-sizing:border-box}
form{display:flex;flex-direction:column;gap:12px}dd{margin:0 0 8px;overflow-wrap:anywhere;font-family:ui-monospace,monospace}dt{color:var(--muted)}</style>
<script src="${script.path}" integrity="${script.integrity}" crossorigin="anonymous" defer></script>
</head><body><main>
<h1 data-gangway-copy="recover.title">Recover your wallet</h1>
<p data-gangway-copy="recover.intro">Paste the recovery key you saved when you created your wallet, then use the passkey of this wallet. Nothing leaves this page.</p>
<form id="gangway-recover"><label for="gangway-recovery-key" data-gangway-copy="recover.keyLabel">Recovery key</label>
<textarea id="gangway-recovery-key" rows="4" required autocomplete="off" spellcheck="false"></textarea>
<button type="submit" data-gangway-copy="recover.submit">Recover with my passkey</button></form>
<p id="gangway-recover-status"></p>
<section id="gangway-recover-result" aria-live="polite"></section>
</main></body></html>`
}

/** The popup's HTML. */
export function popupPage(script: FrameAsset, boot: PopupBoot): string {
  const text =
    boot.status === 'waiting'
      ? frameText(ENGLISH, 'popup.waiting')
      : boot.status === 'done'
        ? frameText(ENGLISH, 'popup.done')
        : (boot.message ?? 'An error occurred')
  // The script puts the page in the browser's language; a failure's §8 message stays as it is.
  const copy = boot.status === 'failed' ? '' : ` data-gangway-copy="popup.${boot.status}"`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gangway login</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="application/json" id="gangway-boot">${inertJson(boot)}</script>
<script src="${script.path}" integrity="${script.integrity}" crossorigin="anonymous" defer></script>
</head><body><main><p role="status"${copy}>${escapeText(text)}</p></main></body></html>`
}

/** A page with a message and no script (errors, device approval). */
export function messagePage(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeText(title)}</title></head>
<body><main><h1>${escapeText(title)}</h1><p>${escapeText(text)}</p></main></body></html>`
}
