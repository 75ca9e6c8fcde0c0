/**
 * Gas prices for the convert API (§7 "Gas price by chain": standard, fast, instant) from the
 * node's recent fee history, so a quote and a built transaction price gas the same way.
 * @module
 */
import type { ConvertGasPrice } from '../../src/services/gangway/convertSchemas.js'
import { type Amm, onChain } from './amm.js'

/**
 * Standard, fast and instant prices: the latest base fee with the headroom of one, two and four
 * full blocks of rises, plus the 25th, 50th and 90th percentile tips of the last five blocks;
 * each at least the one before it.
 * @param amm - the swap network's node.
 * @returns the three prices, in wei, as decimal strings.
 */
export const gasPriceOf = (amm: Amm): Promise<ConvertGasPrice> =>
  onChain(amm.chain, async () => {
    const history = await amm.client.getFeeHistory({
      blockCount: 5,
      rewardPercentiles: [25, 50, 90],
    })
    const base = history.baseFeePerGas.at(-1) ?? 0n
    const tips = [0, 1, 2].map((index) => {
      const rewards = (history.reward ?? []).map((block) => block[index] ?? 0n)
      return rewards.length === 0
        ? 0n
        : rewards.reduce((sum, value) => sum + value, 0n) / BigInt(rewards.length)
    })
    // A legacy gas price must stay above the base fee as it rises (12.5 % a full block).
    const legacy = base === 0n ? await amm.client.getGasPrice() : 0n
    const standard = legacy + (base * 9n) / 8n + tips[0]!
    const fast = legacy + (base * 5n) / 4n + tips[1]!
    const instant = legacy + (base * 3n) / 2n + tips[2]!
    const max = (a: bigint, b: bigint) => (a > b ? a : b)
    return {
      standard: String(standard),
      fast: String(max(fast, standard)),
      instant: String(max(instant, max(fast, standard))),
    }
  })
