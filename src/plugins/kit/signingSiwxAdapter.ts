/**
 * A sign-in adapter from a family's text and the plugin's message signing: the wallet signs the
 * text the family writes, nothing else. Families whose wallets sign a plain message (polkadot's
 * `signRaw`, bip122's BIP-322) share it; loaded with their sign-in code, never at start.
 * @module
 */
import type { CaipAddress, SiwxAdapter, SiwxFamily } from '../../kernel/index.js'

/** The plugin's message signing, as its loaded adapter offers it. */
export type SiwxMessageSigner = (
  parameters: { connectorId: string; caipAddress: CaipAddress; message: string },
  signal: AbortSignal,
) => Promise<{ readonly signature: string }>

/**
 * The kit's sign-in adapter for `family`: `signIn` writes the family's text from the fields and
 * has the wallet sign exactly that text.
 * @example
 * const adapter = createSigningSiwxAdapter(createPolkadotSiwxFamily({ networks }), signMessage)
 * @param family - the family's text and signature check.
 * @param signMessage - the plugin's message signing.
 * @returns the adapter.
 */
export function createSigningSiwxAdapter(
  family: SiwxFamily,
  signMessage: SiwxMessageSigner,
): SiwxAdapter {
  return {
    ...family,
    signIn: async ({ connectorId, caipAddress, fields }, signal) => {
      const message = family.createMessage(fields)
      return { message, ...(await signMessage({ connectorId, caipAddress, message }, signal)) }
    },
  }
}
