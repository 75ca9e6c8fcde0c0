'use client'

/** Each icon's strokes in a 24×24 box: ours, drawn for the Account view's compact actions. */
const PATHS: Readonly<Record<string, string>> = {
  // §9's wallet features.
  onramp: 'M12 5v14M5 12h14',
  swaps: 'M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7',
  receive: 'M12 4v12M6 10l6 6 6-6M5 20h14',
  send: 'M12 20V8M6 14l6-6 6 6M5 4h14',
  // The address's own.
  copy: 'M9 9h10v10H9zM5 15V5h10',
  copied: 'M5 12.5 10 17l9-10',
  explorer: 'M14 4h6v6M20 4l-9 9M18 14v5H5V6h5',
}

/** A feature's action without an icon of its own: a plain dot. */
const FALLBACK = 'M12 12h.01'

/**
 * A line icon for an Account action (`onramp`, `swaps`, `receive`, `send`, `copy`, `copied`,
 * `explorer`), drawn in the text colour; decorative, the control carries the name.
 * @internal
 */
export function ActionIcon({ id }: { readonly id: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth={Object.hasOwn(PATHS, id) ? 2 : 6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={Object.hasOwn(PATHS, id) ? PATHS[id] : FALLBACK} />
    </svg>
  )
}
