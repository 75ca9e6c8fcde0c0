/**
 * The texts a shipped language shows, for browser tests that find controls by what a visitor of
 * that language reads: the core catalogue, every feature's copy in it, and the features' Account
 * labels, from the same modules the page loads.
 */
import { activity } from '../../../src/features/activity/feature.js'
import { activityMessages } from '../../../src/features/activity/react/messages.js'
import { receiveMessages } from '../../../src/features/receive/react/messages.js'
import { send } from '../../../src/features/send/feature.js'
import { sendMessages } from '../../../src/features/send/react/messages.js'
import { siwxMessages } from '../../../src/features/siwx/react/messages.js'
import { swap } from '../../../src/features/swap/feature.js'
import { swapMessages } from '../../../src/features/swap/react/messages.js'
import { walletConnectMessages } from '../../../src/features/walletConnect/react/messages.js'
import { walletRegistryMessages } from '../../../src/features/walletRegistry/react/messages.js'
import { copyIn, type FeatureCopy, loadCopy } from '../../../src/ui/copy/featureCopy.js'
import { en, type MessageCatalogue } from '../../../src/ui/copy/messages.js'

const FEATURES: readonly FeatureCopy[] = [
  activityMessages,
  receiveMessages,
  sendMessages,
  siwxMessages,
  swapMessages,
  walletConnectMessages,
  walletRegistryMessages,
]

/** A shipped language's texts by message id, plus `action.send`, `action.swap`, `tab.activity`. */
export async function textsIn(tag: string): Promise<(id: string) => string> {
  const catalogue: MessageCatalogue =
    tag === 'en'
      ? en
      : (
          (await import(`../../../src/ui/copy/locales/${tag}.ts`)) as Record<
            string,
            MessageCatalogue
          >
        )[tag.replace('-', '')]!
  const texts: Record<string, string> = { ...catalogue.messages }
  for (const copy of FEATURES) {
    await loadCopy(copy, tag)
    Object.assign(texts, copyIn(copy, tag))
  }
  texts['action.send'] = send().ui!.accountActions![0]!.label[tag]!
  texts['action.swap'] = swap().ui!.accountActions![0]!.label[tag]!
  texts['tab.activity'] = activity().ui!.accountTabs![0]!.label[tag]!
  return (id) => {
    const text = texts[id]
    if (text === undefined) throw new Error(`textsIn(${tag}): no text for ${id}`)
    return text
  }
}
