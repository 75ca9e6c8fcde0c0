import { createPublicKey, verify } from 'node:crypto'
import { verifySignIn } from '@solana/wallet-standard-util'
import { Keypair } from '@solana/web3.js'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { createKit, type Kit, selectConnectionStatus } from '../../../src/index.js'
import { solana, solanaDevnet, solanaLocalnet } from '../../../src/plugins/solana/index.js'
import { fromBase58 } from '../../../src/plugins/solana/schemas.js'
import { createVirtualEnv, settle, type VirtualEnv } from '../../../src/testing/index.js'
import {
  createSolanaTestWallet,
  type SolanaTestWallet,
} from '../../../src/testing/solana/createSolanaTestWallet.js'
import { installWindowShim, until } from '../../support/solana.js'

const node = inject('solana')
const window = installWindowShim()
const localnet = solanaLocalnet({ genesisHash: node.genesisHash, rpcUrl: node.url })
const NAME = 'Gangway Solana Test Wallet'
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function walletFor(keypairs: Keypair[] = [Keypair.generate()], name?: string): SolanaTestWallet {
  const wallet = createSolanaTestWallet({
    keypairs,
    rpcUrls: { 'solana:localnet': node.url },
    ...(name ? { name } : {}),
  })
  cleanups.push(wallet.register())
  return wallet
}

function kitFor(env: VirtualEnv = createVirtualEnv(), networks = [localnet] as const) {
  const kit = createKit({
    plugins: [solana({ networks: [...networks] as [typeof localnet], reconnectWaitMs: 1_000 })],
    env,
  })
  cleanups.push(() => kit.destroy())
  return { kit, env }
}

const account = (kit: Kit) => kit.getState().namespaces.entities.solana!.accountState

describe('connect through Wallet Standard', () => {
  test('default: the wallet is listed with its cleaned name and icon, and connects on localnet', async () => {
    const wallet = walletFor()
    const { kit } = kitFor()
    expect(kit.getState().connectors.entities[`solana/${NAME}`]).toMatchObject({
      type: 'ANNOUNCED',
      name: NAME,
      imageUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
    })
    const result = await kit.connect({ namespace: 'solana', connectorId: NAME })
    expect(result.caipAddress).toBe(`${localnet.id}:${wallet.addresses[0]}`)
    expect(localnet.id).toBe(`solana:${node.genesisHash.slice(0, 32)}`)
    expect(kit.getState().recentWallets[0]).toMatchObject({ id: NAME, name: NAME })
  })

  test('behavior: a wallet registering after the kit started is listed; one without solana chains is not', async () => {
    const { kit, env } = kitFor()
    expect(kit.getState().connectors.ids).not.toContain('solana/Late Wallet')
    walletFor([Keypair.generate()], 'Late Wallet')
    const evm = createSolanaTestWallet({
      keypairs: [Keypair.generate()],
      rpcUrls: { 'eip155:1': node.url } as never,
      name: 'Not Solana',
    })
    cleanups.push(evm.register())
    // Registrations are reported on the kit's next tick.
    await env.advance(0)
    expect(kit.getState().connectors.ids).toContain('solana/Late Wallet')
    expect(kit.getState().connectors.ids).not.toContain('solana/Not Solana')
  })

  test('behavior: a malformed registration is dropped on its own and a name with markup is cleaned', async () => {
    const register = (wallet: object) => {
      const event = new Event('wallet-standard:register-wallet')
      let unregister: () => void = () => undefined
      Object.defineProperty(event, 'detail', {
        value: (api: { register: (wallet: object) => () => void }) => {
          unregister = api.register(wallet)
        },
      })
      window.dispatchEvent(event)
      cleanups.push(() => unregister())
    }
    register({
      version: '1.0.0',
      get name(): string {
        throw new Error('hostile getter')
      },
      icon: 'data:image/svg+xml,x',
      chains: ['solana:localnet'],
      features: {
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
      },
      accounts: [],
    })
    walletFor([Keypair.generate()], '  Evil\u202E <b>Wallet</b>\n')
    const { kit } = kitFor()
    const names = kit
      .getState()
      .connectors.ids.map((id) => kit.getState().connectors.entities[id]!.name)
    expect(names).toContain('Evil <b>Wallet</b>')
    expect(names).toHaveLength(1)
  })

  test('behavior: a rejection in the wallet (code 4001) is USER_REJECTED and leaves the kit disconnected', async () => {
    const wallet = walletFor()
    wallet.features.rejectRequests = true
    const { kit } = kitFor()
    await expect(kit.connect({ namespace: 'solana', connectorId: NAME })).rejects.toMatchObject({
      code: 'USER_REJECTED',
      userMessage: 'Signature declined',
      plugin: 'solana',
    })
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
  })

  test('behavior: a wallet that never answers is cancelled by the next connect', async () => {
    const wallet = walletFor()
    wallet.features.hangRequests = true
    const { kit } = kitFor()
    const first = kit.connect({ namespace: 'solana', connectorId: NAME })
    wallet.features.hangRequests = false
    const second = kit.connect({ namespace: 'solana', connectorId: NAME })
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' })
    await expect(second).resolves.toMatchObject({ namespace: 'solana' })
  })

  test('behavior: switching to a cluster the wallet declares moves the account there, without asking the wallet', async () => {
    // devnet's id and wallet chain, read from the local node so nothing leaves the machine.
    const devnet = { ...solanaDevnet, rpcUrls: [node.url] }
    const wallet = createSolanaTestWallet({
      keypairs: [Keypair.generate()],
      rpcUrls: { 'solana:localnet': node.url, 'solana:devnet': node.url },
    })
    cleanups.push(wallet.register())
    const { kit } = kitFor(createVirtualEnv(), [localnet, devnet] as never)
    await kit.connect({ namespace: 'solana', connectorId: NAME })
    const asked = wallet.requests.length
    await kit.switchNetwork(devnet.id)
    expect(account(kit).caipAddress).toBe(`${devnet.id}:${wallet.addresses[0]}`)
    expect(wallet.requests).toHaveLength(asked)
    // The explorer keeps the cluster in its query, after the path.
    expect(account(kit).addressExplorerUrl).toBe(
      `https://explorer.solana.com/address/${wallet.addresses[0]}?cluster=devnet`,
    )
  })

  test('behavior: a connect with no network picked starts on the cluster the kit is already on', async () => {
    const devnet = { ...solanaDevnet, rpcUrls: [node.url] }
    const wallet = createSolanaTestWallet({
      keypairs: [Keypair.generate()],
      rpcUrls: { 'solana:localnet': node.url, 'solana:devnet': node.url },
    })
    cleanups.push(wallet.register())
    const { kit } = kitFor(createVirtualEnv(), [localnet, devnet] as never)
    // Picked before connecting (or restored from the last visit): not the site's first network.
    await kit.switchNetwork(devnet.id)
    await kit.connect({ namespace: 'solana', connectorId: NAME })
    expect(account(kit).caipAddress).toBe(`${devnet.id}:${wallet.addresses[0]}`)
  })

  test('behavior: switching to a cluster the wallet does not declare is Unsupported chain', async () => {
    walletFor()
    const { kit } = kitFor(createVirtualEnv(), [localnet, solanaDevnet] as never)
    await kit.connect({ namespace: 'solana', connectorId: NAME })
    await expect(kit.switchNetwork(solanaDevnet.id)).rejects.toMatchObject({
      code: 'UNSUPPORTED_NETWORK',
    })
    expect(account(kit).caipAddress?.startsWith(`${localnet.id}:`)).toBe(true)
  })
})

describe('wallet-side changes and reload', () => {
  test('behavior: an account switch and a disconnect in the wallet reach the kit', async () => {
    const keypairs = [Keypair.generate(), Keypair.generate()]
    const wallet = walletFor(keypairs)
    const { kit } = kitFor()
    await kit.connect({ namespace: 'solana', connectorId: NAME })
    wallet.switchAccount(1)
    expect(account(kit).address).toBe(keypairs[1]!.publicKey.toBase58())
    wallet.disconnect()
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
  })

  test('behavior: after a reload the kit reconnects silently; the wallet is never prompted', async () => {
    const wallet = walletFor()
    const first = kitFor()
    await first.kit.connect({ namespace: 'solana', connectorId: NAME })
    first.kit.destroy()
    const prompts = wallet.requests.filter(
      (request) => request.method === 'connect' && !request.silent,
    )
    const { kit } = kitFor(createVirtualEnv({ storage: first.env.storage.dump() }))
    await until(kit, (state) => selectConnectionStatus(state) === 'connected')
    expect(account(kit).address).toBe(wallet.addresses[0])
    expect(
      wallet.requests.filter((request) => request.method === 'connect' && !request.silent),
    ).toEqual(prompts)
  })

  test('behavior: after a reload, a wallet that registers late is waited for and reconnects silently', async () => {
    const wallet = createSolanaTestWallet({
      keypairs: [Keypair.generate()],
      rpcUrls: { 'solana:localnet': node.url },
    })
    const unregister = wallet.register()
    const first = kitFor()
    await first.kit.connect({ namespace: 'solana', connectorId: NAME })
    first.kit.destroy()
    unregister()
    const { kit } = kitFor(createVirtualEnv({ storage: first.env.storage.dump() }))
    const failed: string[] = []
    const subscription = kit.events$.subscribe((event) => {
      if (event.type === 'connection/failed') failed.push(event.payload.error.code)
    })
    cleanups.push(() => subscription.unsubscribe())
    expect(kit.getState().connectors.ids).not.toContain(`solana/${NAME}`)
    cleanups.push(wallet.register())
    await until(kit, (state) => selectConnectionStatus(state) === 'connected')
    expect(failed).toEqual([])
    expect(account(kit).address).toBe(wallet.addresses[0])
  })

  test('behavior: a stored wallet that never registers fails the silent reconnect at the bound', async () => {
    const wallet = createSolanaTestWallet({
      keypairs: [Keypair.generate()],
      rpcUrls: { 'solana:localnet': node.url },
      name: 'Gone Wallet',
    })
    const unregister = wallet.register()
    const first = kitFor()
    await first.kit.connect({ namespace: 'solana', connectorId: 'Gone Wallet' })
    first.kit.destroy()
    unregister()
    const { kit, env } = kitFor(createVirtualEnv({ storage: first.env.storage.dump() }))
    let failed: string | undefined
    const subscription = kit.events$.subscribe((event) => {
      if (event.type === 'connection/failed') failed = event.payload.error.code
    })
    cleanups.push(() => subscription.unsubscribe())
    // web3.js loads lazily, so the bounded wait starts a few tasks after the kit: let pending
    // work run, then move virtual time past the bound, until the reconnect gives up.
    for (let round = 0; round < 100 && failed === undefined; round += 1) {
      await settle()
      env.advance(1_000)
    }
    expect(failed).toBe('NOT_CONNECTED')
    expect(selectConnectionStatus(kit.getState())).toBe('disconnected')
  })
})

describe('signing', () => {
  test('behavior: a signed message verifies with ed25519; a rejection is USER_REJECTED', async () => {
    const keypair = Keypair.generate()
    const wallet = walletFor([keypair])
    const { kit } = kitFor()
    await kit.connect({ namespace: 'solana', connectorId: NAME })
    const message = 'Sign in to site.example'
    const { signature } = await kit.signMessage({ message })
    const publicKey = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        keypair.publicKey.toBuffer(),
      ]),
      format: 'der',
      type: 'spki',
    })
    expect(verify(null, Buffer.from(message), publicKey, fromBase58(signature)!)).toBe(true)
    expect(verify(null, Buffer.from('another'), publicKey, fromBase58(signature)!)).toBe(false)
    wallet.features.rejectRequests = true
    await expect(kit.signMessage({ message })).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })

  test('behavior: a SIWS signIn output verifies with verifySignIn, and not for another nonce', async () => {
    const wallet = walletFor()
    const signIn = (
      wallet.wallet!.features['solana:signIn'] as {
        signIn: (...inputs: object[]) => Promise<Parameters<typeof verifySignIn>[1][]>
      }
    ).signIn
    const input = { domain: 'site.example', statement: 'Sign in to Site', nonce: 'abc12345' }
    const [output] = await signIn(input)
    expect(output!.account.address).toBe(wallet.addresses[0])
    expect(verifySignIn(input, output!)).toBe(true)
    expect(verifySignIn({ ...input, nonce: 'other123' }, output!)).toBe(false)
  })
})
