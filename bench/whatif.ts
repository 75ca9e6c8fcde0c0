/**
 * Measured savings for proposals outside the UI (kernel, plugins, build recipe): the size probe
 * is rebuilt with one change applied in memory (a module alias or a stub; no file is edited) and
 * its JS through the first open, React apart, is compared with the unchanged build. A stub gives
 * an upper bound: the bytes of what it removes, before whatever a real change would put back.
 * Prints figures; asserts nothing.
 *
 * `npx tsx bench/whatif.ts`
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, type Plugin, type Rollup, type UserConfig } from 'vite'
import { sizeAppBuild } from './size-app/build.js'

const root = fileURLToPath(new URL('./size-app/', import.meta.url))

/** Replaces the source of modules whose id ends with `suffix`. */
const stub = (suffix: string, code: string): Plugin => ({
  name: `stub:${suffix}`,
  enforce: 'pre',
  load: (id) => (id.endsWith(suffix) ? code : undefined),
})

// A zod/mini whose every schema accepts and returns its input: what the bundle would be with no
// zod at all on the first-open path.
const ZOD_STUB = `
const schema = () => new Proxy(function () {}, {
  get: (_, key) => key === 'safeParse' ? (data) => ({ success: true, data })
    : key === 'parse' ? (data) => data : schema(),
  apply: () => schema(),
})
const z = schema()
export default z
export const object = z, string = z, number = z, boolean = z, array = z, union = z, literal = z,
  optional = z, nullable = z, record = z, enum_ = z, tuple = z, unknown = z, any = z, bigint = z,
  regex = z, refine = z, check = z, minLength = z, maxLength = z, length = z, gte = z, lte = z,
  gt = z, lt = z, int = z, discriminatedUnion = z, config = z, core = z, partial = z, extend = z,
  looseObject = z, strictObject = z, _default = z, pipe = z, transform = z, custom = z, url = z,
  email = z, uuid = z, minimum = z, maximum = z, nonnegative = z, positive = z, trim = z,
  toLowerCase = z, overwrite = z, lazy = z, date = z, null_ = z, undefined_ = z, catchall = z,
  prefault = z, stringbool = z, templateLiteral = z, keyof = z, intersection = z, map = z,
  set = z, instanceof_ = z, safeParse = z, parse = z, hex = z, nativeEnum = z, never = z,
  _null = z, _undefined = z, _enum = z, _instanceof = z, _catch = z, superRefine = z, mime = z,
  size = z, multipleOf = z, includes = z, startsWith = z, endsWith = z, lowercase = z,
  uppercase = z, normalize = z, json = z, success = z, nan = z, symbol = z, void_ = z,
  readonly = z, nonoptional = z, exactOptional = z, file = z, function_ = z, promise = z
export { enum_ as enum, null_ as null, undefined_ as undefined, instanceof_ as instanceof,
  void_ as void, function_ as function, _default as default_, _catch as catch }
`

const SCENARIOS: readonly { name: string; config?: UserConfig }[] = [
  { name: 'as it is' },
  {
    name: "rxjs's ES2015 build (resolve.conditions es2015): no tslib, no ES5 classes",
    config: {
      resolve: {
        alias: [
          {
            find: /^rxjs$/,
            replacement: fileURLToPath(
              new URL('../node_modules/rxjs/dist/esm/index.js', import.meta.url),
            ),
          },
        ],
      },
    },
  },
  {
    name: 'no zod at all (upper bound of validating off the first-open path)',
    config: { plugins: [stub('zod/mini/index.js', ZOD_STUB)] },
  },
  {
    name: 'no event payload schemas (zod kept for the rest)',
    config: {
      plugins: [
        {
          name: 'stub:schemas',
          enforce: 'pre',
          transform: (code, id) =>
            id.endsWith('/src/kernel/events/validate.ts')
              ? code.replace(
                  'eventPayloadSchemas[type as EventType] as z.ZodMiniType',
                  '({ safeParse: (data: unknown) => ({ success: true, data }) } as unknown as z.ZodMiniType)',
                )
              : undefined,
        },
      ],
    },
  },
  {
    name: 'error catalogue (errors/codes.ts) messages out of the first open',
    config: {
      plugins: [
        {
          name: 'stub:codes',
          enforce: 'pre',
          transform: (code, id) =>
            id.endsWith('/src/kernel/errors/codes.ts')
              ? code.replace(
                  /(entry\(\s*'[a-z]+',\s*)('(?:\\.|[^'])*'|"(?:\\.|[^"])*")(\s*,\s*('(?:\\.|[^'])*'|"(?:\\.|[^"])*"))?/g,
                  "$1''",
                )
              : undefined,
        },
      ],
    },
  },
  {
    name: 'immer gone (upper bound of hand-written immutable updates)',
    config: {
      plugins: [
        stub(
          'immer/dist/immer.mjs',
          'export const produce = (base, recipe) => { recipe(base); return base }; export const freeze = (x) => x; export const setAutoFreeze = () => {}; export const current = (x) => x; export const original = (x) => x; export const isDraft = () => false; export const Immer = class {}; export const enableMapSet = () => {}; export const createDraft = (x) => x; export const finishDraft = (x) => x; export const castDraft = (x) => x; export const nothing = undefined',
        ),
      ],
    },
  },
]

async function firstOpenGzip(extra: UserConfig = {}): Promise<number> {
  const config = sizeAppBuild(root)
  const result = (await build({
    ...config,
    ...extra,
    logLevel: 'silent',
    plugins: [react(), ...(extra.plugins ?? [])],
    build: { ...config.build, write: false },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[]
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((entry) => entry.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
  const counted = new Set<string>()
  const visit = (name: string) => {
    if (counted.has(name)) return
    counted.add(name)
    for (const next of chunks.find((chunk) => chunk.fileName === name)?.imports ?? []) visit(next)
  }
  for (const chunk of chunks)
    if (
      chunk.isEntry ||
      chunk.moduleIds.some((id) => /src\/ui\/(Modal|views\/ConnectView)\.tsx$/.test(id))
    )
      visit(chunk.fileName)
  return chunks
    .filter((chunk) => counted.has(chunk.fileName) && chunk.name !== 'react')
    .reduce((total, chunk) => total + gzipSync(chunk.code).length, 0)
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`
let base = 0
console.log(`${'scenario'.padEnd(76)} ${'first open'.padStart(10)} ${'saves'.padStart(9)}`)
for (const scenario of SCENARIOS) {
  const gzip = await firstOpenGzip(scenario.config)
  if (scenario === SCENARIOS[0]) base = gzip
  console.log(`${scenario.name.padEnd(76)} ${kb(gzip).padStart(10)} ${kb(base - gzip).padStart(9)}`)
}
