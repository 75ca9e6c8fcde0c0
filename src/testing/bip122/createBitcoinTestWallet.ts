import * as ecc from '@bitcoinerlab/secp256k1'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import {
  script as bitcoinScript,
  crypto,
  initEccLib,
  type Network,
  networks,
  Psbt,
  payments,
} from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import { bip322ToSign, bip322ToSpend } from '../../plugins/bip122/bip322.js'
import type {
  BitcoinTestWalletAccount,
  BitcoinTestWalletAnswer,
  BitcoinTestWalletRequest,
} from './installBitcoinTestWallet.js'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

/** The payment address kinds the test wallet can hold. */
export type BitcoinTestWalletPaymentType = 'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr' | 'p2pkh'

/**
 * The test wallet's switches; change them on {@link BitcoinTestWallet.features} at any time.
 * @example
 * wallet.features.rejectRequests = true // the next prompt fails like a user's "no"
 */
export interface BitcoinTestWalletFeatures {
  /** Prompts (a connect that is not silent, signPsbt, signMessage) fail like a user's "no". */
  rejectRequests: boolean
  /** Prompts never answer, like a wallet popup left open. */
  hangRequests: boolean
  /** The wallet pays 1,000 sats more to the first output than the PSBT says before signing. */
  tamperPsbt: boolean
  /** Message signatures are over another message (a wallet that signs what it likes). */
  signWrongMessage: boolean
}

/** What {@link createBitcoinTestWallet} needs. */
export interface BitcoinTestWalletParameters {
  /** 32-byte private keys (hex): the first pays, the second (or the first) holds ordinals. */
  readonly privateKeys: readonly string[]
  /** The network the addresses are for (Bitcoin regtest by default). */
  readonly network?: Network
  /** The payment address kind (`p2wpkh` by default); the ordinals address is always taproot. */
  readonly paymentType?: BitcoinTestWalletPaymentType
  /** Whether the site is already authorized, as an extension remembers trusted sites. */
  readonly authorized?: boolean
  /** Initial switches (all off). */
  readonly features?: Partial<BitcoinTestWalletFeatures>
}

/**
 * A Bitcoin test wallet's backend: keys, accounts and signing. The page shapes
 * (`installBitcoinTestWallet`) call {@link BitcoinTestWallet.handle}.
 */
export interface BitcoinTestWallet {
  /** Answers a page shape's request. */
  handle(request: BitcoinTestWalletRequest): Promise<BitcoinTestWalletAnswer>
  /** The accounts: payment, then ordinals. */
  readonly accounts: readonly BitcoinTestWalletAccount[]
  /** Mutable switches. */
  readonly features: BitcoinTestWalletFeatures
  /** Every request received, in order. */
  readonly requests: readonly BitcoinTestWalletRequest[]
  /** Whether the site is authorized now. */
  readonly authorized: boolean
  /** Signs a message with BIP-322 (simple; BIP-137 for legacy) as the wallet does, base64. */
  signMessage(address: string, message: string): string
  /** Signs the listed inputs of a PSBT (base64) with the wallet's keys; base64 back. */
  signPsbt(
    psbt: string,
    inputs: Extract<BitcoinTestWalletRequest, { method: 'signPsbt' }>['inputs'],
  ): string
}

function witnessBytes(stack: readonly Uint8Array[]): Uint8Array {
  const varint = (value: number) => (value < 0xfd ? [value] : [0xfd, value & 0xff, value >> 8])
  return Uint8Array.from([
    ...varint(stack.length),
    ...stack.flatMap((item) => [...varint(item.length), ...item]),
  ])
}

function tweaked(key: ECPairInterface): ECPairInterface {
  const xOnly = key.publicKey.subarray(1, 33)
  return key.tweak(crypto.taggedHash('TapTweak', xOnly))
}

/**
 * Creates a Bitcoin test wallet that signs for real with local keys: a payment account (native
 * segwit by default; nested segwit, taproot or legacy on request) and a taproot ordinals account.
 * @example
 * import { createBitcoinTestWallet } from '@gangway/kit/testing/node'
 * const wallet = createBitcoinTestWallet({ privateKeys: ['11'.repeat(32)] })
 * await node.fund(wallet.accounts[0]!.address, 100_000n)
 * @param parameters - keys, network, payment kind, authorization and switches.
 * @returns the wallet.
 * @throws Error when no key is given or a key is not a valid private key.
 */
export function createBitcoinTestWallet(
  parameters: BitcoinTestWalletParameters,
): BitcoinTestWallet {
  const network = parameters.network ?? networks.regtest
  const keys = parameters.privateKeys.map((hex) =>
    ECPair.fromPrivateKey(Uint8Array.from(Buffer.from(hex, 'hex')), { network }),
  )
  const [paymentKey] = keys
  if (!paymentKey) throw new Error('createBitcoinTestWallet: at least one private key')
  const ordinalsKey = keys[1] ?? paymentKey
  const paymentType = parameters.paymentType ?? 'p2wpkh'
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
  const paymentPayment =
    paymentType === 'p2wpkh'
      ? payments.p2wpkh({ pubkey: paymentKey.publicKey, network })
      : paymentType === 'p2sh-p2wpkh'
        ? payments.p2sh({
            redeem: payments.p2wpkh({ pubkey: paymentKey.publicKey, network }),
            network,
          })
        : paymentType === 'p2pkh'
          ? payments.p2pkh({ pubkey: paymentKey.publicKey, network })
          : payments.p2tr({ internalPubkey: paymentKey.publicKey.subarray(1, 33), network })
  const ordinalsPayment = payments.p2tr({
    internalPubkey: ordinalsKey.publicKey.subarray(1, 33),
    network,
  })
  const accounts: BitcoinTestWalletAccount[] = [
    {
      address: paymentPayment.address!,
      publicKey: hex(paymentKey.publicKey),
      purpose: 'payment',
      addressType: paymentType === 'p2sh-p2wpkh' ? 'p2sh' : paymentType,
    },
    {
      address: ordinalsPayment.address!,
      publicKey: hex(ordinalsKey.publicKey),
      purpose: 'ordinals',
      addressType: 'p2tr',
    },
  ]
  const keyOf = (address: string) => {
    const index = accounts.findIndex((account) => account.address === address)
    if (index < 0)
      throw Object.assign(new Error(`Not this wallet's address: ${address}`), { code: -32602 })
    const key = index === 0 ? paymentKey : ordinalsKey
    const type = index === 0 ? paymentType : 'p2tr'
    return { key, type, script: index === 0 ? paymentPayment.output! : ordinalsPayment.output! }
  }
  const features: BitcoinTestWalletFeatures = {
    rejectRequests: parameters.features?.rejectRequests ?? false,
    hangRequests: parameters.features?.hangRequests ?? false,
    tamperPsbt: parameters.features?.tamperPsbt ?? false,
    signWrongMessage: parameters.features?.signWrongMessage ?? false,
  }
  const requests: BitcoinTestWalletRequest[] = []
  let authorized = parameters.authorized ?? false

  const signMessage = (address: string, message: string): string => {
    const { key, type, script } = keyOf(address)
    const text = features.signWrongMessage ? `${message} (not this)` : message
    if (type === 'p2pkh') {
      // BIP-137, as wallets sign legacy addresses: header 31 + recovery id for a compressed key.
      const prefix = Buffer.from('\x18Bitcoin Signed Message:\n')
      const body = Buffer.from(text)
      const length =
        body.length < 0xfd
          ? Buffer.of(body.length)
          : Buffer.of(0xfd, body.length & 0xff, body.length >> 8)
      const hash = crypto.hash256(Buffer.concat([prefix, length, body]))
      const signature = secp256k1.sign(hash, key.privateKey!, {
        prehash: false,
        format: 'recovered',
      })
      // noble's recovered format puts the recovery id first.
      return Buffer.concat([Buffer.of(31 + signature[0]!), signature.subarray(1)]).toString(
        'base64',
      )
    }
    const toSpend = bip322ToSpend(text, script)
    const psbt = new Psbt({ network })
    psbt.setVersion(0)
    psbt.addInput({
      hash: toSpend.getHash(),
      index: 0,
      sequence: 0,
      witnessUtxo: { script, value: 0n },
      ...(type === 'p2tr' ? { tapInternalKey: key.publicKey.subarray(1, 33) } : {}),
      ...(type === 'p2sh-p2wpkh'
        ? { redeemScript: payments.p2wpkh({ pubkey: key.publicKey, network }).output! }
        : {}),
    })
    psbt.addOutput({ script: bitcoinScript.compile([bitcoinScript.OPS.OP_RETURN!]), value: 0n })
    psbt.signInput(0, type === 'p2tr' ? tweaked(key) : key)
    psbt.finalizeAllInputs()
    const witness = psbt.extractTransaction().ins[0]!.witness
    // The same transaction as BIP-322's to_sign, checked so a drift shows in the wallet (nested
    // segwit's has a script signature the simple format does not carry).
    if (
      type !== 'p2sh-p2wpkh' &&
      bip322ToSign(toSpend, witness).getId() !== psbt.extractTransaction().getId()
    )
      throw new Error('createBitcoinTestWallet: the signed transaction is not BIP-322 to_sign')
    return Buffer.from(witnessBytes(witness)).toString('base64')
  }

  const signPsbt: BitcoinTestWallet['signPsbt'] = (base64, inputs) => {
    const psbt = Psbt.fromBase64(base64, { network })
    if (features.tamperPsbt) {
      // Rebuild with the first output paying 1,000 sats more: a wallet that changes the send.
      const copy = new Psbt({ network })
      copy.setVersion(psbt.version)
      copy.setLocktime(psbt.locktime)
      psbt.txInputs.forEach((input, index) => {
        copy.addInput({
          hash: input.hash,
          index: input.index,
          sequence: input.sequence,
          ...psbt.data.inputs[index],
        } as never)
      })
      psbt.txOutputs.forEach((output, index) => {
        copy.addOutput({
          script: output.script,
          value: output.value + (index === 0 ? 1_000n : 0n),
        })
      })
      return signPsbt(copy.toBase64(), inputs)
    }
    for (const { address, indexes } of inputs) {
      const { key, type } = keyOf(address)
      for (const index of indexes) psbt.signInput(index, type === 'p2tr' ? tweaked(key) : key)
    }
    return psbt.toBase64()
  }

  const fail = (code: number, message: string): BitcoinTestWalletAnswer => ({
    ok: false,
    error: { code, message },
  })
  const prompt = async (): Promise<BitcoinTestWalletAnswer | undefined> => {
    if (features.hangRequests) await new Promise<never>(() => undefined)
    return features.rejectRequests ? fail(-32000, 'User rejected the request.') : undefined
  }

  return {
    accounts,
    features,
    requests,
    get authorized() {
      return authorized
    },
    signMessage,
    signPsbt,
    handle: async (request) => {
      requests.push(request)
      try {
        if (request.method === 'connect') {
          if (request.silent) {
            if (!authorized) return fail(-32002, 'The site is not authorized.')
          } else {
            const refused = await prompt()
            if (refused) return refused
            authorized = true
          }
          return { ok: true, result: { accounts } }
        }
        if (request.method === 'disconnect') {
          authorized = false
          return { ok: true, result: {} }
        }
        if (!authorized) return fail(-32002, 'The site is not authorized.')
        const refused = await prompt()
        if (refused) return refused
        if (request.method === 'signPsbt')
          return { ok: true, result: { psbt: signPsbt(request.psbt, request.inputs) } }
        return { ok: true, result: { signature: signMessage(request.address, request.message) } }
      } catch (error) {
        return fail((error as { code?: number }).code ?? -32603, (error as Error).message)
      }
    },
  }
}
