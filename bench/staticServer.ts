/**
 * A static server for production builds that behaves like a CDN or `nginx gzip_static`: every
 * file is gzipped once, when the server starts, and served from memory. `vite preview`
 * compresses each response on the fly in the same Node process, which on this two-core machine
 * put 40–60 ms of server-side gzip between the page's request for its chunks and their arrival;
 * that is the benchmark measuring the preview server, not the page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/**
 * Serves a build folder on 127.0.0.1 with precompressed responses.
 * @example
 * const server = await servePrecompressed(outDir)
 * await page.goto(server.url)
 * await server.close()
 * @param folder - the build's output folder (index.html at its root).
 * @returns the page URL and a close function.
 */
export async function servePrecompressed(
  folder: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const files = new Map<string, { type: string; body: Buffer; gzip: Buffer }>()
  for (const path of filesUnder(folder)) {
    const body = readFileSync(path)
    files.set(`/${relative(folder, path)}`, {
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      body,
      gzip: gzipSync(body, { level: 9 }),
    })
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const file = files.get(path === '/' ? '/index.html' : path)
    if (!file) {
      response.writeHead(404).end()
      return
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': 'no-store',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    })
    response.end(gzip ? file.gzip : file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
