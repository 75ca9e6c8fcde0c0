'use client'
import { networkIconUrl, useLogos } from '../logos/logos.js'

/**
 * A network's icon, decorative (its name is beside it): the icon its definition carries
 * (`iconUrl`, when it is a safe image URL), else the mark the kit ships for that network by its
 * CAIP-2 id (well-known networks: Optimism, Arbitrum One, Base, Polygon, BNB Smart Chain, …, a test
 * network its parent's), else the mark of its family (Ethereum's for an ETH network, Solana's,
 * Polkadot's, Bitcoin's), else a neutral tile with its initial.
 * @example
 * import { NetworkIcon } from '@gangway/kit/react'
 * const Row = () => <NetworkIcon network={{ id: 'eip155:8453', name: 'Base', namespace: 'eip155' }} />
 * @see /docs/features.md
 */
export function NetworkIcon({
  network,
  size = 20,
}: {
  readonly network: {
    /** The CAIP-2 id, for the shipped mark of a well-known network. */
    readonly id?: string | undefined
    readonly name: string
    readonly namespace: string
    readonly iconUrl?: string | undefined
    /** The native currency's symbol. */
    readonly currency?: string | undefined
  }
  /** The side in CSS pixels. */
  readonly size?: number
}) {
  const logos = useLogos()
  const src = networkIconUrl(logos, network)
  // Inline, not a class: the network button renders in the page, outside the modal's styles.
  const style = {
    width: size,
    height: size,
    flex: 'none',
    borderRadius: '50%',
    objectFit: 'contain',
  } as const
  if (src) {
    return (
      <img
        className="gw-network-icon"
        data-gangway="network-icon"
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
      />
    )
  }
  return (
    <span
      className="gw-network-icon gw-tile"
      data-gangway="network-icon"
      aria-hidden="true"
      style={{
        ...style,
        display: 'inline-grid',
        placeItems: 'center',
        fontSize: Math.round(size * 0.55),
        fontWeight: 600,
        lineHeight: 1,
        background: 'color-mix(in srgb, currentColor 18%, transparent)',
      }}
    >
      {logos ? [...network.name.trim()][0]?.toUpperCase() : undefined}
    </span>
  )
}
