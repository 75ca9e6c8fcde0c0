/**
 * `@solana/spl-token` calls the global `Buffer` that Node has and browsers do not, so without this
 * the plugin's lazy part fails in every browser with "Buffer is not defined". The `buffer` package
 * is already in the page through `@solana/web3.js`'s browser build; it is made global only when the
 * page has no `Buffer` of its own, and only once a Solana wallet is used (this module is imported by
 * the lazily loaded parts, never by the plugin's eager entry).
 * @module
 */
import { Buffer } from 'buffer'

const scope = globalThis as { Buffer?: unknown }
scope.Buffer ??= Buffer
