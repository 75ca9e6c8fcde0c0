/**
 * Each shipped feature brings its copy in every language Gangway ships, complete (every English id,
 * the same placeholders, the language's own plural forms, nothing left in English but names and
 * the loanwords listed here), and every language but English in a module of its own that loads only
 * when a page shows the feature in that language (issues #21, #22).
 */
import { readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { copyProblems } from '../../test/support/copyCompleteness.js'
import type { FeatureCopy, FeatureMessages } from '../ui/copy/featureCopy.js'
import { activity } from './activity/feature.js'
import { activityMessages } from './activity/react/messages.js'
import { embeddedWallet } from './embeddedWallet/feature.js'
import { embeddedWalletMessages } from './embeddedWallet/react/messages.js'
import { createEmbeddedWallet } from './embeddedWallet/wallet.js'
import { receive } from './receive/feature.js'
import { receiveMessages } from './receive/react/messages.js'
import { send } from './send/feature.js'
import { sendMessages } from './send/react/messages.js'
import { siwxMessages } from './siwx/react/messages.js'
import { swap } from './swap/feature.js'
import { swapMessages } from './swap/react/messages.js'
import { walletConnectMessages } from './walletConnect/react/messages.js'
import { walletRegistryMessages } from './walletRegistry/react/messages.js'

const FEATURE_COPY: Readonly<Record<string, FeatureCopy>> = {
  activity: activityMessages,
  embeddedWallet: embeddedWalletMessages,
  receive: receiveMessages,
  send: sendMessages,
  siwx: siwxMessages,
  swap: swapMessages,
  walletConnect: walletConnectMessages,
  walletRegistry: walletRegistryMessages,
}
/** The languages Gangway ships: English and one catalogue per file of the React entry. */
const SHIPPED = readdirSync(new URL('../ui/copy/locales/', import.meta.url))
  .filter((file) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))

/**
 * Texts that rightly read as in English: words the language has borrowed and uses in wallets.
 * Names and symbols (Ethereum, NFT, `{percent} %`) need no entry.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  de: ['send.token', 'send.max', 'swap.max', 'send.speed.standard', 'embeddedWallet.otpLabel'],
  es: ['send.token', 'send.total'],
  fr: [
    'send.total',
    'siwx.site',
    'siwx.statement',
    'allWallets.count#one',
    'allWallets.count#other',
    'embeddedWallet.otpLabel',
  ],
  it: [
    'send.token',
    'send.max',
    'swap.max',
    'siwx.account',
    'allWallets.count#one',
    'embeddedWallet.emailLabel',
  ],
  pt: ['send.token', 'send.total', 'siwx.site'],
  tr: ['send.token', 'siwx.site'],
}

const load = async (copy: FeatureCopy, tag: string): Promise<FeatureMessages> => {
  const entry = copy[tag]
  if (entry === undefined) throw new Error(`no ${tag}`)
  return typeof entry === 'function' ? entry() : entry
}

test('behavior: Gangway ships at least twelve languages, one of them written right to left', () => {
  const languages = ['en', ...SHIPPED]
  expect(languages.length).toBeGreaterThanOrEqual(12)
  expect(languages).toEqual(expect.arrayContaining(['ar', 'ja', 'zh-CN', 'ru']))
})

describe.each(Object.entries(FEATURE_COPY))('the %s feature', (_name, copy) => {
  test.each(SHIPPED)('behavior: its copy is complete in %s', async (tag) => {
    const english = await load(copy, 'en')
    expect(copyProblems(tag, english, await load(copy, tag), SAME_AS_ENGLISH[tag])).toEqual([])
  })

  test('behavior: English is inline; every other language loads on its own, only when asked', () => {
    expect(typeof copy.en).toBe('object')
    for (const tag of SHIPPED) expect(typeof copy[tag], tag).toBe('function')
    expect(Object.keys(copy).sort()).toEqual(['en', ...SHIPPED].sort())
  })
})

test.each([
  ['activity', activity()],
  [
    'embeddedWallet',
    embeddedWallet({
      wallet: createEmbeddedWallet({ walletOrigin: 'https://wallet.example', projectId: 'p1' }),
    }),
  ],
  ['receive', receive()],
  ['send', send()],
  ['swap', swap()],
] as const)(
  'behavior: the %s feature’s Account labels, shown before its UI loads, are in every shipped language',
  (_name, definition) => {
    const labels = [
      ...(definition.ui?.accountActions ?? []).map((action) => action.label),
      ...(definition.ui?.accountTabs ?? []).map((tab) => tab.label),
    ]
    expect(labels.length).toBeGreaterThan(0)
    for (const label of labels) {
      const english = { label: label.en! }
      for (const tag of SHIPPED)
        expect(copyProblems(tag, english, { label: label[tag] ?? '' }), tag).toEqual([])
    }
  },
)
