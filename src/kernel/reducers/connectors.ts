import type { Draft } from 'immer'
import { type Connector, connectorKey } from '../domain.js'
import type { KitEvent } from '../events/types.js'
import { withBuiltInLinks } from '../registry/builtInWallets.js'
import type { KitState } from '../state.js'
import { defineSliceReducer } from './defineSliceReducer.js'
import { removeEntity, upsertEntity } from './entityAdapter.js'

function isSame(left: Connector, right: Connector): boolean {
  return JSON.stringify(left) === JSON.stringify(right)
}

function reduceConnectors(draft: Draft<Pick<KitState, 'connectors'>>, event: KitEvent): void {
  switch (event.type) {
    case 'connectors/discovered': {
      for (const connector of event.payload.connectors) {
        if (connector.namespace !== event.payload.namespace) continue
        const key = connectorKey(connector.namespace, connector.id)
        const existing = draft.connectors.entities[key]
        if (existing && isSame(existing, connector)) continue
        if (connector.type === 'ANNOUNCED' && connector.rdns) {
          for (const id of [...draft.connectors.ids]) {
            const other = draft.connectors.entities[id]
            if (
              other?.type === 'INJECTED' &&
              other.namespace === connector.namespace &&
              other.rdns === connector.rdns
            ) {
              removeEntity(draft.connectors, id)
            }
          }
        }
        if (connector.type === 'INJECTED' && connector.rdns) {
          const announced = draft.connectors.ids.some((id) => {
            const other = draft.connectors.entities[id]
            return (
              other?.type === 'ANNOUNCED' &&
              other.namespace === connector.namespace &&
              other.rdns === connector.rdns
            )
          })
          if (announced) continue
        }
        upsertEntity(draft.connectors, key, connector)
      }
      return
    }
    case 'connectors/removed':
      for (const id of event.payload.ids) {
        removeEntity(draft.connectors, connectorKey(event.payload.namespace, id))
      }
      return
    default:
      return
  }
}

/**
 * Wallets known beyond the page's connectors (a wallet registry's list): whatever source reports
 * them (`walletCatalogue/updated`, the wallet registry feature), by id, and the order the source
 * lists them in. The Connect view's featured and recommended wallets come from here, and the
 * built-in list while nothing was reported. An entry with a built-in wallet's id keeps the
 * built-in's own links (`withBuiltInLinks`).
 */
export const walletCatalogueReducer = defineSliceReducer({
  keys: ['walletCatalogue'],
  handles: ['walletCatalogue/updated'],
  recipe: (draft, event) => {
    if (event.type !== 'walletCatalogue/updated') return
    for (const wallet of event.payload.wallets)
      draft.walletCatalogue.wallets[wallet.id] = withBuiltInLinks(wallet)
    if (event.payload.listed) {
      draft.walletCatalogue.listed = event.payload.listed.filter(
        (id) => draft.walletCatalogue.wallets[id] !== undefined,
      )
    }
  },
})

/**
 * §3 connectors. An announced wallet replaces the legacy injected connector of the same wallet
 * (same rdns), so one wallet is never listed twice.
 */
export const connectorsReducer = defineSliceReducer({
  keys: ['connectors'],
  handles: ['connectors/discovered', 'connectors/removed'],
  recipe: reduceConnectors,
})
