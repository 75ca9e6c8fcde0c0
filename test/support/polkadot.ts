/**
 * Helpers for the polkadot integration tests: fresh funded keys on the local chopsticks node, the
 * node's network as a site declares it, and reads of what the chain holds.
 */
import { randomBytes } from 'node:crypto'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { u8aToHex } from '@polkadot/util'
import { polkadotLocalnet } from '../../src/plugins/polkadot/index.js'
import { createVirtualEnv } from '../../src/testing/index.js'

/** The id the tests give the node's network (chopsticks' genesis hash is made up). */
export const LOCAL_NETWORK_ID = 'polkadot:gangway-local'

/** The node's network as a site declares it: ROC, 12 decimals, generic prefix 42. */
export function localnetOf(node: { url: string; genesisHash: `0x${string}` }) {
  return polkadotLocalnet({
    rpcUrl: node.url,
    genesisHash: node.genesisHash,
    networkId: LOCAL_NETWORK_ID,
    name: 'Rococo Local',
    nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 },
    ss58Prefix: 42,
  })
}

/** A fresh secret URI (a random 32-byte seed): a key nobody else uses. */
export const freshUri = () => u8aToHex(randomBytes(32))

/** Sets an account's balance on the node at once (`dev_setStorage`), in planck. */
export async function setBalance(
  url: string,
  address: string,
  free: bigint,
  reserved = 0n,
): Promise<void> {
  const response = await fetch(url.replace(/^ws/, 'http'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'dev_setStorage',
      params: [
        {
          System: {
            Account: [
              [
                [address],
                { providers: 1, data: { free: free.toString(), reserved: reserved.toString() } },
              ],
            ],
          },
        },
      ],
    }),
  })
  const body = (await response.json()) as { error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
}

/** One `@polkadot/api` connection to the node per test file. */
export async function apiOf(url: string): Promise<ApiPromise> {
  return ApiPromise.create({ provider: new WsProvider(url), noInitWarn: true })
}

/** Free and reserved planck of an address. */
export async function balanceOf(api: ApiPromise, address: string) {
  const account = (await api.query.system!.account!(address)) as unknown as {
    data: { free: { toBigInt(): bigint }; reserved: { toBigInt(): bigint } }
  }
  return { free: account.data.free.toBigInt(), reserved: account.data.reserved.toBigInt() }
}

/**
 * The plugin's adapter on its own, as a kit builds it (`createAdapter` with a plugin context): for
 * what the kit does not call itself, such as the fee a site shows before the wallet signs.
 */
export function adapterOf(plugin: import('../../src/kernel/index.js').ChainPlugin) {
  return plugin.createAdapter({
    env: createVirtualEnv(),
    emit: () => undefined,
    networks: plugin.networks,
    settings: { projectId: undefined, tokens: [], analytics: false },
  })
}
