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
import { DEVICE_SHARE_PRF_SALT, mnemonicOf } from './custody.js'
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

/**
 * A dialog in the frame; resolves with the button the visitor clicked, or `null` when `signal`
 * aborts first (the kit dismissed it: the visitor left the view showing the frame).
 */
function ask(
  title: string,
  detail: string,
  buttons: readonly string[],
  signal: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(null)
      return
    }
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    dialog.setAttribute('aria-modal', 'true')
    dialog.setAttribute('aria-label', title)
    const heading = document.createElement('h1')
    heading.textContent = title
    const body = document.createElement('pre')
    body.textContent = detail
    dialog.append(heading, body)
    for (const label of buttons) {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = label
      button.addEventListener('click', () => {
        signal.removeEventListener('abort', dismiss)
        dialog.remove()
        resolve(label)
      })
      dialog.append(button)
    }
    const dismiss = () => {
      dialog.remove()
      resolve(null)
    }
    signal.addEventListener('abort', dismiss, { once: true })
    document.body.append(dialog)
    dialog.querySelector('button')?.focus()
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
    const create = await ask(
      'Create your wallet',
      `Your wallet on ${boot.site} is protected by a passkey on this device. Nobody else, not even ${boot.walletOrigin}, can use it without the passkey.`,
      ['Create passkey'],
      signal,
    )
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
    await ask(
      'Keep your recovery key',
      `With it and this passkey you can recover your wallet at ${boot.walletOrigin}/embedded/recover, even while the wallet's server is down. Keep it somewhere safe, like a password manager:\n\n${created.recoveryKit}`,
      ['I saved it'],
      signal,
    )
    return created.accounts
  },
  approve: async (request, signal) =>
    (await ask(
      `${request.site} asks: ${request.method}`,
      // What the frame read from what will be signed, never the page's own description.
      [...request.summary, '', `Network: ${request.chainId}`].join('\n').slice(0, 4_000),
      ['Approve', 'Reject'],
      signal,
    )) === 'Approve',
  reload: () => window.location.reload(),
  exportWallet: async (_userId, unlock, signal) => {
    const go = await ask(
      'Show your recovery phrase',
      'Anyone with these words can spend from your wallet. Make sure nobody can see your screen. Your passkey confirms it is you.',
      ['Continue', 'Cancel'],
      signal,
    )
    if (go !== 'Continue') return
    const entropy = await unlock()
    let phrase: string
    try {
      phrase = mnemonicOf(entropy)
    } finally {
      entropy.fill(0)
    }
    await ask('Your recovery phrase', phrase, ['Done'], signal)
  },
  setTheme: (mode) => {
    document.documentElement.dataset.theme = mode
  },
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
