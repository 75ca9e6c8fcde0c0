import kit from './package.json' with { type: 'json' }

/**
 * The public entries, read from the package's own `exports` (the one place an entry is declared):
 * export path → module under src/ (`'./send'` → `'features/send/index'`). The build and the tests
 * take them from here. Output mirrors src/ file for file, so relative imports and module
 * augmentations in the emitted types stay valid.
 */
export const ENTRIES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(kit.exports).flatMap(([entry, target]) =>
    typeof target === 'string' ? [] : [[entry, target.import.replace(/^\.\/dist\/|\.js$/g, '')]],
  ),
)
