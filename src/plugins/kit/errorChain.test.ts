import { describe, expect, test } from 'vitest'
import { errorChain } from './errorChain.js'

describe('errorChain', () => {
  test('behavior: finds a wallet code under a library wrapper, through cause and error', () => {
    const wallet = { code: 4001 }
    const adapterError = { name: 'WalletSendTransactionError', error: wallet }
    const wrapped = new Error('send failed', { cause: adapterError })
    expect(errorChain(wrapped)).toEqual([wrapped, adapterError, wallet])
  })

  test('edge: a self-referencing error is walked once; a deep chain stops after 16', () => {
    const loop: { cause?: unknown } = {}
    loop.cause = loop
    expect(errorChain(loop)).toEqual([loop])
    let deep: { cause?: unknown } = {}
    for (let index = 0; index < 100; index += 1) deep = { cause: deep }
    expect(errorChain(deep)).toHaveLength(16)
    expect(errorChain('not an object')).toEqual([])
  })
})
