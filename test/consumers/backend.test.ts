/**
 * A site's backend as many are written: plain Node ESM (`type: module`, a .mjs file, no
 * TypeScript, no bundler) with the kit's sign-in verifier from the tarball.
 */
import { expect, inject, test } from 'vitest'
import { expectPrepared } from './support/expectations.js'
import { describeFailure, runCommand } from './support/run.js'

const setup = inject('consumers')
const report = setup.apps.backend

test('a plain Node ESM backend imports @gangway/kit/siwx-server: it makes a nonce, verifies a real SIWE sign-in signed by viem, refuses a tampered one and a replay', async () => {
  expectPrepared('the Node backend', report)
  const run = await runCommand('node', ['verify.mjs'], {
    cwd: report.dir,
    timeoutMs: 60_000,
    env: { ETH_RPC_URL: setup.anvil.mainnet.url },
  })
  expect(run.code, describeFailure(run)).toBe(0)
  const outcome = JSON.parse(run.output.trim().split('\n').at(-1)!)
  expect(outcome.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
  // The rewritten statement is refused first, and does not spend the nonce.
  expect(outcome.tampered).toEqual({ ok: false, code: 'INVALID_SIGNATURE' })
  expect(outcome.genuine).toEqual({ ok: true, address: outcome.address, chainId: 'eip155:1' })
  expect(outcome.replayed).toEqual({ ok: false, code: 'NONCE_REUSED' })
})
