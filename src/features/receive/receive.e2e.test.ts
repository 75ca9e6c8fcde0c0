/**
 * Receive in Chromium, as a visitor uses it: from the Account view to the full address, its QR
 * code, a copy the browser really made, the network and the warning; axe on the view.
 */
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { runAxe } from '../../../test/e2e/support/axe.js'
import {
  connectButton,
  connectDemoWallet,
  demoSession,
  dialog,
} from '../../../test/e2e/support/demoSession.js'

const demo = inject('demo')
const [main] = demo.config.chains
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address
const session = demoSession()

describe('Receive', () => {
  test('behavior: the Account view’s Receive shows the full address, its QR code, the network and the warning; Copy puts exactly the address on the clipboard', async () => {
    const { page, context } = await session.fresh(demo.url)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(demo.url).origin,
    })
    await connectDemoWallet(page, visitor)
    await connectButton(page).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).waitFor()
    const actions = await dialog(page)
      .locator('[data-action]')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-action')))
    // §9's wallet-feature order: swaps, receive, send (no on-ramp yet).
    expect(actions.filter((action) => action !== 'swaps')).toEqual(['receive', 'send'])
    await dialog(page).getByRole('button', { name: 'Receive', exact: true }).click()
    await expect
      .poll(() => dialog(page).getByRole('heading', { level: 2 }).textContent())
      .toBe('Receive')
    const receive = dialog(page).locator('[data-gangway="receive"]')
    expect(await receive.locator('[data-gangway="receive-address"]').textContent()).toBe(visitor)
    expect(await receive.getByRole('img', { name: 'QR code of your address' }).count()).toBe(1)
    expect(await receive.locator('[data-gangway="receive-network"]').textContent()).toBe(
      `Network: ${main!.name}`,
    )
    expect(await receive.locator('[data-gangway="receive-warning"]').textContent()).toBe(
      `Send only EVM assets on ${main!.name} to this address. Assets sent from another network or chain family can be lost.`,
    )
    const { violations } = await runAxe(page)
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
    await receive.getByRole('button', { name: 'Copy address' }).click()
    await receive.getByRole('button', { name: 'Address copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(visitor)
  })
})
