/**
 * Import graphs of our own sources (a package counts as one specifier, not followed).
 * `staticImportGraph`: the modules an entry loads at run time before any dynamic `import()`, so a
 * test asserts what a page or a server pays for just by importing an entry. `dependencyEdges`:
 * every import, type-only and dynamic ones included, so a test asserts which parts of the
 * repository may depend on which.
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

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  skipLibCheck: true,
  noEmit: true,
  types: [],
}

/** The module specifiers a source file names, and whether each one is a type-only or dynamic import. */
/** The file a specifier names from `fileName`, as TypeScript resolves it (undefined: unresolved). */
function resolvedFileOf(specifier: string, fileName: string): string | undefined {
  return ts.resolveModuleName(specifier, fileName, COMPILER_OPTIONS, ts.sys).resolvedModule
    ?.resolvedFileName
}

function specifiersOf(
  source: ts.SourceFile,
): { readonly specifier: string; readonly typeOnly: boolean; readonly dynamic: boolean }[] {
  const found: { specifier: string; typeOnly: boolean; dynamic: boolean }[] = []
  for (const statement of source.statements) {
    const declaration =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement : undefined
    if (!declaration?.moduleSpecifier || !ts.isStringLiteral(declaration.moduleSpecifier)) continue
    found.push({
      specifier: declaration.moduleSpecifier.text,
      typeOnly: isTypeOnly(declaration),
      dynamic: false,
    })
  }
  const visit = (node: ts.Node) => {
    // `import('x')` in code, and `import('x').T` in a type.
    const argument =
      ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
        ? node.arguments[0]
        : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)
          ? node.argument.literal
          : undefined
    if (argument && ts.isStringLiteral(argument))
      found.push({ specifier: argument.text, typeOnly: ts.isImportTypeNode(node), dynamic: true })
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/**
 * Follows `entry`'s static imports.
 * @param entry - a path relative to the repository, e.g. `src/plugins/solana/index.ts`.
 * @returns the files and packages reached.
 */
export function staticImportGraph(entry: string): ImportGraph {
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
    for (const { specifier, typeOnly, dynamic } of specifiersOf(source)) {
      if (typeOnly || dynamic) continue
      if (!specifier.startsWith('.')) packages.push({ file, specifier })
      const resolved = resolvedFileOf(specifier, fileName)
      if (resolved) visit(resolved)
    }
  }
  visit(`${ROOT}${entry}`)
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

/** One import between two of our source files. */
export interface ImportEdge {
  /** The importing file, relative to the repository. */
  readonly from: string
  /** The imported file, relative to the repository. */
  readonly to: string
}

/**
 * Every import between our own files reachable from `entries`: static, type-only and dynamic
 * alike (what a module depends on, not only what it loads at once). Packages are not followed.
 * @param entries - paths relative to the repository.
 * @param follow - whether to follow the imports of a reached file (all by default): a boundary
 *   another test holds can be left out.
 * @returns the imports found.
 */
export function dependencyEdges(
  entries: readonly string[],
  follow: (file: string) => boolean = () => true,
): ImportEdge[] {
  const edges: ImportEdge[] = []
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    const file = fileName.slice(ROOT.length)
    const text = ts.sys.readFile(fileName)
    if (text === undefined || !follow(file)) return
    const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ESNext, false)
    for (const { specifier } of specifiersOf(source)) {
      if (!specifier.startsWith('.')) continue
      const resolved = resolvedFileOf(specifier, fileName)
      if (!resolved || resolved.includes('/node_modules/')) continue
      edges.push({ from: file, to: resolved.slice(ROOT.length) })
      visit(resolved)
    }
  }
  for (const entry of entries) visit(`${ROOT}${entry}`)
  return edges
}
