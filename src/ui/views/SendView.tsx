'use client'
import { useState } from 'react'
import {
  checkSendInput,
  formatDecimal,
  LIMITS,
  selectActiveAccount,
  truncateAddress,
} from '../../kernel/index.js'
import { errorText } from '../copy/messages.js'
import { useUi } from '../KitProvider.js'
import { VIEW_CSS } from '../theme/viewStyles.js'
import { useKit } from '../useKit.js'

/** §4 send: token, amount and receiver checked by the §5 rules, a preview, then the send. @internal */
export function SendView({ preview }: { readonly preview: boolean }) {
  const { kit, t, locale } = useUi()
  const account = useKit(selectActiveAccount)
  const form = useKit((state) => state.send)
  const namespace = useKit((state) => state.activeNamespace)
  const nativeToken = useKit((state) =>
    state.activeNamespace
      ? (state.chains.entities[state.activeNamespace]?.nativeTokenAddress ?? null)
      : null,
  )
  const [failure, setFailure] = useState<string | null>(null)
  if (!account?.address || !namespace) return null
  const tokens = account.tokenBalance
  const token = form.token ?? tokens[0] ?? null
  const amount = form.sendTokenAmount ?? ''
  const receiver = form.receiverAddress ?? ''
  const problem = checkSendInput({
    amount,
    receiver,
    isReceiverValid: kit.isValidAddress(namespace, receiver),
    decimals: token ? Number(token.quantity.decimals) : null,
  })
  const showProblem = problem && (amount !== '' || receiver !== '')
  if (preview && token) {
    return (
      <div>
        <style>{VIEW_CSS}</style>
        <p className="gw-center">
          {t('send.previewLine', {
            amount,
            symbol: token.symbol,
            receiver: truncateAddress(receiver),
          })}
        </p>
        {failure ? (
          <p className="gw-error" role="alert">
            {failure}
          </p>
        ) : null}
        <button
          type="button"
          className="gw-button gw-primary"
          disabled={form.loading || problem !== null}
          onClick={() => {
            setFailure(null)
            kit
              .send({ to: receiver, amount, token: token.address === nativeToken ? null : token })
              .catch(
                (error: { code: Parameters<typeof errorText>[1]['code']; userMessage: string }) =>
                  setFailure(errorText(locale, error)),
              )
          }}
        >
          {form.loading ? t('send.sending') : t('send.confirm')}
        </button>
      </div>
    )
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (!problem) kit.navigate('SendPreview')
      }}
    >
      <style>{VIEW_CSS}</style>
      <label className="gw-field">
        <span>{t('send.token')}</span>
        <select
          value={token ? `${token.chainId}|${token.address}` : ''}
          onChange={(event) =>
            kit.setSendToken(
              tokens.find((entry) => `${entry.chainId}|${entry.address}` === event.target.value) ??
                null,
            )
          }
        >
          {tokens.map((entry) => (
            <option
              key={`${entry.chainId}|${entry.address}`}
              value={`${entry.chainId}|${entry.address}`}
            >
              {entry.symbol} · {formatDecimal(entry.quantity.numeric, LIMITS.balanceDecimals)}
            </option>
          ))}
        </select>
      </label>
      <label className="gw-field">
        <span>{t('send.amount')}</span>
        <input
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => kit.setSendAmount(event.target.value.trim())}
        />
      </label>
      <label className="gw-field">
        <span>{t('send.receiver')}</span>
        <input
          autoComplete="off"
          spellCheck={false}
          value={receiver}
          onChange={(event) => kit.setSendReceiver(event.target.value.trim())}
        />
      </label>
      {showProblem ? (
        <p className="gw-error" role="alert">
          {errorText(locale, { code: problem, userMessage: problem })}
        </p>
      ) : null}
      <button type="submit" className="gw-button gw-primary" disabled={problem !== null}>
        {t('send.review')}
      </button>
    </form>
  )
}
