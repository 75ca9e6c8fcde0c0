/**
 * `npm run check:packages`: checks the built packages as the registry would serve them. publint
 * and Are the Types Wrong on `@gangway/kit` and `@gangway/server` (each packed with `npm pack`),
 * then the kit's byte budgets (size-limit, `.size-limit.cjs`). Exits 1 on the first finding.
 * Needs `npm run build` first.
 * @module
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const packages = ['packages/kit', 'server']

function run(title: string, command: string, args: readonly string[], cwd = root): void {
  process.stdout.write(`\n== ${title}\n`)
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    process.stderr.write(`check:packages: ${title} failed\n`)
    process.exit(1)
  }
}

for (const directory of packages) {
  const cwd = `${root}${directory}`
  run(`publint ${directory}`, 'npx', ['--no-install', 'publint', '--strict'], cwd)
  // ESM only: the CommonJS and node10 resolutions are out of scope by design (decision 0600).
  run(
    `attw ${directory}`,
    'npx',
    ['--no-install', 'attw', '--pack', '.', '--profile', 'esm-only', '--format', 'table-flipped'],
    cwd,
  )
}
run('size-limit (@gangway/kit)', 'npx', ['--no-install', 'size-limit'])
process.stdout.write('\ncheck:packages: all good\n')
