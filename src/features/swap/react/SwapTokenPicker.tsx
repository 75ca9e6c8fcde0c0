'use client'
import { useState } from 'react'
import { LIMITS, selectActiveNamespaceEntry, type TokenInfo } from '../../../kernel/index.js'
import {
  formatAmount,
  formatFiat,
  TOKEN_LINE_CSS,
  TokenIcon,
  TokenLine,
  useFeatureCopy,
  useKit,
  VIEW_CSS,
} from '../../../ui/index.js'
import { isSameToken } from '../rules.js'
import { selectSwap } from '../selectors.js'
import { swapMessages } from './messages.js'
import { swapIntentsOf } from './SwapView.js'
import { SWAP_CSS } from './styles.js'

const matches = (token: TokenInfo, query: string) => {
  const text = query.trim().toLowerCase()
  return (
    text === '' ||
    token.symbol.toLowerCase().includes(text) ||
    token.name.toLowerCase().includes(text) ||
    token.address.toLowerCase() === text
  )
}

/**
 * The token picker: a search, the visitor's tokens with a balance first, then §9's suggested
 * tokens and the popular ones. Picking one sets the side the picker was opened for.
 * @internal
 */
export function SwapTokenPicker() {
  const { kit, t, locale } = useFeatureCopy(swapMessages)
  const intents = swapIntentsOf(kit)
  const swap = useKit(selectSwap)
  const nativeAddress = useKit((state) => selectActiveNamespaceEntry(state)?.nativeTokenAddress)
  // The search text is visual state: what the visitor is typing, nothing the kit keeps.
  const [query, setQuery] = useState('')
  if (!swap?.initialized) return null
  const side = swap.picking
  const choose = (token: TokenInfo) => void intents.selectToken(side, token)
  const mine = swap.myTokensWithBalance.filter((token) =>
    matches({ ...token, decimals: Number(token.quantity.decimals) }, query),
  )
  const suggested = swap.suggestedTokens.filter((token) => matches(token, query))
  const popular = swap.popularTokens.filter((token) => matches(token, query))
  const current = side === 'source' ? swap.sourceToken : swap.toToken
  // Swaps are on eip155 networks: the native currency wears its coin's mark where it has no icon.
  const line = (token: TokenInfo, iconUrl = token.iconUrl) => ({
    ...token,
    iconUrl,
    nativeOf: token.address.toLowerCase() === nativeAddress?.toLowerCase() ? 'eip155' : undefined,
  })
  const tokenOf = (address: string) =>
    swap.tokens.find((token) => token.address.toLowerCase() === address.toLowerCase())
  return (
    <div data-gangway="swap-token-picker">
      <style>{VIEW_CSS}</style>
      <style>{SWAP_CSS}</style>
      <style>{TOKEN_LINE_CSS}</style>
      <label className="gw-field">
        <span>{t('swap.search')}</span>
        <input
          type="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      {mine.length > 0 ? (
        <section aria-labelledby="gw-swap-mine">
          <h3 id="gw-swap-mine" className="gw-swap-heading">
            {t('swap.myTokens')}
          </h3>
          <ul className="gw-swap-list">
            {mine.map((held) => {
              const token = tokenOf(held.address)
              if (!token) return null
              return (
                <li key={held.address}>
                  <button
                    type="button"
                    className="gw-button"
                    aria-current={isSameToken(token, current) ? 'true' : undefined}
                    onClick={() => choose(token)}
                  >
                    <TokenLine
                      token={line(token, token.iconUrl ?? held.iconUrl)}
                      balance={formatAmount(
                        locale.tag,
                        held.quantity.numeric,
                        LIMITS.balanceDecimals,
                      )}
                      fiat={formatFiat(locale.tag, held.usdValue)}
                    />
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}
      {suggested.length > 0 ? (
        <section aria-labelledby="gw-swap-suggested">
          <h3 id="gw-swap-suggested" className="gw-swap-heading">
            {t('swap.suggested')}
          </h3>
          <ul className="gw-swap-chips">
            {suggested.map((token) => (
              <li key={token.address}>
                <button
                  type="button"
                  className="gw-button"
                  aria-current={isSameToken(token, current) ? 'true' : undefined}
                  onClick={() => choose(token)}
                >
                  <TokenIcon
                    url={token.iconUrl}
                    symbol={token.symbol}
                    nativeOf={line(token).nativeOf}
                    size={20}
                  />
                  {token.symbol}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {popular.length > 0 ? (
        <section aria-labelledby="gw-swap-popular">
          <h3 id="gw-swap-popular" className="gw-swap-heading">
            {t('swap.popular')}
          </h3>
          <ul className="gw-swap-list">
            {popular.map((token) => (
              <li key={token.address}>
                <button
                  type="button"
                  className="gw-button"
                  aria-current={isSameToken(token, current) ? 'true' : undefined}
                  onClick={() => choose(token)}
                >
                  <TokenLine token={line(token)} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {mine.length + suggested.length + popular.length === 0 ? (
        <p className="gw-muted">{t('swap.noTokens', { query: query.trim() })}</p>
      ) : null}
    </div>
  )
}
