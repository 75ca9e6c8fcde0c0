'use client'
import { useMemo } from 'react'
import { encode } from 'uqr'

/**
 * A QR code of a text (a pairing link, an address): its modules drawn as one SVG path, so no
 * markup from outside is ever rendered; an image with `label` as its accessible name. Part of the
 * view toolkit feature views use.
 * @example
 * import { QrCode } from '@gangway/kit/react'
 * const Pairing = ({ uri }: { uri: string }) => <QrCode value={uri} label="Scan with your wallet" />
 */
export function QrCode({ value, label }: { readonly value: string; readonly label: string }) {
  const { path, size } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, size: qr.size }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width="240"
      height="240"
      shapeRendering="crispEdges"
      style={{ display: 'block', margin: '8px auto', borderRadius: 12 }}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
