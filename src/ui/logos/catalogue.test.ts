import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { CATALOGUE_PATH, renderCatalogue } from '../../../scripts/generateLogos.js'
import { BUILT_IN_WALLETS, toSafeImageUrl } from '../../kernel/index.js'
import {
  FAMILY_LOGOS,
  NETWORK_ICONS,
  NETWORK_LOGOS,
  WALLET_CONNECT_LOGO,
  WALLET_LOGOS,
} from './catalogue.js'
import { familyLogo, networkIconUrl, networkLogo, shippedWalletLogo, svgDataUrl } from './logos.js'

const catalogue = { FAMILY_LOGOS, NETWORK_ICONS, NETWORK_LOGOS, WALLET_CONNECT_LOGO, WALLET_LOGOS }
const every = [
  ...Object.values(WALLET_LOGOS),
  WALLET_CONNECT_LOGO,
  ...Object.values(FAMILY_LOGOS),
  ...Object.values(NETWORK_LOGOS),
]

describe('the shipped logos', () => {
  test('behavior: the committed catalogue is what the generator makes from @web3icons/core (regenerate with scripts/generateLogos.ts)', () => {
    expect(readFileSync(CATALOGUE_PATH, 'utf8')).toBe(renderCatalogue())
  })

  test('behavior: every built-in wallet has its logo; each is a small, inert SVG an <img> may load', () => {
    expect(BUILT_IN_WALLETS.filter((wallet) => !WALLET_LOGOS[wallet.id])).toEqual([])
    for (const svg of every) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 24 24"/)
      expect(svg).not.toMatch(/<script|<foreignObject|\son\w+=|href="(?!#)|url\((?!#)/i)
      expect(svg.length).toBeLessThan(6_144)
      expect(toSafeImageUrl(svgDataUrl(svg))).toBe(svgDataUrl(svg))
    }
  })

  test('behavior: a wallet logo is found by registry id or for WalletConnect, never by a borrowed name', () => {
    const metamask = BUILT_IN_WALLETS.find((wallet) => wallet.name === 'MetaMask')!
    expect(shippedWalletLogo(catalogue, metamask.id)).toBe(svgDataUrl(WALLET_LOGOS[metamask.id]!))
    expect(shippedWalletLogo(catalogue, 'walletConnect')).toBe(svgDataUrl(WALLET_CONNECT_LOGO))
    expect(shippedWalletLogo(catalogue, 'MetaMask')).toBeUndefined()
    expect(shippedWalletLogo(catalogue, 'toString')).toBeUndefined()
    expect(shippedWalletLogo(undefined, metamask.id)).toBeUndefined()
  })

  test('behavior: a network without an icon wears its family mark: Ethereum only for an ETH network, none for an unknown family', () => {
    expect(familyLogo(catalogue, { namespace: 'eip155', currency: 'ETH' })).toBe(
      svgDataUrl(FAMILY_LOGOS.eip155!),
    )
    expect(familyLogo(catalogue, { namespace: 'eip155', currency: 'POL' })).toBeUndefined()
    expect(familyLogo(catalogue, { namespace: 'solana', currency: 'SOL' })).toBe(
      svgDataUrl(FAMILY_LOGOS.solana!),
    )
    expect(familyLogo(catalogue, { namespace: 'bip122' })).toBe(svgDataUrl(FAMILY_LOGOS.bip122!))
    expect(familyLogo(catalogue, { namespace: 'toychain', currency: 'TOY' })).toBeUndefined()
    expect(familyLogo(catalogue, { namespace: 'constructor' })).toBeUndefined()
  })

  test('behavior: a well-known network wears its own mark by CAIP-2 id, a test network its parent’s, Ethereum and Sepolia the Ethereum mark', () => {
    const mark = (id: string) => networkLogo(catalogue, id)
    expect(mark('eip155:10')).toBe(svgDataUrl(NETWORK_LOGOS.optimism!))
    expect(mark('eip155:11155420')).toBe(mark('eip155:10'))
    expect(mark('eip155:137')).toBe(svgDataUrl(NETWORK_LOGOS.polygon!))
    expect(mark('eip155:1')).toBe(svgDataUrl(FAMILY_LOGOS.eip155!))
    expect(mark('eip155:11155111')).toBe(mark('eip155:1'))
    // Each of them distinct: no network wears another's mark.
    const mainnets = [
      '10',
      '42161',
      '8453',
      '137',
      '56',
      '43114',
      '324',
      '59144',
      '534352',
      '100',
      '42220',
      '1',
    ]
    expect(new Set(mainnets.map((id) => mark(`eip155:${id}`))).size).toBe(mainnets.length)
    expect(mainnets.every((id) => mark(`eip155:${id}`)?.startsWith('data:image/svg+xml,'))).toBe(
      true,
    )
    // Nothing for a network not listed, an id of another family, or a borrowed name.
    expect(mark('eip155:31337')).toBeUndefined()
    expect(mark('solana:10')).toBeUndefined()
    expect(mark('constructor')).toBeUndefined()
    expect(networkLogo(catalogue, undefined)).toBeUndefined()
    expect(networkLogo(undefined, 'eip155:10')).toBeUndefined()
    // Every id names a mark the catalogue holds.
    for (const name of Object.values(NETWORK_ICONS)) {
      expect(Object.hasOwn(NETWORK_LOGOS, name) || Object.hasOwn(FAMILY_LOGOS, name)).toBe(true)
    }
  })

  test('behavior: a network’s picture is its own icon first, then the mark for its id, then its family’s; an unsafe icon is passed over', () => {
    const own = 'https://icons.example/op.svg'
    const optimism = { id: 'eip155:10', namespace: 'eip155', currency: 'ETH' }
    expect(networkIconUrl(catalogue, { ...optimism, iconUrl: own })).toBe(own)
    // Optimism's currency is ETH, yet it wears its own mark, not Ethereum's.
    expect(networkIconUrl(catalogue, optimism)).toBe(svgDataUrl(NETWORK_LOGOS.optimism!))
    expect(networkIconUrl(catalogue, { ...optimism, iconUrl: 'javascript:alert(1)' })).toBe(
      svgDataUrl(NETWORK_LOGOS.optimism!),
    )
    // Polygon's currency is POL: no family mark, its own by id.
    expect(
      networkIconUrl(catalogue, { id: 'eip155:137', namespace: 'eip155', currency: 'POL' }),
    ).toBe(svgDataUrl(NETWORK_LOGOS.polygon!))
    // A network the kit does not list: the family's mark where it applies, else a tile.
    expect(
      networkIconUrl(catalogue, { id: 'eip155:31337', namespace: 'eip155', currency: 'ETH' }),
    ).toBe(svgDataUrl(FAMILY_LOGOS.eip155!))
    expect(
      networkIconUrl(catalogue, { id: 'eip155:7777', namespace: 'eip155', currency: 'TOY' }),
    ).toBeUndefined()
  })
})
