import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { AccountAvatar, identiconUrl } from './AccountAvatar.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const srcOf = (html: string) => /src="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&')

describe('the account avatar', () => {
  test('behavior: without a profile picture the identicon is drawn from the address alone, the same for either case of an EVM address', () => {
    const html = renderToString(<AccountAvatar namespace="eip155" address={ADDRESS} />)
    expect(html).toContain('data-source="identicon"')
    expect(srcOf(html)).toBe(identiconUrl('eip155', ADDRESS))
    expect(identiconUrl('eip155', ADDRESS.toLowerCase())).toBe(identiconUrl('eip155', ADDRESS))
    expect(identiconUrl('eip155', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).not.toBe(
      identiconUrl('eip155', ADDRESS),
    )
    // A base58 address keeps its case: two addresses differing only in case are two accounts.
    expect(identiconUrl('solana', 'AbCd')).not.toBe(identiconUrl('solana', 'abcd'))
    expect(decodeURIComponent(srcOf(html)!)).toMatch(/^data:image\/svg\+xml,<svg [^>]*><rect /)
  })

  test('behavior: an ENS avatar shows when it is a safe image URL; anything else gives the identicon', () => {
    const avatar = 'https://euc.li/alice.eth'
    const shown = renderToString(
      <AccountAvatar namespace="eip155" address={ADDRESS} image={avatar} />,
    )
    expect(shown).toContain('data-source="profile"')
    expect(srcOf(shown)).toBe(avatar)
    for (const hostile of ['javascript:alert(1)', 'data:text/html,<script>1</script>', '']) {
      const html = renderToString(
        <AccountAvatar namespace="eip155" address={ADDRESS} image={hostile} />,
      )
      expect(html).toContain('data-source="identicon"')
      expect(html).not.toContain('javascript')
    }
  })
})
