'use client'
import { useRef, useState } from 'react'
import {
  type ErrorCode,
  featureIntents,
  isStructurallyEqual,
  type Kit,
  LIMITS,
  multiplyDecimals,
  selectActiveAccount,
  selectActiveNamespaceEntry,
  selectActiveNetwork,
  type TokenBalance,
  truncateAddress,
} from '../../../kernel/index.js'
import {
  AmountInput,
  formatAmount,
  formatFiat,
  TokenSelect,
  useFeatureCopy,
  useKit,
  VIEW_CSS,
} from '../../../ui/index.js'
import type { send } from '../index.js'
import {
  selectIsSending,
  selectSendForm,
  selectSendProblems,
  selectSendQuote,
  selectSendToken,
} from '../selectors.js'
import type { SendQuoteState } from '../slice.js'
import { sendMessages } from './messages.js'

const SPEEDS = ['standard', 'fast', 'instant'] as const
// The amount's USD value beside Max; the review's full receiver address breaks anywhere, never
// overflows.
const SEND_CSS = `
.gw-send-amount-row { display: flex; justify-content: space-between; align-items: center; gap: 8px; margin: -4px 0 12px; }
.gw-send-amount-row .gw-send-max { flex: 0 0 auto; width: auto; margin: 0; padding: 4px 14px; }
.gw-break { overflow-wrap: anywhere; font-family: ui-monospace, Menlo, monospace; }
.gw-nowrap { white-space: nowrap; }
`
// The speeds side by side, each radio before its word (the shared field style stacks them).
const SPEED_FIELDSET = {
  border: 0,
  padding: 0,
  margin: '0 0 12px',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: 16,
} as const
const SPEED_LEGEND = { width: '100%', textAlign: 'center', marginBottom: 6 } as const
const SPEED_LABEL = { display: 'inline-flex', alignItems: 'center', gap: 4 } as const

/**
 * The fee and total of the send, where the namespace prices it before signing (bip122): the
 * visitor's speed, then the fee and the total, or why the send cannot be made.
 */
function SendQuoteLines({
  quote,
  onSpeed,
  nativeUsdPrice,
}: {
  readonly quote: SendQuoteState
  readonly onSpeed: (speed: (typeof SPEEDS)[number]) => void
  /** The native currency's USD price, for the fee's value; `undefined` when unknown. */
  readonly nativeUsdPrice: string | undefined
}) {
  const { t, codeText, locale } = useFeatureCopy(sendMessages)
  const chosen = quote.status === 'ready' ? quote.feeSpeed : quote.key.split('|')[3] || 'standard'
  // Speeds are offered where they change the fee (bip122, polkadot); where the wallet sets the
  // fee (eip155) the first quote says so, and re-pricing keeps what the last quote said.
  const bySpeed = useRef<boolean | null>(null)
  if (quote.status === 'ready') bySpeed.current = quote.bySpeed !== false
  const feeFiat =
    quote.status === 'ready' && nativeUsdPrice
      ? formatFiat(locale.tag, multiplyDecimals(quote.fee, nativeUsdPrice, 2))
      : null
  return (
    <>
      {bySpeed.current === false ? null : (
        <fieldset data-gangway="fee-speed" style={SPEED_FIELDSET}>
          <legend style={SPEED_LEGEND}>{t('send.speed')}</legend>
          {SPEEDS.map((speed) => (
            <label key={speed} style={SPEED_LABEL}>
              <input
                type="radio"
                name="gw-fee-speed"
                value={speed}
                checked={chosen === speed}
                onChange={() => onSpeed(speed)}
              />{' '}
              {t(`send.speed.${speed}`)}
            </label>
          ))}
        </fieldset>
      )}
      {quote.status === 'pending' ? (
        <p className="gw-center" aria-live="polite">
          {t('send.quoting')}
        </p>
      ) : quote.status === 'failed' ? (
        <p className="gw-error" role="alert">
          {codeText(quote.code)}
        </p>
      ) : (
        <dl className="gw-facts" data-gangway="send-quote" aria-live="polite">
          <dt>{t('send.fee')}</dt>
          <dd data-gangway="send-fee">
            {quote.fee} {quote.symbol}
            {quote.feeRate ? ` (${quote.feeRate})` : ''}
            {feeFiat ? ` · ${feeFiat}` : ''}
          </dd>
          <dt>{t('send.total')}</dt>
          <dd data-gangway="send-total">
            {quote.total} {quote.symbol}
          </dd>
        </dl>
      )}
    </>
  )
}

/** What `amount` of `token` is worth in USD, formatted; `null` where no price is known. */
function fiatOf(tag: string, token: TokenBalance | null, amount: string): string | null {
  if (!token?.usdPrice || !amount) return null
  const value = multiplyDecimals(amount.startsWith('.') ? `0${amount}` : amount, token.usdPrice, 2)
  return value === undefined ? null : formatFiat(tag, value)
}

/** The send feature's intents on a kit that registered it. */
export function sendIntentsOf(kit: Kit) {
  return featureIntents<ReturnType<typeof send>>(kit, 'send')
}

/** A field's problem, announced where the field is, in the catalogue's words. */
function FieldProblem({
  id,
  code,
  text,
}: {
  readonly id: string
  readonly code: string | null
  /** Words more precise than the code's, for this field. */
  readonly text?: string
}) {
  const { codeText } = useFeatureCopy(sendMessages)
  if (!code) return null
  return (
    <span id={id} className="gw-error" role="alert">
      {text ?? codeText(code)}
    </span>
  )
}

/**
 * What is wrong with a receiver the namespace refused, in words of its own: a name (the kit
 * resolves none in Send), an EVM address whose capitals do not match its checksum, or anything
 * else that is not an address.
 */
function receiverProblemKey(receiver: string, namespace: string | null | undefined): string {
  if (/^[^\s.:/]+(\.[^\s.:/]+)*\.(eth|sol|dot|crypto|xyz|id|box|app|[a-z]{2,})$/i.test(receiver)) {
    return 'send.receiverName'
  }
  // Only an EVM network reads capitals as a checksum; elsewhere an 0x address is simply foreign.
  if (namespace === 'eip155' && /^0x[0-9a-fA-F]{40}$/.test(receiver)) return 'send.receiverChecksum'
  // §5 words the Solana refusal itself: 'Please enter a valid amount and receiver address'.
  if (namespace === 'solana') return 'error.INVALID_SEND_INPUT'
  return 'send.receiverInvalid'
}

/**
 * §4 send: token, amount and receiver, each checked by the §5 rules as the visitor types (with the
 * catalogue's message next to the field), a review, then the send.
 * @internal
 */
export function SendView({ view }: { readonly view: string }) {
  const { kit, t, locale, errorText } = useFeatureCopy(sendMessages)
  const intents = sendIntentsOf(kit)
  const account = useKit(selectActiveAccount)
  const form = useKit(selectSendForm)
  const token = useKit(selectSendToken)
  const problems = useKit(selectSendProblems, isStructurallyEqual)
  const isSending = useKit(selectIsSending)
  const quote = useKit(selectSendQuote, isStructurallyEqual)
  const network = useKit((state) => selectActiveNetwork(state)?.descriptor?.name ?? null)
  const nativeAddress = useKit((state) => selectActiveNamespaceEntry(state)?.nativeTokenAddress)
  const namespace = useKit((state) => state.activeNamespace)
  const [failure, setFailure] = useState<string | null>(null)
  if (!account?.address || !form) return null
  const amount = form.sendTokenAmount ?? ''
  const receiver = form.receiverAddress ?? ''
  const complete =
    amount !== '' && receiver !== '' && !problems.amount && !problems.receiver && token !== null
  const fiat = problems.amount ? null : fiatOf(locale.tag, token, amount)
  if (view === 'SendPreview' && token) {
    return (
      <div>
        <style>{VIEW_CSS}</style>
        <style>{SEND_CSS}</style>
        <p className="gw-center">
          {t('send.previewLine', {
            amount: formatAmount(locale.tag, amount, Number(token.quantity.decimals)),
            symbol: token.symbol,
            receiver: truncateAddress(receiver),
          })}
        </p>
        <dl className="gw-facts" data-gangway="send-review">
          {fiat ? (
            <>
              <dt>{t('send.value')}</dt>
              <dd data-gangway="send-review-fiat">{fiat}</dd>
            </>
          ) : null}
          {network ? (
            <>
              <dt>{t('send.network')}</dt>
              <dd data-gangway="send-review-network">{network}</dd>
            </>
          ) : null}
          <dt>{t('send.receiver')}</dt>
          {/* The whole address, as the visitor must be able to check it character by character. */}
          <dd data-gangway="send-review-receiver" className="gw-break">
            {receiver}
          </dd>
        </dl>
        {quote ? (
          <SendQuoteLines
            quote={quote}
            nativeUsdPrice={
              account.tokenBalance.find((entry) => entry.address === nativeAddress)?.usdPrice
            }
            onSpeed={(speed) => intents.setFeeSpeed(speed)}
          />
        ) : null}
        {failure ? (
          <p className="gw-error" role="alert">
            {failure}
          </p>
        ) : null}
        <button
          type="button"
          className="gw-button gw-primary"
          disabled={isSending || !complete || (quote !== null && quote.status !== 'ready')}
          onClick={() => {
            setFailure(null)
            intents
              .send()
              .catch((error: { code: ErrorCode; userMessage: string }) =>
                setFailure(errorText(error)),
              )
          }}
        >
          {isSending ? t('send.sending') : t('send.confirm')}
        </button>
      </div>
    )
  }
  const key = (entry: { chainId: string; address: string }) => `${entry.chainId}|${entry.address}`
  // What can be sent: the tokens held (a token at 0 is no choice), and the one chosen.
  const choices = account.tokenBalance.filter(
    (entry) =>
      /[1-9]/.test(entry.quantity.numeric) || (token !== null && key(entry) === key(token)),
  )
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (complete) kit.navigate('SendPreview')
      }}
    >
      <style>{VIEW_CSS}</style>
      <style>{SEND_CSS}</style>
      <TokenSelect
        id="gw-send-token"
        label={t('send.token')}
        value={token ? key(token) : null}
        options={choices.map((entry) => ({
          key: key(entry),
          symbol: entry.symbol,
          name: entry.name,
          iconUrl: entry.iconUrl,
          nativeOf: entry.address === nativeAddress ? (namespace ?? undefined) : undefined,
          balance: formatAmount(locale.tag, entry.quantity.numeric, LIMITS.balanceDecimals),
          fiat: formatFiat(locale.tag, entry.usdValue),
        }))}
        onChange={(chosen) =>
          void intents.setToken(choices.find((entry) => key(entry) === chosen) ?? null)
        }
      />
      <label className="gw-field" htmlFor="gw-send-amount">
        <span>{t('send.amount')}</span>
        <AmountInput
          id="gw-send-amount"
          amount={amount}
          aria-invalid={problems.amount !== null}
          aria-describedby={problems.amount ? 'gw-send-amount-problem' : undefined}
          placeholder={t('send.amountPlaceholder')}
          onAmount={(typed) => void intents.setAmount(typed)}
        />
        <FieldProblem
          id="gw-send-amount-problem"
          code={problems.amount}
          // The spec's alert is a title and its text ('Incorrect amount / Please enter a valid
          // amount'); next to the field, the text alone says it.
          {...(problems.amount === 'INVALID_AMOUNT' ? { text: t('send.amountInvalid') } : {})}
        />
      </label>
      <div className="gw-row gw-send-amount-row">
        <span className="gw-muted" data-gangway="send-fiat" aria-live="polite">
          {fiat ? t('send.fiat', { value: fiat }) : ''}
        </span>
        <button
          type="button"
          className="gw-button gw-send-max"
          data-gangway="send-max"
          disabled={!token}
          onClick={() => void intents.setMax()}
        >
          {t('send.max')}
        </button>
      </div>
      <label className="gw-field">
        <span>{t('send.receiver')}</span>
        <input
          autoComplete="off"
          spellCheck={false}
          value={receiver}
          placeholder={
            namespace === 'eip155'
              ? t('send.receiverPlaceholder.eip155')
              : t('send.receiverPlaceholder')
          }
          aria-invalid={problems.receiver !== null}
          aria-describedby={problems.receiver ? 'gw-send-receiver-problem' : undefined}
          onChange={(event) => void intents.setReceiver(event.target.value)}
        />
        <FieldProblem
          id="gw-send-receiver-problem"
          code={problems.receiver}
          text={t(receiverProblemKey(receiver, namespace))}
        />
      </label>
      <button type="submit" className="gw-button gw-primary" disabled={!complete}>
        {t('send.review')}
      </button>
    </form>
  )
}
