/**
 * Holds what arrives while code is still downloading and hands it over in arrival order once the
 * code has started. Event sourcing is what makes a late start invisible: the consumer sees the same
 * sequence it would have seen had it been there from the beginning.
 */
export interface ReplayQueue<TItem> {
  /** Queues an item, or, once started, delivers it after everything queued before it. */
  push(item: TItem): void
  /** Starts delivering: first the queued items, then every later one. */
  start(deliver: (item: TItem) => void): void
  /** Drops the queue and stops delivering; returns what was waiting (a failed download). */
  reset(): TItem[]
}

/**
 * Creates a {@link ReplayQueue}. Delivery is re-entrant safe: an item pushed while one is being
 * delivered (the consumer's own events come back synchronously) waits behind the items already
 * queued, so the consumer never sees the log out of order.
 * @internal
 */
export function createReplayQueue<TItem>(): ReplayQueue<TItem> {
  let queue: TItem[] = []
  let deliver: ((item: TItem) => void) | undefined
  let draining = false
  const drain = () => {
    if (draining || !deliver) return
    draining = true
    try {
      while (queue.length > 0 && deliver) deliver(queue.shift()!)
    } finally {
      draining = false
    }
  }
  return {
    push: (item) => {
      queue.push(item)
      drain()
    },
    start: (consumer) => {
      deliver = consumer
      drain()
    },
    reset: () => {
      const waiting = queue
      queue = []
      deliver = undefined
      return waiting
    },
  }
}
