import { renderToString } from 'react-dom/server'
import { defineChain } from 'viem'
import { describe, expect, test } from 'vitest'
import { createKit } from '../../kernel/index.js'
import { eip155 } from '../../plugins/eip155/index.js'
import { createVirtualEnv } from '../../testing/index.js'
import { KitProvider } from '../KitProvider.js'
import { NetworkButton } from './NetworkButton.js'
import { NetworkIcon } from './NetworkIcon.js'

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

  test('behavior: without an icon of its own a network is a neutral tile until the shipped marks arrive, never an unsafe URL', () => {
    const html = renderToString(
      <NetworkIcon network={{ name: 'Toy', namespace: 'toychain', iconUrl: 'javascript:1' }} />,
    )
    expect(html).toMatch(/^<span [^>]*data-gangway="network-icon" aria-hidden="true"/)
    expect(html).not.toContain('javascript')
  })
})
