'use client'
import { WALLET_ICON_MAX_LENGTH } from '../../kernel/index.js'
import { shippedWalletLogo, useLogos } from '../logos/logos.js'
import { safeImageUrl } from './safeUrl.js'

/**
 * A wallet's icon; decorative (the button carries the name), untrusted URLs dropped. The wallet's
 * own icon (an EIP-6963 or Wallet Standard data URI, a registry image) when it is a safe image URL
 * of sane length; else the logo the kit ships for a built-in wallet (by registry id, `walletId`)
 * or WalletConnect; else the first letter of `name` on a tile.
 * Always a fixed square, the picture contained in it. Part of the view toolkit feature views use.
 * @example
 * import { WalletIcon } from '@gangway/kit/react'
 * const Row = () => <WalletIcon url={wallet.imageUrl} name={wallet.name} walletId={wallet.id} />
 * @see /docs/features.md
 */
export function WalletIcon({
  url,
  name,
  walletId,
  size,
}: {
  readonly url: string | undefined
  readonly name?: string | undefined
  /** A registry id (or `walletConnect`): picks a logo the kit ships for it. */
  readonly walletId?: string | undefined
  /** The side in CSS pixels (28 by default). */
  readonly size?: number | undefined
}) {
  const logos = useLogos()
  const own = url && url.length <= WALLET_ICON_MAX_LENGTH ? safeImageUrl(url) : undefined
  const shipped = shippedWalletLogo(logos, walletId)
  const style = size ? { width: size, height: size } : undefined
  const src = own ?? shipped
  if (src) {
    return (
      <img
        className="gw-wallet-icon"
        src={src}
        alt=""
        width={size ?? 28}
        height={size ?? 28}
        style={style}
      />
    )
  }
  // A built-in wallet's logo is on its way: an empty tile, not a letter that turns into a logo.
  const letter =
    walletId && !logos ? undefined : name ? [...name.trim()][0]?.toUpperCase() : undefined
  return (
    <span
      className="gw-wallet-icon gw-tile"
      aria-hidden="true"
      data-gangway="letter-tile"
      style={style}
    >
      {letter}
    </span>
  )
}
