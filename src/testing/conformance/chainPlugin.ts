/**
 * The checks every chain plugin must pass, Gangway's own and a site's: its address schema against
 * real addresses and their near misses (property-based, with fast-check), its registration data,
 * and what a kit makes of it. Framework-agnostic: each check is a name and a function that throws
 * on failure, for any test runner.
 * @module
 */
import fc from 'fast-check'
import {
  type ChainPlugin,
  caipNetworkIdSchema,
  connectorSchema,
  createKit,
  namespaceSchema,
} from '../../kernel/index.js'
import { createVirtualEnv } from '../createVirtualEnv.js'

/** One conformance check: run it in a test; it throws (or rejects) on failure. */
export interface ConformanceCheck {
  /** What it proves, as a test title. */
  readonly name: string
  /** Runs the check. @throws Error naming what failed and a counterexample */
  run(): void | Promise<void>
}

/** What {@link chainPluginConformance} needs to know about the family. */
export interface ChainPluginConformanceOptions {
  /**
   * Real addresses of the family, made by its own library from generated keys (never a fixed
   * list): every one must be accepted.
   */
  readonly validAddresses: fc.Arbitrary<string>
  /**
   * Every character a valid address may contain (prefix and separators included, e.g. `0x` and the
   * hex digits). A valid address with any character outside it must be refused.
   */
  readonly alphabet: string
  /** The shortest and longest valid address, in characters; outside that span nothing passes. */
  readonly length: { readonly min: number; readonly max: number }
  /**
   * Near misses the family's own rules refuse (a changed checksum character, a wrong version
   * byte, ...). Each must be refused.
   */
  readonly invalidAddresses?: fc.Arbitrary<string>
  /** Runs per property (default 100). */
  readonly numRuns?: number
}

function fail(message: string): never {
  throw new Error(message)
}

function expectThat(condition: boolean, message: string): void {
  if (!condition) fail(message)
}

/**
 * The address schema checks alone, for a namespace whose plugin is not written yet (its schema is).
 * {@link chainPluginConformance} includes them.
 * @example
 * import { addressSchemaConformance } from '@gangway/kit/testing/conformance'
 * for (const check of addressSchemaConformance('polkadot', polkadotAddressSchema, options)) test(check.name, check.run)
 * @param namespace - the namespace, for the check names.
 * @param schema - the zod schema of a bare address.
 * @param options - real addresses, the alphabet, the length span and near misses.
 * @returns the checks.
 */
export function addressSchemaConformance(
  namespace: string,
  schema: ChainPlugin['schemas']['address'],
  options: ChainPluginConformanceOptions,
): ConformanceCheck[] {
  const numRuns = options.numRuns ?? 100
  const accepts = (value: unknown) => schema.safeParse(value).success
  const alphabet = new Set(options.alphabet)
  const outsideAlphabet = fc
    .string({ minLength: 1, maxLength: 1, unit: 'grapheme' })
    .filter((character) => !alphabet.has(character))
  const alphabetCharacter = fc.constantFrom(...options.alphabet)

  return [
    {
      name: `${namespace}: the address schema accepts real addresses`,
      run: () =>
        fc.assert(
          fc.property(options.validAddresses, (address) =>
            expectThat(accepts(address), `a real address was refused: ${address}`),
          ),
          { numRuns },
        ),
    },
    {
      name: `${namespace}: the address schema refuses a character outside the family's alphabet`,
      run: () =>
        fc.assert(
          fc.property(
            options.validAddresses,
            fc.nat(),
            outsideAlphabet,
            (address, at, character) => {
              const index = at % address.length
              const mutated = address.slice(0, index) + character + address.slice(index + 1)
              expectThat(!accepts(mutated), `accepted with '${character}' at ${index}: ${mutated}`)
            },
          ),
          { numRuns },
        ),
    },
    {
      name: `${namespace}: the address schema refuses anything shorter than ${options.length.min} or longer than ${options.length.max} characters`,
      run: () =>
        fc.assert(
          fc.property(
            options.validAddresses,
            fc.oneof(
              fc.integer({ min: 0, max: Math.max(0, options.length.min - 1) }),
              fc.integer({ min: options.length.max + 1, max: options.length.max * 2 }),
            ),
            fc.array(alphabetCharacter, {
              minLength: options.length.max * 2,
              maxLength: options.length.max * 2,
            }),
            (address, length, padding) => {
              fc.pre(length < options.length.min || length > options.length.max)
              const mutated = (address + padding.join('')).slice(0, length)
              expectThat(!accepts(mutated), `accepted at ${mutated.length} characters: ${mutated}`)
            },
          ),
          { numRuns },
        ),
    },
    {
      name: `${namespace}: the address schema refuses surrounding or inner whitespace`,
      run: () =>
        fc.assert(
          fc.property(
            options.validAddresses,
            fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u200b'),
            fc.nat(),
            (address, space, at) => {
              const index = at % (address.length + 1)
              const mutated = address.slice(0, index) + space + address.slice(index)
              expectThat(!accepts(mutated), `accepted with whitespace: ${JSON.stringify(mutated)}`)
            },
          ),
          { numRuns },
        ),
    },
    ...(options.invalidAddresses
      ? [
          {
            name: `${namespace}: the address schema refuses the family's near misses`,
            run: () =>
              fc.assert(
                fc.property(options.invalidAddresses!, (address) =>
                  expectThat(!accepts(address), `a near miss was accepted: ${address}`),
                ),
                { numRuns },
              ),
          },
        ]
      : []),
    {
      name: `${namespace}: the address schema never throws, and refuses every non-string`,
      run: () =>
        fc.assert(
          fc.property(fc.anything(), (value) => {
            let result: { success: boolean }
            try {
              result = schema.safeParse(value)
            } catch (error) {
              fail(`safeParse threw for ${fc.stringify(value)}: ${String(error)}`)
            }
            if (typeof value !== 'string') {
              expectThat(!result.success, `a non-string was accepted: ${fc.stringify(value)}`)
            }
          }),
          { numRuns },
        ),
    },
  ]
}

/**
 * The checks for one plugin: {@link addressSchemaConformance}, its registration data, and what a
 * kit makes of it. Run them all in your plugin's test file:
 * @example
 * import { chainPluginConformance } from '@gangway/kit/testing/conformance'
 * for (const check of chainPluginConformance(myChain(), { validAddresses, alphabet, length })) {
 *   test(check.name, check.run)
 * }
 * @param plugin - the plugin, as a site registers it.
 * @param options - how the family's addresses look, and real ones to test with.
 * @returns the checks, each to be run as a test.
 * @see /docs/plugins.md#conformance
 */
export function chainPluginConformance(
  plugin: ChainPlugin,
  options: ChainPluginConformanceOptions,
): readonly ConformanceCheck[] {
  const numRuns = options.numRuns ?? 100
  const { namespace } = plugin
  return [
    ...addressSchemaConformance(namespace, plugin.schemas.address, options),
    {
      name: `${namespace}: the plugin's registration data is consistent`,
      run: () => {
        expectThat(
          namespaceSchema.safeParse(namespace).success,
          `'${namespace}' is not a CAIP-2 namespace (3 to 8 of a-z, 0-9, -)`,
        )
        expectThat(plugin.networks.length > 0, 'the plugin has no network')
        const ids = plugin.networks.map((network) => network.id)
        expectThat(new Set(ids).size === ids.length, `a network id repeats: ${ids.join(', ')}`)
        for (const network of plugin.networks) {
          expectThat(
            caipNetworkIdSchema.safeParse(network.id).success &&
              network.id.startsWith(`${namespace}:`),
            `network '${network.id}' is not a CAIP-2 id in ${namespace}`,
          )
          const { decimals } = network.nativeCurrency
          expectThat(
            Number.isInteger(decimals) && decimals >= 0 && decimals <= 36,
            `network '${network.id}' has native decimals ${decimals}`,
          )
        }
        if (plugin.defaultNetworkId) {
          expectThat(
            ids.includes(plugin.defaultNetworkId),
            `the default network ${plugin.defaultNetworkId} is not one of the networks`,
          )
        }
        expectThat(
          plugin.accountTypes.supported.includes(plugin.accountTypes.default),
          `the default account type '${plugin.accountTypes.default}' is not supported`,
        )
        for (const id of plugin.smartAccountNetworkIds ?? []) {
          expectThat(ids.includes(id), `smart-account network ${id} is not one of the networks`)
        }
        expectThat(
          typeof plugin.nativeTokenAddress === 'string' && plugin.nativeTokenAddress.length > 0,
          'the native token address is empty',
        )
      },
    },
    {
      name: `${namespace}: a kit registers the plugin, lists only well-formed connectors and validates addresses by its schema`,
      run: () => {
        const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
        try {
          const entry = kit.getState().namespaces.entities[namespace]
          if (!entry) fail(`the kit did not register ${namespace}`)
          expectThat(
            entry.caipNetworks.map((network) => network.id).join() ===
              plugin.networks.map((network) => network.id).join(),
            'the kit holds other networks than the plugin declares',
          )
          for (const id of kit.getState().connectors.ids) {
            const connector = kit.getState().connectors.entities[id]
            expectThat(connectorSchema.safeParse(connector).success, `connector ${id} is malformed`)
          }
          fc.assert(
            fc.property(options.validAddresses, (address) =>
              expectThat(
                kit.isValidAddress(namespace, address),
                `the kit refused a real address: ${address}`,
              ),
            ),
            { numRuns },
          )
        } finally {
          kit.destroy()
        }
      },
    },
  ]
}
