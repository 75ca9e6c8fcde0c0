/**
 * Shared by the test-wallet tests (`createTestWallet.*.test.ts`): the keys the nodes fund, a wallet
 * on them, and small probes for what the provider answers and emits.
 */
import type { EIP1193Provider, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createTestWallet, type TestWalletParameters } from './createTestWallet.js'
import { mainnet } from './createTestWallet.testNodes.js'

// Anvil's first two default dev keys (test test … junk); never use them for real funds.
const KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const KEY_1: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
export const ADDRESS_0 = privateKeyToAccount(KEY_0).address
export const ADDRESS_1 = privateKeyToAccount(KEY_1).address

/** What `request` rejected with, for assertions on `code`. */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code: number }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { code: number }
  }
  throw new Error('expected the request to fail')
}

/** Collects one event's payloads. */
export function record<E extends 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'>(
  provider: EIP1193Provider,
  event: E,
): unknown[] {
  const seen: unknown[] = []
  provider.on(event, ((payload: unknown) => seen.push(payload)) as never)
  return seen
}

/** A test wallet holding both keys, on the main node unless `overrides` say otherwise. */
export function wallet(overrides: Partial<TestWalletParameters> = {}) {
  return createTestWallet({
    privateKeys: [KEY_0, KEY_1],
    chains: [{ id: 31337, rpcUrl: mainnet!.url }],
    ...overrides,
  })
}
