import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { createTestKit } from '../../test/support/createTestKit.js'
import { selectConnectionStatus, selectView } from '../kernel/index.js'
import { createVirtualEnv, settle } from '../testing/index.js'
import { ConnectButton } from './components/ConnectButton.js'
import { KitProvider } from './KitProvider.js'
import { useKit } from './useKit.js'

function View() {
  return <p>{useKit(selectView)}</p>
}

test('behavior: renders on a server (no window) from kit state', () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
  const { kit } = createTestKit()
  kit.open('Networks')
  expect(
    renderToString(
      <KitProvider kit={kit}>
        <View />
      </KitProvider>,
    ),
  ).toBe('<p>Networks</p>')
})

test('behavior: with ssr, the server render (and so the hydrating one) shows the first state, whatever the kit restored since', async () => {
  const first = createTestKit()
  await first.kit.connect({ connectorId: 'toywallet' })
  first.kit.destroy()
  const { kit } = createTestKit({
    authorized: ['toywallet'],
    env: createVirtualEnv({ storage: first.env.storage.dump() }),
    kit: { ssr: true },
  })
  kit.restore()
  await settle()
  expect(selectConnectionStatus(kit.getState())).toBe('connected')
  const html = renderToString(
    <KitProvider kit={kit}>
      <ConnectButton />
    </KitProvider>,
  )
  expect(html).toContain('><span>Connect Wallet</span></button>')
})
