/**
 * Error codes beyond the core's: a feature's own table (`defineErrorCodes`), and a kit's
 * catalogue, which the codes of the features loaded in it join.
 * @module
 */
import {
  ERROR_CODE_PATTERN,
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeEntry,
  errorEntryOf,
  fillTemplate,
  noticeTextOf,
} from './codes.js'
import { KitError, type KitErrorParameters } from './KitError.js'

/** A feature's error codes, and how it raises them. Make one with {@link defineErrorCodes}. */
export interface ErrorCodeTable<TCode extends string> {
  /** The entries, for the feature module's `errors` (the kit's catalogue and the docs). */
  readonly entries: Readonly<Record<TCode, ErrorCodeEntry>>
  /** A `KitError` of one of these codes, with the table's texts. */
  create(code: TCode, parameters?: Omit<KitErrorParameters, 'entry'>): KitError<TCode & ErrorCode>
}

/**
 * Defines a feature's (or a plugin's) error codes: their texts travel with the feature, and every
 * error it raises carries them, in whichever kit it runs.
 * @example
 * import { defineErrorCodes } from '@gangway/kit'
 * const tipErrors = defineErrorCodes({ TIP_DECLINED: { surface: 'snack', userMessage: 'Tip declined' } })
 * throw tipErrors.create('TIP_DECLINED')
 * @param entries - the codes (SCREAMING_SNAKE) and their entries.
 * @returns the table.
 * @throws when a code is malformed or is one of the core's.
 */
export function defineErrorCodes<const TEntries extends Readonly<Record<string, ErrorCodeEntry>>>(
  entries: TEntries,
): ErrorCodeTable<keyof TEntries & string> {
  for (const code of Object.keys(entries)) {
    if (!ERROR_CODE_PATTERN.test(code) || Object.hasOwn(ERROR_CODES, code))
      throw new Error(`Gangway: error code ${code} is malformed or a core code.`)
  }
  return {
    entries,
    create: (code, parameters = {}) =>
      new KitError(code as never, { ...parameters, entry: entries[code] }) as never,
  }
}

/** A kit's error codes and notices: the core's, and those of every feature loaded in it. */
export interface KitCatalogue {
  /** The entry of a code, the core's or a loaded feature's. */
  entryOf(code: string): ErrorCodeEntry | undefined
  /** The English text of a notice id, the core's or a loaded feature's. */
  noticeOf(id: string): string | undefined
  /**
   * The English text of a code: a notice's, else an error's `userMessage`, placeholders filled;
   * what a snack carrying a code reads as without a UI catalogue. `'Something went wrong'` for
   * a code this kit does not know.
   */
  textOf(code: string, params?: Readonly<Record<string, string | number>>): string
  /**
   * Adds a loaded feature's codes and notices. A code is defined once per kit: the same entry
   * again is harmless, a different one throws.
   * @internal
   */
  add(
    errors: Readonly<Record<string, ErrorCodeEntry>>,
    notices: Readonly<Record<string, string>>,
  ): void
}

/**
 * A kit's own catalogue: features add to it as their code loads, so two kits on one page never
 * see each other's codes.
 * @internal
 */
export function createKitCatalogue(): KitCatalogue {
  const codes = new Map<string, ErrorCodeEntry>()
  const notices = new Map<string, string>()
  const entryOf = (code: string) => errorEntryOf(code) ?? codes.get(code)
  const noticeOf = (id: string) => noticeTextOf(id) ?? notices.get(id)
  return {
    entryOf,
    noticeOf,
    textOf: (code, params) =>
      fillTemplate(noticeOf(code) ?? entryOf(code)?.userMessage ?? 'Something went wrong', params),
    add: (errors, added) => {
      for (const [code, entry] of Object.entries(errors)) {
        const known = entryOf(code)
        if (
          !ERROR_CODE_PATTERN.test(code) ||
          (known && JSON.stringify(known) !== JSON.stringify(entry))
        )
          throw new Error(`Gangway: error code ${code} is malformed or already defined.`)
        codes.set(code, entry)
      }
      for (const [id, text] of Object.entries(added)) notices.set(id, text)
    },
  }
}
