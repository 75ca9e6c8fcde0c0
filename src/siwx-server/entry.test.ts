import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** What a server must never load through `gangway/siwx-server`. */
const FORBIDDEN =
  /^(react|react-dom|@solana\/web3\.js|@wallet-standard\/.*|@walletconnect\/.*)(\/|$)/

test('behavior: gangway/siwx-server reaches no React, no UI and no browser wallet library at run time', () => {
  const program = ts.createProgram([`${ROOT}src/siwx-server/index.ts`], {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  })
  const reached: string[] = []
  const forbidden: string[] = []
  const visit = (fileName: string, seen: Set<string>) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    const source = program.getSourceFile(fileName)
    if (!source || fileName.includes('/node_modules/')) return
    reached.push(fileName.slice(ROOT.length))
    for (const statement of source.statements) {
      const declaration =
        ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
          ? statement
          : undefined
      if (!declaration?.moduleSpecifier || !ts.isStringLiteral(declaration.moduleSpecifier))
        continue
      // Type-only imports vanish at run time.
      const typeOnly = ts.isImportDeclaration(declaration)
        ? declaration.importClause?.isTypeOnly === true ||
          (declaration.importClause?.namedBindings !== undefined &&
            ts.isNamedImports(declaration.importClause.namedBindings) &&
            declaration.importClause.name === undefined &&
            declaration.importClause.namedBindings.elements.every((element) => element.isTypeOnly))
        : declaration.isTypeOnly ||
          (declaration.exportClause !== undefined &&
            ts.isNamedExports(declaration.exportClause) &&
            declaration.exportClause.elements.every((element) => element.isTypeOnly))
      if (typeOnly) continue
      const specifier = declaration.moduleSpecifier.text
      if (FORBIDDEN.test(specifier)) forbidden.push(`${fileName.slice(ROOT.length)} → ${specifier}`)
      const resolved = ts.resolveModuleName(
        specifier,
        fileName,
        program.getCompilerOptions(),
        ts.sys,
      ).resolvedModule
      if (resolved) visit(resolved.resolvedFileName, seen)
    }
  }
  visit(`${ROOT}src/siwx-server/index.ts`, new Set())
  expect(forbidden).toEqual([])
  expect(reached.filter((file) => file.startsWith('src/ui/') || file.endsWith('.tsx'))).toEqual([])
  expect(reached).toContain('src/features/siwx/verifySession.ts')
})
