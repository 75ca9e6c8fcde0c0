/**
 * The wallet registry feature's copy, by BCP 47 language tag: English complete, every shipped
 * language beside it. It loads with the feature's views, never before.
 * @module
 */

/** The wallet registry feature's copy. */
export const walletRegistryMessages = {
  en: {
    'allWallets.title': 'All wallets',
    'allWallets.search': 'Search wallets',
    'allWallets.none': 'No wallet matches “{query}”.',
    'allWallets.more': 'Show more wallets',
  },
  de: {
    'allWallets.title': 'Alle Wallets',
    'allWallets.search': 'Wallets suchen',
    'allWallets.none': 'Keine Wallet passt zu „{query}“.',
    'allWallets.more': 'Weitere Wallets anzeigen',
  },
} as const
