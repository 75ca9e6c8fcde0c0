'use client'
import { useEffect, useState } from 'react'
import { isStructurallyEqual, truncateAddress } from '../../../kernel/index.js'
import { useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import { selectSiwxPrompt, selectSiwxSettings } from '../selectors.js'
import { siwxMessages } from './messages.js'
import { siwxIntentsOf } from './siwxIntentsOf.js'

/** The page's host, where there is a page (server rendering has none). */
function pageHost(): string | null {
  const location = (globalThis as { location?: { host?: unknown } }).location
  return typeof location?.host === 'string' ? location.host : null
}

const SIGN_IN_CSS = `
.gw-siwx dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 12px 0; text-align: start; }
.gw-siwx dt { color: var(--gw-muted); }
.gw-siwx dd { margin: 0; overflow-wrap: anywhere; }
.gw-siwx .gw-actions { display: grid; gap: 8px; margin-top: 12px; }
.gw-siwx .gw-actions .gw-button { justify-content: center; margin: 0; }
`

/**
 * SIWXSignMessage: what the wallet will be asked to sign, in plain words (the site, the account,
 * the statement, the network), a warning when the message names another site than this page, then
 * the sign and cancel buttons. Every text is rendered as text, never as markup.
 * @internal
 */
export function SignInView() {
  const { kit, t, codeText } = useFeatureCopy(siwxMessages)
  const prompt = useKit(selectSiwxPrompt, isStructurallyEqual)
  const intents = siwxIntentsOf(kit)
  const host = pageHost()
  // §4: closing is disabled here while sign-in is required. The refused × shakes the modal and
  // says why, and the words stay once the shake is over.
  const isShaking = useKit((state) => state.modal.isShaking)
  const isRequired = useKit((state) => selectSiwxSettings(state)?.required === true)
  const [wasRefused, setWasRefused] = useState(false)
  useEffect(() => {
    if (isShaking && isRequired) setWasRefused(true)
  }, [isShaking, isRequired])
  const refusal = wasRefused ? (
    <p className="gw-error" role="alert" data-gangway="siwx-required">
      {t('siwx.requiredNotice')}
    </p>
  ) : null
  const cancel = (
    // §4 cancel: disconnects when sign-in is required, else closes; then Connect.
    <button
      type="button"
      className="gw-button"
      onClick={() =>
        void intents.cancel().catch(() => {
          // A failed disconnect is reported by the kit's own snack.
        })
      }
    >
      {t('siwx.cancel')}
    </button>
  )
  if (!prompt) {
    return (
      <div className="gw-center">
        <style>{VIEW_CSS}</style>
        <p className="gw-muted">{t('siwx.explain')}</p>
        {refusal}
        {cancel}
      </div>
    )
  }
  const otherSite = prompt.domain !== null && host !== null && prompt.domain !== host
  return (
    <div className="gw-siwx" data-gangway="siwx">
      <style>{VIEW_CSS + SIGN_IN_CSS}</style>
      <p className="gw-muted">{t('siwx.explain')}</p>
      <dl>
        <dt>{t('siwx.site')}</dt>
        <dd data-gangway="siwx-domain">{prompt.domain ?? '—'}</dd>
        <dt>{t('siwx.account')}</dt>
        <dd data-gangway="siwx-account" title={prompt.address}>
          {truncateAddress(prompt.address)}
        </dd>
        <dt>{t('siwx.network')}</dt>
        <dd data-gangway="siwx-network">{prompt.networkName}</dd>
        {prompt.statement ? (
          <>
            <dt>{t('siwx.statement')}</dt>
            <dd data-gangway="siwx-statement">{prompt.statement}</dd>
          </>
        ) : null}
      </dl>
      {otherSite ? (
        <p className="gw-error" role="alert" data-gangway="siwx-domain-warning">
          {t('siwx.otherSite', { domain: prompt.domain ?? '', page: host ?? '' })}
        </p>
      ) : null}
      <p className="gw-muted">{t('siwx.free')}</p>
      {refusal}
      {prompt.errorCode && !prompt.isSigning ? (
        <p className="gw-error" role="alert">
          {codeText(prompt.errorCode)}
        </p>
      ) : null}
      <div className="gw-actions">
        <button
          type="button"
          className="gw-button gw-primary"
          disabled={prompt.isSigning}
          onClick={() =>
            void intents.signIn().catch(() => {
              // The view shows the failure from state (and the kit its snack).
            })
          }
        >
          {prompt.isSigning ? t('siwx.signing') : t('siwx.sign')}
        </button>
        {cancel}
      </div>
    </div>
  )
}
