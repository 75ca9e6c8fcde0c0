import type { PublicClient } from 'viem'

/** What the watcher follows: the connected account on its chain, or nothing. @internal */
export interface WatchedAccount {
  readonly chainId: number
  readonly caipAddress: string
}

/** Follows new blocks of the connected account's chain while the page is visible. @internal */
export interface BlockWatcher {
  /** Follows `account`'s chain from now on; `null` stops watching. */
  follow(account: WatchedAccount | null): void
  destroy(): void
}

/** The part of `document` the watcher reads: present in a browser page, absent on a server. */
interface VisibilityTarget extends EventTarget {
  readonly visibilityState: string
}

function documentOf(): VisibilityTarget | undefined {
  const candidate = (globalThis as { document?: unknown }).document as VisibilityTarget | undefined
  return typeof candidate?.addEventListener === 'function' &&
    typeof candidate.visibilityState === 'string'
    ? candidate
    : undefined
}

/**
 * Calls `onBlock` for each new block of the followed account's chain, through viem's block
 * watcher (`watchBlockNumber`, polling at the client's interval), only while an account is
 * followed and, where a document exists, while `document.visibilityState` is `'visible'`: a
 * hidden tab costs the node nothing. Coming back to a visible page counts as a new block (blocks
 * went by unseen). Funds arriving from outside then show without the visitor doing anything.
 * @param clientOf - the public client of a chain.
 * @param onBlock - told which account's balance the new block may have changed.
 * @returns the watcher.
 * @internal
 */
export function createBlockWatcher(
  clientOf: (chainId: number) => PublicClient,
  onBlock: (account: WatchedAccount) => void,
): BlockWatcher {
  const page = documentOf()
  let followed: WatchedAccount | null = null
  let unwatch: (() => void) | undefined
  const isVisible = () => !page || page.visibilityState === 'visible'

  const stop = () => {
    unwatch?.()
    unwatch = undefined
  }
  const start = () => {
    stop()
    const account = followed
    if (!account || !isVisible()) return
    unwatch = clientOf(account.chainId).watchBlockNumber({
      emitOnBegin: false,
      onBlockNumber: () => onBlock(account),
      // A failed poll is retried at the next interval; the balance shown stays as it was.
      onError: () => undefined,
    })
  }
  const onVisibility = () => {
    if (!isVisible()) return stop()
    start()
    if (followed) onBlock(followed)
  }
  page?.addEventListener('visibilitychange', onVisibility)

  return {
    follow: (account) => {
      if (
        account?.chainId === followed?.chainId &&
        account?.caipAddress === followed?.caipAddress
      ) {
        return
      }
      followed = account
      start()
    },
    destroy: () => {
      followed = null
      stop()
      page?.removeEventListener('visibilitychange', onVisibility)
    },
  }
}
