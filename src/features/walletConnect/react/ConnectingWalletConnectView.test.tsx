import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { createTestKit } from '../../../../test/support/createTestKit.js'
import { BUILT_IN_WALLETS } from '../../../kernel/index.js'
import { settle } from '../../../testing/index.js'
import { KitProvider } from '../../../ui/index.js'
import { LINK_COPIED_FEEDBACK_MS } from '../effects.js'
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

const METAMASK = BUILT_IN_WALLETS.find((wallet) => wallet.name === 'MetaMask')!

/** A test kit waiting on a WalletConnect pairing the visitor opened by picking MetaMask. */
async function pickedMetaMask(device: 'mobile' | 'desktop') {
  const { kit, env, wallet } = createTestKit({
    connectors: [
      { id: 'walletConnect', name: 'WalletConnect', type: 'EXTERNAL', namespace: 'toychain' },
    ],
    kit: { environment: { device } },
  })
  await kit.loadFeature('walletConnect')
  kit.open()
  void kit
    .connect({ namespace: 'toychain', connectorId: 'walletConnect', walletId: METAMASK.id })
    .catch(() => undefined)
  await settle()
  const pair = (uri: string) =>
    wallet.report({
      type: 'walletConnect/pairingCreated',
      payload: { uri, expiresAt: env.now() + 240_000 },
    })
  pair('wc:first@2?relay-protocol=irn&symKey=01')
  const render = () =>
    renderToString(
      <KitProvider kit={kit} withoutModal>
        <ConnectingWalletConnectView />
      </KitProvider>,
    )
  return { kit, env, pair, render }
}

test('behavior: "Link copied" lasts a moment on the kit scheduler, and never outlives the link it copied', async () => {
  const { kit, env, pair, render } = await pickedMetaMask('desktop')
  const uri = kit.getState().walletConnect!.pairing!.uri
  kit.features.walletConnect.linkCopied(uri)
  expect(render()).toContain('Link copied')
  env.advance(LINK_COPIED_FEEDBACK_MS - 1)
  expect(render()).toContain('Link copied')
  env.advance(1)
  expect(render()).toContain('Copy link')
  expect(render()).not.toContain('Link copied')
  // Copied, then the pairing refreshes: the clipboard holds the old link, so nothing says copied.
  kit.features.walletConnect.linkCopied(uri)
  expect(render()).toContain('Link copied')
  pair('wc:second@2?relay-protocol=irn&symKey=02')
  expect(render()).not.toContain('Link copied')
  // A copy of a link no longer shown (a click racing the refresh) is not "copied" either.
  kit.features.walletConnect.linkCopied(uri)
  expect(render()).not.toContain('Link copied')
})

test('behavior: a wallet picked on a desktop is named, with a link to get it next to the QR code', async () => {
  const { render } = await pickedMetaMask('desktop')
  const html = render()
  expect(html).toContain('Continue in MetaMask')
  expect(html).toMatch(/<a [^>]*href="https:\/\/metamask\.io\/"[^>]*>Get MetaMask<\/a>/)
  expect(html).toContain('aria-label="WalletConnect QR code"')
  // MetaMask has no desktop deep link: nothing to open on this computer.
  expect(html).not.toContain('Open MetaMask')
})

test('behavior: on a phone a wallet with a deep link opens it, with no QR code for the phone to scan itself', async () => {
  const { render } = await pickedMetaMask('mobile')
  const html = render()
  expect(html).toMatch(
    /<a [^>]*href="metamask:\/\/wc\?uri=wc%3Afirst[^"]*"[^>]*>Open MetaMask<\/a>/,
  )
  expect(html).not.toContain('aria-label="WalletConnect QR code"')
  expect(html).not.toContain('Scan with your phone')
  expect(html).toContain('Copy link')
})
