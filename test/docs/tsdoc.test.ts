import ts from 'typescript'
import { expect, test } from 'vitest'

const ENTRIES = [
  'src/kernel/index.ts',
  'src/testing/index.ts',
  'src/testing/node.ts',
  'src/ui/index.ts',
  'src/plugins/eip155/index.ts',
  'src/plugins/solana/index.ts',
  'src/plugins/polkadot/index.ts',
  'src/plugins/bip122/index.ts',
  'src/walletconnect/index.ts',
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
})
