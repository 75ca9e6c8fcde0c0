/**
 * The packages' manifests against what their built files import (needs `npm run build`): every
 * package an entry reaches is declared, nothing a browser page loads reaches Node or the server,
 * and the export map is the entry map.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ENTRIES } from '../../packages/kit/entries.js'
import kit from '../../packages/kit/package.json' with { type: 'json' }
import server from '../../server/package.json' with { type: 'json' }

const KIT = 'packages/kit'
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"([^"]+)"|import\(\s*"([^"]+)"\s*\)|(?:^|\n)import\s*"([^"]+)"/g

/** Every module a built file reaches through static and dynamic imports, and the packages. */
function reach(entryFile: string) {
  const files = new Set<string>()
  const packages = new Map<string, string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!
      if (specifier.startsWith('.')) visit(normalize(join(dirname(file), specifier)))
      else {
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0]!
        if (!packages.has(name)) packages.set(name, file)
      }
    }
  }
  visit(entryFile)
  return { files, packages }
}

const declared = new Set([...Object.keys(kit.dependencies), ...Object.keys(kit.peerDependencies)])
const browserEntries = Object.entries(ENTRIES).filter(
  ([entry]) => !entry.startsWith('./testing') && entry !== './siwx-server',
)
/** Packages only a server or Node process has; a page that reached one would not build or run. */
const SERVER_ONLY = new Set([
  // A package the kit declares too (the server verifies polkadot sign-ins with the kit's peer
  // @polkadot/util-crypto) is not the server's alone.
  ...Object.keys(server.dependencies).filter(
    (name) => !(name in kit.dependencies) && !(name in kit.peerDependencies) && name !== 'viem',
  ),
  'ws',
  '@foundry-rs/anvil',
  'litesvm',
])

describe('@gangway/kit', () => {
  test('default: the export map is the entry map, each entry with types, import and default', () => {
    const expected = Object.fromEntries([
      ...Object.entries(ENTRIES).map(([entry, module]) => [
        entry,
        {
          types: `./dist/${module}.d.ts`,
          import: `./dist/${module}.js`,
          default: `./dist/${module}.js`,
        },
      ]),
      ['./package.json', './package.json'],
    ])
    expect(kit.exports).toEqual(expected)
    for (const [, module] of Object.entries(ENTRIES)) {
      expect(existsSync(`${KIT}/dist/${module}.js`), module).toBe(true)
      expect(existsSync(`${KIT}/dist/${module}.d.ts`), module).toBe(true)
    }
  })

  test.each(Object.entries(ENTRIES))(
    'behavior: %s imports only packages the manifest declares',
    (_entry, module) => {
      const { packages } = reach(`${KIT}/dist/${module}.js`)
      const undeclared = [...packages].filter(
        ([name]) => !name.startsWith('node:') && !declared.has(name),
      )
      expect(undeclared).toEqual([])
    },
  )

  test.each(browserEntries)(
    'behavior: %s reaches no Node built-in and no server package',
    (_entry, module) => {
      const { packages } = reach(`${KIT}/dist/${module}.js`)
      const serverSide = [...packages].filter(
        ([name]) => name.startsWith('node:') || SERVER_ONLY.has(name),
      )
      expect(serverSide).toEqual([])
    },
  )

  test('behavior: the one module with a global side effect is declared, and its importers keep it', () => {
    expect(kit.sideEffects).toEqual(['./dist/plugins/solana/bufferGlobal.js'])
    expect(readFileSync(`${KIT}/dist/plugins/solana/adapter.js`, 'utf8')).toContain(
      'import "./bufferGlobal.js"',
    )
    expect(readFileSync(`${KIT}/dist/plugins/solana/bufferGlobal.js`, 'utf8')).toMatch(/Buffer/)
  })

  test('behavior: every React module keeps its use client directive', () => {
    const { files } = reach(`${KIT}/dist/ui/index.js`)
    const react = [...files].filter((file) =>
      /import \{[^}]*\} from "react(?:\/jsx-runtime)?"/.test(readFileSync(file, 'utf8')),
    )
    expect(react.length).toBeGreaterThan(5)
    for (const file of react) expect(readFileSync(file, 'utf8'), file).toMatch(/^"use client";/)
  })
})

describe('@gangway/server', () => {
  test('behavior: its command and library import only the packages it declares', () => {
    for (const file of ['server/dist/cli.js', 'server/dist/index.js']) {
      const { packages } = reach(file)
      const undeclared = [...packages].filter(
        ([name]) => !name.startsWith('node:') && !(name in server.dependencies),
      )
      expect(undeclared).toEqual([])
    }
    expect(readFileSync('server/dist/cli.js', 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/)
    expect(server.bin).toEqual({ 'gangway-server': './dist/cli.js' })
  })
})
