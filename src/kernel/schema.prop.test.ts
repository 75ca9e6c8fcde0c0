import fc from 'fast-check'
import { expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as s from './schema.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

const options = {
  error: (issue: { readonly code?: string; readonly input?: unknown }) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : 'Invalid input',
}

// The same schema twice, once per library, covering every builder and check the kernel uses.
// biome-ignore lint/suspicious/noExplicitAny: one body builds with either library's functions.
const build = (b: any) => {
  const text = () => b.string().check(b.minLength(1), b.maxLength(3))
  return b.object({
    name: text(),
    tag: b.optional(b.string().check(b.regex(/^[a-z]+$/), b.startsWith('a'))),
    count: b.number().check(b.int(), b.gte(0), b.lte(10)),
    below: b.optional(b.number().check(b.lt(5))),
    flag: b.nullable(b.boolean()),
    kind: b.enum(['x', 'y']),
    list: b.array(b.object({ id: text(), extra: b.unknown() })).check(b.maxLength(2)),
    map: b.record(b.string().check(b.regex(/^[a-z]{3,8}$/)), b.string()),
    either: b.optional(b.union([b.enum(['kit', 'ui']), b.string().check(b.regex(/^p:/))])),
    even: b.optional(b.custom((value: unknown) => typeof value === 'number' && value % 2 === 0)),
    positive: b.optional(b.string().check(b.refine((value: string) => /[1-9]/.test(value)))),
    mail: b.optional(b.email()),
  })
}
const kernel: s.Schema<unknown> = build(s)
const zod: z.ZodMiniType = build(z)

const odd = fc.oneof(
  fc.constantFrom(undefined, null, Number.NaN, Infinity, -1, 0, 1.5, 2 ** 60, '', 'a', 'abcd', []),
  fc.constantFrom({}, [1, 2, 3], { length: 0 }, 'ab@c.de', 'p:x', 'kit', true),
  fc.anything(),
)
const valid = fc.record({
  name: fc.string({ minLength: 1, maxLength: 3 }),
  tag: fc.constantFrom('abc', 'a'),
  count: fc.integer({ min: 0, max: 10 }),
  flag: fc.constantFrom(true, null),
  kind: fc.constantFrom('x', 'y'),
  list: fc.array(fc.record({ id: fc.constantFrom('a', 'bb'), extra: fc.anything() }), {
    maxLength: 2,
  }),
  map: fc.dictionary(fc.constantFrom('abc', 'eip155'), fc.string()),
  either: fc.constantFrom('kit', 'p:1'),
})

const outcome = (result: {
  readonly success: boolean
  readonly data?: unknown
  readonly error?: { readonly issues: readonly { path: readonly PropertyKey[]; message: string }[] }
}) =>
  result.success
    ? { data: result.data }
    : { issues: result.error?.issues.map((issue) => [issue.path.map(String), issue.message]) }

test('property: kernel schemas parse as zod/mini does (success, output, issue paths and messages)', () => {
  fc.assert(
    fc.property(
      valid,
      fc.constantFrom(
        'name',
        'tag',
        'count',
        'below',
        'flag',
        'kind',
        'list',
        'map',
        'either',
        'even',
        'positive',
        'mail',
        'other',
      ),
      odd,
      fc.boolean(),
      (value, key, replacement, remove) => {
        const input: Record<string, unknown> = { ...value }
        if (remove) delete input[key]
        else input[key] = replacement
        expect(outcome(kernel.safeParse(input, options))).toEqual(
          outcome(zod.safeParse(input, options)),
        )
      },
    ),
    runs,
  )
})
