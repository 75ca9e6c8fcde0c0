/** The SPL token the Solana site lists and its test wallet holds (1,234.5 tokens). */
export const CONSUMER_TOKEN = { symbol: 'CSMR', decimals: 6, held: 1_234_500_000n } as const
