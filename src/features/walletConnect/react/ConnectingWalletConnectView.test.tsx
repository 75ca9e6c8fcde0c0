import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { createTestKit } from '../../../../test/support/createTestKit.js'
import { KitProvider } from '../../../ui/index.js'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView.js'

test('behavior: the pairing URI shows as a QR code with a copy-link button; before it, a progress indicator', async () => {
  const { kit, env, wallet } = createTestKit({
    connectors: [
      { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL', namespace: 'toychain' },
    ],
  })
  const render = () =>
    renderToString(
      <KitProvider kit={kit} withoutModal>
        <ConnectingWalletConnectView />
      </KitProvider>,
    )
  expect(render()).toContain('role="progressbar"')
  await kit.loadFeature('walletConnect')
  wallet.report({
    type: 'walletConnect/pairingCreated',
    payload: { uri: 'wc:abc@2?relay-protocol=irn&symKey=00', expiresAt: env.now() + 240_000 },
  })
  const html = render()
  expect(html).toContain('aria-label="WalletConnect QR code"')
  expect(html).toMatch(/<path d="(M\d+ \d+h1v1h-1z)+"/)
  expect(html).toContain('Copy link')
  // A different URI draws a different code.
  wallet.report({
    type: 'walletConnect/pairingCreated',
    payload: { uri: 'wc:xyz@2?relay-protocol=irn&symKey=11', expiresAt: env.now() + 240_000 },
  })
  expect(render()).not.toBe(html)
})
