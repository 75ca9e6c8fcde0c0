'use client'
import { safeImageUrl } from './safeUrl.js'

const LETTER_STYLE = {
  display: 'inline-grid',
  placeItems: 'center',
  fontWeight: 600,
  fontSize: 14,
  background: 'color-mix(in srgb, currentColor 14%, transparent)',
} as const

/**
 * A wallet's icon; decorative (the button carries the name), untrusted URLs dropped. Without a
 * usable URL, the first letter of `name` (a letter avatar), or an empty tile. Part of the view
 * toolkit feature views use.
 * @example
 * import { WalletIcon } from '@gangway/kit/react'
 * const Row = () => <WalletIcon url={wallet.imageUrl} name={wallet.name} />
 * @see /docs/features.md
 */
export function WalletIcon({
  url,
  name,
}: {
  readonly url: string | undefined
  readonly name?: string | undefined
}) {
  const safe = safeImageUrl(url)
  if (safe) return <img className="gw-wallet-icon" src={safe} alt="" />
  const letter = name ? [...name.trim()][0]?.toUpperCase() : undefined
  return (
    <span className="gw-wallet-icon" aria-hidden="true" style={letter ? LETTER_STYLE : undefined}>
      {letter}
    </span>
  )
}
