import type { ChainAdapter } from './types.js'

/**
 * The methods a feature declared under `name` (see {@link ChainAdapter.capabilities}), when the
 * adapter offers every one of them; `undefined` otherwise, so the feature can refuse with
 * `CAPABILITY_UNSUPPORTED` instead of calling half an implementation.
 * @example
 * interface SwapAdapter { decodeSwapCall(data: string): Promise<unknown> }
 * const swapAdapter = adapterCapability<SwapAdapter>(adapter, 'swap', ['decodeSwapCall'])
 * @param adapter - the namespace's adapter, if the kit has one.
 * @param name - the capability's name, as the feature declares it.
 * @param methods - the methods the feature calls.
 * @returns the plugin's implementation, or `undefined`.
 */
export function adapterCapability<TCapability extends object>(
  adapter: ChainAdapter | undefined,
  name: string,
  methods: readonly (keyof TCapability & string)[],
): TCapability | undefined {
  const implementation = adapter?.capabilities?.[name] as Record<string, unknown> | undefined
  if (!implementation) return undefined
  return methods.every((method) => typeof implementation[method] === 'function')
    ? (implementation as TCapability)
    : undefined
}
