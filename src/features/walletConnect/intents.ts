import type { FeatureIntentContext } from '../../kernel/index.js'

/** `kit.features.walletConnect.*`: what the visitor does with the pairing link. */
export interface WalletConnectIntents {
  /**
   * Says the visitor copied this pairing URI (call it once the clipboard write succeeded): the
   * view reads "Link copied" for a short while, and never for another URI.
   */
  linkCopied(uri: string): void
}

/**
 * The pairing intents.
 * @internal
 */
export function createWalletConnectIntents(context: FeatureIntentContext): WalletConnectIntents {
  return {
    linkCopied: (uri) => {
      if (typeof uri !== 'string' || uri.length === 0) return
      context.append({ type: 'walletConnect/linkCopied', payload: { uri } })
    },
  }
}
