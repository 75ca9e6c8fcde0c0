import { toSafeImageUrl, toSafeLinkUrl } from '../../kernel/index.js'

/**
 * Untrusted URLs (wallet icons, explorer links) are rendered only when they are plain http(s),
 * or a data:image for icons; anything else (javascript:, data:text/html, ...) is dropped. The
 * rules live in the kernel (`toSafeImageUrl`), which also applies them to registry data.
 * @internal
 */
export function safeImageUrl(url: string | null | undefined): string | undefined {
  return toSafeImageUrl(url)
}

/** See {@link safeImageUrl}. @internal */
export function safeLinkUrl(url: string | null | undefined): string | undefined {
  return toSafeLinkUrl(url)
}
