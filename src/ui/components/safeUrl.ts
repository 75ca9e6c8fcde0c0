import { toSafeImageUrl, toSafeLinkUrl } from '../../kernel/index.js'

/**
 * Untrusted URLs (wallet icons, explorer links) are rendered only when they are plain http(s),
 * or a data:image for icons; anything else (javascript:, data:text/html, ...) is dropped. The
 * rules live in the kernel (`toSafeImageUrl`), which also applies them to registry data. Part of
 * the view toolkit feature views use.
 * @example
 * import { safeImageUrl } from '@gangway/kit/react'
 * safeImageUrl('javascript:alert(1)') // undefined
 * @see /docs/features.md
 */
export function safeImageUrl(url: string | null | undefined): string | undefined {
  return toSafeImageUrl(url)
}

/**
 * An untrusted link (an explorer URL) when it is plain http(s), else `undefined`; see
 * {@link safeImageUrl}.
 * @example
 * import { safeLinkUrl } from '@gangway/kit/react'
 * safeLinkUrl('https://etherscan.io/tx/0x1') // 'https://etherscan.io/tx/0x1'
 */
export function safeLinkUrl(url: string | null | undefined): string | undefined {
  return toSafeLinkUrl(url)
}
