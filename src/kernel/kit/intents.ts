import { type Namespace, parseCaipNetworkId } from '../caip.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../constants.js'
import { connectorKey } from '../domain.js'
import type { Env } from '../env.js'
import { KitError } from '../errors/KitError.js'
import type { EventInput } from '../events/types.js'
import type { PluginSet } from '../plugins/registry.js'
import { selectRegistryWallet } from '../selectors/walletRegistry.js'
import type { KitState } from '../state.js'
import type { Requests } from './request.js'
import type { Kit } from './types.js'

/** What the core intents need from the kit being built. */
export interface CoreIntentParameters {
  readonly getState: () => KitState
  readonly append: (input: EventInput) => void
  readonly requests: Requests
  readonly plugins: PluginSet
  readonly env: Env
  /** Whether the loaded features let the modal close now (§4 SIWX). */
  readonly featuresAllowClose: (state: KitState) => boolean
  /** Whether a view is one this kit knows. */
  readonly hasView: (view: string) => boolean
}

/** The intents every kit has (its features bring theirs under `kit.features`). */
export type CoreIntents = Omit<
  Kit,
  | 'getState'
  | 'getInitialState'
  | 'catalogue'
  | 'ssr'
  | 'restore'
  | 'subscribe'
  | 'state$'
  | 'events$'
  | 'select$'
  | 'streams'
  | 'log'
  | 'features'
  | 'definitions'
  | 'loadFeature'
  | 'destroy'
>

/**
 * The core intents: each checks its input, then appends the events that carry it; operations wait
 * for their terminal event.
 * @internal
 */
export function createCoreIntents(parameters: CoreIntentParameters): {
  readonly intents: CoreIntents
  /** The namespace to act in: the given one, else the active one. @throws PLUGIN_NOT_FOUND */
  readonly requireNamespace: (namespace?: Namespace) => Namespace
  readonly isValidAddress: (namespace: Namespace, address: string) => boolean
} {
  const { append, plugins } = parameters
  const request = parameters.requests.request
  // Every intent reads the state of the moment it is called.
  const state = parameters.getState
  const requireNamespace = (namespace?: Namespace): Namespace => {
    const resolved = namespace ?? state().activeNamespace
    if (!resolved || !plugins.get(resolved)) {
      throw new KitError('PLUGIN_NOT_FOUND', { details: `No plugin for "${String(resolved)}".` })
    }
    return resolved
  }
  const rejecting = <TResult>(work: () => Promise<TResult>): Promise<TResult> => {
    try {
      return work()
    } catch (error) {
      return Promise.reject(error)
    }
  }

  // Both signing intents: the connected address of the namespace signs `message` in `format`.
  const sign = (
    namespace: Namespace | undefined,
    message: string,
    format: 'text' | 'typedData',
  ) => {
    const resolved = requireNamespace(namespace)
    const caipAddress = state().namespaces.entities[resolved]?.accountState.caipAddress
    if (!caipAddress) throw new KitError('NO_ACTIVE_ADDRESS')
    return request(
      {
        type: 'signature/requested',
        payload: { namespace: resolved, caipAddress, message, format },
      },
      'signature/succeeded',
    ).then(({ signature }) => ({ signature }))
  }

  // §4: a feature may keep the modal open (SIWX while a required sign-in is pending).
  const canClose = () => parameters.featuresAllowClose(state())
  const wouldBackClose = () =>
    state().router.history.length <= 1 || state().router.history.includes('UnsupportedChain')

  const isValidAddress = (namespace: Namespace, address: string) =>
    plugins.get(namespace)?.schemas.address.safeParse(address).success ?? false

  const intents: CoreIntents = {
    open: (view, openOptions) =>
      void append({
        type: 'modal/opened',
        payload: {
          ...(view ? { view } : {}),
          ...(openOptions?.namespace ? { namespace: openOptions.namespace } : {}),
        },
      }),
    close: () => {
      if (!state().modal.isOpen) return
      // §2: the visitor cannot dismiss UnsupportedChain (Escape, the overlay, ×) and carry on while
      // the wallet sits on a network the site does not support; back still closes it.
      const refused = !canClose() || state().router.view === 'UnsupportedChain'
      append(
        refused
          ? { type: 'modal/shakeStarted', payload: {} }
          : { type: 'modal/closed', payload: {} },
      )
    },
    back: () => {
      if (wouldBackClose() && !canClose()) {
        append({ type: 'modal/shakeStarted', payload: {} })
        return
      }
      append({ type: 'router/wentBack', payload: {} })
    },
    navigate: (view, navigateOptions) =>
      void append({
        type: 'router/pushed',
        payload: {
          view,
          ...(navigateOptions?.networkId ? { networkId: navigateOptions.networkId } : {}),
        },
      }),
    replaceView: (view) => void append({ type: 'router/replaced', payload: { view } }),

    anticipateConnect: (intent) => {
      const namespace = intent.namespace ?? state().activeNamespace
      if (!namespace || !state().connectors.entities[connectorKey(namespace, intent.connectorId)])
        return
      append({
        type: 'connection/intended',
        payload: { namespace, connectorId: intent.connectorId },
      })
    },
    connect: (intent) =>
      rejecting(() => {
        const namespace = requireNamespace(intent.namespace)
        if (!state().connectors.entities[connectorKey(namespace, intent.connectorId)]) {
          throw new KitError('CONNECTOR_NOT_FOUND', {
            details: `No connector "${intent.connectorId}" in "${namespace}".`,
          })
        }
        // A registry wallet picked to connect over WalletConnect travels with the request, so
        // the connecting view can name it and offer its deep link.
        const wallet =
          intent.walletId === undefined ? undefined : selectRegistryWallet(state(), intent.walletId)
        if (intent.walletId !== undefined && intent.connectorId === WALLET_CONNECT_CONNECTOR_ID) {
          if (!wallet) {
            throw new KitError('CONNECTOR_NOT_FOUND', {
              details: `No registry wallet "${intent.walletId}".`,
            })
          }
        } else if (intent.walletId !== undefined) {
          throw new KitError('VALIDATION_FAILED', {
            details: 'walletId needs the WalletConnect connector.',
          })
        }
        return request(
          {
            type: 'connection/requested',
            payload: {
              namespace,
              connectorId: intent.connectorId,
              silent: false,
              ...(intent.networkId ? { networkId: intent.networkId } : {}),
              ...(wallet ? { wallet } : {}),
            },
          },
          'connection/succeeded',
        )
      }),
    disconnect: (namespace) =>
      rejecting(async () => {
        if (namespace !== undefined) requireNamespace(namespace)
        await request(
          { type: 'disconnection/requested', payload: namespace ? { namespace } : {} },
          'disconnection/succeeded',
        )
      }),
    switchNetwork: (networkId) =>
      rejecting(async () => {
        const parsed = parseCaipNetworkId(String(networkId))
        const plugin = parsed && plugins.get(parsed.namespace)
        if (!plugin?.networks.some((network) => network.id === networkId)) {
          throw new KitError('NETWORK_NOT_FOUND', {
            details: `${String(networkId)} is not configured.`,
          })
        }
        await request(
          { type: 'networkSwitch/requested', payload: { networkId } },
          'networkSwitch/succeeded',
        )
      }),
    setActiveNamespace: (namespace) => {
      append({ type: 'namespace/activated', payload: { namespace: requireNamespace(namespace) } })
    },
    setAccountType: (namespace, accountType) => {
      const chain = state().namespaces.entities[requireNamespace(namespace)]
      if (!chain?.accountTypes.supported.includes(accountType)) {
        throw new KitError('VALIDATION_FAILED', {
          details: `"${accountType}" is not an account type of "${namespace}".`,
        })
      }
      append({ type: 'accountType/changed', payload: { namespace, accountType } })
    },
    selectAccountTab: (tab) => void append({ type: 'account/tabSelected', payload: { tab } }),
    refreshBalance: (namespace) =>
      rejecting(async () => {
        const resolved = requireNamespace(namespace)
        const chain = state().namespaces.entities[resolved]
        const caipAddress = chain?.accountState.caipAddress
        if (!caipAddress) throw new KitError('NO_ACTIVE_ADDRESS')
        if (!chain.capabilities.balances) {
          throw new KitError('CAPABILITY_UNSUPPORTED', { plugin: resolved })
        }
        await request(
          { type: 'balance/requested', payload: { namespace: resolved, caipAddress } },
          'balance/succeeded',
        )
      }),

    signMessage: (intent) => rejecting(() => sign(intent.namespace, intent.message, 'text')),

    signTypedData: (intent) =>
      rejecting(() => {
        let message: string
        try {
          message = JSON.stringify(intent.typedData, (_key, value: unknown) =>
            typeof value === 'bigint' ? value.toString() : value,
          )
        } catch (error) {
          throw new KitError('VALIDATION_FAILED', {
            cause: error,
            details: 'typedData is not JSON.',
          })
        }
        return sign(intent.namespace, message, 'typedData')
      }),
    showSnack: (message, variant) =>
      void append({
        type: 'snack/requested',
        payload: typeof message === 'string' ? { text: message, variant } : { ...message, variant },
      }),
    hideSnack: () => void append({ type: 'snack/hidden', payload: {} }),
    showAlert: (message) => void append({ type: 'alert/shown', payload: { message } }),
    dismissAlert: () => void append({ type: 'alert/dismissed', payload: {} }),
    shake: () => void append({ type: 'modal/shakeStarted', payload: {} }),

    isValidAddress,
  }
  return { intents, requireNamespace, isValidAddress }
}
