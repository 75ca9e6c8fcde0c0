/**
 * JSON-RPC text helpers: ids echoed byte for byte (19-digit ids would be rounded by
 * `JSON.parse`), and WebSocket frames to text.
 * @module
 */
import type { RawData } from 'ws'

/** A frame as UTF-8 text. */
export function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

/** A raw id as a map key: a quoted string id unquoted, a number as written. */
export function unquote(rawId: string): string {
  return rawId.startsWith('"') ? String(JSON.parse(rawId)) : rawId
}

/** The index just past the JSON string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1
  while (index < text.length) {
    const char = text[index]
    if (char === '\\') index += 2
    else if (char === '"') return index + 1
    else index += 1
  }
  return text.length
}

/**
 * The source text of the top-level `"id"` member's value in valid JSON text, so a 19-digit
 * numeric id is echoed exactly instead of being rounded by `JSON.parse`. When the key repeats,
 * the last one wins, as with `JSON.parse`.
 */
export function rawIdOf(text: string): string | undefined {
  let depth = 0
  let expectKey = false
  let found: string | undefined
  let index = 0
  while (index < text.length) {
    const char = text[index]
    if (char === '"') {
      const end = stringEnd(text, index)
      if (depth === 1 && expectKey) {
        const key: unknown = JSON.parse(text.slice(index, end))
        let valueStart = text.indexOf(':', end) + 1
        while (/\s/.test(text[valueStart] ?? '')) valueStart += 1
        if (key === 'id') {
          const valueEnd =
            text[valueStart] === '"'
              ? stringEnd(text, valueStart)
              : valueStart + (/^[^\s,}\]]*/.exec(text.slice(valueStart))?.[0].length ?? 0)
          found = text.slice(valueStart, valueEnd)
        }
        expectKey = false
        index = valueStart
        continue
      }
      index = end
      continue
    }
    if (char === '{') {
      depth += 1
      expectKey = depth === 1
    } else if (char === '[') depth += 1
    else if (char === '}' || char === ']') depth -= 1
    else if (char === ',' && depth === 1) expectKey = true
    index += 1
  }
  return found
}
