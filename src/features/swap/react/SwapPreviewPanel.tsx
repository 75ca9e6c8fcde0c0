'use client'
import { useState } from 'react'
import { type ErrorCode, truncateAddress } from '../../../kernel/index.js'
import { formatAmount, useFeatureCopy, useKit, VIEW_CSS } from '../../../ui/index.js'
import { SWAP_QUOTE_DECIMALS, SWAP_QUOTE_MESSAGE_DECIMALS } from '../constants.js'
import { priceImpactLevelOf } from '../rules.js'
import { selectSwapActivity, selectSwapPreview } from '../selectors.js'
import { swapMessages } from './messages.js'
import { swapIntentsOf } from './SwapView.js'
import { SWAP_CSS } from './styles.js'

/**
 * The swap preview: what is given and received (§9: 3 decimals in messages), the rate, the
 * provider fee, the price impact, the slippage, the minimum received, the recipient, the swap
 * contract and the network cost; then the swap itself. The amount given, the minimum, the
 * recipient and the contract are read from the checked call data.
 * @internal
 */
export function SwapPreviewPanel() {
  const { kit, t, locale, errorText } = useFeatureCopy(swapMessages)
  const intents = swapIntentsOf(kit)
  const preview = useKit(selectSwapPreview, (a, b) => JSON.stringify(a) === JSON.stringify(b))
  const nativeSymbol = useKit((state) => {
    const entry = state.activeNamespace ? state.namespaces.entities[state.activeNamespace] : null
    return entry?.accountState.balanceSymbol ?? ''
  })
  const sending = useKit((state) => selectSwapActivity(state).sending)
  // The wallet's answer to this click, shown under the button; the kit's state keeps the flow.
  const [failure, setFailure] = useState<string | null>(null)
  // A price impact above 15 % is swapped only once the visitor has said they accept it.
  const [accepted, setAccepted] = useState(false)
  if (!preview) return null
  const impact = priceImpactLevelOf(preview.priceImpact)
  const amount = (value: string, places: number) => formatAmount(locale.tag, value, places)
  const message = SWAP_QUOTE_MESSAGE_DECIMALS
  const facts: readonly [string, string, string][] = [
    [
      'rate',
      t('swap.rate'),
      t('swap.rateValue', {
        from: preview.fromSymbol,
        rate: amount(preview.rate, SWAP_QUOTE_DECIMALS),
        to: preview.toSymbol,
      }),
    ],
    [
      'fee',
      t('swap.providerFee'),
      t('swap.providerFeeValue', {
        percent: amount(preview.providerFee, 2),
        amount: amount(preview.providerFeeAmount, SWAP_QUOTE_DECIMALS),
        symbol: preview.fromSymbol,
      }),
    ],
    [
      'impact',
      t('swap.priceImpactLabel'),
      t('swap.percent', { percent: amount(preview.priceImpact, 2) }),
    ],
    ['slippage', t('swap.slippage'), t('swap.percent', { percent: amount(preview.slippage, 2) })],
    [
      'minimum',
      t('swap.minimumReceived'),
      `${amount(preview.minimumReceived, SWAP_QUOTE_DECIMALS)} ${preview.toSymbol}`,
    ],
    // Read from the call data the kit checked, not from the service's answer.
    ['recipient', t('swap.recipient'), truncateAddress(preview.recipient)],
    ['router', t('swap.router'), truncateAddress(preview.router)],
    [
      'network',
      t('swap.networkCost'),
      t('swap.networkCostValue', {
        amount: amount(preview.networkCost, SWAP_QUOTE_DECIMALS),
        symbol: nativeSymbol,
        usd: amount(preview.networkCostInUSD, 2),
      }),
    ],
  ]
  return (
    <div data-gangway="swap-preview">
      <style>{VIEW_CSS}</style>
      <style>{SWAP_CSS}</style>
      <p className="gw-center">
        {t('swap.previewLine', {
          // What the visitor typed, every digit of it: the headline never rounds what is given.
          fromAmount: amount(preview.fromAmount, preview.fromAmount.split('.')[1]?.length ?? 0),
          fromSymbol: preview.fromSymbol,
          toAmount: amount(preview.toAmount, message),
          toSymbol: preview.toSymbol,
        })}
      </p>
      <dl className="gw-facts">
        {facts.map(([key, label, value]) => (
          <div key={key} style={{ display: 'contents' }} data-gangway={`swap-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {impact === 'low' ? null : (
        <p className="gw-swap-impact" data-level={impact} role="alert">
          {t(impact === 'high' ? 'swap.priceImpactHigh' : 'swap.priceImpactWarning', {
            percent: amount(preview.priceImpact, 2),
          })}
        </p>
      )}
      {impact === 'high' ? (
        <label className="gw-swap-confirm" data-gangway="swap-impact-confirm">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
          />
          <span>{t('swap.priceImpactConfirm', { percent: amount(preview.priceImpact, 2) })}</span>
        </label>
      ) : null}
      {failure ? (
        <p className="gw-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button
        type="button"
        className="gw-button gw-primary"
        disabled={sending || (impact === 'high' && !accepted)}
        onClick={() => {
          setFailure(null)
          intents
            .send()
            .catch((error: { code: ErrorCode; userMessage: string }) =>
              setFailure(errorText(error)),
            )
        }}
      >
        {sending ? t('swap.sending') : t('swap.confirm')}
      </button>
      <button type="button" className="gw-button" onClick={() => kit.back()}>
        {t('swap.cancel')}
      </button>
    </div>
  )
}
