/**
 * The modules an entry loads at run time before any dynamic `import()`: its static, non-type
 * imports followed through our own sources (a package counts as one specifier, not followed). A
 * test asserts what a page or a server pays for just by importing an entry.
 */
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** What an entry reaches statically. */
export interface ImportGraph {
  /** Our source files, relative to the repository. */
  readonly files: readonly string[]
  /** Every package specifier imported, with the file that imports it (`file → specifier`). */
  readonly packages: readonly { readonly file: string; readonly specifier: string }[]
}

function isTypeOnly(declaration: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(declaration)) {
    const clause = declaration.importClause
    if (clause?.isTypeOnly) return true
    return (
      clause?.namedBindings !== undefined &&
      ts.isNamedImports(clause.namedBindings) &&
      clause.name === undefined &&
      clause.namedBindings.elements.every((element) => element.isTypeOnly)
    )
  }
  return (
    declaration.isTypeOnly ||
    (declaration.exportClause !== undefined &&
      ts.isNamedExports(declaration.exportClause) &&
      declaration.exportClause.elements.every((element) => element.isTypeOnly))
  )
}

/**
 * Follows `entry`'s static imports.
 * @param entry - a path relative to the repository, e.g. `src/plugins/solana/index.ts`.
 * @returns the files and packages reached.
 */
export function staticImportGraph(entry: string): ImportGraph {
  const start = `${ROOT}${entry}`
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  }
  const files: string[] = []
  const packages: { file: string; specifier: string }[] = []
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    const text = ts.sys.readFile(fileName)
    if (text === undefined || fileName.includes('/node_modules/')) return
    const file = fileName.slice(ROOT.length)
    files.push(file)
    const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ESNext, false)
    for (const statement of source.statements) {
      const declaration =
        ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
          ? statement
          : undefined
      if (!declaration?.moduleSpecifier || !ts.isStringLiteral(declaration.moduleSpecifier))
        continue
      if (isTypeOnly(declaration)) continue
      const specifier = declaration.moduleSpecifier.text
      if (!specifier.startsWith('.')) packages.push({ file, specifier })
      const resolved = ts.resolveModuleName(specifier, fileName, options, ts.sys).resolvedModule
      if (resolved) visit(resolved.resolvedFileName)
    }
  }
  visit(start)
  return { files, packages }
}
