/**
 * The error codes only the polkadot family raises, declared with the plugin (`ChainPlugin.errors`).
 * @module
 */
import { createPluginErrors } from '../kit/index.js'

/**
 * The polkadot plugin's own codes: a transfer the existential deposit forbids (the sender would be
 * reaped, or the receiver would hold dust the chain refuses), and a receiver written for another
 * network of the family (its SS58 prefix).
 * @example
 * import { polkadotErrors } from '@gangway/kit/polkadot'
 * polkadotErrors.entries.POLKADOT_SENDER_BELOW_DEPOSIT.surface // 'alert'
 */
export const polkadotErrors = createPluginErrors({
  POLKADOT_SENDER_BELOW_DEPOSIT: {
    surface: 'alert',
    userMessage:
      'Keep at least {deposit} {symbol} after the amount and the fee of {fee} {symbol}: the network closes accounts below that',
    shortMessage: 'The transfer would leave the sender below the existential deposit.',
  },
  POLKADOT_RECEIVER_BELOW_DEPOSIT: {
    surface: 'alert',
    userMessage:
      'Send at least {deposit} {symbol}: the receiver’s account would hold less than the network keeps',
    shortMessage: 'The receiver would hold less than the existential deposit.',
  },
  POLKADOT_ADDRESS_OTHER_NETWORK: {
    surface: 'alert',
    userMessage: 'This address is written for another network',
    shortMessage: 'The receiver’s SS58 prefix is not the network’s.',
  },
})

/** A code of {@link polkadotErrors}. */
export type PolkadotErrorCode = keyof typeof polkadotErrors.entries

declare module '../../kernel/index.js' {
  interface PluginErrorCodes {
    POLKADOT_SENDER_BELOW_DEPOSIT: true
    POLKADOT_RECEIVER_BELOW_DEPOSIT: true
    POLKADOT_ADDRESS_OTHER_NETWORK: true
  }
}
