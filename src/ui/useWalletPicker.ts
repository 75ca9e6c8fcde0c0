'use client'
import { type CaipNetworkId, WALLET_CONNECT_CONNECTOR_ID } from '../kernel/index.js'
import { useUi } from './KitProvider.js'

/** A wallet button's target: a connector, or a registry wallet reached over WalletConnect. */
export interface WalletTarget {
  readonly namespace: string
  readonly connectorId: string
  /** A registry wallet's id (it connects over WalletConnect). */
  readonly walletId?: string
  /** The network to connect on (one the visitor picked in the network list). */
  readonly networkId?: string
}

/**
 * What the wallet lists (Connect, AllWallets) do with a wallet button: when the visitor is about
 * to pick it, let its plugin start loading; on click, connect and show the matching connecting
 * view. "About to pick" is the pointer coming to rest on it, or the keyboard moving onto it (the
 * Tab key's keyup lands on the button Tab focused), so keyboard users get the same head start.
 * Not any focus: opening the modal focuses its first wallet, and that is no intent to pick it.
 * Part of the view toolkit feature views use.
 * @example
 * import { useWalletPicker } from '@gangway/kit/react'
 * const { intend, pick } = useWalletPicker()
 * @see /docs/features.md
 */
export function useWalletPicker() {
  const { kit } = useUi()
  const anticipate = ({ namespace, connectorId, walletId }: WalletTarget) =>
    kit.anticipateConnect({
      namespace,
      connectorId: walletId ? WALLET_CONNECT_CONNECTOR_ID : connectorId,
    })
  return {
    /** Props for a wallet button that announce the visitor's intent to pick `target`. */
    intentProps: (target: WalletTarget | undefined) => ({
      onPointerEnter: () => {
        if (target) anticipate(target)
      },
      onKeyUp: (event: { readonly key: string }) => {
        if (target && event.key === 'Tab') anticipate(target)
      },
    }),
    pick: ({ namespace, connectorId, walletId, networkId }: WalletTarget) => {
      // One intent: the kernel's router shows the matching connecting view, which shows the
      // outcome from state, including a failure and its retry.
      const walletConnect = walletId !== undefined || connectorId === WALLET_CONNECT_CONNECTOR_ID
      kit
        .connect({
          namespace,
          connectorId: walletConnect ? WALLET_CONNECT_CONNECTOR_ID : connectorId,
          ...(walletId ? { walletId } : {}),
          ...(networkId ? { networkId: networkId as CaipNetworkId } : {}),
        })
        .catch(() => undefined)
    },
  }
}
