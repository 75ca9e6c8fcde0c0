import {
  type FeatureIntentContext,
  KitError,
  selectActiveAccount,
  selectActiveNetwork,
  type TokenInfo,
} from '../../kernel/index.js'
import { swapErrors } from './errors.js'
import { swapNetworksOf } from './offered.js'
import { isValidSlippage, swapNetworkUnsupported } from './rules.js'
import { selectSwapSettings } from './settings.js'
import type { SwapState } from './slice.js'

/** `kit.features.swap.*`: the §4 swap flow, step by step. */
export interface SwapIntents {
  /**
   * Loads the swap's tokens, the account's balances and the network token price (§4 step 1); the
   * source is then the native token with amount 1. The Swap view does this when it opens.
   * @throws SWAP_NETWORK_UNSUPPORTED off the swap networks (and where the site names no router),
   * NO_ACTIVE_ADDRESS, SWAP_INIT_FAILED
   */
  initialize(): Promise<void>
  /** Opens the token picker (SwapSelectToken) for a side. */
  pickToken(side: 'source' | 'to'): void
  /**
   * Chooses the token of a side (back to Swap when the picker is open); the other side's token
   * trades places with the one replaced.
   */
  selectToken(side: 'source' | 'to', token: TokenInfo): void
  /** Updates the amount given as the visitor types it; the latest input is quoted. */
  setAmount(amount: string): void
  /**
   * Max: the amount becomes the whole balance of the source token; of the native currency, the
   * balance less the swap's network fee and a quarter of it again, so the swap can pay its gas
   * (the same rule as Send's Max, `maxSendable`).
   */
  setMax(): void
  /** Switches source and destination. */
  switchTokens(): void
  /**
   * Sets the slippage the swap tolerates, in percent (a decimal above 0, at most 50, two places).
   * @throws VALIDATION_FAILED for anything else; nothing changes then.
   */
  setSlippage(percent: string): void
  /**
   * Sends what is prepared through the wallet: the approval when the allowance is too low, else
   * the swap (§4 step 5); resolves with the hash once it is mined.
   * @throws TRANSACTION_BUILD_FAILED when nothing is prepared, TRANSACTION_ERROR (a revert),
   * USER_REJECTED
   */
  send(): Promise<{ readonly hash: string; readonly kind: 'approval' | 'swap' }>
  /** Clears the flow. */
  reset(): void
}

/**
 * The swap intents. Checks run before anything is appended, so bad input changes nothing.
 * @internal
 */
export function createSwapIntents(context: FeatureIntentContext): SwapIntents {
  const { append, getState } = context
  const swapOf = () => (getState() as { swap?: SwapState }).swap
  const target = () => {
    const state = getState()
    const namespace = context.requireNamespace()
    const account = selectActiveAccount(state)
    const networkId = selectActiveNetwork(state)?.id
    if (account?.status !== 'connected' || !account.caipAddress || !networkId) {
      throw new KitError('NO_ACTIVE_ADDRESS')
    }
    if (!swapNetworksOf(selectSwapSettings(state)).includes(networkId)) {
      throw swapNetworkUnsupported(selectSwapSettings(state), networkId)
    }
    return { namespace, networkId, caipAddress: account.caipAddress }
  }
  return {
    initialize: async () => {
      await context.request(
        { type: 'swap/initialization/requested', payload: target() },
        'swap/initialization/succeeded',
      )
    },
    pickToken: (side) => {
      append({ type: 'swap/pickerOpened', payload: { side } })
      if (getState().modal.isOpen) context.kit.navigate('SwapSelectToken')
    },
    selectToken: (side, token) => {
      append({ type: 'swap/tokenSelected', payload: { side, token } })
      const state = getState()
      if (state.modal.isOpen && state.router.view === 'SwapSelectToken') context.kit.back()
    },
    setAmount: (amount) =>
      append({ type: 'swap/amountChanged', payload: { amount: amount.trim().slice(0, 100) } }),
    setMax: () => append({ type: 'swap/maxRequested', payload: {} }),
    switchTokens: () => append({ type: 'swap/tokensSwitched', payload: {} }),
    setSlippage: (percent) => {
      const slippage = percent.trim().replace(',', '.')
      if (!isValidSlippage(slippage)) {
        throw new KitError('VALIDATION_FAILED', {
          details: 'Slippage is above 0 and at most 50 %, with at most two decimals.',
        })
      }
      append({ type: 'swap/slippageChanged', payload: { slippage } })
    },
    send: async () => {
      const swap = swapOf()
      const kind = swap?.approvalTransaction ? 'approval' : 'swap'
      const transaction = swap?.approvalTransaction ?? swap?.swapTransaction
      // The form's own refusal (§5: the balance, the gas) stands: the wallet is not asked.
      if (swap?.inputError) throw new KitError(swap.inputError)
      if (!transaction)
        throw swapErrors.create('TRANSACTION_BUILD_FAILED', { details: 'Nothing is prepared.' })
      const { hash } = await context.request(
        { type: 'swap/transaction/requested', payload: { ...target(), kind, transaction } },
        'swap/transaction/succeeded',
      )
      return { hash, kind }
    },
    reset: () => append({ type: 'swap/reset', payload: {} }),
  }
}
