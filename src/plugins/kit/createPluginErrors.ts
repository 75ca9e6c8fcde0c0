import {
  ERROR_CODE_PATTERN,
  ERROR_CODES,
  type ErrorCode,
  type ErrorCodeEntry,
  KitError,
  type KitErrorParameters,
} from '../../kernel/index.js'

/** What {@link createPluginErrors} returns: the plugin's codes, and how to raise one. */
export interface PluginErrors<TCode extends string> {
  /** The declared codes and their entries, frozen: the plugin's `errors` field. */
  readonly entries: Readonly<Record<TCode, ErrorCodeEntry>>
  /**
   * A `KitError` with one of the declared codes, its texts from the declared entry (`{name}`
   * placeholders filled from `parameters.params`), its docs path the code's anchor in
   * `docs/errors.md`.
   */
  create(code: TCode, parameters?: Omit<KitErrorParameters, 'entry' | 'recorded'>): KitError
}

/**
 * Declares the error codes only a chain family raises, beside the core catalogue: pass `entries`
 * as the plugin's `errors` (each kit registering the plugin checks them) and raise them with
 * `create`, which gives the error its declared texts, so no catalogue is shared between kits.
 * Augment `PluginErrorCodes` so sites can compare `error.code` with your codes.
 * @example
 * import { createPluginErrors } from '@gangway/kit/plugin-kit'
 * export const toyErrors = createPluginErrors({
 *   TOY_WALLET_LOCKED: { surface: 'thrown', userMessage: 'Unlock your wallet', shortMessage: 'The toy wallet is locked.' },
 * })
 * // definePlugin({ ..., errors: toyErrors.entries }); throw toyErrors.create('TOY_WALLET_LOCKED')
 * @param entries - each code (SCREAMING_SNAKE, none of the core catalogue's) and its entry.
 * @returns the frozen entries and the error factory.
 * @throws Error when a code is malformed or a core code.
 * @see /docs/plugins.md#declaring-error-codes
 */
export function createPluginErrors<const TEntries extends Readonly<Record<string, ErrorCodeEntry>>>(
  entries: TEntries,
): PluginErrors<keyof TEntries & string> {
  for (const code of Object.keys(entries)) {
    if (!ERROR_CODE_PATTERN.test(code) || Object.hasOwn(ERROR_CODES, code))
      throw new Error(`Gangway: error code ${code} is malformed or a core code.`)
  }
  const frozen = Object.freeze(
    Object.fromEntries(Object.entries(entries).map(([code, entry]) => [code, { ...entry }])),
  ) as Readonly<Record<keyof TEntries & string, ErrorCodeEntry>>
  return {
    entries: frozen,
    create: (code, parameters = {}) =>
      new KitError(code as ErrorCode, { ...parameters, entry: frozen[code] }),
  }
}
