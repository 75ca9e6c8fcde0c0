/**
 * Helpers for the bip122 tests: the shared node's RPC (funding and mining), fresh keys, and the
 * wallet's page shapes installed on the Node window shim.
 */
import { randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, networks } from 'bitcoinjs-lib'
import { inject } from 'vitest'
import { litecoinRegtest } from '../../src/plugins/bip122/schemas.js'
import {
  type BitcoinTestWalletParameters,
  createBitcoinTestWallet,
} from '../../src/testing/bip122/createBitcoinTestWallet.js'
import { createEsploraApi } from '../../src/testing/bip122/createEsploraApi.js'
import {
  type BitcoinTestWalletShape,
  installBitcoinTestWallet,
} from '../../src/testing/bip122/installBitcoinTestWallet.js'

/** A fresh 32-byte private key, hex. */
export function freshKey(): string {
  for (;;) {
    const key = randomBytes(32)
    if (ecc.isPrivate(key)) return key.toString('hex')
  }
}

/** The shared node (funding, mining) as the tests reach it. */
export function bitcoinNode() {
  const node = inject('bitcoin')
  const api = createEsploraApi({ rpc: node.rpc })
  const coins = (sats: bigint) =>
    `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`
  return {
    ...node,
    api,
    /** Pays `sats` to a regtest address from the node's wallet (unmined). */
    fund: (address: string, sats: bigint) =>
      api.rpc<string>('sendtoaddress', [
        bitcoinAddress.fromOutputScript(
          bitcoinAddress.toOutputScript(address, networks.regtest),
          litecoinRegtest,
        ),
        coins(sats),
      ]),
    mine: async (blocks = 1) => {
      const to = await api.rpc<string>('getnewaddress', ['', 'bech32'])
      return api.rpc<string[]>('generatetoaddress', [blocks, to])
    },
    /** The Esplora API's view of an address, as the plugin reads it. */
    get: async (path: string) =>
      (await fetch(`${node.esploraUrl}${path}`)).json() as Promise<unknown>,
  }
}

/** A test wallet whose page shapes are installed on `window`; `uninstall` removes them. */
export function installedWallet(
  parameters: Partial<BitcoinTestWalletParameters> & {
    shapes?: BitcoinTestWalletShape[]
    name?: string
  } = {},
) {
  const wallet = createBitcoinTestWallet({
    privateKeys: parameters.privateKeys ?? [freshKey(), freshKey()],
    ...(parameters.paymentType ? { paymentType: parameters.paymentType } : {}),
    ...(parameters.authorized !== undefined ? { authorized: parameters.authorized } : {}),
    ...(parameters.features ? { features: parameters.features } : {}),
  })
  const { wallet: standardWallet, ...installed } = installBitcoinTestWallet({
    name: parameters.name ?? 'Gangway Bitcoin Test Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
    shapes: parameters.shapes ?? ['standard'],
    call: (request) => wallet.handle(request),
  })
  return {
    ...installed,
    standardWallet,
    wallet,
    payment: wallet.accounts[0]!,
    ordinals: wallet.accounts[1]!,
  }
}
