import {
  type ErrorCode,
  type FeatureIntentContext,
  type FeeSpeed,
  KitError,
  type Namespace,
  type TokenBalance,
} from '../../kernel/index.js'
import { sendErrors } from './errors.js'
import { checkSendForm, checkSendInput } from './rules.js'
import { selectSendForm, selectSendToken } from './selectors.js'

/** A send rule's verdict as an error: the feature's own codes carry their texts. */
const raise = (code: ErrorCode): KitError =>
  Object.hasOwn(sendErrors.entries, code)
    ? sendErrors.create(code as keyof typeof sendErrors.entries)
    : new KitError(code)

/** Parameters of the `send` intent; every field falls back to the form. */
export interface SendParameters {
  /** The namespace; the active one when omitted. */
  readonly namespace?: Namespace
  /** The receiver's address as the chain writes it; the form's when omitted. */
  readonly to?: string
  /** The amount in whole units, e.g. `"0.5"`; the form's when omitted. */
  readonly amount?: string
  /** The token; the form's (else the native currency) when omitted, the native currency for `null`. */
  readonly token?: TokenBalance | null
}

/** `kit.features.send.*`: fill the form, send, reset. */
export interface SendIntents {
  /** Picks the token to send (`null` for the native currency). */
  setToken(token: TokenBalance | null): void
  /** Updates the amount as the visitor types it. */
  setAmount(amount: string): void
  /**
   * Max: the amount becomes the whole balance of the chosen token, or of the native currency less
   * its network fee (with a margin), where the namespace prices sends.
   */
  setMax(): void
  /** Updates the receiver as the visitor types it; its validity is checked by the namespace. */
  setReceiver(address: string): void
  /**
   * Picks how soon the send should confirm (§7: standard, fast, instant), where the namespace
   * prices sends by speed (bip122); the review shows the fee and total at that speed.
   */
  setFeeSpeed(feeSpeed: FeeSpeed): void
  /**
   * Sends native currency or a token (§4 send flow, §5 checks); resolves with the hash.
   * @throws INVALID_SEND_INPUT, INVALID_AMOUNT, INSUFFICIENT_BALANCE, NO_ACTIVE_ADDRESS, SEND_FAILED, USER_REJECTED
   */
  send(parameters?: SendParameters): Promise<{ readonly hash: string }>
  /** Clears the form. */
  reset(): void
}

/**
 * The send intents. Every check runs before anything is appended, so bad input changes nothing.
 * @internal
 */
export function createSendIntents(context: FeatureIntentContext): SendIntents {
  const { append, getState } = context
  return {
    setToken: (token) => append({ type: 'send/tokenSelected', payload: { token } }),
    setAmount: (amount) =>
      append({ type: 'send/amountChanged', payload: { amount: amount.trim().slice(0, 100) } }),
    setMax: () => {
      const namespace = getState().activeNamespace
      if (namespace) append({ type: 'send/maxRequested', payload: { namespace } })
    },
    setReceiver: (address) => {
      const trimmed = address.trim().slice(0, 200)
      const namespace = getState().activeNamespace
      const isValid = namespace !== null && context.isValidAddress(namespace, trimmed)
      append({ type: 'send/receiverChanged', payload: { address: trimmed, isValid } })
    },
    setFeeSpeed: (feeSpeed) => append({ type: 'send/feeSpeedSelected', payload: { feeSpeed } }),
    reset: () => append({ type: 'send/reset', payload: {} }),
    send: async (parameters = {}) => {
      const state = getState()
      const namespace = context.requireNamespace(parameters.namespace)
      const chain = state.namespaces.entities[namespace]
      const from = chain?.accountState.caipAddress
      if (!chain || !from || chain.accountState.status !== 'connected')
        throw new KitError('NO_ACTIVE_ADDRESS')
      const form = selectSendForm(state)
      const to = parameters.to ?? form?.receiverAddress ?? ''
      const amount = parameters.amount ?? form?.sendTokenAmount ?? ''
      const picked = parameters.token === undefined ? selectSendToken(state) : parameters.token
      // The native currency is sent as `null`, whichever way it was picked.
      const token = picked && picked.address !== chain.nativeTokenAddress ? picked : null
      const decimals = token
        ? Number(token.quantity.decimals)
        : chain.caipNetworks.find((network) => network.id === chain.networkState.caipNetworkId)
            ?.nativeCurrency.decimals
      const isReceiverValid = context.isValidAddress(namespace, to)
      const problem = checkSendInput({ amount, receiver: to, isReceiverValid, decimals })
      if (problem) throw raise(problem)
      const checked = checkSendForm({
        amount,
        receiver: to,
        isReceiverValid,
        decimals: decimals ?? null,
        balance: token ? token.quantity.numeric : chain.accountState.balance,
      })
      if (checked.amount) throw raise(checked.amount)
      const { hash } = await context.request(
        {
          type: 'send/requested',
          payload: {
            namespace,
            from,
            to,
            amount: checked.normalizedAmount!,
            token,
            ...(form?.feeSpeed ? { feeSpeed: form.feeSpeed } : {}),
          },
        },
        'send/succeeded',
      )
      return { hash }
    },
  }
}
