/**
 * The effects the kit loads on first need (see groups.ts), gathered in one module so that
 * bundlers emit one chunk for them: every dynamically imported module becomes a chunk of its own,
 * and with three small chunks Rolldown also split zod, RxJS and the error catalogue out of the
 * page's entry chunk, which compresses worse (bench/size.ts: 54.7 KB through the first open with
 * three chunks, 53.8 with this one).
 * @module
 */
import { autoBalanceEffect, balanceEffect, profileEffect, signMessageEffect } from './account.js'
import type { Effect } from './types.js'

/** Balances, profiles and signatures. */
export const ACCOUNT_EFFECTS: readonly Effect[] = [
  autoBalanceEffect,
  balanceEffect,
  profileEffect,
  signMessageEffect,
]
