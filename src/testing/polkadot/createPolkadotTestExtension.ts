import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import { hexToU8a, isHex, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { decodeAddress } from '@polkadot/util-crypto'
import {
  type InstallPolkadotTestExtensionOptions,
  installPolkadotTestExtension,
  type PolkadotTestExtensionAccount,
  type PolkadotTestExtensionAnswer,
  type PolkadotTestExtensionRequest,
} from './installPolkadotTestExtension.js'

/**
 * The test extension's failure switches; change them on {@link PolkadotTestExtension.features}.
 * @example
 * extension.features.rejectRequests = true // the next prompt fails like an extension whose user said no
 */
export interface PolkadotTestExtensionFeatures {
  /**
   * Prompts (authorizing the site, signPayload, signRaw) fail as polkadot{.js} fails them when its
   * user says no: `Error('Rejected')` for the site, `Error('Cancelled')` for a signature.
   */
  rejectRequests: boolean
  /** Prompts never answer, like an extension popup left open. */
  hangRequests: boolean
}

/** One key the extension holds. */
export interface PolkadotTestExtensionKey {
  /** A secret URI for `Keyring.addFromUri` (`//Alice`, a mnemonic, `0x` seed). */
  readonly uri: string
  /** The key type; sr25519 by default. */
  readonly type?: 'sr25519' | 'ed25519' | 'ecdsa'
  /** The account's name as the extension shows it. */
  readonly name?: string
}

/**
 * What {@link createPolkadotTestExtension} needs.
 * @example
 * const parameters: PolkadotTestExtensionParameters = { keys: [{ uri: node.accounts[0]!.uri }] }
 */
export interface PolkadotTestExtensionParameters {
  /** The keys, in the order `accounts.get()` lists them. */
  readonly keys: readonly PolkadotTestExtensionKey[]
  /** The key under `window.injectedWeb3` (default `gangway-test`). */
  readonly name?: string
  /** The bridge's global name in a page (default `__gangwayPolkadotExtension`). */
  readonly bridge?: string
  /** Whether the site is authorized already, as an extension remembers trusted sites. */
  readonly authorized?: boolean
  /** Initial failure switches (all off). */
  readonly features?: Partial<PolkadotTestExtensionFeatures>
}

/**
 * A Polkadot browser extension backed by a Node-side keyring, with extension-side controls.
 * @example
 * const extension = createPolkadotTestExtension({ keys: [{ uri: '//Alice' }] })
 * const remove = extension.install() // in Node, on a `window` shim
 * extension.switchAccount(1) // the site sees the change
 */
export interface PolkadotTestExtension {
  /** Injects the extension into `window.injectedWeb3` (Node: a window shim); returns a remover. */
  install(): () => void
  /** The backend a page's bridge calls (`page.exposeFunction(bridge, extension.handle)`). */
  handle(request: PolkadotTestExtensionRequest): Promise<PolkadotTestExtensionAnswer>
  /** Receives extension-side account changes (a page test forwards them to `window[bridge + 'Changed']`). */
  onChange(listener: (accounts: readonly PolkadotTestExtensionAccount[]) => void): () => void
  /** What `installPolkadotTestExtension` needs in a page, apart from the bridge function. */
  readonly pageOptions: Omit<InstallPolkadotTestExtensionOptions, 'call'>
  readonly features: PolkadotTestExtensionFeatures
  /** The accounts' addresses with the generic prefix 42, in the listed order. */
  readonly addresses: readonly string[]
  /** The key pairs (for checking signatures in tests). */
  readonly pairs: readonly KeyringPair[]
  /** Every request received, in order. */
  readonly requests: readonly PolkadotTestExtensionRequest[]
  /** Lists account `index` first, as an extension does when its user picks another account. */
  switchAccount(index: number): void
  /** Extension-side revocation of the site: deauthorizes and reports no accounts. */
  disconnect(): void
}

const failure = (message: string): PolkadotTestExtensionAnswer => ({
  ok: false,
  error: { message },
})

/**
 * Creates a Polkadot test extension: `window.injectedWeb3` in front, a keyring behind. Signs
 * transaction payloads as polkadot{.js} does (a `TypeRegistry` with the payload's signed
 * extensions, the signature with its key-type byte) and raw messages wrapped in
 * `<Bytes>…</Bytes>`.
 * @example
 * import { createPolkadotTestExtension, startPolkadotNode } from '@gangway/kit/testing/node'
 * const node = await startPolkadotNode()
 * const extension = createPolkadotTestExtension({ keys: [{ uri: node.accounts[0]!.uri }] })
 * extension.install()
 * @param parameters - keys, injection key, bridge name, authorization and failure switches.
 * @returns the extension and its controls.
 * @throws Error when no key is given.
 */
export function createPolkadotTestExtension(
  parameters: PolkadotTestExtensionParameters,
): PolkadotTestExtension {
  if (parameters.keys.length === 0)
    throw new Error('createPolkadotTestExtension: give at least one key')
  const keyrings = new Map<string, Keyring>()
  const pairs = parameters.keys.map((key) => {
    const type = key.type ?? 'sr25519'
    let keyring = keyrings.get(type)
    if (!keyring) {
      keyring = new Keyring({ type, ss58Format: 42 })
      keyrings.set(type, keyring)
    }
    return keyring.addFromUri(key.uri, { name: key.name ?? `Test ${type}` })
  })
  let order = pairs.map((_, index) => index)
  let authorized = parameters.authorized ?? false
  const features: PolkadotTestExtensionFeatures = {
    rejectRequests: false,
    hangRequests: false,
    ...parameters.features,
  }
  const requests: PolkadotTestExtensionRequest[] = []
  const listeners = new Set<(accounts: readonly PolkadotTestExtensionAccount[]) => void>()
  const pageOptions = {
    bridge: parameters.bridge ?? '__gangwayPolkadotExtension',
    name: parameters.name ?? 'gangway-test',
    version: '0.1.0',
  }
  const accounts = (): PolkadotTestExtensionAccount[] =>
    authorized
      ? order.map((index) => {
          const pair = pairs[index]!
          return {
            address: pair.address,
            type: pair.type as PolkadotTestExtensionAccount['type'],
            name: String(pair.meta.name),
          }
        })
      : []
  const tell = () => {
    const list = accounts()
    for (const listener of [...listeners]) listener(list)
  }
  /** The key of an address in any SS58 prefix (ecdsa accounts are the hash of their key). */
  const pairOf = (address: unknown) => {
    try {
      const accountId = u8aToHex(decodeAddress(String(address)))
      return pairs.find((pair) => u8aToHex(pair.addressRaw) === accountId)
    } catch {
      return undefined
    }
  }
  const prompt = (): Promise<void> =>
    features.hangRequests ? new Promise(() => undefined) : Promise.resolve()

  const handle = async (
    request: PolkadotTestExtensionRequest,
  ): Promise<PolkadotTestExtensionAnswer> => {
    requests.push(request)
    switch (request.method) {
      case 'enable': {
        if (authorized) return { ok: true, result: {} }
        await prompt()
        if (features.rejectRequests) return failure('Rejected')
        authorized = true
        tell()
        return { ok: true, result: {} }
      }
      case 'accounts':
        return { ok: true, result: { accounts: accounts() } }
      case 'signPayload': {
        const pair = authorized ? pairOf(request.payload.address) : undefined
        if (!pair) return failure('Unable to find the account')
        await prompt()
        if (features.rejectRequests) return failure('Cancelled')
        const payload = request.payload as Record<string, unknown> & {
          signedExtensions: string[]
          version: number
        }
        const registry = new TypeRegistry()
        registry.setSignedExtensions(payload.signedExtensions)
        const { signature } = registry
          .createType('ExtrinsicPayload', payload, { version: payload.version })
          .sign(pair)
        return { ok: true, result: { signature } }
      }
      case 'signRaw': {
        const pair = authorized ? pairOf(request.raw.address) : undefined
        if (!pair) return failure('Unable to find the account')
        await prompt()
        if (features.rejectRequests) return failure('Cancelled')
        const data = isHex(request.raw.data)
          ? hexToU8a(request.raw.data)
          : new TextEncoder().encode(request.raw.data)
        // polkadot{.js} wraps what it signs as bytes, so no message is ever a transaction.
        const signed = request.raw.type === 'bytes' ? u8aWrapBytes(data) : data
        return { ok: true, result: { signature: u8aToHex(pair.sign(signed, { withType: true })) } }
      }
      default:
        return failure('Unknown request')
    }
  }

  return {
    install: () => {
      const remove = installPolkadotTestExtension({ ...pageOptions, call: handle })
      const page = (globalThis as unknown as { window: Record<string, unknown> }).window
      const forward = (list: readonly PolkadotTestExtensionAccount[]) =>
        (page[`${pageOptions.bridge}Changed`] as (list: unknown) => void)?.(list)
      listeners.add(forward)
      return () => {
        listeners.delete(forward)
        remove()
      }
    },
    handle,
    onChange: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    pageOptions,
    features,
    get addresses() {
      return order.map((index) => pairs[index]!.address)
    },
    pairs,
    requests,
    switchAccount: (index) => {
      if (!pairs[index]) throw new RangeError(`createPolkadotTestExtension: no key ${index}`)
      order = [index, ...pairs.map((_, at) => at).filter((at) => at !== index)]
      tell()
    },
    disconnect: () => {
      authorized = false
      tell()
    },
  }
}
