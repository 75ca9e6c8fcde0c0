/**
 * §6's split of what the embedded wallet's frame is asked: the spec's safe methods go to the
 * configured node, its unsafe ones need the visitor's click, and anything else is refused.
 */
import { describe, expect, test } from 'vitest'
import { classifyMethod } from '../../server/embedded/frame/rpcPolicy.js'

describe('§6 RPC classes', () => {
  test.each([
    'eth_call',
    'eth_getBalance',
    'eth_blockNumber',
    'eth_chainId',
    'eth_estimateGas',
    'eth_getTransactionReceipt',
    'eth_sendRawTransaction',
    'wallet_getCapabilities',
    'wallet_getCallsStatus',
  ])('parameters: %s is safe (read-only, to the node)', (method) => {
    expect(classifyMethod(method)).toBe('safe')
  })

  test.each([
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAndSendTransaction',
    'solana_signAllTransactions',
    'wallet_sendCalls',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'eth_sendUserOperation',
  ])('parameters: %s is unsafe (the visitor’s click, refused where restricted)', (method) => {
    expect(classifyMethod(method)).toBe('unsafe')
  })

  test.each([
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_coinbase',
    'wallet_addEthereumChain',
    'wallet_watchAsset',
    'debug_traceTransaction',
    'eth_call; drop',
    '',
  ])('parameters: %j is refused (neither a read nor a signing the frame shows)', (method) => {
    expect(classifyMethod(method)).toBe('refused')
  })
})
