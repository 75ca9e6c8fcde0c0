/**
 * The eip155 test wallet's public shapes: parameters, failure switches and controls.
 * @module
 */
import type { Address, EIP1193Provider } from 'viem'

/**
 * The test wallet's failure switches; mutate them on {@link TestWallet.features} at any time.
 * @example
 * wallet.features.rejectRequests = true // the next eth_requestAccounts fails with code 4001
 * wallet.features.unknownChainIds.push(1337) // switching to 0x539 now fails with 4902
 */
export interface TestWalletFeatures {
  /**
   * Interactive requests (eth_requestAccounts, personal_sign, eth_signTypedData_v4,
   * eth_sendTransaction, wallet_switchEthereumChain, wallet_addEthereumChain,
   * wallet_requestPermissions) fail with EIP-1193 code 4001 'User rejected the request.', even
   * when a real wallet would not have prompted (already authorized, already on the chain). Checks
   * a wallet makes without the user come first: bad params (-32602), an unauthorized account
   * (4100), an unknown chain (4902).
   */
  rejectRequests: boolean
  /**
   * Chain ids the wallet does not know until wallet_addEthereumChain adds them (switching to them
   * fails with 4902 'Unrecognized chain ID').
   */
  unknownChainIds: number[]
}

/**
 * What {@link createTestWallet} needs: the keys it holds and the local nodes it talks to.
 * @example
 * const parameters: TestWalletParameters = {
 *   privateKeys: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
 *   chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }, { id: 1337, rpcUrl: 'http://127.0.0.1:8546' }],
 *   features: { unknownChainIds: [1337] },
 * }
 */
export interface TestWalletParameters {
  /** Private keys (hex) of the accounts the wallet holds; the first is current. */
  readonly privateKeys: readonly `0x${string}`[]
  /** Chains the wallet can talk to: id and an HTTP RPC URL (a local anvil node). */
  readonly chains: readonly {
    readonly id: number
    readonly rpcUrl: string
    readonly name?: string
  }[]
  /** Chain to start on (first chain by default). */
  readonly chainId?: number
  /**
   * EIP-6963 provider info; defaults to a clearly labelled test wallet: a random v4 uuid, name
   * 'Gangway Test Wallet', a small SVG data URI icon and rdns 'dev.gangway.testwallet'.
   */
  readonly info?: { uuid: string; name: string; icon: `data:image/${string}`; rdns: string }
  /** Initial failure switches (both off / empty by default). */
  readonly features?: Partial<TestWalletFeatures>
  /**
   * Whether the site is already authorized when the wallet starts, as a browser extension
   * remembers the sites it trusts across page loads.
   */
  readonly authorized?: boolean
}

/**
 * A scriptable EIP-1193 wallet backed by local keys and local nodes, with wallet-side controls.
 * @example
 * const wallet: TestWallet = createTestWallet(parameters)
 * await wallet.provider.request({ method: 'eth_requestAccounts' })
 * wallet.switchAccount(1) // the site sees accountsChanged
 * wallet.disconnect() // the site sees disconnect (code 4900)
 */
export interface TestWallet {
  /** The EIP-1193 provider (viem's EIP1193Provider type: request, on, removeListener). */
  readonly provider: EIP1193Provider
  /** The EIP-6963 provider info it announces. */
  readonly info: { uuid: string; name: string; icon: string; rdns: string }
  /** Mutable failure switches. */
  readonly features: TestWalletFeatures
  /** Addresses the wallet holds (checksummed). */
  readonly addresses: readonly Address[]
  /**
   * Announces the provider with EIP-6963 on `target` (a window or any EventTarget): answers every
   * 'eip6963:requestProvider' and announces once now. Returns a function that stops answering.
   */
  announce(target: EventTarget): () => void
  /** Wallet-side account switch: current account becomes addresses[index]; emits accountsChanged when authorized. */
  switchAccount(index: number): void
  /** Wallet-side chain switch to a known chain; emits chainChanged (hex) when the chain changes. */
  switchChain(chainId: number): void
  /** Wallet-side disconnect: deauthorizes and emits 'disconnect' with a ProviderRpcError-shaped error (code 4900). */
  disconnect(): void
  /** Every request received, in order: { method, params }. */
  readonly requests: readonly { method: string; params?: unknown }[]
}
