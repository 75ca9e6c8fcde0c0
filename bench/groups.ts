/** The module groups the composition and navigation benchmarks report. */

/** Groups in the order they are matched; the first whose pattern fits a module path wins. */
export const GROUPS: readonly (readonly [string, RegExp])[] = [
  ['react + react-dom + scheduler', /node_modules\/(react|react-dom|scheduler)\//],
  ['rxjs', /node_modules\/rxjs\//],
  ['immer', /node_modules\/immer\//],
  ['zod (core)', /node_modules\/zod\/v4\/core\//],
  ['zod (mini)', /node_modules\/zod\/v4\/mini\//],
  ['zod (classic)', /node_modules\/zod\/v4\/classic\//],
  ['zod (other)', /node_modules\/zod\//],
  ['viem / ox / noble', /node_modules\/(viem|ox|@noble|@scure|abitype)\//],
  ['mipd', /node_modules\/mipd\//],
  ['other node_modules', /node_modules\//],
  ['features: view registrations', /src\/features\/[^/]+\/react\//],
  ['features: eager parts', /src\/features\//],
  ['kernel: event schemas + validation', /src\/kernel\/(events|domain\.ts)/],
  ['kernel: reducers + state', /src\/kernel\/(reducers\/|state\.ts)/],
  ['kernel: selectors', /src\/kernel\/selectors\//],
  ['kernel: effects + storage', /src\/kernel\/(effects|storage)\//],
  ['kernel: createKit + log + env', /src\/kernel\/(createKit|log\/|env\.ts)/],
  ['kernel: errors', /src\/kernel\/errors\//],
  ['kernel: rules', /src\/kernel\/rules\//],
  ['kernel: constants, caip, views, plugins', /src\/kernel\//],
  ['plugin eip155', /src\/plugins\/eip155\//],
  ['ui: messages', /src\/ui\/copy\//],
  ['ui: styles', /src\/ui\/theme\//],
  ['ui: views', /src\/ui\/views\//],
  ['ui: components', /src\/ui\/components\//],
  ['ui: provider, modal, hooks', /src\/ui\//],
  ['size-app entry', /bench\/size-app\//],
]

/**
 * The group a module path falls in.
 * @example
 * groupOf('../src/kernel/createKit.ts') // 'kernel: createKit + log + env'
 * @param path - a module path (relative or absolute).
 * @returns the group's label, or `(glue, unmapped)`.
 */
export function groupOf(path: string): string {
  const normal = path.replaceAll('\\', '/')
  return GROUPS.find(([, pattern]) => pattern.test(normal))?.[0] ?? '(glue, unmapped)'
}
