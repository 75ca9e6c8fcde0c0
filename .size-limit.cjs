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

// A feature's languages other than English are modules of their own, and a page fetches one of
// them at most (the language it shows): counting all eleven in every feature entry would measure
// what no page loads. The entries leave them out (each is a few hundred bytes gzip; decision 0021
// has the figures).
const featureLocalesApart = {
  name: 'feature-locales-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/locales\/[\w-]+\.js$/ }, (args) =>
      /[\\/]features[\\/]/.test(args.importer) ? { path: args.path, external: true } : undefined,
    )
  },
}
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
    modifyEsbuildConfig: (config) => ({
      ...config,
      logLevel: 'error',
      plugins: [...(config.plugins ?? []), featureLocalesApart],
    }),
  }))
