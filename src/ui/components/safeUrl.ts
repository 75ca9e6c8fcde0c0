/**
 * Untrusted URLs (wallet icons, explorer links) are rendered only when they are plain http(s),
 * or a data:image for icons; anything else (javascript:, data:text/html, ...) is dropped.
 * @internal
 */
export function safeImageUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(url)) return url
  return safeLinkUrl(url)
}

/** See {@link safeImageUrl}. @internal */
export function safeLinkUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? parsed.toString()
      : undefined
  } catch {
    return undefined
  }
}
