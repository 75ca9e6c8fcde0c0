/**
 * Every object an error carries, the error first, through `cause` and `error` (where
 * wallet-adapter's `WalletError` keeps the wallet's own): what a plugin's `toKitError` reads a
 * wallet's code or name from, wherever a library wrapped it. Cycles are skipped and the walk stops
 * after 16 objects, so a hostile wallet's self-referencing error cannot hang the kit.
 * @example
 * errorChain(new Error('send failed', { cause: { code: 4001 } })).some((link) => link.code === 4001) // true
 * @param error - what a wallet, node or library threw.
 * @returns the objects, breadth first; empty when `error` is not an object.
 */
export function errorChain(error: unknown): readonly Readonly<Record<string, unknown>>[] {
  const seen: Readonly<Record<string, unknown>>[] = []
  const queue: unknown[] = [error]
  while (queue.length > 0 && seen.length < 16) {
    const current = queue.shift()
    if (!current || typeof current !== 'object') continue
    const link = current as Readonly<Record<string, unknown>>
    if (seen.includes(link)) continue
    seen.push(link)
    queue.push(link.cause, link.error)
  }
  return seen
}
