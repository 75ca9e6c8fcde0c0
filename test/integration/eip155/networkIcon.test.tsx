/**
 * An eip155 network definition's icon, from viem's `defineChain` to the network button: the part of
 * the chain-icon tests that needs a chain library, so src/ui's own tests stay free of one.
 */
import { renderToString } from 'react-dom/server'
import { defineChain } from 'viem'
import { describe, expect, test } from 'vitest'
import { createKit } from '../../../src/kernel/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { NetworkButton } from '../../../src/ui/components/NetworkButton.js'
import { KitProvider } from '../../../src/ui/KitProvider.js'

const chain = (iconUrl?: string) =>
  defineChain({
    id: 8453,
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
    ...(iconUrl === undefined ? {} : { iconUrl }),
  })

describe('chain icons', () => {
  test('behavior: a network definition carries its icon to the network button', () => {
    const icon = 'https://icons.example/base.svg'
    const kit = createKit({ plugins: [eip155({ chains: [chain(icon)] })], env: createVirtualEnv() })
    const html = renderToString(
      <KitProvider kit={kit} withoutModal>
        <NetworkButton />
      </KitProvider>,
    )
    expect(html).toMatch(
      /data-gangway="network-button"[^>]*><img [^>]*data-gangway="network-icon" src="https:\/\/icons\.example\/base\.svg"/,
    )
    kit.destroy()
  })

  test('behavior: a network definition whose icon is no image URL is refused when the kit is made', () => {
    expect(() =>
      createKit({
        plugins: [eip155({ chains: [chain('javascript:alert(1)')] })],
        env: createVirtualEnv(),
      }),
    ).toThrow(/iconUrl/)
  })
})
