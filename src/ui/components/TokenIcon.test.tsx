import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { TokenIcon } from './TokenIcon.js'

const imageOf = (html: string) => ({
  source: /data-source="(\w+)"/.exec(html)?.[1],
  src: decodeURIComponent(/src="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? ''),
})

test('behavior: a token shows the data service’s icon when it is a safe image URL', () => {
  const icon = 'https://tokens.example/usdc.svg'
  expect(imageOf(renderToString(<TokenIcon url={icon} symbol="USDC" />))).toEqual({
    source: 'icon',
    src: icon,
  })
})

test('behavior: a token without an icon, or with an unsafe one, shows its initial on a tile, never the URL', () => {
  for (const url of [undefined, 'javascript:alert(1)', 'data:text/html,<script>1</script>']) {
    const html = renderToString(<TokenIcon url={url} symbol="usdc" />)
    const image = imageOf(html)
    expect(image.source).toBe('letter')
    expect(image.src).toMatch(/^data:image\/svg\+xml,<svg [\s\S]*>U<\/text><\/svg>$/)
    expect(html).not.toMatch(/javascript|text\/html/)
  }
})

test('behavior: a symbol that is no letter draws the tile without it (the symbol is untrusted text)', () => {
  const image = imageOf(renderToString(<TokenIcon url={undefined} symbol={'<script>'} />))
  expect(image.src).toContain('></text></svg>')
  expect(image.src).not.toContain('<script')
})
