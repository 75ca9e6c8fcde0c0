/**
 * Receive (§2, §9 `receive`) as a visitor sees it: the address in full with a QR code of it, the
 * network, a warning naming the network and the chain family; the Account view offers it in §9's
 * order, in the visitor's language.
 */
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { encode } from 'uqr'
import { expect, test } from 'vitest'
import { createTestKit } from '../../../../test/support/createTestKit.js'
import { toyAddress, toyChain } from '../../../../test/support/toyChain.js'
import type { Kit } from '../../../kernel/index.js'
import { createKit as createCoreKit } from '../../../kernel/index.js'
import { createVirtualEnv } from '../../../testing/index.js'
import { de } from '../../../ui/copy/locales/de.js'
import { KitProvider } from '../../../ui/index.js'
import { AccountView } from '../../../ui/views/AccountView.js'
import { receive } from '../feature.js'
import { ReceiveView } from './ReceiveView.js'

const render = (kit: Kit, view: ReactElement, locale = {}) =>
  renderToString(
    <KitProvider kit={kit} withoutModal {...locale}>
      {view}
    </KitProvider>,
  )

test('default: the address in full, a QR code of exactly it, the network, and a warning with the network and family', async () => {
  const { kit } = createTestKit()
  await kit.connect({ connectorId: 'toywallet' })
  await kit.switchNetwork('toychain:test')
  const html = render(kit, <ReceiveView />)
  const address = toyAddress(1)
  expect(html).toContain(`<code>${address}</code>`)
  // The QR modules drawn are those of the address, no other text.
  const qr = encode(address, { ecc: 'M', border: 2 })
  const dark = qr.data.flat().filter(Boolean).length
  const path = /<path d="([^"]+)"/.exec(html)?.[1] ?? ''
  expect(path.match(/M\d+ \d+h1v1h-1z/g)).toHaveLength(dark)
  expect(html).toContain('aria-label="QR code of your address"')
  expect(html).toContain('Network: Toy Testnet')
  expect(html).toContain(
    'Send only toychain assets on Toy Testnet to this address. Assets sent from another network or chain family can be lost.',
  )
})

test('behavior: without a connected account it says so and shows no address', () => {
  const { kit } = createTestKit()
  const html = render(kit, <ReceiveView />)
  expect(html).toContain('Connect a wallet to see where to receive.')
  expect(html).not.toContain('<svg')
})

test('behavior: the Account view offers Receive between Swap and Send (§9 order), in the visitor’s language', async () => {
  const { kit } = createTestKit()
  await kit.connect({ connectorId: 'toywallet' })
  const actions = (html: string) =>
    // Each action's id and its visible text (the label beside its icon).
    [...html.matchAll(/data-action="(\w+)"[^>]*>(.*?)<\/button>/g)].map((match) => [
      match[1],
      match[2]!.replace(/<[^>]*>/g, ''),
    ])
  expect(actions(render(kit, <AccountView />))).toEqual([
    ['receive', 'Receive'],
    ['send', 'Send'],
  ])
  expect(actions(render(kit, <AccountView />, { locale: de }))).toEqual([
    ['receive', 'Empfangen'],
    ['send', 'Senden'],
  ])
})

test('behavior: a kit built without it offers no Receive and knows no Receive view', async () => {
  const { kit } = createTestKit({ kit: { features: { receive: false } } })
  await kit.connect({ connectorId: 'toywallet' })
  expect(render(kit, <AccountView />)).not.toContain('data-action="receive"')
  expect(() => kit.navigate('Receive')).toThrow(expect.objectContaining({ code: 'INVALID_EVENT' }))
})

test('behavior: a kit listing the feature with the receive switch off offers no Receive button', async () => {
  const { plugin } = toyChain()
  const kit = createCoreKit({
    plugins: [plugin],
    features: [receive()],
    switches: { receive: false },
    env: createVirtualEnv(),
  })
  await kit.connect({ connectorId: 'toywallet' })
  expect(render(kit, <AccountView />)).not.toContain('data-action="receive"')
})
