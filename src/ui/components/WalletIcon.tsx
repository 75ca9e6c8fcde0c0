'use client'
import { safeImageUrl } from './safeUrl.js'

/** A wallet's icon; decorative (the button carries the name), untrusted URLs dropped. @internal */
export function WalletIcon({ url }: { readonly url: string | undefined }) {
  const safe = safeImageUrl(url)
  return safe ? (
    <img className="gw-wallet-icon" src={safe} alt="" />
  ) : (
    <span className="gw-wallet-icon" aria-hidden="true" />
  )
}
