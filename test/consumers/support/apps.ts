/**
 * The consumer apps: each is made the way a site makes it (a template, or a few hand-written
 * files), installs the packed tarballs as the registry would serve them, and builds once. Their
 * outcomes (every command, its exit code, time and output) and the Vite site's figures are
 * handed to the test files, which assert on them; nothing here throws for a failing app.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { type CommandResult, describeFailure, runCommand } from './run.js'

/** Where the hand-written apps' sources live. */
const SOURCES = fileURLToPath(new URL('../apps/', import.meta.url))

const MINUTE = 60_000
const INSTALL_TIMEOUT_MS = 8 * MINUTE
const BUILD_TIMEOUT_MS = 10 * MINUTE
const TSC_RUNS = 3
/** The create-vite line the issue names (9.x: TypeScript 7, `erasableSyntaxOnly`). */
const CREATE_VITE = 'vite@9'
/** pnpm as sites run it without installing it. */
export const PNPM = 'pnpm@9'

/** The README's Usage snippet, byte for byte; the template's main.tsx imports App by default. */
export const README_APP = `import { createKit } from '@gangway/kit'
import { eip155 } from '@gangway/kit/eip155'
import { ConnectButton, KitProvider } from '@gangway/kit/react'

const kit = createKit({ plugins: [eip155()] })

export const App = () => (
  <KitProvider kit={kit}>
    <ConnectButton />
  </KitProvider>
)
`

/** The apps, by name. */
export type AppName =
  | 'viteTemplate'
  | 'next15'
  | 'next16'
  | 'react18'
  | 'backend'
  | 'pnpmSolana'
  | 'serverBin'

/** How one app's preparation went. */
export interface AppReport {
  /** Its folder. */
  readonly dir: string
  /** Every command it ran, in order, up to the first failure. */
  readonly steps: CommandResult[]
  /** Why it stopped, when it did (the failed command and its output, or an exception). */
  failure?: string
  /** Wall time of the whole preparation (ms). */
  ms: number
  /** Notes worth a line in the report (which kit option was used, and so on). */
  readonly notes: string[]
}

/** What the issue asks to be measured on the create-vite site, printed for the closing note. */
export interface ViteFigures {
  /** `du -sk node_modules` of the template alone, in MiB. */
  readonly nodeModulesBeforeMiB: number
  /** After `npm install <kit tarball> viem`. */
  readonly nodeModulesAfterMiB: number
  /** What the install added, per top-level package (MiB), largest first. */
  readonly addedByPackage: readonly { name: string; mib: number }[]
  /** gzip (level 9) of every script the built index.html loads at once: its entry and preloads. */
  readonly initialJsGzipBytes: number
  readonly initialJsFiles: readonly { file: string; bytes: number; gzipBytes: number }[]
  /** Median of three `tsc -b --force` runs, the template alone and with the README page. */
  readonly tscTemplateMs: number
  readonly tscWithGangwayMs: number
  /** The TypeScript version the template installed. */
  readonly typescript: string
}

/** The settings and tarballs every app needs. */
export interface AppContext {
  /** The scratch folder all apps live in, outside the repository. */
  readonly workDir: string
  readonly kitTarball: string
  readonly serverTarball: string
  /** The local Solana node and token the Solana site is built against. */
  readonly solana: { readonly rpcUrl: string; readonly genesisHash: string; readonly mint: string }
}

/** Thrown by a step to end its app's preparation. */
class StepFailed extends Error {}

/** Runs a command for `report`; a failure ends the app. */
async function step(
  report: AppReport,
  command: string,
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<CommandResult> {
  const result = await runCommand(command, args, {
    cwd: options.cwd ?? report.dir,
    timeoutMs: options.timeoutMs ?? INSTALL_TIMEOUT_MS,
    ...(options.env ? { env: options.env } : {}),
  })
  report.steps.push(result)
  if (result.code !== 0) throw new StepFailed(describeFailure(result))
  return result
}

/** Runs a preparation and turns its end, good or bad, into the report. */
async function prepare<TReport extends AppReport>(
  report: TReport,
  work: (report: TReport) => Promise<void>,
): Promise<TReport> {
  const started = performance.now()
  try {
    await work(report)
  } catch (error) {
    report.failure =
      error instanceof StepFailed ? error.message : `${(error as Error).stack ?? error}`
  }
  report.ms = Math.round(performance.now() - started)
  return report
}

const newReport = (dir: string): AppReport => ({ dir, steps: [], ms: 0, notes: [] })

/** `npm install` as sites run it, from the one shared npm cache, preferring what it holds. */
const npmInstall = (report: AppReport, ...packages: string[]) =>
  step(report, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...packages])

/** A hand-written app's sources copied into `dir`, with its package.json. */
function writeApp(source: string, dir: string, pkg: Record<string, unknown>): void {
  cpSync(join(SOURCES, source), dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
}

const duKiB = (dir: string): number =>
  Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0])

/** Top-level packages of node_modules (scoped ones one level down) and their sizes in KiB. */
function packageSizes(nodeModules: string): Map<string, number> {
  const sizes = new Map<string, number>()
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue
    const path = join(nodeModules, entry)
    if (entry.startsWith('@')) {
      for (const inner of readdirSync(path))
        sizes.set(`${entry}/${inner}`, duKiB(join(path, inner)))
    } else sizes.set(entry, duKiB(path))
  }
  return sizes
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function timeTsc(report: AppReport): Promise<number> {
  const times: number[] = []
  for (let run = 0; run < TSC_RUNS; run += 1) {
    times.push(
      (await step(report, join(report.dir, 'node_modules/.bin/tsc'), ['-b', '--force'])).ms,
    )
  }
  return median(times)
}

/** The scripts the built index.html loads before anything else: its module entry and preloads. */
function initialScripts(distDir: string): ViteFigures['initialJsFiles'] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const files = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1]!)
  return files.map((file) => {
    const bytes = readFileSync(join(distDir, file))
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length }
  })
}

/**
 * The create-vite react-ts template, unchanged but for App.tsx (the README's snippet), measured
 * before and after the kit arrives, then built with its own `npm run build`.
 * @param context - tarballs and scratch folder.
 * @returns the report, with the figures when every step passed.
 */
export function prepareViteTemplate(
  context: AppContext,
): Promise<AppReport & { figures?: ViteFigures }> {
  const dir = join(context.workDir, 'vite-template')
  const start: AppReport & { figures?: ViteFigures } = { dir, steps: [], ms: 0, notes: [] }
  return prepare(start, async (report) => {
    await step(
      report,
      'npm',
      [
        'create',
        '--yes',
        CREATE_VITE,
        'vite-template',
        '--',
        '--template',
        'react-ts',
        '--no-interactive',
      ],
      { cwd: context.workDir },
    )
    await npmInstall(report)
    const nodeModules = join(dir, 'node_modules')
    const before = packageSizes(nodeModules)
    const beforeKiB = duKiB(nodeModules)
    const tscTemplateMs = await timeTsc(report)
    await npmInstall(report, context.kitTarball, 'viem')
    const after = packageSizes(nodeModules)
    const afterKiB = duKiB(nodeModules)
    // The snippet exports App by name; the template's main.tsx imports it as the default.
    writeFileSync(join(dir, 'src/App.tsx'), `${README_APP}\nexport default App\n`)
    const tscWithGangwayMs = await timeTsc(report)
    await step(report, 'npm', ['run', 'build'], { timeoutMs: BUILD_TIMEOUT_MS })
    const initialJsFiles = initialScripts(join(dir, 'dist'))
    const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10
    report.figures = {
      nodeModulesBeforeMiB: mib(beforeKiB),
      nodeModulesAfterMiB: mib(afterKiB),
      addedByPackage: [...after]
        .map(([name, kib]) => ({ name, mib: mib(kib - (before.get(name) ?? 0)) }))
        .filter((entry) => entry.mib >= 0.1)
        .sort((a, b) => b.mib - a.mib),
      initialJsGzipBytes: initialJsFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
      initialJsFiles,
      tscTemplateMs,
      tscWithGangwayMs,
      typescript: JSON.parse(readFileSync(join(nodeModules, 'typescript/package.json'), 'utf8'))
        .version,
    }
  })
}

/** Whether the installed kit's types have `createKit({ ssr })` (branch `ssr`, issue 20). */
function kitHasSsrOption(appDir: string): boolean {
  const kernel = join(appDir, 'node_modules/@gangway/kit/dist/kernel')
  const declarations = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry)
      if (statSync(path).isDirectory()) return declarations(path)
      return entry.endsWith('.d.ts') ? [path] : []
    })
  return declarations(kernel).some((file) =>
    /\breadonly ssr\?: boolean/.test(readFileSync(file, 'utf8')),
  )
}

/**
 * A hand-written Next.js App Router site: no next.config at all, a 'use client' providers file
 * creating the kit (`ssr: true` where the kit has that option), the button in a server page.
 * @param context - tarballs and scratch folder.
 * @param major - 15 (webpack) or 16 (Turbopack, its default).
 * @returns the report.
 */
export function prepareNext(context: AppContext, major: 15 | 16): Promise<AppReport> {
  const dir = join(context.workDir, `next${major}`)
  return prepare(newReport(dir), async (report) => {
    writeApp('next', dir, {
      name: `next${major}-site`,
      private: true,
      scripts: { dev: 'next dev', build: 'next build', start: 'next start' },
      dependencies: {
        '@gangway/kit': `file:${context.kitTarball}`,
        next: major === 15 ? '^15.5.0' : '^16.4.0',
        react: '^19.3.1',
        'react-dom': '^19.3.1',
        viem: '^2.57.0',
      },
      devDependencies: {
        '@types/node': '^20.19.0',
        '@types/react': '^19.3.0',
        '@types/react-dom': '^19.3.0',
        typescript: '^5.9.3',
      },
    })
    await npmInstall(report)
    if (!kitHasSsrOption(dir)) {
      // Until the kit has the option, the providers create it as a browser-only page would.
      const providers = join(dir, 'app/providers.tsx')
      const source = readFileSync(providers, 'utf8')
      if (!source.includes('\n  ssr: true,')) throw new Error('providers.tsx: no `ssr: true` line')
      writeFileSync(providers, source.replace('\n  ssr: true,', ''))
      report.notes.push(
        'the installed kit has no `ssr` option: the providers create the kit without it',
      )
    } else report.notes.push('the providers create the kit with `ssr: true`')
    await step(report, 'npm', ['run', 'build'], { timeoutMs: BUILD_TIMEOUT_MS })
  })
}

/** A Vite site on React 18.3 and its types: the README page, type-checked and built. */
export function prepareReact18(context: AppContext): Promise<AppReport> {
  const dir = join(context.workDir, 'react18')
  return prepare(newReport(dir), async (report) => {
    writeApp('react18', dir, {
      name: 'react18-site',
      private: true,
      type: 'module',
      scripts: { build: 'tsc -p . && vite build', preview: 'vite preview' },
      dependencies: {
        '@gangway/kit': `file:${context.kitTarball}`,
        react: '~18.3.1',
        'react-dom': '~18.3.1',
        viem: '^2.57.0',
      },
      devDependencies: {
        // With skipLibCheck off, @walletconnect/types' declarations need Node's (`events`).
        '@types/node': '^20.19.0',
        '@types/react': '^18.3.0',
        '@types/react-dom': '^18.3.0',
        '@vitejs/plugin-react': '^6.0.0',
        typescript: '^5.9.3',
        vite: '^8.3.0',
      },
    })
    await npmInstall(report)
    await step(report, 'npm', ['run', 'build'], { timeoutMs: BUILD_TIMEOUT_MS })
  })
}

/**
 * A plain Node ESM backend with the kit and viem; it also bundles the page test wallet
 * (`@gangway/kit/testing` from the tarball) into one init script for the Chromium tests.
 * @param context - tarballs and scratch folder.
 * @returns the report; the init script is `<dir>/page-wallet/page-wallet.js`.
 */
export function prepareBackend(context: AppContext): Promise<AppReport> {
  const dir = join(context.workDir, 'backend')
  return prepare(newReport(dir), async (report) => {
    writeApp('backend', dir, {
      name: 'backend',
      private: true,
      type: 'module',
      dependencies: { '@gangway/kit': `file:${context.kitTarball}`, viem: '^2.57.0' },
    })
    await npmInstall(report)
    await build({
      configFile: false,
      root: dir,
      logLevel: 'warn',
      build: {
        outDir: pageWalletDir(dir),
        emptyOutDir: true,
        minify: false,
        lib: {
          entry: join(dir, 'page-wallet.js'),
          formats: ['iife'],
          name: 'consumerTestWallet',
          fileName: () => 'page-wallet.js',
        },
      },
    })
  })
}

/** Where {@link prepareBackend} writes the page wallet's init script. */
export const pageWalletDir = (backendDir: string) => join(backendDir, 'page-wallet')

/**
 * A Vite site with the solana plugin and an SPL token, installed with pnpm (its strict layout:
 * the kit reaches only what it declares) and built for production against the local node.
 * @param context - tarballs, scratch folder and the local node's settings.
 * @returns the report.
 */
export function preparePnpmSolana(context: AppContext): Promise<AppReport> {
  const dir = join(context.workDir, 'pnpm-solana')
  return prepare(newReport(dir), async (report) => {
    writeApp('solana', dir, {
      name: 'pnpm-solana-site',
      private: true,
      type: 'module',
      scripts: { build: 'tsc -p . && vite build', preview: 'vite preview' },
      dependencies: {
        '@gangway/kit': `file:${context.kitTarball}`,
        // docs/solana.md's install line: the plugin's optional peers.
        '@solana/spl-token': '^0.4.14',
        '@solana/web3.js': '^1.98.4',
        react: '^19.3.1',
        'react-dom': '^19.3.1',
        viem: '^2.57.0',
      },
      devDependencies: {
        '@types/react': '^19.3.0',
        '@types/react-dom': '^19.3.0',
        '@vitejs/plugin-react': '^6.0.0',
        typescript: '^5.9.3',
        vite: '^8.3.0',
      },
    })
    await step(report, 'npx', ['--yes', PNPM, 'install'])
    await step(report, 'npx', ['--yes', PNPM, 'run', 'build'], {
      timeoutMs: BUILD_TIMEOUT_MS,
      env: {
        VITE_SOLANA_RPC_URL: context.solana.rpcUrl,
        VITE_SOLANA_GENESIS_HASH: context.solana.genesisHash,
        VITE_TOKEN_MINT: context.solana.mint,
      },
    })
  })
}

/**
 * The server package's bin two ways an operator gets it: fetched by npx into an empty folder
 * (`--help` answers; this also fills npx's cache, so the test's start measures the server, not
 * the download), and installed with `npm install <server tarball>` for a process manager to run.
 * @param context - tarballs and scratch folder.
 * @returns the report; `<dir>/npx` is the empty folder, `<dir>/installed` has the package.
 */
export function prepareServerBin(context: AppContext): Promise<AppReport> {
  const dir = join(context.workDir, 'server-bin')
  return prepare(newReport(dir), async (report) => {
    const empty = join(dir, 'npx')
    const installed = join(dir, 'installed')
    mkdirSync(empty, { recursive: true })
    mkdirSync(installed, { recursive: true })
    await step(
      report,
      'npx',
      ['--yes', '--package', context.serverTarball, 'gangway-server', '--help'],
      { cwd: empty },
    )
    writeFileSync(join(installed, 'package.json'), '{ "private": true }\n')
    await step(
      report,
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', context.serverTarball],
      { cwd: installed },
    )
  })
}
