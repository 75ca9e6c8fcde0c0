/**
 * Polkadot sends on the local node through the kit's send feature: `balances.transferKeepAlive`
 * priced with `paymentInfo` before the extension signs, exact amounts moved, the existential
 * deposit respected in words, refusals and rejections that move nothing.
 */
import type { ApiPromise } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { encodeAddress } from '@polkadot/util-crypto'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { createKit, fromScaledInteger, type Kit, toScaledInteger } from '../../../src/index.js'
import { polkadot, polkadotLocalnet } from '../../../src/plugins/polkadot/index.js'
import { createVirtualEnv } from '../../../src/testing/index.js'
import { createPolkadotTestExtension } from '../../../src/testing/polkadot/createPolkadotTestExtension.js'
import {
  adapterOf,
  apiOf,
  balanceOf,
  freshUri,
  LOCAL_NETWORK_ID,
  localnetOf,
  setBalance,
} from '../../support/polkadot.js'
import { installWindowShim, until } from '../../support/solana.js'

const node = inject('polkadot')
installWindowShim()
const localnet = localnetOf(node)
const ROC = 10n ** 12n
const deposit = BigInt(node.existentialDeposit)
const cleanups: (() => void)[] = []
let api: ApiPromise

beforeAll(async () => {
  api = await apiOf(node.url)
})
afterAll(async () => {
  await api.disconnect()
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

/** A connected kit whose extension holds a fresh key with `free` planck, its balance read. */
async function connected(free: bigint, networks = [localnet]) {
  const extension = createPolkadotTestExtension({ keys: [{ uri: freshUri() }] })
  cleanups.push(extension.install())
  const sender = extension.addresses[0]!
  await setBalance(node.url, sender, free)
  const kit = createKit({
    plugins: [polkadot({ networks: networks as [typeof localnet] })],
    env: createVirtualEnv(),
  })
  cleanups.push(() => kit.destroy())
  await kit.connect({ namespace: 'polkadot', connectorId: 'gangway-test' })
  await until(
    kit,
    (state) => state.namespaces.entities.polkadot!.accountState.balance !== null,
    10_000,
  )
  return { kit, extension, sender }
}

const receiverAddress = () => new Keyring({ type: 'sr25519' }).addFromUri(freshUri()).address
const account = (kit: Kit) => kit.getState().namespaces.entities.polkadot!.accountState
const signed = (extension: ReturnType<typeof createPolkadotTestExtension>) =>
  extension.requests.filter((request) => request.method === 'signPayload').length

describe('transferKeepAlive on the local node', () => {
  test('default: the receiver gets exactly the amount; the sender pays exactly the total quoteSend gave before signing', async () => {
    const { kit, extension, sender } = await connected(10n * ROC)
    const receiver = receiverAddress()
    const adapter = adapterOf(polkadot({ networks: [localnet] }))
    cleanups.push(() => adapter.destroy?.())
    const request = {
      connectorId: 'gangway-test',
      from: `${LOCAL_NETWORK_ID}:${sender}` as const,
      to: receiver,
      amount: '1.5',
      token: null,
      accountType: 'eoa' as const,
    }
    const quote = await adapter.quoteSend!(request, new AbortController().signal)
    expect(quote).toMatchObject({ symbol: 'ROC', feeSpeed: 'standard' })
    expect(toScaledInteger(quote.total, 12)).toBe(
      1_500_000_000_000n + toScaledInteger(quote.fee, 12)!,
    )
    // Quoting asks the wallet nothing.
    expect(signed(extension)).toBe(0)
    const before = await balanceOf(api, sender)
    const { hash } = await kit.features.send.send({ to: receiver, amount: '1.5' })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(signed(extension)).toBe(1)
    await expect
      .poll(async () => (await balanceOf(api, receiver)).free, { timeout: 15_000 })
      .toBe(1_500_000_000_000n)
    const after = await balanceOf(api, sender)
    expect(fromScaledInteger(before.free - after.free, 12)).toBe(quote.total)
    // Finality is followed and the kit reads the balance again.
    await until(
      kit,
      (state) =>
        state.namespaces.entities.polkadot!.accountState.balance ===
        fromScaledInteger(after.free, 12),
      10_000,
    )
  })

  test('behavior: a faster speed adds a tip of the inclusion fee (fast) or four times it (instant); the extension signs that tip and the sender pays exactly the quoted total', async () => {
    const extension = createPolkadotTestExtension({ keys: [{ uri: freshUri() }] })
    cleanups.push(extension.install())
    const sender = extension.addresses[0]!
    await setBalance(node.url, sender, 10n * ROC)
    const adapter = adapterOf(polkadot({ networks: [localnet] }))
    cleanups.push(() => adapter.destroy?.())
    const signal = new AbortController().signal
    await adapter.connect({ connectorId: 'gangway-test', silent: false }, signal)
    const receiver = receiverAddress()
    const request = {
      connectorId: 'gangway-test',
      from: `${LOCAL_NETWORK_ID}:${sender}` as const,
      to: receiver,
      amount: '2',
      token: null,
      accountType: 'eoa' as const,
    }
    const planck = (value: string) => toScaledInteger(value, 12)!
    const standard = await adapter.quoteSend!(request, signal)
    const fast = await adapter.quoteSend!({ ...request, feeSpeed: 'fast' }, signal)
    const instant = await adapter.quoteSend!({ ...request, feeSpeed: 'instant' }, signal)
    expect(fast.feeSpeed).toBe('fast')
    // The tip's few bytes are priced too.
    expect(planck(fast.fee)).toBeGreaterThan(2n * planck(standard.fee))
    expect(planck(fast.fee)).toBeLessThan(2n * planck(standard.fee) + planck(standard.fee) / 10n)
    expect(planck(instant.fee)).toBeGreaterThan(5n * planck(standard.fee))
    expect(planck(fast.total)).toBe(2n * ROC + planck(fast.fee))
    const before = await balanceOf(api, sender)
    await adapter.send!({ ...request, feeSpeed: 'fast' }, signal)
    await expect
      .poll(async () => (await balanceOf(api, receiver)).free, { timeout: 15_000 })
      .toBe(2n * ROC)
    expect(before.free - (await balanceOf(api, sender)).free).toBe(planck(fast.total))
    // The extension was shown the tip it signed.
    const payload = extension.requests.find((entry) => entry.method === 'signPayload')
    expect(BigInt((payload as unknown as { payload: { tip: string } }).payload.tip)).toBe(
      planck(standard.fee),
    )
  })

  test('behavior: a send that would leave the sender below the existential deposit is refused in words; nothing is signed or moved', async () => {
    const { kit, extension, sender } = await connected(ROC)
    const receiver = receiverAddress()
    // The fee is about 5.6 million planck: 7 million left for it leaves less than the deposit.
    const error = await kit.features.send
      .send({ to: receiver, amount: fromScaledInteger(ROC - 7_000_000n, 12) })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: 'POLKADOT_SENDER_BELOW_DEPOSIT',
      userMessage: expect.stringMatching(
        /^Keep at least 0\.000003333333 ROC after the amount and the fee of 0\.\d+ ROC: the network closes accounts below that$/,
      ),
    })
    expect(signed(extension)).toBe(0)
    expect((await balanceOf(api, sender)).free).toBe(ROC)
    expect((await balanceOf(api, receiver)).free).toBe(0n)
  })

  test('behavior: a send that would leave a new receiver below the existential deposit is refused in words', async () => {
    const { kit, extension } = await connected(10n * ROC)
    const receiver = receiverAddress()
    await expect(
      kit.features.send.send({ to: receiver, amount: fromScaledInteger(deposit - 1n, 12) }),
    ).rejects.toMatchObject({
      code: 'POLKADOT_RECEIVER_BELOW_DEPOSIT',
      userMessage:
        'Send at least 0.000003333333 ROC: the receiver’s account would hold less than the network keeps',
    })
    expect(signed(extension)).toBe(0)
    expect((await balanceOf(api, receiver)).free).toBe(0n)
  })

  test('behavior: a rejected signature reads Signature declined and changes nothing on the chain', async () => {
    const { kit, extension, sender } = await connected(10n * ROC)
    const receiver = receiverAddress()
    extension.features.rejectRequests = true
    await expect(kit.features.send.send({ to: receiver, amount: '1' })).rejects.toMatchObject({
      code: 'USER_REJECTED',
      userMessage: 'Signature declined',
    })
    expect(signed(extension)).toBe(1)
    expect((await balanceOf(api, sender)).free).toBe(10n * ROC)
    expect((await balanceOf(api, receiver)).free).toBe(0n)
    expect(account(kit).balance).toBe('10')
  })

  test('behavior: a receiver written for another network of the site is refused; a changed checksum character too', async () => {
    const prefixZero = polkadotLocalnet({
      rpcUrl: node.url,
      genesisHash: node.genesisHash,
      networkId: 'polkadot:gangway-local-0',
      ss58Prefix: 0,
    })
    const { kit, extension } = await connected(10n * ROC, [localnet, prefixZero])
    const pair = new Keyring({ type: 'sr25519' }).addFromUri(freshUri())
    await expect(
      kit.features.send.send({ to: encodeAddress(pair.addressRaw, 0), amount: '1' }),
    ).rejects.toMatchObject({ code: 'POLKADOT_ADDRESS_OTHER_NETWORK' })
    const good = pair.address
    const last = good.at(-1) === 'a' ? 'b' : 'a'
    await expect(
      kit.features.send.send({ to: `${good.slice(0, -1)}${last}`, amount: '1' }),
    ).rejects.toMatchObject({ code: 'INVALID_SEND_INPUT' })
    expect(signed(extension)).toBe(0)
  })
})
