/**
 * The recovery page's script (decision 0715): the visitor pastes their recovery key and uses their
 * passkey; the page rebuilds the wallet and shows its addresses and its recovery phrase, to import
 * into any wallet. It calls no API (the page is static, served by the wallet origin or any static
 * host of it while the server is down): the key carries the sealed device share, the passkey opens
 * it, the recovery share completes it.
 * @module
 */
import { startAuthentication } from '@simplewebauthn/browser'
import { deriveKeys } from './accounts.js'
import { frameLanguage, frameText } from './copy.js'
import { DEVICE_SHARE_PRF_SALT, mnemonicOf } from './custody.js'
import { translatePage } from './pageLanguage.js'
import { recoverFromKit } from './wallet.js'

const form = document.getElementById('gangway-recover') as HTMLFormElement | null
const input = document.getElementById('gangway-recovery-key') as HTMLTextAreaElement | null
const status = document.getElementById('gangway-recover-status')
const result = document.getElementById('gangway-recover-result')

// Static and API-free, the page has only the browser's own languages to go by (decision 0717).
const language = frameLanguage(navigator.languages)
translatePage(document, language, 'recover.title')
const text = (id: Parameters<typeof frameText>[1]) => frameText(language, id)

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** The passkey's PRF output for the device-share salt, asked with a challenge of our own. */
async function passkeyPrf(): Promise<Uint8Array> {
  const response = await startAuthentication({
    optionsJSON: {
      challenge: base64url(crypto.getRandomValues(new Uint8Array(32))),
      rpId: location.hostname,
      userVerification: 'required',
      extensions: { prf: { eval: { first: DEVICE_SHARE_PRF_SALT } } },
    } as never,
  })
  const first = (response.clientExtensionResults as { prf?: { results?: { first?: ArrayBuffer } } })
    .prf?.results?.first
  if (!first) throw new Error('this passkey gives no PRF output')
  return new Uint8Array(first)
}

function show(rows: readonly (readonly [string, string])[]) {
  if (!result) return
  result.replaceChildren()
  const heading = document.createElement('h2')
  heading.textContent = text('recover.yourWallet')
  const list = document.createElement('dl')
  for (const [term, value] of rows) {
    const dt = document.createElement('dt')
    dt.textContent = term
    const dd = document.createElement('dd')
    dd.textContent = value
    list.append(dt, dd)
  }
  const warning = document.createElement('p')
  warning.textContent = text('recover.warning')
  result.append(heading, list, warning)
}

form?.addEventListener('submit', (event) => {
  event.preventDefault()
  if (!input || !status) return
  status.textContent = text('recover.usePasskey')
  status.setAttribute('role', 'status')
  void (async () => {
    let entropy: Uint8Array | undefined
    try {
      entropy = await recoverFromKit(input.value, await passkeyPrf())
      const keys = deriveKeys(entropy)
      show([
        [text('recover.ethereumAddress'), keys.eip155.address],
        [text('recover.solanaAddress'), keys.solana.address],
        [text('recover.phrase'), mnemonicOf(entropy)],
      ])
      input.value = ''
      status.textContent = text('recover.done')
    } catch (error) {
      // The cause for whoever helps the visitor; it holds no key material.
      console.error('Gangway recovery:', error instanceof Error ? error.message : error)
      status.setAttribute('role', 'alert')
      status.textContent =
        error instanceof Error && error.message === 'not a Gangway recovery key'
          ? text('recover.notAKey')
          : text('recover.wrongPasskey')
    } finally {
      entropy?.fill(0)
    }
  })()
})
