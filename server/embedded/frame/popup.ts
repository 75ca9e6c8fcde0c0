/**
 * The login popup's script: when the social login is finished, it tells the site's page that
 * opened it (`SOCIAL_RESULT`, with `targetOrigin` the exact site the login was started for, from
 * the server's own record) and closes. What it posts carries no credential: only the frame that
 * started the login can redeem it.
 * @module
 */
import {
  FRAME_PROTOCOL_VERSION,
  SOCIAL_RESULT,
} from '../../../src/services/gangway/embeddedWalletHandshake.js'
import type { PopupBoot } from '../pages.js'
import { pickLanguage, translatePage } from './pageLanguage.js'
import { POPUP_COPY } from './popupCopy.js'

// Only the popup's own texts: the frame's catalogue would triple this pinned script.
translatePage(document, pickLanguage(POPUP_COPY, navigator.languages), 'popup.title')

const element = document.getElementById('gangway-boot')
const boot = element ? (JSON.parse(element.textContent ?? '{}') as PopupBoot) : undefined
if (boot && boot.status !== 'waiting' && boot.site && boot.resultUri && window.opener) {
  ;(window.opener as Window).postMessage(
    { type: SOCIAL_RESULT, version: FRAME_PROTOCOL_VERSION, uri: boot.resultUri },
    boot.site,
  )
  if (boot.status === 'done') window.close()
}
