'use client'
import { useState } from 'react'
import {
  featureIntents,
  type Kit,
  LIMITS,
  multiplyDecimals,
  selectActiveNamespaceEntry,
} from '../../../kernel/index.js'
import {
  AmountInput,
  formatAmount,
  formatFiat,
  TokenIcon,
  useFeatureCopy,
  useKit,
  VIEW_CSS,
} from '../../../ui/index.js'
import { SWAP_QUOTE_DECIMALS } from '../constants.js'
import type { swap } from '../feature.js'
import { isValidSlippage, priceImpactLevelOf } from '../rules.js'
import { selectSwap, selectSwapAction, selectSwapActivity } from '../selectors.js'
import { swapMessages } from './messages.js'
import { SwapPreviewPanel } from './SwapPreviewPanel.js'
import { SwapTokenPicker } from './SwapTokenPicker.js'
import { SWAP_CSS } from './styles.js'

/** The swap feature's intents on a kit that registered it. */
export function swapIntentsOf(kit: Kit) {
  return featureIntents<ReturnType<typeof swap>>(kit, 'swap')
}

/** Shows the failure of an intent the view called: its snack already said it. */
const quiet = () => undefined

/**
 * §4 swap: the amount and the two tokens, the quote as the visitor types (the latest input wins),
 * §5's input error next to the amount, then Approve (when the allowance is too low) or Review.
 * Also renders the token picker and the preview, which share its chunk.
 * @internal
 */
export function SwapView({ view }: { readonly view: string }) {
  if (view === 'SwapSelectToken') return <SwapTokenPicker />
  if (view === 'SwapPreview') return <SwapPreviewPanel />
  return <SwapForm />
}

/** The slippage the swap tolerates, as the visitor sets it: applied once it is valid. */
function SlippageSetting({ slippage }: { readonly slippage: string }) {
  const { kit, t } = useFeatureCopy(swapMessages)
  const [typed, setTyped] = useState<string | null>(null)
  const text = typed ?? slippage
  const isValid = isValidSlippage(text.trim().replace(',', '.'))
  return (
    <div className="gw-swap-slippage">
      <label htmlFor="gw-swap-slippage">{t('swap.slippageSetting')}</label>
      <input
        id="gw-swap-slippage"
        inputMode="decimal"
        autoComplete="off"
        placeholder="1"
        value={text}
        aria-invalid={!isValid}
        aria-describedby={isValid ? undefined : 'gw-swap-slippage-error'}
        onChange={(event) => {
          const value = event.target.value.slice(0, 6)
          setTyped(value)
          if (isValidSlippage(value.trim().replace(',', '.'))) swapIntentsOf(kit).setSlippage(value)
        }}
      />
      {isValid ? null : (
        <span id="gw-swap-slippage-error" className="gw-error" role="alert">
          {t('swap.slippageInvalid')}
        </span>
      )}
    </div>
  )
}

/** What an amount of a token is worth in USD at `price`, formatted; `null` without a price. */
function fiatOf(tag: string, amount: string, price: string | null | undefined): string | null {
  if (!amount || !price || !/[1-9]/.test(price)) return null
  const value = multiplyDecimals(amount.startsWith('.') ? `0${amount}` : amount, price, 2)
  return value === undefined ? null : formatFiat(tag, value)
}

function SwapForm() {
  const { kit, t, locale, codeText } = useFeatureCopy(swapMessages)
  const intents = swapIntentsOf(kit)
  const swap = useKit(selectSwap)
  const action = useKit(selectSwapAction)
  const sending = useKit((state) => selectSwapActivity(state).sending)
  const nativeAddress = useKit((state) => selectActiveNamespaceEntry(state)?.nativeTokenAddress)
  if (!swap?.initialized) {
    return (
      <div role="status" aria-live="polite">
        <style>{VIEW_CSS}</style>
        <div className="gw-spinner" aria-hidden="true" />
        <p className="gw-center gw-muted">{t('swap.loading')}</p>
      </div>
    )
  }
  const source = swap.sourceToken
  const to = swap.toToken
  // Swaps are on eip155 networks: the native currency wears its coin's mark where it has no icon.
  const nativeOf = (token: { readonly address: string }) =>
    token.address.toLowerCase() === nativeAddress?.toLowerCase() ? 'eip155' : undefined
  const held = source
    ? swap.myTokensWithBalance.find(
        (token) => token.address.toLowerCase() === source.address.toLowerCase(),
      )
    : undefined
  const balance = formatAmount(locale.tag, held?.quantity.numeric ?? '0', LIMITS.balanceDecimals)
  const impact = priceImpactLevelOf(swap.priceImpact)
  const payFiat = fiatOf(locale.tag, swap.sourceTokenAmount, swap.sourceTokenPriceInUSD)
  const receiveFiat = fiatOf(locale.tag, swap.toTokenAmount, swap.toTokenPriceInUSD)
  const label = (() => {
    switch (action) {
      case 'selectToken':
        return t('swap.selectToken')
      case 'enterAmount':
        return t('swap.enterAmount')
      case 'inputError':
        return codeText(swap.inputError ?? 'INVALID_AMOUNT')
      case 'approve':
        return t('swap.approve', { symbol: source?.symbol ?? '' })
      case 'review':
        return t('swap.review')
      case 'failed':
        return codeText(
          swap.transactionError ?? 'SOMETHING_WENT_WRONG',
          swap.transactionErrorParams,
        )
      default:
        return sending ? t('swap.sending') : t('swap.quoting')
    }
  })()
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (action === 'approve') intents.send().catch(quiet)
        else if (action === 'review') kit.navigate('SwapPreview')
      }}
    >
      <style>{VIEW_CSS}</style>
      <style>{SWAP_CSS}</style>
      <div className="gw-swap-side">
        <label className="gw-field" htmlFor="gw-swap-amount">
          <span>{t('swap.pay')}</span>
          <AmountInput
            id="gw-swap-amount"
            amount={swap.sourceTokenAmount}
            aria-invalid={swap.inputError !== null}
            aria-describedby={swap.inputError ? 'gw-swap-input-error' : undefined}
            onAmount={(typed) => void intents.setAmount(typed)}
          />
        </label>
        <div className="gw-row">
          <span className="gw-muted gw-swap-fiat" data-gangway="swap-pay-fiat">
            {payFiat ? t('swap.fiat', { value: payFiat }) : ''}
          </span>
        </div>
        <div className="gw-row">
          <span className="gw-muted">{t('swap.balance', { amount: balance })}</span>
          {/* The most the account can swap; of the native currency, gas is kept back. */}
          <button
            type="button"
            className="gw-button gw-swap-max"
            data-gangway="swap-max"
            disabled={!source}
            onClick={() => void intents.setMax()}
          >
            {t('swap.max')}
          </button>
          <button
            type="button"
            className="gw-button gw-swap-token"
            aria-label={t('swap.chooseSource', { symbol: source?.symbol ?? '' })}
            onClick={() => void intents.pickToken('source')}
          >
            {source ? (
              <TokenIcon
                url={source.iconUrl}
                symbol={source.symbol}
                nativeOf={nativeOf(source)}
                size={20}
              />
            ) : null}
            {source?.symbol ?? t('swap.selectToken')}
          </button>
        </div>
        {swap.inputError ? (
          <span id="gw-swap-input-error" className="gw-error" role="alert">
            {codeText(swap.inputError)}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="gw-button gw-swap-switch"
        aria-label={t('swap.switch')}
        disabled={!source || !to}
        onClick={() => void intents.switchTokens()}
      >
        ⇅
      </button>
      <div className="gw-swap-side">
        <span className="gw-muted" id="gw-swap-receive">
          {t('swap.receive')}
        </span>
        <div className="gw-row">
          <output
            className="gw-swap-output"
            aria-labelledby="gw-swap-receive"
            aria-live="polite"
            data-gangway="swap-to-amount"
          >
            {swap.toTokenAmount
              ? formatAmount(locale.tag, swap.toTokenAmount, SWAP_QUOTE_DECIMALS)
              : ''}
          </output>
          <span className="gw-muted gw-swap-fiat" data-gangway="swap-receive-fiat">
            {receiveFiat ? t('swap.fiat', { value: receiveFiat }) : ''}
          </span>
          <button
            type="button"
            className="gw-button gw-swap-token"
            aria-label={to ? t('swap.chooseTo', { symbol: to.symbol }) : t('swap.selectToken')}
            onClick={() => void intents.pickToken('to')}
          >
            {to ? (
              <TokenIcon url={to.iconUrl} symbol={to.symbol} nativeOf={nativeOf(to)} size={20} />
            ) : null}
            {to?.symbol ?? t('swap.selectToken')}
          </button>
        </div>
      </div>
      {swap.priceImpact ? (
        <p
          className={impact === 'low' ? 'gw-muted gw-swap-impact' : 'gw-swap-impact'}
          data-gangway="swap-price-impact"
          data-level={impact}
          role={impact === 'low' ? undefined : 'alert'}
        >
          {t(
            impact === 'high'
              ? 'swap.priceImpactHigh'
              : impact === 'warning'
                ? 'swap.priceImpactWarning'
                : 'swap.priceImpact',
            { percent: formatAmount(locale.tag, swap.priceImpact, 2) },
          )}
        </p>
      ) : null}
      <SlippageSetting slippage={swap.slippage} />
      <button
        type="submit"
        className="gw-button gw-primary"
        data-gangway="swap-action"
        disabled={(action !== 'approve' && action !== 'review') || sending}
      >
        {label}
      </button>
    </form>
  )
}
