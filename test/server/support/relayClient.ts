/**
 * Raw relay clients for tests: did:key identities that sign their auth JWT the way
 * `@walletconnect/relay-auth` does (EdDSA over Ed25519), forged tokens, and a WebSocket that
 * collects frames and waits for them (bounded).
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { WebSocket } from 'ws'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex')}`)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)]! + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** What a token claims; each field has a valid default. */
export interface TokenOptions {
  /** The relay the token is for, as `@walletconnect/core` puts its `relayUrl` (omitted: none). */
  readonly aud?: string
  /** Someone else's did:key, when forging. */
  readonly iss?: string
  /** `exp - iat` (one day, as `@walletconnect/core` signs). */
  readonly expiresInSeconds?: number
  /** When it is issued, in ms (now): a relay on a moved clock needs tokens from its time. */
  readonly issuedAt?: number
}

/** A client identity: its did:key and a way to sign tokens. */
export interface RelayIdentity {
  readonly did: string
  /** An auth JWT signed by this identity's key. */
  token(options?: TokenOptions): string
}

/** A fresh Ed25519 identity. */
export function createIdentity(): RelayIdentity {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  const did = `did:key:z${base58(Uint8Array.from([0xed, 0x01, ...raw]))}`
  return {
    did,
    token: (options = {}) => {
      const now = Math.floor((options.issuedAt ?? Date.now()) / 1000)
      const header = part({ alg: 'EdDSA', typ: 'JWT' })
      const payload = part({
        iss: options.iss ?? did,
        sub: randomBytes(32).toString('hex'),
        ...(options.aud === undefined ? {} : { aud: options.aud }),
        iat: now,
        exp: now + (options.expiresInSeconds ?? 86_400),
      })
      const signature = sign(null, Buffer.from(`${header}.${payload}`), privateKey)
      return `${header}.${payload}.${signature.toString('base64url')}`
    },
  }
}

/** An unsigned token naming someone else (what the old relay trusted). */
export function unsignedToken(iss: string): string {
  const now = Math.floor(Date.now() / 1000)
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss, exp: now + 600 })}.`
}

const WAIT_MS = 10_000

/** A raw socket that collects every frame. */
export interface RawClient {
  readonly socket: WebSocket
  readonly frames: string[]
  /** The first frame from index `from` on that passes `match` (throws after 10 s). */
  next(match: (frame: string) => boolean, from?: number): Promise<string>
  /** Sends a request and resolves with its parsed answer. */
  call(
    method: string,
    params: unknown,
  ): Promise<{ result?: unknown; error?: { code: number; message: string } }>
  close(): void
}

let nextId = 1

/** Where a raw client connects from. */
export interface ConnectOptions {
  /** The loopback address to connect from (`127.0.0.2`…): another network source. */
  readonly localAddress?: string
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * Connects a raw client; rejects with the HTTP status when the relay refuses the upgrade.
 * @param auth - an identity (its token then names `url` as its audience, as sign-client's does),
 * a token as is, or nothing.
 */
export async function connectRaw(
  url: string,
  auth?: RelayIdentity | string,
  options: ConnectOptions = {},
): Promise<RawClient> {
  const token = typeof auth === 'object' ? auth.token({ aud: url }) : auth
  const socket = new WebSocket(token === undefined ? url : `${url}/?auth=${token}`, {
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  })
  const frames: string[] = []
  const waiters = new Set<() => void>()
  socket.on('message', (data) => {
    frames.push(data.toString())
    for (const wake of waiters) wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused: ${response.statusCode}`)),
    )
    socket.once('error', reject)
  })
  const next = async (match: (frame: string) => boolean, from = 0): Promise<string> => {
    const deadline = Date.now() + WAIT_MS
    for (;;) {
      const found = frames.slice(from).find(match)
      if (found !== undefined) return found
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no matching frame within ${WAIT_MS} ms`)
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          waiters.delete(done)
          resolve()
        }
        const timer = setTimeout(done, left)
        waiters.add(done)
      })
    }
  }
  return {
    socket,
    frames,
    next,
    call: async (method, params) => {
      const id = nextId++
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      return JSON.parse(await next((frame) => frame.includes(`"id":${id},`)))
    },
    close: () => socket.terminate(),
  }
}

/** Whether a frame is a delivery. */
export const isDelivery = (frame: string) => frame.includes('"method":"irn_subscription"')

/** A fresh topic. */
export const freshTopic = () => randomBytes(32).toString('hex')
