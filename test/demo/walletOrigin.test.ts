/**
 * `npm run demo` offers email and social login: its wallet origin lets the demo page (on
 * 127.0.0.1 and on localhost) frame the wallet, and mails the login code to whoever prints it
 * (the terminal).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DemoConfig } from '../../demo/serve.js'
import {
  DEMO_WALLET_PROJECT,
  type DemoWalletOrigin,
  startDemoWalletOrigin,
} from '../../demo/walletOrigin.js'
import { type CapturedMail, frameClient } from '../server/support/embedded.js'

const PAGE = 'http://127.0.0.1:5173/'
// The wallet origin only names the nodes (its frame's safe calls go there); none is called here.
const config = {
  chains: [{ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' }],
  solana: {
    rpcUrl: 'http://127.0.0.1:8899',
    genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG',
  },
} as unknown as DemoConfig

describe('the demo wallet origin', () => {
  let walletOrigin: DemoWalletOrigin
  const mails: CapturedMail[] = []
  let mailed: () => void = () => {}
  beforeAll(async () => {
    walletOrigin = await startDemoWalletOrigin({ url: PAGE, config }, (mail) => {
      mails.push(mail)
      mailed()
    })
  })
  afterAll(async () => {
    await walletOrigin?.stop()
  })
  /** The listener (Node resolves no `*.localhost` name; a browser does, to loopback). */
  const listener = () => walletOrigin.origin.replace('wallet.localhost', '127.0.0.1')

  test('behavior: the printed page URL configures the embedded wallet on wallet.localhost', () => {
    expect(walletOrigin.origin).toMatch(/^http:\/\/wallet\.localhost:\d+$/)
    const url = new URL(walletOrigin.pageUrl)
    expect(url.origin + url.pathname).toBe(PAGE)
    expect(url.searchParams.get('wallet')).toBe(walletOrigin.origin)
    expect(url.searchParams.get('walletProject')).toBe(DEMO_WALLET_PROJECT)
  })

  test('behavior: the demo page may frame the wallet, on 127.0.0.1 and on localhost', async () => {
    const response = await fetch(
      `${listener()}/embedded/frame?projectId=${DEMO_WALLET_PROJECT}&site=${encodeURIComponent('http://127.0.0.1:5173')}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain(
      'frame-ancestors http://127.0.0.1:5173 http://localhost:5173',
    )
  })

  test('behavior: an email login mails its code to the terminal', async () => {
    const client = frameClient(listener(), {
      origin: walletOrigin.origin,
      site: 'http://127.0.0.1:5173',
      projectId: DEMO_WALLET_PROJECT,
    })
    const arrived = new Promise<void>((resolve) => {
      mailed = resolve
    })
    const answer = await client.call('POST', '/embedded/api/email/connect', {
      email: 'newcomer@mail.test',
    })
    expect(answer.body).toEqual({ action: 'VERIFY_OTP' })
    await arrived
    expect(mails.at(-1)?.to).toBe('newcomer@mail.test')
    expect(mails.at(-1)?.text).toMatch(/code is \d{6}/)
  })
})
