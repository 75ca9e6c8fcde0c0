import { describe, expect, test } from 'vitest'
import { toyChain } from '../../../test/support/toyChain.js'
import { checkPluginEvent } from './ingress.js'
import type { PluginEventInput } from './types.js'

describe('checkPluginEvent', () => {
  const { plugin } = toyChain()

  test('behavior: a WalletConnect pairing URI names no namespace and is accepted from any plugin', () => {
    expect(() =>
      checkPluginEvent(plugin, {
        type: 'walletConnect/pairingCreated',
        payload: { uri: 'wc:abc@2?relay-protocol=irn', expiresAt: 240_000 },
      }),
    ).not.toThrow()
  })

  test('behavior: other WalletConnect facts and reports for another namespace are refused', () => {
    const stored = {
      type: 'walletConnect/sessionStored',
      payload: { topic: 'a' },
    } as unknown as PluginEventInput
    expect(() => checkPluginEvent(plugin, stored)).toThrowError(
      expect.objectContaining({ code: 'INVALID_EVENT' }),
    )
    expect(() =>
      checkPluginEvent(plugin, { type: 'wallet/disconnected', payload: { namespace: 'eip155' } }),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_EVENT' }))
  })
})
