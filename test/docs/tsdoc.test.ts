import { existsSync } from 'node:fs'
import ts from 'typescript'
import { expect, test } from 'vitest'
import { ENTRIES as KIT_ENTRIES } from '../../packages/kit/entries.js'

// Every entry the packages publish: the kit's from its entry map (a new entry is checked at
// once), and the server's library entry.
const ENTRIES = [
  ...Object.values(KIT_ENTRIES).map((module) =>
    existsSync(`src/${module}.tsx`) ? `src/${module}.tsx` : `src/${module}.ts`,
  ),
  'server/index.ts',
]

test('behavior: every public export has TSDoc', () => {
  const program = ts.createProgram(ENTRIES, {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
  })
  const checker = program.getTypeChecker()
  const undocumented: string[] = []
  for (const entry of ENTRIES) {
    const source = program.getSourceFile(entry)
    const module = source && checker.getSymbolAtLocation(source)
    expect(module, entry).toBeDefined()
    for (const exported of checker.getExportsOfModule(module!)) {
      const target =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const declaration = target.declarations?.[0]
      const holder =
        declaration && ts.isVariableDeclaration(declaration)
          ? declaration.parent.parent
          : declaration
      const documented =
        target.getDocumentationComment(checker).length > 0 ||
        (holder !== undefined && ts.getJSDocCommentsAndTags(holder).length > 0)
      if (!documented) undocumented.push(`${entry}: ${exported.name}`)
    }
  }
  expect(undocumented).toEqual([])
  // A whole-program type check: about 10 s alone, three times that on a loaded machine.
}, 60_000)
