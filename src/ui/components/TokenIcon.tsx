'use client'
import { useState } from 'react'
import { familyLogo, svgDataUrl, useLogos } from '../logos/logos.js'
import { safeImageUrl } from './safeUrl.js'

/**
 * A round tile with the symbol's first letter or digit, in a hue of the symbol's own: an image, so
 * the letter is no text of the line it sits in (a token's line reads 'USDC', not 'UUSDC'). Anything
 * but a letter or digit (the symbol is the data service's, untrusted) draws the tile alone.
 */
function letterIconUrl(symbol: string): string {
  const first = [...symbol.trim()][0] ?? ''
  const letter = /^[\p{L}\p{N}]$/u.test(first) ? first.toUpperCase() : ''
  let hue = 0
  for (const char of symbol) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="hsl(${hue} 45% 42%)"/><text x="12" y="16.5" font-size="13" font-family="system-ui,sans-serif" font-weight="600" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
  )
}

/**
 * A token's icon, decorative (its symbol is beside it): the icon the data service gave
 * (`iconUrl`, untrusted: shown only when it is a safe image URL, and given up when it fails to
 * load); for a network's own currency without one, the coin's mark the kit ships (ETH's, SOL's,
 * DOT's, BTC's: the family mark of a network whose currency it is); else the symbol's first letter
 * on a round tile of its own hue. Always a fixed round square, the picture contained in it. Part
 * of the view toolkit feature views use.
 * @example
 * import { TokenIcon } from '@gangway/kit/react'
 * const Row = () => <TokenIcon url={token.iconUrl} symbol={token.symbol} />
 * @see /docs/features.md
 */
export function TokenIcon({
  url,
  symbol,
  nativeOf,
  size = 24,
}: {
  /** The token's icon URL (untrusted). */
  readonly url: string | null | undefined
  /** The token's symbol: its first letter is the fallback. */
  readonly symbol: string
  /** For a network's own currency (not a contract token): the network's CAIP-2 namespace. */
  readonly nativeOf?: string | undefined
  /** The side in CSS pixels. */
  readonly size?: number
}) {
  const logos = useLogos()
  const src = safeImageUrl(url)
  // The icon that failed, so another token's (or a corrected one) is tried again.
  const [failed, setFailed] = useState<string | null>(null)
  // Inline, not a class: the icon renders in every view's shadow root without a shared sheet.
  const style = {
    width: size,
    height: size,
    flex: 'none',
    borderRadius: '50%',
    objectFit: 'contain',
  } as const
  const own = src !== undefined && src !== failed
  const coin =
    own || !nativeOf ? undefined : familyLogo(logos, { namespace: nativeOf, currency: symbol })
  return (
    <img
      className="gw-token-icon"
      data-gangway="token-icon"
      data-source={own ? 'icon' : coin ? 'native' : 'letter'}
      src={own ? src : (coin ?? letterIconUrl(symbol))}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={own ? () => setFailed(src) : undefined}
    />
  )
}
