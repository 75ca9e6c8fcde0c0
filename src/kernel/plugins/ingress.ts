import { namespaceOf, parseCaipAddress } from '../caip.js'
import { KitError } from '../errors/KitError.js'
import type { ChainPlugin, PluginEventInput } from './types.js'

/** The event types a plugin may report: facts about the wallet side, nothing else. */
const PLUGIN_EVENT_TYPES: ReadonlySet<string> = new Set<PluginEventInput['type']>([
  'account/changed',
  'network/changed',
  'wallet/disconnected',
  'connectors/discovered',
  'connectors/removed',
  'balance/invalidated',
  'walletConnect/pairingCreated',
])

/** Reports about the shared WalletConnect link: their payload names no namespace, any plugin may send them. */
const NAMESPACE_FREE_TYPES: ReadonlySet<string> = new Set<PluginEventInput['type']>([
  'walletConnect/pairingCreated',
])

/**
 * Checks a plugin's report before it is appended: an allowed type, only its own namespace
 * (payload, network ids, addresses and connectors), and addresses that pass its own schema.
 * A WalletConnect pairing URI names no namespace and is accepted from any plugin.
 * Schema validation of the payload itself happens in the log.
 * @internal
 * @throws INVALID_EVENT
 */
export function checkPluginEvent(plugin: ChainPlugin, event: PluginEventInput): void {
  const { namespace } = plugin
  const fail = (details: string): never => {
    throw new KitError('INVALID_EVENT', { details, plugin: namespace })
  }
  if (!PLUGIN_EVENT_TYPES.has(event.type)) fail(`Plugins may not report "${String(event.type)}".`)
  if (NAMESPACE_FREE_TYPES.has(event.type)) return
  const payload = event.payload as {
    namespace?: unknown
    networkId?: unknown
    caipAddress?: unknown
    accounts?: readonly { caipAddress?: unknown }[]
    connectors?: readonly { namespace?: unknown }[]
  }
  if (payload?.namespace !== namespace)
    fail(`Plugin "${namespace}" reported for another namespace.`)
  if (typeof payload.networkId === 'string' && namespaceOf(payload.networkId) !== namespace) {
    fail(`Network ${payload.networkId} is outside "${namespace}".`)
  }
  const addresses = [
    payload.caipAddress,
    ...(payload.accounts ?? []).map((account) => account?.caipAddress),
  ].filter((value) => value !== undefined)
  for (const address of addresses) {
    const parsed = typeof address === 'string' ? parseCaipAddress(address) : undefined
    if (
      parsed?.namespace !== namespace ||
      !plugin.schemas.address.safeParse(parsed.address).success
    ) {
      fail(`Address ${String(address)} is not a valid "${namespace}" address.`)
    }
  }
  if (payload.connectors?.some((connector) => connector?.namespace !== namespace)) {
    fail(`Plugin "${namespace}" announced a connector of another namespace.`)
  }
}
