/**
 * The consumer suite's setup: packs `@gangway/kit` and `@gangway/server` with `npm pack`, starts
 * the local nodes once (anvil with chain ids 1 and 11155111, for the pages' mainnet and Sepolia;
 * the Solana node with an SPL token), then makes, installs and builds every consumer app from the tarballs,
 * two at a time on two cores. The test files assert on the outcomes and drive the built apps.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ANVIL_MNEMONIC,
  createSolanaTestMint,
  startAnvil,
  startSolanaNode,
} from '@gangway/kit/testing/node'
import { Connection } from '@solana/web3.js'
import type { TestProject } from 'vitest/node'
import { ensureChromium } from '../e2e/support/chromium.js'
import {
  type AppContext,
  type AppName,
  type AppReport,
  prepareBackend,
  prepareNext,
  preparePnpmSolana,
  prepareReact18,
  prepareServerBin,
  prepareViteTemplate,
  type ViteFigures,
} from './support/apps.js'
import { CONSUMER_TOKEN } from './support/constants.js'
import { describeFailure, REPO_ROOT, runCommand } from './support/run.js'

/** What the test files get from `inject('consumers')`. */
export interface ConsumerSetup {
  readonly workDir: string
  readonly kitTarball: string
  readonly serverTarball: string
  /**
   * anvil nodes for mainnet (chain id 1: the README page's default network) and Sepolia (the Next
   * sites' second network); the browser tests answer the pages' requests to public nodes there.
   */
  readonly anvil: {
    readonly mainnet: { readonly url: string; readonly chainId: number }
    readonly sepolia: { readonly url: string; readonly chainId: number }
  }
  readonly solana: {
    readonly rpcUrl: string
    readonly genesisHash: string
    readonly mint: string
    /** The key the page's Solana test wallet holds (its secret key bytes); it holds the token. */
    readonly holderSecretKey: number[]
  }
  readonly apps: Record<AppName, AppReport>
  /** The create-vite site's figures, when it built. */
  readonly viteFigures: ViteFigures | undefined
}

declare module 'vitest' {
  export interface ProvidedContext {
    consumers: ConsumerSetup
  }
}

const PACK_TIMEOUT_MS = 2 * 60_000
/** Two cores: two installs or builds at once keep both busy without thrashing. */
const CONCURRENCY = 2

/** Runs `jobs` at most `limit` at a time, in order. */
async function pool<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length)
  let next = 0
  const lane = async () => {
    while (next < jobs.length) {
      const index = next
      next += 1
      results[index] = await jobs[index]!()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, lane))
  return results
}

const say = (line: string) => process.stderr.write(`consumers: ${line}\n`)

function announce(name: AppName, report: AppReport): AppReport {
  const seconds = (report.ms / 1000).toFixed(0)
  say(report.failure ? `${name} FAILED after ${seconds} s` : `${name} ready in ${seconds} s`)
  return report
}

async function pack(workDir: string): Promise<{ kit: string; server: string }> {
  for (const dir of ['packages/kit/dist', 'server/dist']) {
    if (!existsSync(join(REPO_ROOT, dir))) {
      throw new Error(`consumers: ${dir} is missing; run \`npm run build\` first`)
    }
  }
  const result = await runCommand(
    'npm',
    [
      'pack',
      '--json',
      '--pack-destination',
      workDir,
      join(REPO_ROOT, 'packages/kit'),
      join(REPO_ROOT, 'server'),
    ],
    { cwd: workDir, timeoutMs: PACK_TIMEOUT_MS },
  )
  if (result.code !== 0) throw new Error(`consumers: npm pack failed: ${describeFailure(result)}`)
  const tarball = (name: string) => {
    const file = readdirSync(workDir).find(
      (entry) => entry.startsWith(name) && entry.endsWith('.tgz'),
    )
    if (!file) throw new Error(`consumers: npm pack wrote no ${name}*.tgz:\n${result.output}`)
    return join(workDir, file)
  }
  return { kit: tarball('gangway-kit-'), server: tarball('gangway-server-') }
}

/**
 * npx keeps each package it fetched in `~/.npm/_npx/<hash>`; the server tarball's path is new
 * every run, so its copy is removed afterwards rather than left to pile up.
 */
function removeNpxCopy(serverTarball: string): void {
  const npxDir = join(homedir(), '.npm/_npx')
  if (!existsSync(npxDir)) return
  for (const entry of readdirSync(npxDir)) {
    const manifest = join(npxDir, entry, 'package.json')
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes(serverTarball)) {
      rmSync(join(npxDir, entry), { recursive: true, force: true })
    }
  }
}

export default async function setup(project: TestProject) {
  const started = performance.now()
  await ensureChromium()
  const workDir = mkdtempSync(join(tmpdir(), 'gangway-consumers-'))
  say(`apps in ${workDir}`)
  const tarballs = await pack(workDir)

  const [mainnet, sepolia, solanaNode] = await Promise.all([
    startAnvil({ chainId: 1, mnemonic: ANVIL_MNEMONIC }),
    startAnvil({ chainId: 11_155_111, mnemonic: ANVIL_MNEMONIC }),
    startSolanaNode({ accounts: 2 }),
  ])
  const [payer, holder] = solanaNode.keypairs
  const mint = await createSolanaTestMint({
    connection: new Connection(solanaNode.url, 'confirmed'),
    payer: payer!,
    decimals: CONSUMER_TOKEN.decimals,
    holders: [{ owner: holder!.publicKey, amount: CONSUMER_TOKEN.held }],
  })

  // GANGWAY_CONSUMERS_ONLY=next15,backend prepares only those apps (while working on one).
  const only = process.env.GANGWAY_CONSUMERS_ONLY?.split(',')
  const leftOut = (name: AppName): AppReport => ({
    dir: join(workDir, name),
    steps: [],
    ms: 0,
    notes: [],
    failure: `${name} was left out by GANGWAY_CONSUMERS_ONLY`,
  })
  const context: AppContext = {
    workDir,
    kitTarball: tarballs.kit,
    serverTarball: tarballs.server,
    solana: { rpcUrl: solanaNode.url, genesisHash: solanaNode.genesisHash, mint: mint.toBase58() },
  }
  // The template first and alone: its tsc timings are the figures the issue asks for.
  const viteTemplate: AppReport & { figures?: ViteFigures } =
    only && !only.includes('viteTemplate')
      ? leftOut('viteTemplate')
      : announce('viteTemplate', await prepareViteTemplate(context))
  const names: AppName[] = ['next16', 'next15', 'react18', 'backend', 'pnpmSolana', 'serverBin']
  const jobs: Record<Exclude<AppName, 'viteTemplate'>, () => Promise<AppReport>> = {
    next16: () => prepareNext(context, 16),
    next15: () => prepareNext(context, 15),
    react18: () => prepareReact18(context),
    backend: () => prepareBackend(context),
    pnpmSolana: () => preparePnpmSolana(context),
    serverBin: () => prepareServerBin(context),
  }
  const reports = await pool(
    names.map((name) => async () => {
      if (only && !only.includes(name)) return leftOut(name)
      return announce(name, await jobs[name as keyof typeof jobs]())
    }),
    CONCURRENCY,
  )
  const apps = Object.fromEntries([
    ['viteTemplate', viteTemplate],
    ...names.map((name, index) => [name, reports[index]!]),
  ]) as Record<AppName, AppReport>
  say(`apps prepared in ${((performance.now() - started) / 1000).toFixed(0)} s`)

  project.provide('consumers', {
    workDir,
    kitTarball: tarballs.kit,
    serverTarball: tarballs.server,
    anvil: {
      mainnet: { url: mainnet.url, chainId: mainnet.chainId },
      sepolia: { url: sepolia.url, chainId: sepolia.chainId },
    },
    solana: {
      rpcUrl: solanaNode.url,
      genesisHash: solanaNode.genesisHash,
      mint: mint.toBase58(),
      holderSecretKey: [...holder!.secretKey],
    },
    apps,
    viteFigures: viteTemplate.figures,
  })

  return async () => {
    await Promise.allSettled([mainnet.stop(), sepolia.stop(), solanaNode.stop()])
    removeNpxCopy(tarballs.server)
    if (process.env.GANGWAY_KEEP_CONSUMERS) say(`kept ${workDir}`)
    else rmSync(workDir, { recursive: true, force: true })
    say(`suite wall time ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
}
