/**
 * The conformance checks `@gangway/kit/testing/conformance` exports, run against plugins and features
 * written only with the public API: the toy ones pass, and broken ones fail with a reason.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { defineFeature } from '../../../src/kernel/index.js'
import {
  addressSchemaConformance,
  chainPluginConformance,
  featureConformance,
} from '../../../src/testing/conformance.js'
import { toyChain } from '../../support/toyChain.js'
import { notes } from '../../support/toyFeature/index.js'

/** `ty` and 38 lowercase hex digits: the toychain's addresses. */
const toyAddresses = fc
  .uint8Array({ minLength: 19, maxLength: 19 })
  .map((bytes) => `ty${Buffer.from(bytes).toString('hex')}`)
const toyOptions = {
  validAddresses: toyAddresses,
  alphabet: 'ty0123456789abcdef',
  length: { min: 40, max: 40 },
}

async function failures(checks: readonly { name: string; run(): void | Promise<void> }[]) {
  const failed: string[] = []
  for (const check of checks) {
    try {
      await check.run()
    } catch {
      failed.push(check.name)
    }
  }
  return failed
}

describe('chainPluginConformance', () => {
  test('default: the toychain plugin, written against the public interface, passes every check', async () => {
    const { plugin } = toyChain()
    expect(await failures(chainPluginConformance(plugin, toyOptions))).toEqual([])
  })

  test('behavior: a schema that takes any string fails the alphabet, length and whitespace checks', async () => {
    const failed = await failures(addressSchemaConformance('loose', z.string(), toyOptions))
    expect(failed).toEqual([
      "loose: the address schema refuses a character outside the family's alphabet",
      'loose: the address schema refuses anything shorter than 40 or longer than 40 characters',
      'loose: the address schema refuses surrounding or inner whitespace',
    ])
  })

  test('behavior: a plugin whose default network is not one of its networks fails its registration check', async () => {
    const { plugin } = toyChain()
    const broken = { ...plugin, defaultNetworkId: 'toychain:elsewhere' as const }
    const checks = chainPluginConformance(broken, toyOptions)
    const registration = checks.find((check) => check.name.includes('registration data'))!
    expect(() => registration.run()).toThrow(/toychain:elsewhere is not one of the networks/)
  })
})

describe('featureConformance', () => {
  test('default: the notes feature, written against the public interface, passes every check', async () => {
    const { plugin } = toyChain()
    expect(await failures(featureConformance(notes(), { plugins: [plugin] }))).toEqual([])
  })

  test('behavior: an event outside the feature’s prefix and a lower-case error code are named', async () => {
    const sloppy = defineFeature({
      name: 'sloppy',
      load: async () => ({
        events: { 'other/happened': z.object({}) },
        errors: { notShouting: { surface: 'snack', userMessage: 'Oops' } },
      }),
    })
    const check = featureConformance(sloppy).find((entry) => entry.name.includes('load()'))!
    await expect(check.run()).rejects.toThrow(/event 'other\/happened' is not under 'sloppy\/'/)
  })
})
