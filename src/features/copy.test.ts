/**
 * Each shipped feature brings its copy in every language Gangway ships: the same ids as its
 * English and the same placeholders, so no feature reads half in English (issue #21).
 */
import { readdirSync } from 'node:fs'
import { expect, test } from 'vitest'
import { activityMessages } from './activity/react/messages.js'
import { sendMessages } from './send/react/messages.js'
import { siwxMessages } from './siwx/react/messages.js'
import { swapMessages } from './swap/react/messages.js'
import { walletConnectMessages } from './walletConnect/react/messages.js'
import { walletRegistryMessages } from './walletRegistry/react/messages.js'

const FEATURE_COPY: Readonly<Record<string, Readonly<Record<string, Record<string, string>>>>> = {
  activity: activityMessages,
  send: sendMessages,
  siwx: siwxMessages,
  swap: swapMessages,
  walletConnect: walletConnectMessages,
  walletRegistry: walletRegistryMessages,
}
/** The languages Gangway ships: English and one catalogue per file of the React entry. */
const SHIPPED = [
  'en',
  ...readdirSync(new URL('../ui/copy/locales/', import.meta.url))
    .filter((file) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, '')),
]
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

test.each(Object.entries(FEATURE_COPY))(
  'behavior: the %s feature has its copy in every shipped language',
  (_name, copy) => {
    const english = copy.en!
    for (const tag of SHIPPED) {
      const messages = copy[tag]
      expect(messages, tag).toBeDefined()
      expect(Object.keys(messages!).sort(), tag).toEqual(Object.keys(english).sort())
      for (const [id, text] of Object.entries(messages!))
        expect(placeholders(text), `${tag} ${id}`).toEqual(placeholders(english[id]!))
    }
  },
)
