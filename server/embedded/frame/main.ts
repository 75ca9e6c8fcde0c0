/**
 * The frame page's entry (bundled, pinned by SRI): reads its boot data, keeps its device and
 * session tokens in its (partitioned) storage, and serves the kit's port after the handshake.
 * Passkeys (WebAuthn with PRF, through `@simplewebauthn/browser`) open the device share; the
 * approval of an unsafe request is a dialog in this frame, clicked by the visitor.
 * @module
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import * as z from 'zod/mini'
import type { FrameBoot } from '../pages.js'
import { createFrameApi } from './api.js'
import { type FrameLanguage, frameLanguage, frameText } from './copy.js'
import { DEVICE_SHARE_PRF_SALT, mnemonicOf } from './custody.js'
import {
  approvalDialog,
  createWalletDialog,
  type DialogContent,
  exportDialog,
  phraseDialog,
  recoveryKeyDialog,
} from './dialogs.js'
import { createFrameHandler } from './handler.js'
import { listenForConnect } from './handshake.js'
import { createStoredWallet, unlockWallet } from './wallet.js'

const bootElement = document.getElementById('gangway-boot')
const boot = JSON.parse(bootElement?.textContent ?? '{}') as FrameBoot

/** Storage that survives reloads where the browser allows it (partitioned by top-level site). */
const store = (() => {
  const memory = new Map<string, string>()
  try {
    const local = window.localStorage
    local.getItem('probe')
    return {
      get: (key: string) => local.getItem(key) ?? undefined,
      set: (key: string, value: string | undefined) =>
        value === undefined ? local.removeItem(key) : local.setItem(key, value),
    }
  } catch {
    // Blocked storage (third-party cookies off, partitioning off): the partitioned cookie still
    // carries the session; the device token lasts for this page.
    return {
      get: (key: string) => memory.get(key),
      set: (key: string, value: string | undefined) =>
        value === undefined ? memory.delete(key) : memory.set(key, value),
    }
  }
})()

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
// A session belongs to one project (the server checks it): two projects on one site keep theirs.
const SESSION_KEY = `gangway.session.${boot.projectId}`
const device = store.get('gangway.device') ?? base64url(crypto.getRandomValues(new Uint8Array(32)))
store.set('gangway.device', device)

const api = createFrameApi({
  walletOrigin: boot.walletOrigin,
  projectId: boot.projectId,
  site: boot.site,
  device,
  token: store.get(SESSION_KEY),
})

const optionsAnswer = z.object({ challengeId: z.string(), options: z.unknown() })

/** The PRF output of the visitor's passkey for the device-share salt. */
async function passkeyPrf(): Promise<Uint8Array> {
  const { challengeId, options } = await api.call(
    'POST',
    '/embedded/api/passkey/login/options',
    optionsAnswer,
  )
  const response = await startAuthentication({
    optionsJSON: {
      ...(options as object),
      extensions: { prf: { eval: { first: DEVICE_SHARE_PRF_SALT } } },
    } as never,
  })
  const results = response.clientExtensionResults as {
    prf?: { results?: { first?: ArrayBuffer } }
  }
  const first = results.prf?.results?.first
  await api.call('POST', '/embedded/api/passkey/login/verify', z.unknown(), {
    challengeId,
    response,
  })
  if (!first) throw new Error('this passkey gives no PRF output')
  return new Uint8Array(first)
}

/** The language the dialogs read in: the browser's until the kit names its own (decision 0717). */
let language: FrameLanguage = frameLanguage(navigator.languages)
/** The dialogs on screen, redrawn when the language changes. */
const redraws = new Set<() => void>()

function setLanguage(next: FrameLanguage) {
  language = next
  document.documentElement.lang = next.tag
  document.documentElement.dir = next.dir
  document.title = frameText(next, 'frame.title')
  for (const redraw of redraws) redraw()
}
setLanguage(language)

/**
 * A dialog in the frame; resolves with the choice of the button the visitor clicked, or `null`
 * when `signal` aborts first (the kit dismissed it: the visitor left the view showing the frame).
 */
function ask(content: DialogContent, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(null)
      return
    }
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    dialog.setAttribute('aria-modal', 'true')
    const heading = document.createElement('h1')
    const body = document.createElement('pre')
    dialog.append(heading, body)
    const close = (choice: string | null) => {
      signal.removeEventListener('abort', dismiss)
      redraws.delete(draw)
      dialog.remove()
      resolve(choice)
    }
    const buttons = content(language).buttons.map(({ choice }) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.addEventListener('click', () => close(choice))
      dialog.append(button)
      return button
    })
    const draw = () => {
      const shown = content(language)
      dialog.setAttribute('aria-label', shown.title)
      heading.textContent = shown.title
      body.textContent = shown.detail
      shown.buttons.forEach(({ label }, index) => {
        if (buttons[index]) buttons[index].textContent = label
      })
    }
    const dismiss = () => close(null)
    draw()
    redraws.add(draw)
    signal.addEventListener('abort', dismiss, { once: true })
    document.body.append(dialog)
    buttons[0]?.focus()
  })
}

const handler = createFrameHandler({
  boot,
  api,
  saveToken: (token) => store.set(SESSION_KEY, token),
  unlock: async (userId) => unlockWallet(api, await passkeyPrf(), userId),
  createWallet: async (userId, signal) => {
    const { challengeId, options } = await api.call(
      'POST',
      '/embedded/api/passkey/register/options',
      optionsAnswer,
    )
    // A browser creates a passkey in a cross-origin frame only right after a click in it.
    const create = await ask(createWalletDialog(boot.site, boot.walletOrigin), signal)
    if (create === null) throw new Error('The visitor left before creating the wallet.')
    // The options carry the PRF salt in WebAuthn's JSON form (base64url), which the browser's
    // `create` does not read: the frame passes the same salt as bytes.
    const registration = await startRegistration({
      optionsJSON: {
        ...(options as object),
        extensions: { prf: { eval: { first: DEVICE_SHARE_PRF_SALT } } },
      } as never,
    })
    await api.call('POST', '/embedded/api/passkey/register/verify', z.unknown(), {
      challengeId,
      response: registration,
    })
    const created = await createStoredWallet(api, await passkeyPrf(), userId)
    // The recovery key carries the device share as the passkey sealed it: with the passkey it
    // rebuilds the wallet on the wallet origin's recovery page while the server is down. The
    // wallet exists now: a visitor who leaves here only closes this dialog (export shows the
    // phrase again later).
    await ask(recoveryKeyDialog(boot.walletOrigin, created.recoveryKit), signal)
    return created.accounts
  },
  approve: async (request, signal) => (await ask(approvalDialog(request), signal)) === 'approve',
  reload: () => window.location.reload(),
  exportWallet: async (_userId, unlock, signal) => {
    if ((await ask(exportDialog, signal)) !== 'continue') return
    const entropy = await unlock()
    let phrase: string
    try {
      phrase = mnemonicOf(entropy)
    } finally {
      entropy.fill(0)
    }
    await ask(phraseDialog(phrase), signal)
  },
  setTheme: (mode) => {
    document.documentElement.dataset.theme = mode
  },
  setLanguage,
  // The kit only reads 'An error occurred'; the operator's console gets the cause.
  onUnexpectedError: (error) => console.error('Gangway wallet frame:', error),
  secret: () => base64url(crypto.getRandomValues(new Uint8Array(32))),
  store,
  sha256Hex: async (text) =>
    [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))]
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join(''),
})

listenForConnect(window, boot.site, (port) => handler.attach(port))
