/**
 * The relay's budgets (decision 0300): token buckets for publish rates, and counters for stored
 * bytes, subscriptions and sockets, each per socket, per client identity, per network source and
 * overall, with a share of each overall budget kept for newcomers, so no one socket, client or
 * machine can exhaust the relay's memory or time and everyone else keeps being served.
 * @module
 */
import type { RelayLimits } from '../config.js'
import { RPC_ERRORS, RpcError } from './protocol.js'

/** A token bucket: `rate` tokens a second, holding at most two seconds' worth (at least 10). */
export class TokenBucket {
  private tokens: number
  private at: number
  private readonly capacity: number
  constructor(
    private readonly rate: number,
    now: number,
  ) {
    this.capacity = Math.max(10, rate * 2)
    this.tokens = this.capacity
    this.at = now
  }
  /** The most tokens it holds. */
  get size(): number {
    return this.capacity
  }
  /** Tokens there now. */
  available(now: number): number {
    this.refill(now)
    return this.tokens
  }
  /** Whether a token is there now (without taking it). */
  has(now: number): boolean {
    this.refill(now)
    return this.tokens >= 1
  }
  /** Takes a token. */
  take(now: number): void {
    this.refill(now)
    this.tokens -= 1
  }
  private refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.rate)
    this.at = now
  }
}

/** What the relay accounts per client identity and per network source. */
interface Usage {
  sockets: number
  subscriptions: number
  storedBytes: number
  readonly bucket: TokenBucket
}

/** The budgets of one relay instance. */
export interface Budgets {
  /** Whether one more socket may open for the client from the source; the refusal's reason otherwise. */
  admitSocket(clientKey: string, source: string): string | undefined
  openSocket(clientKey: string, source: string): void
  closeSocket(clientKey: string, source: string): void
  /** Charges the stored bytes of a message restored at start (its source is not kept). */
  chargeStored(clientKey: string, bytes: number): void
  /** Throws when a publish of `bytes` by the socket (bucket), client and source exceeds a budget. */
  checkPublish(
    socketBucket: TokenBucket,
    clientKey: string,
    source: string,
    bytes: number,
    now: number,
  ): void
  /** Takes the rate tokens and the stored bytes of a publish that was stored. */
  chargePublish(
    socketBucket: TokenBucket,
    clientKey: string,
    source: string,
    bytes: number,
    now: number,
  ): void
  /** Returns stored bytes when a message expires. */
  release(clientKey: string, source: string | undefined, bytes: number): void
  /** Throws when `count` more subscriptions for the socket, client and source exceed a budget. */
  checkSubscribe(
    socketSubscriptions: number,
    clientKey: string,
    source: string,
    count: number,
  ): void
  subscribed(clientKey: string, source: string, delta: number): void
  totals(): { sockets: number; subscriptions: number; storedBytes: number }
  /** Forgets clients and sources that hold nothing and whose buckets have refilled. */
  sweep(now: number): void
  newSocketBucket(now: number): TokenBucket
}

const limitExceeded = (text: string) => new RpcError(RPC_ERRORS.limitExceeded, text)

/**
 * Drops an entry holding nothing whose bucket has refilled (a new entry is then the same), so
 * closing and reopening sockets never refills a budget early.
 */
function forgetIdle(entries: Map<string, Usage>, key: string, found: Usage, at: number): void {
  if (found.sockets !== 0 || found.subscriptions !== 0 || found.storedBytes !== 0) return
  if (found.bucket.available(at) < found.bucket.size) return
  entries.delete(key)
}

/**
 * Creates an instance's budgets.
 * @param limits - the configured limits.
 * @param now - the clock.
 * @returns the budgets.
 */
export function createBudgets(limits: RelayLimits, now: () => number): Budgets {
  const usageMap = (rate: number) => {
    const entries = new Map<string, Usage>()
    return {
      peek: (key: string) => entries.get(key),
      get: (key: string): Usage => {
        let found = entries.get(key)
        if (!found) {
          found = {
            sockets: 0,
            subscriptions: 0,
            storedBytes: 0,
            bucket: new TokenBucket(rate, now()),
          }
          entries.set(key, found)
        }
        return found
      },
      sweep: (at: number) => {
        for (const [key, found] of entries) forgetIdle(entries, key, found, at)
      },
      /** Drops an entry holding nothing; a bucket refills by itself, so a new one is the same. */
      forget: (key: string, found: Usage, at: number) => forgetIdle(entries, key, found, at),
    }
  }
  const clients = usageMap(limits.publishesPerSecondPerClient)
  const sources = usageMap(limits.publishesPerSecondPerSource)
  const overall = new TokenBucket(limits.publishesPerSecond, now())
  const clientBurst = new TokenBucket(limits.publishesPerSecondPerClient, now()).size
  const open = 1 - limits.reservedShare
  let sockets = 0
  let subscriptions = 0
  let storedBytes = 0
  /**
   * Whether `add` more of an overall budget may go to a source: within the budget, and past its
   * open part only to a newcomer (a source using no more than one client's budget).
   */
  const overallAllows = (
    total: number,
    add: number,
    limit: number,
    sourceUsed: number,
    perClient: number,
  ) => total + add <= limit && (total + add <= limit * open || sourceUsed + add <= perClient)
  return {
    admitSocket: (key, source) => {
      const fromSource = sources.peek(source)?.sockets ?? 0
      if (!overallAllows(sockets, 1, limits.maxSockets, fromSource, limits.maxSocketsPerClient)) {
        return 'the relay is at its socket limit'
      }
      if (fromSource >= limits.maxSocketsPerSource) {
        return `at most ${limits.maxSocketsPerSource} sockets per network source`
      }
      if ((clients.peek(key)?.sockets ?? 0) >= limits.maxSocketsPerClient) {
        return `at most ${limits.maxSocketsPerClient} sockets per client`
      }
      return undefined
    },
    openSocket: (key, source) => {
      sockets += 1
      clients.get(key).sockets += 1
      sources.get(source).sockets += 1
    },
    closeSocket: (key, source) => {
      sockets -= 1
      const at = now()
      for (const [map, id] of [
        [clients, key],
        [sources, source],
      ] as const) {
        const found = map.get(id)
        found.sockets -= 1
        map.forget(id, found, at)
      }
    },
    chargeStored: (key, bytes) => {
      clients.get(key).storedBytes += bytes
      storedBytes += bytes
    },
    checkPublish: (socketBucket, key, source, bytes, at) => {
      if (bytes > limits.maxMessageBytes) {
        throw limitExceeded(`Message too large: at most ${limits.maxMessageBytes} bytes`)
      }
      const client = clients.get(key)
      const from = sources.get(source)
      if (!socketBucket.has(at) || !client.bucket.has(at) || !from.bucket.has(at)) {
        throw limitExceeded('Publish rate limit exceeded: slow down')
      }
      const spent = from.bucket.size - from.bucket.available(at)
      const left = overall.available(at)
      if (!overallAllows(overall.size - left, 1, overall.size, spent, clientBurst)) {
        throw limitExceeded('The relay is busy: publish again shortly')
      }
      if (client.storedBytes + bytes > limits.maxStoredBytesPerClient) {
        throw limitExceeded('Stored message budget of this client exceeded')
      }
      if (from.storedBytes + bytes > limits.maxStoredBytesPerSource) {
        throw limitExceeded('Stored message budget of this network source exceeded')
      }
      if (
        !overallAllows(
          storedBytes,
          bytes,
          limits.maxStoredBytes,
          from.storedBytes,
          limits.maxStoredBytesPerClient,
        )
      ) {
        throw limitExceeded('The relay is full: publish again shortly')
      }
    },
    chargePublish: (socketBucket, key, source, bytes, at) => {
      socketBucket.take(at)
      overall.take(at)
      for (const found of [clients.get(key), sources.get(source)]) {
        found.bucket.take(at)
        found.storedBytes += bytes
      }
      storedBytes += bytes
    },
    release: (key, source, bytes) => {
      storedBytes -= bytes
      const at = now()
      for (const [map, id] of [
        [clients, key],
        [sources, source],
      ] as const) {
        if (id === undefined) continue
        const found = map.peek(id)
        if (!found) continue
        found.storedBytes = Math.max(0, found.storedBytes - bytes)
        map.forget(id, found, at)
      }
    },
    checkSubscribe: (socketSubscriptions, key, source, count) => {
      if (socketSubscriptions + count > limits.maxSubscriptionsPerSocket) {
        throw limitExceeded(`At most ${limits.maxSubscriptionsPerSocket} subscriptions per socket`)
      }
      if ((clients.peek(key)?.subscriptions ?? 0) + count > limits.maxSubscriptionsPerClient) {
        throw limitExceeded(`At most ${limits.maxSubscriptionsPerClient} subscriptions per client`)
      }
      const fromSource = sources.peek(source)?.subscriptions ?? 0
      if (fromSource + count > limits.maxSubscriptionsPerSource) {
        throw limitExceeded(
          `At most ${limits.maxSubscriptionsPerSource} subscriptions per network source`,
        )
      }
      if (
        !overallAllows(
          subscriptions,
          count,
          limits.maxSubscriptions,
          fromSource,
          limits.maxSubscriptionsPerClient,
        )
      ) {
        throw limitExceeded('The relay is at its subscription limit')
      }
    },
    subscribed: (key, source, delta) => {
      subscriptions += delta
      const at = now()
      for (const [map, id] of [
        [clients, key],
        [sources, source],
      ] as const) {
        const found = map.get(id)
        found.subscriptions += delta
        map.forget(id, found, at)
      }
    },
    totals: () => ({ sockets, subscriptions, storedBytes }),
    sweep: (at) => {
      clients.sweep(at)
      sources.sweep(at)
    },
    newSocketBucket: (at) => new TokenBucket(limits.publishesPerSecondPerSocket, at),
  }
}
