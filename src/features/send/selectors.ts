import {
  explorerLink,
  type KitState,
  selectActiveAccount,
  type TokenBalance,
} from '../../kernel/index.js'
import { checkSendForm, type SendFormProblems } from './rules.js'
import { type SendQuoteState, type SendState, sendQuoteKey } from './slice.js'

/**
 * The send form, once the send feature has loaded in this kit.
 * @example
 * import { selectSendForm } from '@gangway/kit/send'
 * selectSendForm(kit.getState())?.sendTokenAmount
 */
export function selectSendForm(state: KitState): SendState | undefined {
  return state.send
}

/** Whether a send is waiting for the wallet (the spec's `loading`). */
export function selectIsSending(state: KitState): boolean {
  return Object.values(state.operations.pending).some((operation) => operation.type === 'send')
}

/**
 * The token the form sends: the one picked, else the first of the account's balances (the native
 * currency comes first).
 */
export function selectSendToken(state: KitState): TokenBalance | null {
  return selectSendForm(state)?.token ?? selectActiveAccount(state)?.tokenBalance[0] ?? null
}

const NO_PROBLEMS: SendFormProblems = Object.freeze({
  amount: null,
  receiver: null,
  normalizedAmount: null,
})

/**
 * What is wrong with each field of the send form as the visitor types (§5): the receiver by the
 * namespace's address schema, the amount by its format, the token's decimals and the balance.
 * @example
 * import { selectSendProblems } from '@gangway/kit/send'
 * selectSendProblems(kit.getState()).amount // 'INSUFFICIENT_BALANCE'
 */
export function selectSendProblems(state: KitState): SendFormProblems {
  const form = selectSendForm(state)
  if (!form) return NO_PROBLEMS
  const token = selectSendToken(state)
  return checkSendForm({
    amount: form.sendTokenAmount ?? '',
    receiver: form.receiverAddress ?? '',
    isReceiverValid: form.isReceiverValid,
    decimals: token ? Number(token.quantity.decimals) : null,
    balance: token ? token.quantity.numeric : null,
  })
}

/**
 * The explorer link of the last transaction sent, on the network it went to, when that network
 * names an explorer.
 */
export function selectSentTransactionUrl(state: KitState): string | null {
  const last = selectSendForm(state)?.last
  if (!last?.networkId) return null
  const network = state.namespaces.entities[last.namespace]?.caipNetworks.find(
    (entry) => entry.id === last.networkId,
  )
  const base = network?.blockExplorers?.[0]?.url
  return base ? explorerLink(base, 'tx', last.hash) : null
}

/**
 * The fee and total of the form's send as the plugin priced them (namespaces that quote before
 * signing: bip122), `pending` while it prices, or why the send cannot be made; `null` where the
 * namespace does not quote, or the form changed since.
 * @example
 * import { selectSendQuote } from '@gangway/kit/send'
 * const quote = selectSendQuote(kit.getState())
 * if (quote?.status === 'ready') console.log(quote.fee, quote.total, quote.symbol)
 */
export function selectSendQuote(state: KitState): SendQuoteState | null {
  const form = selectSendForm(state)
  const quote = form?.quote
  return quote && quote.key === sendQuoteKey(form) ? quote : null
}
