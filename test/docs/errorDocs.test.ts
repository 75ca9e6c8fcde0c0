import { expect, test } from 'vitest'
import { renderErrorDocs } from '../../scripts/generateErrorDocs.js'
import { definePlugin } from '../../src/kernel/index.js'
import { toyChain } from '../support/toyChain.js'

test('behavior: a plugin’s declared codes are documented beside the catalogue, at the anchor their errors link to', () => {
  const docs = renderErrorDocs([toyChain().plugin])
  const row = docs.split('\n').find((line) => line.startsWith('| [`TOY_WALLET_LOCKED`]'))
  expect(row?.split('|').map((cell) => cell.trim())).toEqual([
    '',
    '[`TOY_WALLET_LOCKED`](#toy_wallet_locked)',
    'Thrown error',
    'Unlock your wallet to continue',
    'The toy wallet is locked ({attempts} attempts left).',
    '',
  ])
  const section = docs.slice(docs.indexOf('### toy_wallet_locked'))
  expect(section.slice(0, section.indexOf('\n## '))).toBe(
    [
      '### toy_wallet_locked',
      '',
      'Code: `TOY_WALLET_LOCKED`',
      '',
      '- Shown as: Thrown error (`thrown`)',
      '- Declared by the `toychain` chain plugin (`ChainPlugin.errors`)',
      '- User message: Unlock your wallet to continue',
      '- Developer message: The toy wallet is locked ({attempts} attempts left).',
      '- Placeholders: `{attempts}`, filled from the `params` given to `KitError`',
      '- Docs path: `/docs/errors.md#toy_wallet_locked`',
      '',
    ].join('\n'),
  )
  // Registered twice alike (two toy namespaces), documented once.
  const twice = renderErrorDocs([toyChain().plugin, toyChain({ namespace: 'toyb' }).plugin])
  expect(twice.split('### toy_wallet_locked').length).toBe(2)
})

test('behavior: a plugin that redefines a catalogue code fails the docs build', () => {
  const redefining = definePlugin({
    ...toyChain().plugin,
    errors: { SEND_FAILED: { surface: 'snack', userMessage: 'Toy send failed' } },
  })
  expect(() => renderErrorDocs([redefining])).toThrow(/SEND_FAILED/)
})
