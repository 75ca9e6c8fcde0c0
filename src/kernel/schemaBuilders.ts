import * as builders from './schema.js'

/**
 * The kernel's schema builders, a subset of zod/mini's API with its parse rules (`object`,
 * `string`, `regex`, ...), for plugins that want their schemas without zod on the page.
 * @example
 * import { schema } from 'gangway'
 * const address = schema.string().check(schema.regex(/^0x[0-9a-f]{40}$/i))
 * address.safeParse('0x0').success // false
 * @see /docs/decisions/0012-kernel-schemas-without-zod.md
 */
export const schema = builders
