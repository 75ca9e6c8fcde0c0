/**
 * Sign in with the wallet in Chromium against the demo (`?siwx=required`): the §4 rules end to end
 * with the demo wallet signing EIP-4361 messages verified on anvil, a reload that keeps a valid
 * session and drops a forged one, and the Gangway server's session paths (`&siwxServer`).
 */
import type { Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, test } from 'vitest'
import { truncateAddress } from '../../src/kernel/index.js'
import { runAxe } from './support/axe.js'
import { connectButton, demoSession, dialog } from './support/demoSession.js'
import { screenshot } from './support/page.js'

const demo = inject('demo')
const visitor = privateKeyToAccount(demo.config.walletKeys[0]!).address
const WALLET = 'Demo Wallet (development key)'
const SESSIONS_KEY = 'gangway:v1:siwxSessions'

const demoPages = demoSession()

const fresh = (query: string) => demoPages.fresh(`${demo.url}${query}`)

const heading = (page: Page) => dialog(page).getByRole('heading', { level: 2 }).textContent()
const field = (page: Page, name: string) =>
  dialog(page).locator(`[data-gangway="siwx-${name}"]`).textContent()

/** What the page's kit holds about sign-in, and whether it settled (connected, stored ones checked). */
const siwxState = (page: Page) =>
  page.evaluate(() => {
    const state = (
      window as unknown as {
        gangwayKit: {
          getState(): {
            siwx?: { sessions: { signature: string }[]; unverified: unknown[] }
            namespaces: { entities: Record<string, { accountState: { status: string } }> }
          }
        }
      }
    ).gangwayKit.getState()
    return {
      sessions: state.siwx?.sessions.length ?? 0,
      settled:
        state.siwx !== undefined &&
        state.siwx.unverified.length === 0 &&
        state.namespaces.entities.eip155?.accountState.status === 'connected',
    }
  })

/** Connects the demo wallet; the sign view then opens. */
async function connectToSignView(page: Page) {
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: WALLET }).click()
  // The sign view's title comes with the sign-in feature's views, loaded on first use: on a busy
  // machine that outlasts the poll's default 5 s.
  await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Sign in')
}

async function signIn(page: Page) {
  await dialog(page).getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect.poll(() => dialog(page).count()).toBe(0)
  await expect.poll(async () => (await siwxState(page)).sessions).toBe(1)
}

describe('sign-in required', () => {
  test('default: connect opens the sign view in plain words; signing closes the modal', async () => {
    const { page, consoleErrors } = await fresh('?siwx=required')
    await connectToSignView(page)
    expect(await field(page, 'domain')).toBe(new URL(demo.url).host)
    expect(await field(page, 'account')).toBe(truncateAddress(visitor))
    expect(await field(page, 'network')).toBe('Anvil')
    expect(await field(page, 'statement')).toBe('Sign in to the Gangway demo.')
    expect(await dialog(page).locator('[data-gangway="siwx-domain-warning"]').count()).toBe(0)
    await screenshot(page, 'siwx-sign')
    const report = await runAxe(page)
    expect(report.violations.map((violation) => violation.id)).toEqual([])
    await signIn(page)
    expect(await connectButton(page).textContent()).toContain(truncateAddress(visitor))
    expect(consoleErrors).toEqual([])
  })

  test('behavior: Escape is refused while unsigned (the dialog shakes and stays); cancel disconnects', async () => {
    const { page } = await fresh('?siwx=required')
    await connectToSignView(page)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).getAttribute('data-shaking')).toBe('true')
    expect(await heading(page)).toBe('Sign in')
    await dialog(page).getByRole('button', { name: 'Cancel sign-in' }).click()
    await expect.poll(() => connectButton(page).textContent()).toBe('Connect Wallet')
    expect((await siwxState(page)).sessions).toBe(0)
  })

  test('behavior: a reload keeps a valid session and drops a forged one planted in storage', async () => {
    const { page } = await fresh('?siwx=required')
    await connectToSignView(page)
    await signIn(page)

    await page.reload({ waitUntil: 'load' })
    await expect.poll(async () => (await siwxState(page)).settled, { timeout: 10_000 }).toBe(true)
    // Settled: the reconnect and the stored session's verdict are in, and §4 asked nothing.
    expect((await siwxState(page)).sessions).toBe(1)
    expect(await dialog(page).count()).toBe(0)

    // Forged: the stored session with its signature altered (it recovers to no one it names).
    await page.evaluate(async (key) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '[]') as { signature: string }[]
      const flip = (hex: string) =>
        `${hex.slice(0, 10)}${hex[10] === '0' ? '1' : '0'}${hex.slice(11)}`
      localStorage.setItem(
        key,
        JSON.stringify(
          stored.map((session) => ({ ...session, signature: flip(session.signature) })),
        ),
      )
    }, SESSIONS_KEY)
    await page.reload({ waitUntil: 'load' })
    await expect.poll(async () => (await siwxState(page)).settled, { timeout: 10_000 }).toBe(true)
    expect((await siwxState(page)).sessions).toBe(0)
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Sign in')
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSIONS_KEY)).toBeNull()
  })
})

describe('sign-in optional', () => {
  test('behavior: the sign view closes with Escape, and warns when the message names another site', async () => {
    const { page } = await fresh('?siwx=optional&siwxDomain=other.example')
    await connectToSignView(page)
    expect(await field(page, 'domain')).toBe('other.example')
    expect(await dialog(page).locator('[data-gangway="siwx-domain-warning"]').textContent()).toBe(
      `This message is for other.example, not for ${new URL(demo.url).host}, the page you are on. Sign only if you trust it.`,
    )
    await screenshot(page, 'siwx-other-site')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await connectButton(page).textContent()).toContain(truncateAddress(visitor))
  })
})

describe('sessions on the Gangway server', () => {
  /** The page's own stored token for the visitor, if it holds one. */
  const tokenOf = async (page: Page) => {
    const stored = await page.evaluate(
      (key) => localStorage.getItem(key),
      `gangway:siwx-tokens:eip155:${visitor.toLowerCase()}`,
    )
    return Object.values(JSON.parse(stored ?? '{}') as Record<string, string>)[0]
  }
  /**
   * The signatures of the visitor's sessions the server hands to the page's own token (decision
   * 0502: nobody without one reads them); `undefined` when the page holds no token. Other browser
   * tests sign the same demo account in on this server, so each page looks for its own session.
   */
  const serverSessions = async (page: Page) => {
    const token = await tokenOf(page)
    if (!token) return undefined
    const response = await fetch(`${demo.config.serviceUrl}/v1/sessions/${visitor}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    return response.ok
      ? ((await response.json()) as { sessions: { signature: string }[] }).sessions.map(
          (session) => session.signature,
        )
      : `HTTP ${response.status}`
  }
  /** The signature of the session the page's kit holds. */
  const ownSession = (page: Page) =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            gangwayKit: { getState(): { siwx?: { sessions: { signature: string }[] } } }
          }
        ).gangwayKit.getState().siwx?.sessions[0]?.signature,
    )

  test('behavior: a browser that never signed in is asked, and reads nothing without a token; disconnect revokes only its own session', async () => {
    const first = await fresh('?siwx=required&siwxServer')
    await connectToSignView(first.page)
    await signIn(first.page)
    const firstSession = await ownSession(first.page)
    expect(firstSession).toMatch(/^0x[0-9a-f]+$/)
    expect(await serverSessions(first.page)).toContain(firstSession)
    const anonymous = await fetch(`${demo.config.serviceUrl}/v1/sessions/${visitor}`)
    expect(anonymous.status).toBe(401)

    // Another browser, nothing stored: it cannot show it is the visitor, so it is asked to sign.
    const second = await fresh('?siwx=required&siwxServer')
    await connectToSignView(second.page)
    await signIn(second.page)
    const secondSession = await ownSession(second.page)
    expect(secondSession).not.toBe(firstSession)
    expect(await serverSessions(second.page)).toEqual(
      expect.arrayContaining([firstSession, secondSession]),
    )

    // Signing out on the first browser revokes its session on the server, not the second's.
    await connectButton(first.page).click()
    await dialog(first.page).getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => serverSessions(second.page)).not.toContain(firstSession)
    expect(await serverSessions(second.page)).toContain(secondSession)
    expect(await serverSessions(first.page)).toBeUndefined()
  })
})
