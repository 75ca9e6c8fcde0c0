/**
 * The relay's budgets (decision 0300): token buckets for publish rates, and counters for stored
 * bytes, subscriptions and sockets, each per socket, per client identity and overall, so no one
 * socket or client can exhaust the relay's memory or time and everyone else keeps being served.
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

/** What the relay accounts per client identity. */
interface ClientUsage {
  sockets: number
  subscriptions: number
  storedBytes: number
  readonly bucket: TokenBucket
}

/** The budgets of one relay instance. */
export interface Budgets {
  /** Whether one more socket may open for the client; the refusal's reason otherwise. */
  admitSocket(clientKey: string): string | undefined
  openSocket(clientKey: string): void
  closeSocket(clientKey: string): void
  /** Charges the stored bytes of a message restored at start. */
  chargeStored(clientKey: string, bytes: number): void
  /** Throws when a publish of `bytes` by the socket (bucket) and client would exceed a budget. */
  checkPublish(socketBucket: TokenBucket, clientKey: string, bytes: number, now: number): void
  /** Takes the rate tokens and the stored bytes of a publish that was stored. */
  chargePublish(socketBucket: TokenBucket, clientKey: string, bytes: number, now: number): void
  /** Returns stored bytes when a message expires. */
  release(clientKey: string, bytes: number): void
  /** Throws when `count` more subscriptions for the socket and client exceed a budget. */
  checkSubscribe(socketSubscriptions: number, clientKey: string, count: number): void
  subscribed(clientKey: string, delta: number): void
  totals(): { sockets: number; subscriptions: number; storedBytes: number }
  newSocketBucket(now: number): TokenBucket
}

const limitExceeded = (text: string) => new RpcError(RPC_ERRORS.limitExceeded, text)

/**
 * Creates an instance's budgets.
 * @param limits - the configured limits.
 * @param now - the clock.
 * @returns the budgets.
 */
export function createBudgets(limits: RelayLimits, now: () => number): Budgets {
  const clients = new Map<string, ClientUsage>()
  const overall = new TokenBucket(limits.publishesPerSecond, now())
  let sockets = 0
  let subscriptions = 0
  let storedBytes = 0
  const usage = (key: string): ClientUsage => {
    let found = clients.get(key)
    if (!found) {
      found = {
        sockets: 0,
        subscriptions: 0,
        storedBytes: 0,
        bucket: new TokenBucket(limits.publishesPerSecondPerClient, now()),
      }
      clients.set(key, found)
    }
    return found
  }
  const forget = (key: string, found: ClientUsage) => {
    if (found.sockets === 0 && found.subscriptions === 0 && found.storedBytes === 0) {
      clients.delete(key)
    }
  }
  return {
    admitSocket: (key) => {
      if (sockets >= limits.maxSockets) return 'the relay is at its socket limit'
      if ((clients.get(key)?.sockets ?? 0) >= limits.maxSocketsPerClient) {
        return `at most ${limits.maxSocketsPerClient} sockets per client`
      }
      return undefined
    },
    openSocket: (key) => {
      sockets += 1
      usage(key).sockets += 1
    },
    closeSocket: (key) => {
      sockets -= 1
      const found = usage(key)
      found.sockets -= 1
      forget(key, found)
    },
    chargeStored: (key, bytes) => {
      usage(key).storedBytes += bytes
      storedBytes += bytes
    },
    checkPublish: (socketBucket, key, bytes, at) => {
      if (bytes > limits.maxMessageBytes) {
        throw limitExceeded(`Message too large: at most ${limits.maxMessageBytes} bytes`)
      }
      const found = usage(key)
      if (!socketBucket.has(at) || !found.bucket.has(at)) {
        throw limitExceeded('Publish rate limit exceeded: slow down')
      }
      if (!overall.has(at)) throw limitExceeded('The relay is busy: publish again shortly')
      if (found.storedBytes + bytes > limits.maxStoredBytesPerClient) {
        throw limitExceeded('Stored message budget of this client exceeded')
      }
      if (storedBytes + bytes > limits.maxStoredBytes) {
        throw limitExceeded('The relay is full: publish again shortly')
      }
    },
    chargePublish: (socketBucket, key, bytes, at) => {
      socketBucket.take(at)
      const found = usage(key)
      found.bucket.take(at)
      overall.take(at)
      found.storedBytes += bytes
      storedBytes += bytes
    },
    release: (key, bytes) => {
      storedBytes -= bytes
      const found = clients.get(key)
      if (!found) return
      found.storedBytes = Math.max(0, found.storedBytes - bytes)
      forget(key, found)
    },
    checkSubscribe: (socketSubscriptions, key, count) => {
      if (socketSubscriptions + count > limits.maxSubscriptionsPerSocket) {
        throw limitExceeded(`At most ${limits.maxSubscriptionsPerSocket} subscriptions per socket`)
      }
      if ((clients.get(key)?.subscriptions ?? 0) + count > limits.maxSubscriptionsPerClient) {
        throw limitExceeded(`At most ${limits.maxSubscriptionsPerClient} subscriptions per client`)
      }
      if (subscriptions + count > limits.maxSubscriptions) {
        throw limitExceeded('The relay is at its subscription limit')
      }
    },
    subscribed: (key, delta) => {
      const found = usage(key)
      found.subscriptions += delta
      subscriptions += delta
      forget(key, found)
    },
    totals: () => ({ sockets, subscriptions, storedBytes }),
    newSocketBucket: (at) => new TokenBucket(limits.publishesPerSecondPerSocket, at),
  }
}
