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

/**
 * Every import edge between our source files under `directory`, tests excluded: static imports
 * and re-exports (type-only ones too: a circle of types still ties modules together) and dynamic
 * `import()` calls with a literal path.
 * @param directory - a folder relative to the repository, e.g. `src`.
 * @returns each file's imported files, relative to the repository.
 */
export function sourceImportEdges(directory: string): Map<string, Set<string>> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    noEmit: true,
    types: [],
  }
  const edges = new Map<string, Set<string>>()
  const files = ts.sys
    .readDirectory(`${ROOT}${directory}`, ['.ts', '.tsx'])
    .filter((file) => !/\.test(-d)?\.tsx?$|\.testSupport\.ts$|\.testNodes\.ts$/.test(file))
  for (const fileName of files) {
    const text = ts.sys.readFile(fileName) ?? ''
    const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ESNext, false)
    const targets = new Set<string>()
    const add = (specifier: string) => {
      if (!specifier.startsWith('.')) return
      const resolved = ts.resolveModuleName(specifier, fileName, options, ts.sys).resolvedModule
      if (resolved && !resolved.resolvedFileName.includes('/node_modules/'))
        targets.add(resolved.resolvedFileName.slice(ROOT.length))
    }
    const walk = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      )
        add(node.moduleSpecifier.text)
      else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      )
        add(node.arguments[0].text)
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const literal = node.argument.literal
        if (ts.isStringLiteral(literal)) add(literal.text)
      }
      ts.forEachChild(node, walk)
    }
    walk(source)
    edges.set(fileName.slice(ROOT.length), targets)
  }
  return edges
}

/**
 * The import circles of a graph: its strongly connected components of more than one file
 * (Tarjan's algorithm), each as its files.
 * @param edges - each file's imported files.
 * @returns the circles.
 */
export function importCircles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const connect = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next++
    stack.push(file)
    onStack.add(file)
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!))
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== file)
      if (component.length > 1) circles.push(component.sort())
    }
  }
  for (const file of edges.keys()) if (!index.has(file)) connect(file)
  return circles
}
