import { expect, test } from 'vitest'
import { toyChain, toyErrors } from '../../../test/support/toyChain.js'
import { catalogueText, createKit, definePlugin, errorEntryOf } from '../../kernel/index.js'
import { createVirtualEnv } from '../../testing/index.js'
import { createPluginErrors } from './createPluginErrors.js'

test('behavior: a code the plugin declares reaches the caller and the state with its own texts and docs link', async () => {
  const { plugin } = toyChain({ features: { connectError: 'locked' } })
  const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
  const failure = await kit.connect({ connectorId: 'toywallet' }).catch((error: unknown) => error)
  expect(failure).toMatchObject({
    code: 'TOY_WALLET_LOCKED',
    userMessage: 'Unlock your wallet to continue',
    shortMessage: 'The toy wallet is locked (2 attempts left).',
    docsPath: '/docs/errors.md#toy_wallet_locked',
    plugin: 'toychain',
  })
  // What the connecting view shows comes from the recorded error, not from a catalogue lookup.
  expect(kit.getState().operations.lastFailure?.error).toMatchObject({
    code: 'TOY_WALLET_LOCKED',
    userMessage: 'Unlock your wallet to continue',
    shortMessage: 'The toy wallet is locked (2 attempts left).',
  })
  kit.destroy()
})

test('behavior: declared codes are registered nowhere global: another kit on the page does not know them', async () => {
  const { plugin } = toyChain({ features: { connectError: 'locked' } })
  const kit = createKit({ plugins: [plugin], env: createVirtualEnv() })
  await kit.connect({ connectorId: 'toywallet' }).catch(() => undefined)
  expect(errorEntryOf('TOY_WALLET_LOCKED')).toBeUndefined()
  expect(catalogueText('TOY_WALLET_LOCKED')).toBe('TOY_WALLET_LOCKED')
  kit.destroy()
})

test('behavior: two plugins of a kit may declare one code alike, never differently', () => {
  const first = toyChain({ namespace: 'toychain' }).plugin
  const alike = toyChain({ namespace: 'toyb' }).plugin
  const kit = createKit({ plugins: [first, alike], env: createVirtualEnv() })
  kit.destroy()
  const differently = definePlugin({
    ...toyChain({ namespace: 'toyc' }).plugin,
    errors: { TOY_WALLET_LOCKED: { surface: 'snack', userMessage: 'Locked' } },
  })
  expect(() => createKit({ plugins: [first, differently], env: createVirtualEnv() })).toThrow(
    expect.objectContaining({ code: 'VALIDATION_FAILED', plugin: 'toyc' }),
  )
})

test('behavior: createKit refuses a plugin declaring a core code or a malformed one', () => {
  for (const code of ['USER_REJECTED', 'toy-locked']) {
    const plugin = definePlugin({
      ...toyChain().plugin,
      errors: { [code]: { surface: 'thrown', userMessage: 'No' } },
    })
    expect(() => createKit({ plugins: [plugin], env: createVirtualEnv() }), code).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', plugin: 'toychain' }),
    )
  }
})

test('behavior: createPluginErrors refuses a core code or a malformed one, and freezes what it declares', () => {
  expect(() =>
    createPluginErrors({ USER_REJECTED: { surface: 'thrown', userMessage: 'No' } }),
  ).toThrow(/USER_REJECTED/)
  expect(() =>
    createPluginErrors({ 'lower case': { surface: 'thrown', userMessage: 'No' } }),
  ).toThrow(/lower case/)
  expect(Object.isFrozen(toyErrors.entries)).toBe(true)
})
