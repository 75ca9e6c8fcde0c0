import { createPublicKey, verify } from 'node:crypto'
import { runInNewContext } from 'node:vm'
import { Keypair } from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { expect, test } from 'vitest'
import { createSolanaTestWallet } from './createSolanaTestWallet.js'
import { installSolanaTestWallet, solanaTestWalletInitScript } from './installSolanaTestWallet.js'

test('behavior: the init script runs alone in a fresh context, as page.addInitScript runs it, over a JSON bridge', async () => {
  const keypair = Keypair.generate()
  const backend = createSolanaTestWallet({
    keypairs: [keypair],
    rpcUrls: { 'solana:localnet': 'http://127.0.0.1:1' },
  })
  const page = new EventTarget() as EventTarget & Record<string, unknown>
  // What page.exposeFunction does: arguments and results cross as JSON.
  page[backend.pageOptions.bridge] = async (request: unknown) =>
    JSON.parse(JSON.stringify(await backend.handle(JSON.parse(JSON.stringify(request)))))
  let registered: Wallet | undefined
  page.addEventListener('wallet-standard:register-wallet', (event) => {
    ;(event as unknown as { detail: (api: object) => void }).detail({
      register: (wallet: Wallet) => {
        registered = wallet
        return () => undefined
      },
    })
  })
  // A fresh context has none of this module's bindings: an import the function leaned on would
  // fail here as it would in the page.
  runInNewContext(solanaTestWalletInitScript(backend.pageOptions).content, {
    window: page,
    Event,
    btoa,
    atob,
  })
  expect(registered?.name).toBe('Gangway Solana Test Wallet')
  const features = registered!.features as unknown as Record<
    string,
    Record<string, (...args: never[]) => unknown>
  >
  const { accounts } = (await features['standard:connect']!.connect!()) as {
    accounts: WalletAccount[]
  }
  expect(accounts.map((account) => account.address)).toEqual([keypair.publicKey.toBase58()])
  const message = new TextEncoder().encode('from the page')
  const [output] = await (
    features['solana:signMessage']!.signMessage as (
      ...inputs: object[]
    ) => Promise<{ signature: Uint8Array }[]>
  )({ account: accounts[0]!, message })
  const publicKey = createPublicKey({
    key: Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      keypair.publicKey.toBuffer(),
    ]),
    format: 'der',
    type: 'spki',
  })
  expect(verify(null, message, publicKey, output!.signature)).toBe(true)
  // Wallet-side changes come back through window[bridge + 'Changed'].
  const changes: number[] = []
  ;(
    features['standard:events']!.on as unknown as (
      event: string,
      listener: (properties: { accounts: unknown[] }) => void,
    ) => void
  )('change', ({ accounts: next }) => changes.push(next.length))
  backend.onChange((list) =>
    (page[`${backend.pageOptions.bridge}Changed`] as (list: unknown) => void)(list),
  )
  backend.disconnect()
  expect(changes).toEqual([0])
})

test('behavior: a rejection crosses the bridge as the wallet-adapter error name and code 4001', async () => {
  const backend = createSolanaTestWallet({
    keypairs: [Keypair.generate()],
    rpcUrls: { 'solana:localnet': 'http://127.0.0.1:1' },
    features: { rejectRequests: true },
  })
  // In Node the installer registers on a window shim (toolbox: Wallet Standard in Node).
  const globals = globalThis as { window?: unknown }
  globals.window ??= new EventTarget()
  const { wallet, unregister } = installSolanaTestWallet({
    ...backend.pageOptions,
    call: backend.handle,
  })
  const connect = (wallet.features['standard:connect'] as { connect: () => Promise<unknown> })
    .connect
  await expect(connect()).rejects.toMatchObject({ name: 'WalletConnectionError', code: 4001 })
  unregister()
})
