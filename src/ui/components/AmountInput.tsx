'use client'
import { type InputHTMLAttributes, useState } from 'react'
import { parseAmount, toAmountInput } from '../copy/parseAmount.js'
import { useUi } from '../KitProvider.js'

/** Props of {@link AmountInput}. */
export interface AmountInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'inputMode'> {
  /** The amount the kit holds, as decimal text (`'1.5'`). */
  readonly amount: string
  /**
   * Called as the visitor types: the amount as decimal text, or what was typed as it is when it
   * is no amount in the visitor's language (so the kit's §5 check says 'Incorrect amount').
   */
  readonly onAmount: (amount: string) => void
}

/**
 * An amount field in the visitor's language: `1,5` and `1.5` both read as one and a half in
 * German, `1.500` as fifteen hundred, and a comma in English only where it groups thousands
 * ({@link parseAmount}). What the visitor typed stays as typed; an amount the kit changes (a
 * default, a reset) shows in the language's writing.
 * @example
 * import { AmountInput } from '@gangway/kit/react'
 * <AmountInput amount={form.amount} onAmount={(amount) => intents.setAmount(amount)} />
 * @param props - the amount, its callback, and any other input attribute.
 * @returns the input.
 * @see /docs/react.md#languages
 */
export function AmountInput({ amount, onAmount, ...input }: AmountInputProps) {
  const { locale } = useUi()
  // Purely the text on screen: the amount itself lives in the kit.
  const [typed, setTyped] = useState<string | null>(null)
  const readOf = (text: string) => parseAmount(locale.tag, text) ?? text.trim()
  const shown =
    typed !== null && readOf(typed) === amount ? typed : toAmountInput(locale.tag, amount)
  return (
    <input
      {...input}
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      onChange={(event) => {
        setTyped(event.target.value)
        onAmount(readOf(event.target.value))
      }}
    />
  )
}
