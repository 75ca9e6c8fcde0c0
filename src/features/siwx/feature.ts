/**
 * The eager part of the siwx feature: its name, views, wake rule and loader, all a page pays for
 * until the feature is used. Kept apart from the feature's public entry so that registering it
 * pulls in nothing else of the feature.
 * @module
 */
import { defineFeature } from '../../kernel/index.js'
import type { SiwxParameters } from './parameters.js'

/**
 * The SIWX feature: sign in with the wallet (CAIP-122) after connect, verified for real (EIP-4361
 * on eip155 with ERC-1271 and ERC-6492, Sign-In With Solana on solana). Registering it turns
 * sign-in on (the preset registers it for `createKit({ siwx })`); its code loads as the kit
 * starts, so stored sessions are verified before a silent reconnect asks for a new one.
 * @example
 * import { createKit } from '@gangway/kit'
 * import { eip155 } from '@gangway/kit/eip155'
 * import { siwx } from '@gangway/kit/siwx'
 * const kit = createKit({
 *   plugins: [eip155()],
 *   siwx: { required: true, statement: 'Sign in to the shop.', getNonce },
 * })
 * @param parameters - statement, domain, lifetime and the site's nonce and session hooks.
 * @returns the feature.
 * @see /docs/siwx.md
 */
export const siwx = (parameters: SiwxParameters = {}) =>
  defineFeature({
    name: 'siwx',
    views: ['SIWXSignMessage', 'ConnectingSiwe'],
    settings: { required: parameters.required === true },
    // Registered means on: the code loads as the kit starts, so stored sessions are verified
    // before a silent reconnect asks for a new one.
    wakesOn: () => true,
    load: () => import('./module.js').then((module) => module.createSiwxModule(parameters)),
    ui: { load: () => import('./react/index.js').then((module) => module.siwxUi) },
  })
