/**
 * The wallet origin's own pages (the frame's dialogs, the popup, the recovery page) speak every
 * language the kit ships, completely (decision 0717), and pick the visitor's.
 */
import { readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { FRAME_COPY, frameLanguage, frameText } from '../../server/embedded/frame/copy.js'
import { approvalDialog, exportDialog } from '../../server/embedded/frame/dialogs.js'
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
      summary: ['Send 1 ETH to 0xabc'],
    })(frameLanguage(['de']))
    expect(dialog.title).toBe('https://shop.example fragt: eth_sendTransaction')
    expect(dialog.detail).toBe('Send 1 ETH to 0xabc\n\nNetzwerk: eip155:1')
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
