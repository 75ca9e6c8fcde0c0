/**
 * What each chain family's step is built from.
 * @module
 */
import type { ServerConfig, TokenConfig } from '../config.js'
import type { Logger } from '../log.js'
import type { Database } from '../storage/openStorage.js'
import type { WatchList } from './watchList.js'

/** The parts the indexer hands to each family's step. */
export interface StepParts {
  readonly db: Database
  readonly settings: ServerConfig['indexer']
  /** The configured tokens (their symbols and decimals win over what a chain says). */
  readonly tokens: readonly TokenConfig[]
  readonly log: Logger
  readonly watchList: WatchList
  /** The time of the watch list (idle sweeps). */
  readonly now: () => number
}
