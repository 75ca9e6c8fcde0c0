'use client'
import { minidenticon } from 'minidenticons'
import { useState } from 'react'
import { svgDataUrl } from '../logos/logos.js'
import { safeImageUrl } from './safeUrl.js'

/**
 * The identicon of an address: a symmetric 5×5 pattern in one of nine hues, drawn here from the
 * address alone (nothing is fetched, the same address always draws the same picture). EVM
 * addresses are compared without case, so a checksummed and a lower-case address match.
 * @example
 * import { identiconUrl } from '@gangway/kit/react'
 * identiconUrl('eip155', '0xf39F…2266') // 'data:image/svg+xml,…'
 * @param namespace - the address's chain family.
 * @param address - the address.
 * @returns a `data:image/svg+xml` URL.
 */
export function identiconUrl(namespace: string, address: string): string {
  const seed = namespace === 'eip155' ? address.toLowerCase() : address
  return svgDataUrl(minidenticon(`${namespace}:${seed}`))
}

/**
 * An account's picture, decorative (the name or address is beside it): its profile avatar (an ENS
 * avatar) when it is a safe image URL that loads, else the address's identicon. An avatar that
 * fails to load (gone, refused, not an image) gives way to the identicon.
 * @example
 * import { AccountAvatar } from '@gangway/kit/react'
 * const Header = () => <AccountAvatar namespace="eip155" address={address} image={profileImage} />
 * @see /docs/features.md
 */
export function AccountAvatar({
  namespace,
  address,
  image,
  size = 64,
}: {
  readonly namespace: string
  readonly address: string
  /** The profile's avatar URL (untrusted). */
  readonly image?: string | null | undefined
  /** The side in CSS pixels. */
  readonly size?: number
}) {
  const avatar = safeImageUrl(image)
  // The avatar that failed, so a new one (another account, another name) is tried again.
  const [failed, setFailed] = useState<string | null>(null)
  const useAvatar = avatar !== undefined && avatar !== failed
  return (
    <img
      className="gw-avatar"
      data-gangway="avatar"
      data-source={useAvatar ? 'profile' : 'identicon'}
      src={useAvatar ? avatar : identiconUrl(namespace, address)}
      alt=""
      width={size}
      height={size}
      onError={useAvatar ? () => setFailed(avatar) : undefined}
    />
  )
}
