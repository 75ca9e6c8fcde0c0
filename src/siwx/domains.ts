/**
 * Which sites a sign-in message may name: the rule `@gangway/kit/siwx-server` and the Gangway
 * server's session paths apply to a message's `domain` (the kit holds a message to its own
 * `domain` setting exactly). Part of the sign-in core.
 * @module
 */

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\]/g

/**
 * A predicate over a message's domain (an RFC 3986 authority, `shop.example`, `localhost:5173`):
 * true for one of the site's domains; `host:*` stands for the host on any port or none
 * (development).
 * @param domains - the site's domains.
 * @returns the predicate, for `verifySiwxSession`'s `domains`.
 */
export function siwxDomainMatcher(domains: readonly string[]): (domain: string) => boolean {
  const anyPort = domains
    .filter((allowed) => allowed.endsWith(':*'))
    .map(
      (allowed) =>
        new RegExp(`^${allowed.slice(0, -2).replace(REGEX_SPECIALS, '\\$&')}(:\\d{1,5})?$`),
    )
  const exact = new Set(domains.filter((allowed) => !allowed.endsWith(':*')))
  return (domain) => exact.has(domain) || anyPort.some((pattern) => pattern.test(domain))
}
