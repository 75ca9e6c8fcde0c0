/**
 * The frame's wallet operations over its API: create a wallet (shares stored, recovery share
 * handed to the visitor), unlock it for one use (device share opened with the passkey's PRF,
 * server share released to a fresh key), and recover it with the device and recovery shares
 * when the server is gone.
 * @module
 */
import * as z from 'zod/mini'
import { addressesOf } from './accounts.js'
import type { FrameApi } from './api.js'
import {
  createReleaseKey,
  createWallet,
  decodeRecoveryKit,
  decodeRecoveryShare,
  encodeRecoveryKit,
  encodeRecoveryShare,
  openDeviceShare,
  recombine,
  type SealedDeviceShare,
  sealDeviceShare,
} from './custody.js'

const sealedSchema = z.object({
  v: z.literal(1),
  nonce: z.string(),
  ciphertext: z.string(),
})

/**
 * Creates the logged-in user's wallet and stores its device and server shares.
 * @param api - the logged-in frame's client.
 * @param prfOutput - the passkey's PRF output.
 * @param userId - the user.
 * @returns the addresses and the recovery share for the visitor to keep.
 */
export async function createStoredWallet(
  api: FrameApi,
  prfOutput: Uint8Array,
  userId: string,
): Promise<{
  accounts: { eip155: `0x${string}`; solana: string }
  recoveryShare: string
  /** The line the visitor keeps: with their passkey it rebuilds the wallet without the server. */
  recoveryKit: string
}> {
  const { entropy, shares } = await createWallet()
  try {
    const accounts = addressesOf(entropy)
    const sealedDevice = sealDeviceShare(shares.device, prfOutput, userId)
    await api.call('PUT', '/embedded/api/shares', z.object({ saved: z.literal(true) }), {
      deviceShare: JSON.stringify(sealedDevice),
      serverShare: btoa(String.fromCharCode(...shares.server)),
      accounts,
    })
    return {
      accounts,
      recoveryShare: encodeRecoveryShare(shares.recovery),
      recoveryKit: encodeRecoveryKit({ share: shares.recovery, sealedDevice, userId }),
    }
  } finally {
    entropy.fill(0)
    shares.device.fill(0)
    shares.server.fill(0)
  }
}

/** The sealed device share the server keeps for the user (fetched to recover later). */
export async function fetchSealedDeviceShare(api: FrameApi): Promise<SealedDeviceShare> {
  const { deviceShare } = await api.call(
    'GET',
    '/embedded/api/shares/device',
    z.object({ deviceShare: z.string() }),
  )
  return sealedSchema.parse(JSON.parse(deviceShare))
}

/**
 * Rebuilds the entropy from the device share (opened with the PRF) and the server share
 * (released to a fresh key). The caller wipes it after one use.
 */
export async function unlockWallet(
  api: FrameApi,
  prfOutput: Uint8Array,
  userId: string,
): Promise<Uint8Array> {
  const device = openDeviceShare(await fetchSealedDeviceShare(api), prfOutput, userId)
  const key = await createReleaseKey()
  const released = await api.call(
    'POST',
    '/embedded/api/shares/server',
    z.object({ enc: z.string(), ciphertext: z.string() }),
    { publicKey: key.publicKey },
  )
  const server = await key.open(released)
  try {
    return await recombine([device, server])
  } finally {
    device.fill(0)
    server.fill(0)
  }
}

/**
 * Recovers the entropy from a recovery kit (decision 0715) and the passkey's PRF output: no
 * server, no stored copy. The caller wipes it after use.
 * @throws when the kit is no kit, or the passkey is not the one that sealed it.
 */
export async function recoverFromKit(kit: string, prfOutput: Uint8Array): Promise<Uint8Array> {
  const { share, sealedDevice, userId } = decodeRecoveryKit(kit)
  const device = openDeviceShare(sealedDevice, prfOutput, userId)
  try {
    return await recombine([device, share])
  } finally {
    device.fill(0)
    share.fill(0)
  }
}

/**
 * Recovers the entropy without the server: the device share (a copy kept earlier, opened with
 * the PRF) and the recovery share.
 */
export async function recoverWallet(
  sealedDevice: SealedDeviceShare,
  prfOutput: Uint8Array,
  userId: string,
  recoveryShare: string,
): Promise<Uint8Array> {
  const device = openDeviceShare(sealedDevice, prfOutput, userId)
  try {
    return await recombine([device, decodeRecoveryShare(recoveryShare)])
  } finally {
    device.fill(0)
  }
}
