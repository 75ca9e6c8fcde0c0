/**
 * The frame's and popup's scripts: bundled once per process from `frame/` (or read prebuilt from
 * the package's `dist/`), each pinned by its SHA-384 so the pages name it with Subresource
 * Integrity and the CSP allows nothing else (decision 0712).
 * @module
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

/** A script the pages load. */
export interface FrameAsset {
  /** The path it is served at: content-addressed, so a cache never serves an old one. */
  readonly path: string
  /** `sha384-…`, for the `integrity` attribute. */
  readonly integrity: string
  readonly body: string
}

/** The frame's, the popup's and the recovery page's scripts. */
export interface FrameAssets {
  readonly frame: FrameAsset
  readonly popup: FrameAsset
  readonly recover: FrameAsset
}

const ENTRIES = { frame: 'frame/main', popup: 'frame/popup', recover: 'frame/recover' } as const

function pin(name: string, body: string): FrameAsset {
  const digest = createHash('sha384').update(body).digest()
  return {
    path: `/embedded/assets/${name}.${digest.toString('hex').slice(0, 16)}.js`,
    integrity: `sha384-${digest.toString('base64')}`,
    body,
  }
}

/**
 * esbuild, for running from source only. The published server ships its scripts prebuilt
 * (`dist/embedded-*.js`) and never bundles, so esbuild stays a development dependency of the
 * workspace; the name is kept out of the built code's import graph on purpose.
 */
const DEV_BUNDLER = 'esbuild'

/** Bundles one entry for browsers with esbuild (a development dependency: source runs only). */
async function bundle(entry: string): Promise<string> {
  if (!import.meta.url.endsWith('.ts'))
    throw new Error(`The built server is missing its prebuilt embedded-wallet script for ${entry}.`)
  const { build } = (await import(DEV_BUNDLER)) as typeof import('esbuild')
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`./${entry}.ts`, import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
  })
  const file = result.outputFiles[0]
  if (!file) throw new Error(`esbuild produced nothing for ${entry}`)
  return file.text
}

let loading: Promise<FrameAssets> | undefined

/**
 * The pinned scripts: `dist/embedded-<name>.js` beside the built server when present, otherwise
 * bundled from source (tests, `npm run server`). Cached for the process.
 * @returns the frame's, popup's and recovery page's assets.
 */
export function loadFrameAssets(): Promise<FrameAssets> {
  loading ??= (async () => {
    const read = async (name: keyof typeof ENTRIES) => {
      const built = new URL(`./embedded-${name}.js`, import.meta.url)
      const text = await readFile(built, 'utf8').catch(() => undefined)
      return pin(name, text ?? (await bundle(ENTRIES[name])))
    }
    const [frame, popup, recover] = await Promise.all([
      read('frame'),
      read('popup'),
      read('recover'),
    ])
    return { frame, popup, recover }
  })()
  loading.catch(() => {
    loading = undefined
  })
  return loading
}
