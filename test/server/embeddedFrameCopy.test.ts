/**
 * The wallet origin's own pages (the frame's dialogs, the popup, the recovery page) speak every
 * language the kit ships, completely (decision 0717), and pick the visitor's.
 */
import { readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { loadFrameAssets } from '../../server/embedded/assets.js'
import { prepareApproval } from '../../server/embedded/frame/approvalSummary.js'
import { FRAME_COPY, frameLanguage, frameText } from '../../server/embedded/frame/copy.js'
import { approvalDialog, exportDialog, summaryText } from '../../server/embedded/frame/dialogs.js'
import { copyProblems } from '../support/copyCompleteness.js'

/** The languages the kit ships: English and one catalogue per file of the React entry. */
const SHIPPED = readdirSync(new URL('../../src/ui/copy/locales/', import.meta.url))
  .filter((file) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))

describe('the wallet origin’s copy', () => {
  test('behavior: it speaks exactly the languages the kit ships', () => {
    expect(Object.keys(FRAME_COPY).sort()).toEqual(['en', ...SHIPPED].sort())
  })

  test.each(SHIPPED)('behavior: every text of the frame and its pages is in %s', (tag) => {
    expect(copyProblems(tag, FRAME_COPY.en!, FRAME_COPY[tag]!)).toEqual([])
  })
})

describe('what each page of the wallet origin carries', () => {
  /** A script's text with the bundler's escapes of non-ASCII characters read back. */
  const readable = (body: string) =>
    body
      .replace(/\\u\{([0-9a-fA-F]+)\}/g, (_, hex: string) =>
        String.fromCodePoint(parseInt(hex, 16)),
      )
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/\\x([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

  test('behavior: the login popup’s pinned script has its own texts in every language and none of the frame’s; the frame’s has its dialogs and summaries', async () => {
    const assets = await loadFrameAssets()
    const popup = readable(assets.popup.body)
    const frame = readable(assets.frame.body)
    for (const [tag, messages] of Object.entries(FRAME_COPY)) {
      expect(popup, tag).toContain(messages['popup.done'])
      expect(popup, tag).not.toContain(messages['export.body'])
      expect(popup, tag).not.toContain(messages['recover.warning'])
      expect(frame, tag).toContain(messages['export.body'])
      expect(frame, tag).toContain(messages['summary.computeBudget'])
    }
  }, 60_000)
})

describe('the language a page of the wallet origin picks', () => {
  test.each([
    [['de'], 'de', 'ltr'],
    [['pt-BR', 'en'], 'pt', 'ltr'],
    [['zh-CN'], 'zh-CN', 'ltr'],
    [['zh-Hans-SG'], 'zh-CN', 'ltr'],
    [['ar-EG'], 'ar', 'rtl'],
    // The visitor's first choice the frame does not speak: their next one.
    [['fa', 'fr-CA'], 'fr', 'ltr'],
    // Traditional Chinese is not shown in simplified script.
    [['zh-TW'], 'en', 'ltr'],
    [['not a tag', 42, 'ko'], 'ko', 'ltr'],
    [[], 'en', 'ltr'],
  ] as const)('behavior: %j reads as %s (%s)', (requested, tag, dir) => {
    const language = frameLanguage(requested)
    expect([language.tag, language.dir]).toEqual([tag, dir])
  })

  test('behavior: an approval drawn in a language keeps the request’s own words and names', () => {
    const dialog = approvalDialog({
      site: 'https://shop.example',
      method: 'eth_sendTransaction',
      chainId: 'eip155:1',
      summary: [
        { id: 'summary.send', values: { to: '0xabc', symbol: 'ETH' }, amounts: { amount: '1' } },
      ],
    })(frameLanguage(['de']))
    expect(dialog.title).toBe('https://shop.example fragt: eth_sendTransaction')
    expect(dialog.detail).toBe('1 ETH an 0xabc senden\n\nNetzwerk: eip155:1')
    expect(dialog.buttons).toEqual([
      { choice: 'approve', label: 'Genehmigen' },
      { choice: 'reject', label: 'Ablehnen' },
    ])
    // A value is never read as a placeholder.
    expect(
      frameText(frameLanguage(['en']), 'approve.title', { site: '{method}', method: 'x' }),
    ).toBe('{method} asks: x')
    expect(exportDialog(frameLanguage(['ar'])).buttons.map((button) => button.choice)).toEqual([
      'continue',
      'cancel',
    ])
  })
})

describe('what an approval says a request does, in the kit’s language', () => {
  const accounts = {
    eip155: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  }
  const to = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const summary = (tags: string[], method: string, params: unknown) =>
    prepareApproval(method, params, 'eip155:1', accounts).summary.map((line) =>
      summaryText(frameLanguage(tags), line),
    )

  test('behavior: a German kit’s send reads German, with the German decimal comma and every wei', () => {
    // 1 ETH and 1 wei: exact, never through a float.
    const params = [{ to, value: '0xde0b6b3a7640001' }]
    expect(summary(['de'], 'eth_sendTransaction', params)).toEqual([
      `1,000000000000000001 ETH an ${to} senden`,
    ])
    expect(summary(['en'], 'eth_sendTransaction', params)).toEqual([
      `Send 1.000000000000000001 ETH to ${to}`,
    ])
    // More places than every engine's Intl shows (a token of 22 decimals): all its digits, as
    // they are, rather than a rounded amount.
    expect(
      summaryText(frameLanguage(['de']), {
        id: 'summary.sendToken',
        values: { mint: 'Mint', to: 'Konto' },
        amounts: { amount: '1.0000000000000000000001' },
      }),
    ).toBe('1.0000000000000000000001 des Tokens Mint an das Token-Konto Konto senden')
    // Thousands grouped as the language groups them.
    expect(summary(['de'], 'eth_sendTransaction', [{ to, value: '0x3635c9adc5dea00000' }])).toEqual(
      [`1.000 ETH an ${to} senden`],
    )
  })

  test('behavior: a contract call, typed data and a message read in the kit’s language; the request’s own words stay as they are', () => {
    expect(
      summary(['fr-CA'], 'wallet_sendCalls', [
        { calls: [{ to, data: '0xa9059cbb0000', value: '0x2386f26fc10000' }] },
      ]),
    ).toEqual([`Appeler le contrat ${to} avec 0,01 ETH (données 0xa9059cbb…)`])
    expect(
      summary(['ja'], 'eth_signTypedData_v4', [
        accounts.eip155,
        JSON.stringify({ primaryType: 'Permit', domain: { name: 'Shop' } }),
      ]),
    ).toEqual(['Shop の Permit に署名'])
    expect(summary(['es'], 'personal_sign', ['hola, tienda', accounts.eip155])).toEqual([
      'Firmar este mensaje:',
      'hola, tienda',
    ])
  })

  test('behavior: in Arabic the line reads right to left around an address and an amount kept whole, each isolated', () => {
    const [line] = summary(['ar'], 'eth_sendTransaction', [{ to, value: '0x2386f26fc10000' }])
    expect(line).toMatch(/^إرسال /)
    expect(line).toContain(`\u2068${to}\u2069`)
    expect(line).toMatch(/\u2068(0[.٫]01|٠٫٠١)\u2069 \u2068ETH\u2069/)
  })
})
