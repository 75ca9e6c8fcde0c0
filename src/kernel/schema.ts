/**
 * The kernel's schema builders: the part of zod/mini's API that the event catalogue, storage, the
 * wallet registry and intent checks use (`object`, `array`, `record`, `union`, `enum`, `custom`,
 * `optional`, `nullable` and the checks), with zod's parse rules: objects drop unknown keys, every
 * problem becomes an issue with a path, and checks run only on a value of the right type. They
 * keep zod's ~7 KB gzip off the page until a plugin needs it
 * ([decision 0012](../../docs/decisions/0012-kernel-schemas-without-zod.md)).
 * @module
 */

/** One problem a schema found, with its final message. */
export interface Issue {
  /** What went wrong, in zod's words (`invalid_type`, `invalid_value`, `custom`, ...). */
  readonly code: string
  /** Where, from the parsed value's root. */
  readonly path: readonly PropertyKey[]
  /** The check's own message, else the parse option's `error` map, else 'Invalid input'. */
  readonly message: string
}

/** An issue before its message is chosen: what a parse option's `error` map receives. */
export interface RawIssue {
  /** What went wrong. */
  readonly code: string
  /** The value that failed. */
  readonly input: unknown
  /** Where, from the parsed value's root. */
  readonly path: PropertyKey[]
  /** The check's own message, when it names one. */
  readonly message?: string | undefined
  /**
   * zod's three states: `true` for a failed check, after which the others still run; `false`
   * stops every later check (a fraction where an integer was due); absent (a wrong type) stops
   * the later checks except the length checks, which run on anything with a `length`.
   */
  readonly continue?: boolean | undefined
}

/** Options of `safeParse` and `parse`, shaped like zod's so one object serves both. */
export interface ParseOptions {
  /** Chooses the message of an issue whose check names none. */
  readonly error?: (issue: RawIssue) => string | undefined
}

/** The result of `safeParse`. */
export type SafeParseResult<TOut> =
  | { readonly success: true; readonly data: TOut; readonly error?: undefined }
  | {
      readonly success: false
      readonly data?: undefined
      readonly error: { readonly issues: readonly Issue[] }
    }

/** A rule a value of the right type must also pass. */
export interface Check<TValue> {
  /** The issue's code when the rule fails. */
  readonly code: string
  /** `true` when the value passes. */
  readonly test: (value: TValue) => boolean
  /** The issue's message; the parse option's `error` map decides when absent. */
  readonly message?: string | undefined
  /** When it fails, whether the remaining checks are skipped; no by default. */
  readonly abort?: (value: TValue) => boolean
  /** Runs on any value with a `length`, even of the wrong type, unless a check stopped all. */
  readonly onLength?: boolean
  /** An array longer than this fails at once, before its elements are parsed (zod's size cap). */
  readonly cap?: number
}

type Runner = (value: unknown, issues: RawIssue[]) => unknown

/** A schema: parses unknown input into `TOut` or reports issues. */
export interface Schema<TOut> {
  /** Parses without throwing. */
  safeParse(value: unknown, options?: ParseOptions): SafeParseResult<TOut>
  /**
   * Parses, throwing an `Error` whose message lists the issues.
   * @throws when the value does not pass.
   */
  parse(value: unknown, options?: ParseOptions): TOut
  /** The same schema with more checks. */
  check(...checks: readonly Check<TOut>[]): Schema<TOut>
  /** Whether an object may leave this key out. */
  readonly isOptional: boolean
  /**
   * Parses `value`, pushing issues with paths relative to it, and returns the output.
   * @internal
   */
  readonly run: Runner
}

/** A schema an object may leave out. */
export interface OptionalSchema<TOut> extends Schema<TOut | undefined> {
  /** Always `true`. */
  readonly isOptional: true
}

/** The output type of a schema. */
type Infer<TSchema> = TSchema extends Schema<infer TOut> ? TOut : never

export type { Infer as infer }

type Shape = Readonly<Record<string, Schema<unknown>>>
type OptionalKeys<TShape extends Shape> = {
  [TKey in keyof TShape]: TShape[TKey] extends { readonly isOptional: true } ? TKey : never
}[keyof TShape]
type Flatten<TObject> = { [TKey in keyof TObject]: TObject[TKey] } & {}
type ObjectOutput<TShape extends Shape> = Flatten<
  { [TKey in Exclude<keyof TShape, OptionalKeys<TShape>>]: Infer<TShape[TKey]> } & {
    [TKey in OptionalKeys<TShape>]?: Infer<TShape[TKey]>
  }
>

const fail = (issues: RawIssue[], code: string, input: unknown) => {
  issues.push({ code, input, path: [] })
}

// Issues are built with paths relative to the schema that raised them; a parent prefixes its key
// only when something failed, so a valid value allocates no paths.
const prefix = (issues: RawIssue[], from: number, key: PropertyKey) => {
  for (let index = from; index < issues.length; index += 1) issues[index]!.path.unshift(key)
}

const finalize = (issue: RawIssue, options?: ParseOptions): Issue => ({
  code: issue.code,
  path: issue.path,
  message: issue.message ?? options?.error?.(issue) ?? 'Invalid input',
})

function define<TOut>(
  parseType: Runner,
  checks: readonly Check<never>[] = [],
  isOptional = false,
  isArray = false,
): Schema<TOut> {
  const run: Runner =
    checks.length === 0
      ? parseType
      : (value, issues) => {
          if (isArray && Array.isArray(value))
            for (const check of checks)
              if (check.cap !== undefined && value.length > check.cap) {
                issues.push({ code: check.code, input: value, path: [], message: check.message })
                return value
              }
          const from = issues.length
          const output = parseType(value, issues)
          // zod's order (core/schemas.ts runChecks): a wrong type skips the checks, except that
          // length checks still run on anything with a length; a stopping check skips them all.
          let stopped = false
          let skipped = false
          for (let index = from; index < issues.length; index += 1) {
            const state = issues[index]!.continue
            if (state === false) stopped = true
            if (state !== true) skipped = true
          }
          for (const check of checks) {
            if (stopped) break
            if (check.onLength) {
              const length = (output as { length?: unknown } | null | undefined)?.length
              if (length === undefined) continue
            } else if (skipped) continue
            if ((check.test as (input: unknown) => boolean)(output)) continue
            const stops =
              (check.abort as ((input: unknown) => boolean) | undefined)?.(output) ?? false
            issues.push({
              code: check.code,
              input: output,
              path: [],
              message: check.message,
              continue: !stops,
            })
            if (stops) stopped = true
          }
          return output
        }
  const safeParse = (value: unknown, options?: ParseOptions): SafeParseResult<TOut> => {
    const issues: RawIssue[] = []
    const data = run(value, issues) as TOut
    return issues.length === 0
      ? { success: true, data }
      : { success: false, error: { issues: issues.map((issue) => finalize(issue, options)) } }
  }
  return {
    run,
    isOptional,
    safeParse,
    parse: (value, options) => {
      const result = safeParse(value, options)
      if (result.success) return result.data
      throw new Error(
        result.error.issues
          .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
          .join('; '),
      )
    },
    check: (...more) =>
      define<TOut>(
        parseType,
        [...checks, ...(more as readonly Check<never>[])],
        isOptional,
        isArray,
      ),
  }
}

const ofType = <TOut>(isType: (value: unknown) => boolean) =>
  define<TOut>((value, issues) => {
    if (!isType(value)) fail(issues, 'invalid_type', value)
    return value
  })

/**
 * Any string.
 * @internal
 */
export const string = (): Schema<string> => ofType((value) => typeof value === 'string')

/**
 * A finite number (not `NaN`, not `Infinity`).
 * @internal
 */
export const number = (): Schema<number> =>
  ofType((value) => typeof value === 'number' && Number.isFinite(value))

/**
 * `true` or `false`.
 * @internal
 */
export const boolean = (): Schema<boolean> => ofType((value) => typeof value === 'boolean')

/**
 * Anything, unchanged.
 * @internal
 */
export const unknown = (): Schema<unknown> => define((value) => value)

/**
 * One of `values`.
 * @internal
 */
function enumOf<const TValues extends readonly [string, ...string[]]>(
  values: TValues,
): Schema<TValues[number]> {
  const allowed = new Set<unknown>(values)
  return define((value, issues) => {
    if (!allowed.has(value)) fail(issues, 'invalid_value', value)
    return value
  })
}

export { enumOf as enum }

/**
 * Any value `isValid` accepts; it stays unchanged.
 * @internal
 */
export function custom<TOut>(
  isValid: (value: unknown) => boolean,
  options?: { readonly error?: string },
): Schema<TOut> {
  return define<TOut>((value, issues) => {
    // zod runs a custom schema as a check, so its issue does not stop an enclosing union.
    if (!isValid(value))
      issues.push({
        code: 'custom',
        input: value,
        path: [],
        message: options?.error,
        continue: true,
      })
    return value
  })
}

/**
 * `undefined`, or what `schema` accepts; an object may leave the key out.
 * @internal
 */
export function optional<TOut>(schema: Schema<TOut>): OptionalSchema<TOut> {
  return define<TOut | undefined>(
    (value, issues) => (value === undefined ? undefined : schema.run(value, issues)),
    [],
    true,
  ) as OptionalSchema<TOut>
}

/**
 * `null`, or what `schema` accepts.
 * @internal
 */
export function nullable<TOut>(schema: Schema<TOut>): Schema<TOut | null> {
  return define((value, issues) => (value === null ? null : schema.run(value, issues)))
}

/**
 * An array whose every element `item` accepts.
 * @internal
 */
export function array<TOut>(item: Schema<TOut>): Schema<TOut[]> {
  return define(
    (value, issues) => {
      if (!Array.isArray(value)) {
        fail(issues, 'invalid_type', value)
        return value
      }
      const output: unknown[] = []
      for (let index = 0; index < value.length; index += 1) {
        const from = issues.length
        output.push(item.run(value[index], issues))
        if (issues.length !== from) prefix(issues, from, index)
      }
      return output
    },
    [],
    false,
    true,
  )
}

const isObject = (value: unknown): value is Record<PropertyKey, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * An object with the keys of `shape`; keys it does not name are dropped, as zod's `object` does.
 * @internal
 */
export function object<const TShape extends Shape>(shape: TShape): Schema<ObjectOutput<TShape>> {
  const keys = Object.keys(shape)
  return define((value, issues) => {
    if (!isObject(value)) {
      fail(issues, 'invalid_type', value)
      return value
    }
    const output: Record<string, unknown> = {}
    for (const key of keys) {
      const from = issues.length
      const field = shape[key]!
      const isPresent = key in value
      const result = field.run(value[key], issues)
      if (issues.length !== from) prefix(issues, from, key)
      // zod: a missing key is an issue even when its schema accepts undefined (unknown, custom).
      else if (!isPresent && !field.isOptional)
        issues.push({ code: 'invalid_type', input: undefined, path: [key] })
      else if (result !== undefined || isPresent) output[key] = result
    }
    return output
  })
}

// zod's test: an object whose constructor, if any, is a plain `Object` (from any realm).
const isPlainObject = (value: unknown): value is Record<PropertyKey, unknown> => {
  if (!isObject(value)) return false
  const maker = value.constructor
  if (maker === undefined || typeof maker !== 'function') return true
  const prototype: unknown = maker.prototype
  return isObject(prototype) && Object.hasOwn(prototype, 'isPrototypeOf')
}

/**
 * A plain object whose keys `key` accepts and whose values `item` accepts.
 * @internal
 */
export function record<TKey extends string, TOut>(
  key: Schema<TKey>,
  item: Schema<TOut>,
): Schema<Record<TKey, TOut>> {
  return define((value, issues) => {
    if (!isPlainObject(value)) {
      fail(issues, 'invalid_type', value)
      return value
    }
    const output: Record<PropertyKey, unknown> = {}
    for (const name of Reflect.ownKeys(value)) {
      if (name === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, name)) continue
      if (!key.safeParse(name).success) {
        issues.push({ code: 'invalid_key', input: name, path: [name] })
        continue
      }
      const from = issues.length
      output[name] = item.run(value[name], issues)
      if (issues.length !== from) prefix(issues, from, name)
    }
    return output
  })
}

/**
 * What the first of `options` accepts. As in zod, when every option fails and exactly one failed
 * only its checks, that option's issues are reported; otherwise one `invalid_union` issue.
 * @internal
 */
export function union<const TOptions extends readonly Schema<unknown>[]>(
  options: TOptions,
): Schema<Infer<TOptions[number]>> {
  return define((value, issues) => {
    const failures: RawIssue[][] = []
    for (const option of options) {
      const own: RawIssue[] = []
      const output = option.run(value, own)
      if (own.length === 0) return output
      failures.push(own)
    }
    const checked = failures.filter((own) => own.every((issue) => issue.continue === true))
    if (checked.length === 1) issues.push(...checked[0]!)
    else fail(issues, 'invalid_union', value)
    return value
  })
}

/**
 * Text matching `pattern`.
 * @internal
 */
export const regex = (pattern: RegExp, options?: { readonly error?: string }): Check<string> => ({
  code: 'invalid_format',
  test: (value) => {
    pattern.lastIndex = 0
    return pattern.test(value)
  },
  message: options?.error,
})

/**
 * Text starting with `start`.
 * @internal
 */
export const startsWith = (start: string): Check<string> => ({
  code: 'invalid_format',
  test: (value) => value.startsWith(start),
})

/**
 * At least `minimum` characters or elements.
 * @internal
 */
export const minLength = (minimum: number): Check<{ readonly length: number }> => ({
  code: 'too_small',
  test: (value) => value.length >= minimum,
  onLength: true,
})

/**
 * At most `maximum` characters or elements.
 * @internal
 */
export const maxLength = (maximum: number): Check<{ readonly length: number }> => ({
  code: 'too_big',
  test: (value) => value.length <= maximum,
  onLength: true,
  cap: maximum,
})

/**
 * A safe integer; a fraction stops the remaining checks, as in zod, an unsafe integer does not.
 * @internal
 */
export const int = (): Check<number> => ({
  code: 'invalid_type',
  test: (value) => Number.isSafeInteger(value),
  abort: (value) => !Number.isInteger(value),
})

/**
 * At least `minimum`.
 * @internal
 */
export const gte = (minimum: number): Check<number> => ({
  code: 'too_small',
  test: (value) => value >= minimum,
})

/**
 * At most `maximum`.
 * @internal
 */
export const lte = (maximum: number): Check<number> => ({
  code: 'too_big',
  test: (value) => value <= maximum,
})

/**
 * Below `limit`.
 * @internal
 */
export const lt = (limit: number): Check<number> => ({
  code: 'too_big',
  test: (value) => value < limit,
})

/**
 * Any rule of your own.
 * @internal
 */
export const refine = <TValue>(
  isValid: (value: TValue) => boolean,
  options?: { readonly error?: string },
): Check<TValue> => ({ code: 'custom', test: isValid, message: options?.error })

// zod's `email` pattern (zod/v4/core/regexes.ts), so addresses pass or fail as they did with zod.
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/**
 * An email address, by zod's pattern.
 * @internal
 */
export const email = (): Schema<string> => string().check(regex(EMAIL))
