/**
 * Network sources: who is on the other end of a connection, as budgets count them (decision
 * 0305). Identities cost nothing to make, so budgets that bind an attacker count by address: an
 * IPv4 address, or an IPv6 /64 (what one host or one home is given). `X-Forwarded-For` is
 * believed only from the reverse proxies the operator names; anyone else could write any address
 * there.
 * @module
 */
import type { IncomingMessage } from 'node:http'
import ipaddr from 'ipaddr.js'
import proxyAddr from 'proxy-addr'

/** Tells the network source of a request. */
export type SourceOf = (request: Pick<IncomingMessage, 'headers' | 'socket'>) => string

/** What the source is called when the socket has no address any more (closed under us). */
const UNKNOWN = 'unknown'

/**
 * The source an address counts as: IPv4 as is (an IPv4-mapped IPv6 address too), IPv6 by its
 * /64 prefix; anything that is not an address, truncated, as itself.
 * @param address - an IP address.
 * @returns the source key.
 */
export function sourceKeyOf(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64)
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const prefix = parsed.toByteArray().slice(0, 8)
  const network = ipaddr.fromByteArray([...prefix, 0, 0, 0, 0, 0, 0, 0, 0])
  return `${network.toString()}/64`
}

/**
 * Checks a list of trusted proxies.
 * @param trustedProxies - addresses, CIDR ranges or `loopback`, `linklocal`, `uniquelocal`.
 * @returns a message naming the first entry that is none of these, or `undefined`.
 */
export function trustedProxiesProblem(trustedProxies: readonly string[]): string | undefined {
  try {
    proxyAddr.compile([...trustedProxies])
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/**
 * Creates the source resolver of a server.
 * @param trustedProxies - the reverse proxies whose `X-Forwarded-For` is believed (checked by
 * {@link trustedProxiesProblem} first).
 * @returns a function from a request to its source key.
 */
export function createSourceOf(trustedProxies: readonly string[]): SourceOf {
  const trust = proxyAddr.compile([...trustedProxies])
  return (request) => {
    const remote = request.socket.remoteAddress
    if (remote === undefined) return UNKNOWN
    if (trustedProxies.length === 0) return sourceKeyOf(remote)
    // proxy-addr walks X-Forwarded-For from the nearest hop back while hops are trusted; it reads
    // `connection.remoteAddress`, so it gets exactly that and the headers.
    const view = { connection: { remoteAddress: remote }, headers: request.headers }
    return sourceKeyOf(proxyAddr(view as unknown as IncomingMessage, trust))
  }
}
