/**
 * The page an eip155 plugin test runs in: a fresh window for each test, the kits it made destroyed
 * after it, and the JSON-RPC servers it started closed when its file is done.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeEach } from 'vitest'
import type { Kit } from '../../../../src/kernel/index.js'

export const globals = globalThis as { window?: unknown }
const originalWindow = globals.window
/** This test's window; `registerHarnessHooks` makes a fresh one before each test. */
export let window: EventTarget & { ethereum?: unknown }
/** The kits a test made; `registerHarnessHooks` destroys them after it. */
export const kits: Kit[] = []
const servers: Server[] = []

/** Registers the hooks above in the calling test file (call it once, at its top level). */
export function registerHarnessHooks(): void {
  beforeEach(() => {
    // EIP-6963 discovery talks to the page's window; each test gets a fresh one.
    window = new EventTarget()
    globals.window = window
  })
  afterEach(() => {
    for (const kit of kits.splice(0)) kit.destroy()
  })
  afterAll(async () => {
    globals.window = originalWindow
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  })
}

/** A JSON-RPC node of our own: `handler` answers each body; `undefined` is a 503. */
export function serve(
  handler: (body: { id: number; method: string }[] | { id: number; method: string }) => unknown,
): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      let raw = ''
      request.on('data', (chunk) => {
        raw += chunk
      })
      request.on('end', () => {
        const reply = handler(JSON.parse(raw))
        if (reply === undefined) {
          response.writeHead(503).end()
          return
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
      })
    })
    servers.push(server)
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    )
  })
}
