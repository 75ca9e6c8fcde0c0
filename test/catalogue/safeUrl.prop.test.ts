import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { toRegistryWallet } from '../../src/features/walletRegistry/service.js'
import { registryWalletSchema } from '../../src/kernel/domain.js'
import { BUILT_IN_WALLETS } from '../../src/kernel/registry/builtInWallets.js'
import {
  toPlainText,
  toSafeDeepLink,
  toSafeHttpsUrl,
  toSafeImageUrl,
  toWalletConnectDeepLink,
  WALLET_NAME_MAX_LENGTH,
} from '../../src/kernel/rules/safeUrl.js'
import {
  selectRegistryWallet,
  selectRegistryWallets,
} from '../../src/kernel/selectors/walletRegistry.js'
import {
  registryWalletArbitrary,
  untrustedLinkArbitrary,
  untrustedNameArbitrary,
  wireWalletArbitrary,
} from '../support/arbitraries.js'
import { fold } from '../support/events.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 300),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
}
const anyText = fc.oneof(untrustedLinkArbitrary, fc.string(), fc.webUrl())
const FORBIDDEN = /^\s*(javascript|vbscript|data|blob|about|file|http|intent):/i
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase()

describe('deep links', () => {
  test('property: a kept deep link uses a custom scheme or https, has no whitespace or quotes, and is stable', () => {
    fc.assert(
      fc.property(anyText, (link) => {
        const safe = toSafeDeepLink(link)
        if (safe === undefined) return
        expect(safe).not.toMatch(FORBIDDEN)
        expect(safe).not.toMatch(/[\s"'<>`\\]/)
        expect(schemeOf(safe)?.length ?? 0).toBeGreaterThan(1)
        expect(toSafeDeepLink(safe)).toBe(safe)
      }),
      runs,
    )
  })

  test('default: wallet schemes and https pass; code, documents and http do not', () => {
    for (const link of ['metamask://', 'okex://main', 'rainbow:', 'https://metamask.app.link/'])
      expect(toSafeDeepLink(link)).toBeDefined()
    for (const link of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'blob:https://x/1',
      'about:blank',
      'http://wallet.example',
      'intent://x#Intent;end',
      'c:/x',
      '//evil.example',
      'wallet://"><img>',
    ])
      expect(toSafeDeepLink(link), link).toBeUndefined()
  })

  // Issue 22 item 21: operating-system protocol handlers a registry entry could name.
  const OS_HANDLERS = [
    'ms-msdt',
    'search-ms',
    'ms-officecmd',
    'shell',
    'itms-services',
    'smb',
    'ssh',
    'file',
    'javascript',
    'data',
  ] as const
  const caseOf = (text: string, flips: readonly boolean[]) =>
    [...text].map((char, at) => (flips[at % flips.length] ? char.toUpperCase() : char)).join('')

  test('property: an OS protocol handler is never kept, whatever its case or what follows it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OS_HANDLERS),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('', '//', '/', '///'),
        fc.stringMatching(/^[\w./?=&%-]{0,40}$/),
        (scheme, flips, slashes, rest) => {
          expect(toSafeDeepLink(`${caseOf(scheme, flips)}:${slashes}${rest}`)).toBeUndefined()
        },
      ),
      runs,
    )
  })

  test('property: a kept deep link is https, or a plain wallet scheme (letters and digits) followed by ://', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          fc
            .tuple(
              fc.stringMatching(/^[a-zA-Z][\w+.-]{0,12}$/),
              fc.stringMatching(/^[:/\w.-]{0,20}$/),
            )
            .map(([scheme, rest]) => `${scheme}:${rest}`),
        ),
        (link) => {
          const safe = toSafeDeepLink(link)
          if (safe === undefined) return
          expect(safe).toMatch(/^(https:\/\/|[a-z][a-z0-9]{1,31}:(\/\/|$))/)
          expect(OS_HANDLERS.some((scheme) => safe.toLowerCase().startsWith(`${scheme}:`))).toBe(
            false,
          )
        },
      ),
      runs,
    )
  })

  test('property: every plain wallet scheme that no system handles is kept, with its path', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9]{3,20}wallet$/),
        fc.stringMatching(/^[\w/-]{0,30}$/),
        (scheme, path) => {
          expect(toSafeDeepLink(`${scheme}://${path}`)).toBe(`${scheme}://${path}`)
        },
      ),
      runs,
    )
  })

  test('default: the WalletConnect link appends wc?uri= with the URI encoded', () => {
    expect(toWalletConnectDeepLink('metamask://', 'wc:a@2?x=1')).toBe(
      'metamask://wc?uri=wc%3Aa%402%3Fx%3D1',
    )
    expect(toWalletConnectDeepLink('rainbow:', 'wc:a')).toBe('rainbow://wc?uri=wc%3Aa')
    expect(toWalletConnectDeepLink('okex://main', 'wc:a')).toBe('okex://main/wc?uri=wc%3Aa')
    expect(toWalletConnectDeepLink('javascript:alert(1)//', 'wc:a')).toBeUndefined()
    expect(toWalletConnectDeepLink(undefined, 'wc:a')).toBeUndefined()
  })
})

test('property: a kept image URL is http(s) or a data:image of an allowed type', () => {
  fc.assert(
    fc.property(anyText, (url) => {
      const safe = toSafeImageUrl(url)
      if (safe === undefined) return
      expect(safe).toMatch(/^(https?:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,])/i)
    }),
    runs,
  )
})

test('property: a kept homepage is https', () => {
  fc.assert(
    fc.property(anyText, (url) => {
      const safe = toSafeHttpsUrl(url)
      if (safe !== undefined) expect(new URL(safe).protocol).toBe('https:')
    }),
    runs,
  )
})

test('property: plain text has no controls or bidi overrides, no outer space, at most 64 code points, and is stable', () => {
  fc.assert(
    fc.property(untrustedNameArbitrary, (name) => {
      const text = toPlainText(name)
      expect(text).not.toMatch(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u)
      expect(text).toBe(text.trim())
      expect([...text].length).toBeLessThanOrEqual(WALLET_NAME_MAX_LENGTH)
      expect(toPlainText(text)).toBe(text)
    }),
    runs,
  )
})

describe('registry wallets', () => {
  test('property: the sanitiser never throws and what it returns passes the event schema', () => {
    fc.assert(
      fc.property(fc.oneof(wireWalletArbitrary, fc.anything()), (entry) => {
        const wallet = toRegistryWallet(entry, { baseUrl: 'https://r.example', projectId: 'p' })
        if (wallet) expect(registryWalletSchema.safeParse(wallet).success).toBe(true)
      }),
      runs,
    )
  })

  test('property (g): the schema accepts generated wallets and rejects them with an unsafe link or name', () => {
    const mutations = [
      (wallet: object) => ({ ...wallet, mobileLink: 'javascript:alert(1)' }),
      (wallet: object) => ({ ...wallet, desktopLink: 'data:text/html,<script>' }),
      (wallet: object) => ({ ...wallet, imageUrl: 'javascript:alert(1)' }),
      (wallet: object) => ({ ...wallet, homepage: 'http://wallet.example' }),
      (wallet: object) => ({ ...wallet, webappLink: 'vbscript:x' }),
      (wallet: object) => ({ ...wallet, name: ' padded ' }),
      (wallet: object) => ({ ...wallet, name: 'a\u0000b' }),
      (wallet: object) => ({ ...wallet, name: 'x'.repeat(65) }),
      (wallet: object) => ({ ...wallet, id: '' }),
    ]
    fc.assert(
      fc.property(registryWalletArbitrary, fc.constantFrom(...mutations), (wallet, mutate) => {
        expect(registryWalletSchema.safeParse(wallet).success).toBe(true)
        expect(registryWalletSchema.safeParse(mutate(wallet)).success).toBe(false)
      }),
      runs,
    )
  })

  test('property: an entry with a built-in wallet’s id never replaces the built-in’s own links, wherever it enters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BUILT_IN_WALLETS),
        wireWalletArbitrary,
        fc.webUrl({ validSchemes: ['https'] }),
        (builtIn, entry, elsewhere) => {
          // A registry answer claiming the built-in's id, with links of its own (safe or not).
          const claimed = {
            ...entry,
            id: builtIn.id,
            name: builtIn.name,
            homepage: elsewhere,
            mobile_link: entry.mobile_link ?? 'evilwallet://',
            desktop_link: elsewhere,
          }
          const sanitised = toRegistryWallet(claimed, {
            baseUrl: 'https://registry.example',
            projectId: 'p',
          })
          const links = (wallet: object | undefined) => {
            const { homepage, mobileLink, desktopLink } = (wallet ?? {}) as Record<string, unknown>
            return { homepage, mobileLink, desktopLink }
          }
          expect(links(sanitised)).toEqual(links(builtIn))
          // And reported straight to the kit's catalogue by any source.
          const state = fold([
            {
              type: 'walletCatalogue/updated',
              payload: {
                wallets: [
                  {
                    ...builtIn,
                    homepage: 'https://evil.example/',
                    mobileLink: 'evilwallet://',
                    desktopLink: 'https://evil.example/open',
                  },
                ],
                listed: [builtIn.id],
              },
            },
          ])
          expect(links(selectRegistryWallet(state, builtIn.id))).toEqual(links(builtIn))
          expect(links(selectRegistryWallets(state)[0])).toEqual(links(builtIn))
        },
      ),
      runs,
    )
  })
})
