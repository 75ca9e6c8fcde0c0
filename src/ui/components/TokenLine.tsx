'use client'
import { TokenIcon } from './TokenIcon.js'

/**
 * The rules of {@link TokenLine}: render `<style>{TOKEN_LINE_CSS}</style>` once in the view that
 * shows token lines (they live in the lazy chunks that use them, like `VIEW_CSS`).
 * @internal
 */
export const TOKEN_LINE_CSS = `
.gw-token-line { display: flex; align-items: center; gap: 10px; width: 100%; min-width: 0; }
.gw-token-line-text { display: flex; flex-direction: column; min-width: 0; flex: 1 1 auto; }
.gw-token-line-text > span, .gw-token-line-amount > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.gw-token-line-symbol { font-weight: 600; }
.gw-token-line-amount { display: flex; flex-direction: column; align-items: flex-end; flex: none; max-width: 50%; }
.gw-token-line .gw-muted { font-size: 13px; }
`

/**
 * One token as a picker shows it: its icon (or initial), symbol and name, and, where given, the
 * visitor's balance and its USD value. Decorative markup only: the element it sits in (a button,
 * an option) is what the visitor operates. Styled by `TOKEN_LINE_CSS`.
 * @example
 * import { TokenLine } from '@gangway/kit/react'
 * const Row = () => <button type="button"><TokenLine token={token} balance="1.5" fiat="$4.50" /></button>
 * @see /docs/features.md
 */
export function TokenLine({
  token,
  balance,
  fiat,
}: {
  readonly token: {
    readonly symbol: string
    readonly name?: string | undefined
    /** The icon URL (untrusted; see `TokenIcon`). */
    readonly iconUrl?: string | undefined
    /** For a network's own currency: the network's namespace (see `TokenIcon`). */
    readonly nativeOf?: string | undefined
  }
  /** The balance, formatted for the visitor's language. */
  readonly balance?: string | undefined
  /** Its USD value, formatted; nothing where no price is known. */
  readonly fiat?: string | null | undefined
}) {
  return (
    <span className="gw-token-line" data-gangway="token-line">
      <TokenIcon url={token.iconUrl} symbol={token.symbol} nativeOf={token.nativeOf} />
      <span className="gw-token-line-text">
        <span className="gw-token-line-symbol">{token.symbol}</span>
        {token.name && token.name !== token.symbol ? (
          <span className="gw-muted">{token.name}</span>
        ) : null}
      </span>
      {balance !== undefined ? (
        <span className="gw-token-line-amount">
          <span data-gangway="token-line-balance">{balance}</span>
          {fiat ? (
            <span className="gw-muted" data-gangway="token-line-fiat">
              {fiat}
            </span>
          ) : null}
        </span>
      ) : null}
    </span>
  )
}
