/**
 * `gangway/siwx`: sign in with the wallet (SIWX, CAIP-122) as a feature: sessions per account and
 * network, kept across reloads, the §4 rules after connect, on cancel and on close. The kit
 * registers it by default; it loads only when the site turns sign-in on (`siwx` option).
 * @module gangway/siwx
 */
import { defineFeature } from '../../kernel/index.js'

export type { SiwxIntents } from './intents.js'
export { selectHasSiwxSession } from './selectors.js'
export type { SiwxState } from './slice.js'

/**
 * The SIWX feature. With sign-in on, its code loads as the kit starts, so its stored sessions are
 * known before a silent reconnect answers.
 * @example
 * import { createKit } from 'gangway'
 * import { siwx } from 'gangway/siwx'
 * const kit = createKit({ plugins: [eip155()], siwx: { required: true }, features: [siwx()] })
 * @returns the feature.
 * @see /docs/features.md
 */
export const siwx = () =>
  defineFeature({
    name: 'siwx',
    views: ['SIWXSignMessage', 'ConnectingSiwe'],
    wakesOn: ({ after }) => after.options.siwx !== null,
    load: () => import('./module.js').then((module) => module.siwxModule),
  })
