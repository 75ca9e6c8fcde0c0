/**
 * The site's verifier (`@gangway/kit/siwx-server`) accepts exactly what the kit accepts: generated
 * sessions over both families (EIP-4361 verified on anvil, SIWS with ed25519), good and spoiled in
 * every way the verification knows, are handed to a real kit (`addSession`) and to the verifier
 * configured for the same site; both agree on the verdict and on the reason.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { siwx } from '../../../src/features/siwx/feature.js'
import { createKit, type Kit, KitError } from '../../../src/index.js'
import { eip155 } from '../../../src/plugins/eip155/index.js'
import { solana, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { createSiwxVerifier } from '../../../src/siwx-server/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { localChain } from '../../support/eip155.js'
import { type SessionSite, sessionOf, sessionRecipe } from '../../support/siwxArbitraries.js'

const nodes = inject('eip155')
const RUNS = Number(process.env.FUZZ_RUNS ?? 80)
const localnet = solanaLocalnet({
  genesisHash: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC',
  rpcUrl: 'http://127.0.0.1:1',
})
const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
const env = createVirtualEnv({ startAt: Date.now() })
const site: SessionSite = {
  domain: 'shop.example',
  uri: 'https://shop.example',
  eip155ChainId: nodes.main.chainId,
  solana: { id: localnet.id, walletChain: localnet.walletChain },
  now: env.clock.now(),
}
let kit: Kit<readonly [ReturnType<typeof siwx>]>

beforeAll(async () => {
  globals.window = new EventTarget()
  kit = createKit({
    plugins: [
      eip155({
        chains: [localChain(nodes.main.chainId, nodes.main.url)],
        rpcUrls: { [nodes.main.chainId]: [nodes.main.url] },
      }),
      solana({ networks: [localnet] }),
    ],
    env,
    features: [siwx({ required: true, domain: site.domain, uri: site.uri })],
  }) as unknown as typeof kit
  await kit.loadFeature('siwx')
})
afterAll(() => {
  kit?.destroy()
  globals.window = originalWindow
})

/** The kit's verdict: `ok`, or the verification code its error names (a schema refusal as such). */
async function kitVerdict(session: unknown): Promise<string> {
  try {
    await kit.features.siwx.addSession(session as never)
    return 'ok'
  } catch (error) {
    if (!(error instanceof KitError)) throw error
    if (error.code === 'VALIDATION_FAILED') return 'MALFORMED_SESSION'
    expect(error.code).toBe('SIWX_VERIFICATION_FAILED')
    return /^([A-Z_]+):/.exec(error.details ?? '')?.[1] ?? error.details ?? ''
  }
}

test('property: the server verifier accepts exactly what the kit accepts, for the same reason', async () => {
  const verifier = createSiwxVerifier({
    domains: [site.domain],
    eip155: { rpcUrls: { [nodes.main.chainId]: nodes.main.url } },
    solana: { networks: [localnet] },
    now: () => env.clock.now(),
  })
  const seen = new Map<string, number>()
  await fc.assert(
    fc.asyncProperty(sessionRecipe, async (recipe) => {
      const session = await sessionOf(recipe, site)
      const server = await verifier.verifySession(session)
      const serverVerdict = server.ok ? 'ok' : server.error.code
      expect(await kitVerdict(session)).toBe(serverVerdict)
      // Only an unspoiled recipe (or a network the site knows nothing of for a key pair, checked
      // by recovery) is accepted.
      const accepted =
        recipe.spoiler === 'none' ||
        (recipe.spoiler === 'unconfiguredChain' && recipe.family === 'eip155')
      expect(serverVerdict === 'ok').toBe(accepted)
      seen.set(serverVerdict, (seen.get(serverVerdict) ?? 0) + 1)
    }),
    { numRuns: RUNS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
  )
  // The runs reached acceptance and several distinct refusals, not one path only.
  expect(seen.get('ok')).toBeGreaterThan(0)
  expect(seen.size).toBeGreaterThan(4)
})
