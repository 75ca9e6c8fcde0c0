/**
 * The eager part of the siwx feature: its name, views, wake rule and loader, all a page pays for
 * until the feature is used. Kept apart from the feature's public entry so that registering it
 * pulls in nothing else of the feature.
 * @module
 */
import { defineFeature } from '../../kernel/index.js'

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
