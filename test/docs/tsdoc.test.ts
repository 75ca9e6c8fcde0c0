import ts from 'typescript'
import { expect, test } from 'vitest'
import packageJson from '../../package.json' with { type: 'json' }

// Every entry the package publishes, read from its export map so a new entry is checked at once.
const ENTRIES = Object.values(packageJson.exports)
  .filter((path) => /\.tsx?$/.test(path))
  .map((path) => path.replace(/^\.\//, ''))

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
