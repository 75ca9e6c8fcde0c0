import type { Network } from 'bitcoinjs-lib'
import type { Subject } from 'rxjs'
import {
  type ConnectParameters,
  KitError,
  type PluginContext,
  type PluginEventInput,
  toPlainText,
  toSafeImageUrl,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../../kernel/index.js'
import type {
  WalletConnect,
  WalletConnectNamespace,
  WalletConnectParameters,
} from '../../walletconnect/index.js'
import { createNamespaceConnector } from '../kit/index.js'
import type { Bip122Network } from './networks.js'
import { outputScriptOf } from './psbt.js'
import { type Bip122Account, type Bip122WalletSession, toAccounts } from './wallet.js'

/** The JSON-RPC methods a session asks the wallet for (WalletConnect's `bip122` namespace). */
export const BIP122_WALLET_CONNECT_METHODS = Object.freeze([
  'signMessage',
  'sendTransfer',
  'signPsbt',
  'getAccountAddresses',
] as const)

/** The session event a wallet sends when its addresses change. */
export const BIP122_ADDRESSES_CHANGED = 'bip122_addressesChanged'

/** The Bitcoin side of WalletConnect over the shared hub. @internal */
export interface Bip122WalletConnectConnector {
  readonly namespace: WalletConnectNamespace
  connect(
    parameters: Pick<ConnectParameters, 'networkId' | 'silent' | 'reusePendingPairing'>,
    signal: AbortSignal,
  ): Promise<Bip122WalletSession>
  preload(): void
  destroy(): void
}

const BASE64 = /^[A-Za-z0-9+/]{1,4000000}={0,2}$/

function stringField(result: unknown, key: string, method: string, pattern: RegExp): string {
  const value = (result as Record<string, unknown> | null)?.[key]
  if (typeof value !== 'string' || !pattern.test(value))
    throw new KitError('UNKNOWN_ERROR', {
      details: `The wallet answered ${method} with an unexpected value.`,
    })
  return value
}

/** `getAccountAddresses` entries as accounts (`intention` is the namespace's word for purpose). */
function toSessionAccounts(result: unknown): Bip122Account[] {
  if (!Array.isArray(result)) return []
  return toAccounts(
    result.map((entry: Record<string, unknown> | null) => ({
      address: entry?.address,
      publicKey: entry?.publicKey,
      purpose: entry?.intention === 'ordinal' ? 'ordinals' : 'payment',
    })),
  )
}

/**
 * Contributes the `bip122` CAIP-25 namespace (the site's networks; `signMessage`, `sendTransfer`,
 * `signPsbt`, `getAccountAddresses`) to the shared hub and turns a session into a
 * {@link Bip122WalletSession}, so sends and signing go through the same adapter code as a browser
 * wallet. Loaded on first use.
 * @internal
 */
export function createBip122WalletConnectConnector(
  context: PluginContext,
  walletConnect: WalletConnect | WalletConnectParameters,
  networks: readonly Bip122Network[],
  events$: Subject<PluginEventInput>,
): Bip122WalletConnectConnector {
  let listeners = new Set<(accounts: readonly Bip122Account[]) => void>()
  const tell = (accounts: readonly Bip122Account[]) => {
    for (const listener of [...listeners]) listener(accounts)
  }
  const networkOf = (id: string) => networks.find((network) => network.id === id)
  const connector = createNamespaceConnector(context, walletConnect, {
    namespace: 'bip122',
    networkIds: networks.map((network) => network.id),
    methods: BIP122_WALLET_CONNECT_METHODS,
    events: [BIP122_ADDRESSES_CHANGED],
    emit: (event) => events$.next(event),
    // A session account is kept only when it is an address of the network it is listed on.
    toAccount: ({ networkId, address }) => {
      const network = networkOf(networkId)
      return network && outputScriptOf(address, network.addresses as Network)
        ? { networkId, address }
        : undefined
    },
    onChange: (change) => {
      if (change.type === 'ended') tell([])
      else if (change.type === 'accounts')
        tell(
          change.addresses.map((address) => ({
            address,
            publicKey: undefined,
            purpose: 'payment',
          })),
        )
      else if (change.name === BIP122_ADDRESSES_CHANGED) tell(toSessionAccounts(change.data))
    },
  })

  return {
    namespace: connector.namespace,
    connect: async ({ networkId, silent, reusePendingPairing }, signal) => {
      const approved = await connector.connect({ networkId, silent, reusePendingPairing }, signal)
      listeners = new Set()
      const account = `${approved.networkId}:${approved.addresses[0]}`
      // The session lists addresses only; the wallet says which pays and gives keys on request.
      const described = await connector
        .request({ method: 'getAccountAddresses', params: { account } })
        .then(toSessionAccounts, () => [])
      // Payment accounts must be the session's own; the ordinals address is only ever listed by
      // getAccountAddresses, so it is kept when it is an address of the session's network.
      const network = networkOf(approved.networkId)
      const accounts = described.filter(
        (entry) =>
          approved.addresses.includes(entry.address) ||
          (entry.purpose === 'ordinals' &&
            network !== undefined &&
            outputScriptOf(entry.address, network.addresses as Network) !== undefined),
      )
      const session: Bip122WalletSession = {
        connectorId: WALLET_CONNECT_CONNECTOR_ID,
        name: toPlainText(approved.peer.name) || 'WalletConnect',
        icon: approved.peer.icon ? toSafeImageUrl(approved.peer.icon) : undefined,
        accounts:
          accounts.length > 0
            ? accounts
            : approved.addresses.map((address) => ({
                address,
                publicKey: undefined,
                purpose: 'payment' as const,
              })),
        signPsbt: async (psbt, inputs) => {
          const result = await connector.request({
            method: 'signPsbt',
            params: {
              account: inputs.address,
              psbt,
              signInputs: inputs.indexes.map((index) => ({ address: inputs.address, index })),
              broadcast: false,
            },
          })
          return stringField(result, 'psbt', 'signPsbt', BASE64)
        },
        signMessage: async (address, message) => {
          const result = await connector.request({
            method: 'signMessage',
            params: { address, message, protocol: 'bip322' },
          })
          return stringField(result, 'signature', 'signMessage', BASE64)
        },
        onChange: (listener) => {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
        disconnect: () => connector.disconnect(),
      }
      return session
    },
    preload: () => connector.preload(),
    destroy: () => connector.destroy(),
  }
}
