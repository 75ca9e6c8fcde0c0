/**
 * Structured logs: one JSON object per line on stdout (`{ time, level, msg, ...fields }`), so a
 * log collector parses them without patterns. Credentials never reach a line: relay tokens
 * travel in the URL query (`?auth=<JWT>`), so every string written is redacted first.
 * @module
 */

/** Log levels, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

const ORDER: Readonly<Record<LogLevel | 'silent', number>> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 100,
}

const AUTH_PARAMETER = /([?&]auth=)[^&#\s"]*/gi
/** A JWT: three base64url parts, the first a JSON object (`eyJ` is `{"`). */
const JWT = /eyJ[\w-]*\.[\w-]*\.[\w-]*/g

/**
 * A text with its credentials replaced: `auth=` query values and anything shaped like a JWT.
 * @param text - what is about to be logged.
 * @returns the text, safe to write.
 */
export function redactSecrets(text: string): string {
  return text.replace(AUTH_PARAMETER, '$1[redacted]').replace(JWT, '[redacted]')
}

/** A logger; `child` adds fields to every line it writes. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  child(fields: Record<string, unknown>): Logger
}

/**
 * Creates a JSON-lines logger.
 * @param level - the lowest level written (`silent` writes nothing).
 * @param write - where lines go (stdout by default).
 * @param base - fields on every line.
 * @returns the logger.
 */
export function createLogger(
  level: LogLevel | 'silent',
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  base: Record<string, unknown> = {},
): Logger {
  const at =
    (lineLevel: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[lineLevel] < ORDER[level]) return
      write(
        JSON.stringify(
          { time: new Date().toISOString(), level: lineLevel, msg, ...base, ...fields },
          (_key, value) =>
            typeof value === 'bigint'
              ? value.toString()
              : value instanceof Error
                ? redactSecrets(value.message)
                : typeof value === 'string'
                  ? redactSecrets(value)
                  : value,
        ),
      )
    }
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (fields) => createLogger(level, write, { ...base, ...fields }),
  }
}
