import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { CATALOGUE_PATH, renderCatalogue } from '../../../scripts/generateLogos.js'
import { BUILT_IN_WALLETS, toSafeImageUrl } from '../../kernel/index.js'
import { FAMILY_LOGOS, WALLET_CONNECT_LOGO, WALLET_LOGOS } from './catalogue.js'
import { familyLogo, shippedWalletLogo, svgDataUrl } from './logos.js'

const catalogue = { FAMILY_LOGOS, WALLET_CONNECT_LOGO, WALLET_LOGOS }
const every = [...Object.values(WALLET_LOGOS), WALLET_CONNECT_LOGO, ...Object.values(FAMILY_LOGOS)]

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
})
