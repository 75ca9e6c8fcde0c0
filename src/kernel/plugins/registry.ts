import type { Namespace } from '../caip.js'
import { namespaceSchema, networkDescriptorSchema } from '../domain.js'
import { ERROR_CODE_PATTERN, ERROR_CODES } from '../errors/codes.js'
import { KitError } from '../errors/KitError.js'
import { parseOrThrow } from '../events/validate.js'
import type { ChainPlugin, PluginInput } from './types.js'

/** The registered plugins by namespace, in registration order. */
export interface PluginSet {
  readonly list: readonly ChainPlugin[]
  get(namespace: Namespace): ChainPlugin | undefined
}

function flatten(input: readonly PluginInput[], into: ChainPlugin[]): ChainPlugin[] {
  for (const entry of input) {
    if (!entry) continue
    if (Array.isArray(entry)) flatten(entry, into)
    else into.push(entry as ChainPlugin)
  }
  return into
}

/** Checks what a plugin declares, so a wrong plugin fails at `createKit`, not mid-session. */
function checkPlugin(plugin: ChainPlugin): void {
  const fail = (details: string) => {
    throw new KitError('VALIDATION_FAILED', { details, plugin: plugin.namespace })
  }
  if (!namespaceSchema.safeParse(plugin.namespace).success)
    fail(`Bad namespace "${plugin.namespace}".`)
  if (plugin.networks.length === 0) fail('A plugin needs at least one network.')
  for (const network of plugin.networks) {
    parseOrThrow(networkDescriptorSchema, network)
    if (network.namespace !== plugin.namespace || !network.id.startsWith(`${plugin.namespace}:`)) {
      fail(`Network ${network.id} is not in namespace ${plugin.namespace}.`)
    }
  }
  const ids = plugin.networks.map((network) => network.id)
  if (new Set(ids).size !== ids.length) fail('Network ids must be unique.')
  if (plugin.defaultNetworkId && !ids.includes(plugin.defaultNetworkId)) {
    fail(`Default network ${plugin.defaultNetworkId} is not among the plugin's networks.`)
  }
  if (!plugin.accountTypes.supported.includes(plugin.accountTypes.default)) {
    fail('The default account type must be supported.')
  }
  for (const code of Object.keys(plugin.errors ?? {})) {
    if (!ERROR_CODE_PATTERN.test(code) || Object.hasOwn(ERROR_CODES, code))
      fail(`Error code ${code} is malformed or a core code.`)
  }
}

/**
 * Builds the plugin set: falsy entries are ignored and nested arrays flattened (vite); a second
 * plugin for a namespace throws.
 * @internal
 * @throws PLUGIN_ALREADY_REGISTERED, VALIDATION_FAILED
 */
export function createPluginSet(input: readonly PluginInput[]): PluginSet {
  const list = flatten(input, [])
  const byNamespace = new Map<Namespace, ChainPlugin>()
  // This kit's plugin error codes: a code means one thing per kit, whichever plugin raises it.
  const declared = new Map<string, { readonly namespace: Namespace; readonly entry: string }>()
  for (const plugin of list) {
    if (byNamespace.has(plugin.namespace)) {
      throw new KitError('PLUGIN_ALREADY_REGISTERED', {
        details: `Two plugins for namespace "${plugin.namespace}".`,
        plugin: plugin.namespace,
      })
    }
    checkPlugin(plugin)
    for (const [code, entry] of Object.entries(plugin.errors ?? {})) {
      const text = JSON.stringify(entry)
      const other = declared.get(code)
      if (other && other.entry !== text) {
        throw new KitError('VALIDATION_FAILED', {
          details: `Error code ${code} means something else to plugin "${other.namespace}".`,
          plugin: plugin.namespace,
        })
      }
      declared.set(code, { namespace: plugin.namespace, entry: text })
    }
    byNamespace.set(plugin.namespace, plugin)
  }
  return { list, get: (namespace) => byNamespace.get(namespace) }
}
