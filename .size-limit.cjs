// Byte budgets for every public entry of @gangway/kit a page can load: our own code reachable from
// the entry (lazy chunks included), minified and gzipped, with every package it imports left out
// (those are measured by bench/size.ts in a real page build). `npm run size` checks them.
const kit = require('./packages/kit/package.json')
// Budgets sit beside the exports in the kit's package.json (`sizeBudgets`), so an entry and its
// budget are declared in one place.
const budgets = kit.sizeBudgets ?? {}

const packages = [
  ...Object.keys(kit.dependencies ?? {}),
  ...Object.keys(kit.peerDependencies ?? {}),
  'react/jsx-runtime',
]

module.exports = Object.entries(kit.exports)
  .filter(([entry]) => entry !== './package.json' && !entry.startsWith('./testing'))
  .map(([entry, target]) => ({
    name: entry === '.' ? '@gangway/kit' : `@gangway/kit/${entry.slice(2)}`,
    path: `packages/kit/${target.import.slice(2)}`,
    import: '*',
    ignore: packages,
    gzip: true,
    limit: budgets[entry] ?? '1 B',
    // The few bare imports rolldown keeps are dropped by the package's sideEffects list; esbuild
    // would warn about each.
    modifyEsbuildConfig: (config) => ({ ...config, logLevel: 'error' }),
  }))
