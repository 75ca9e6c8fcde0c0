/**
 * Generates `docs/errors.md` from the error catalogue in `src/kernel/errors/codes.ts`, the shipped
 * features' codes and the codes the shipped chain plugins declare.
 * Run it with `npm run docs:errors` (`npx tsx scripts/generateErrorDocs.ts`) whenever a code or a
 * message changes; `src/kernel/errors/docs.test.ts` fails while the committed file is stale.
 * @module
 */
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { SHIPPED_FEATURE_MODULES } from '../src/features/modules.js'
import { nameErrors } from '../src/features/names/errors.js'
import {
  type ChainPlugin,
  docsPathOf,
  ERROR_CODE_LIST,
  type ErrorCode,
  type ErrorCodeEntry,
  type ErrorSurface,
  errorEntryOf,
  NOTICE_MESSAGES,
  type NoticeId,
} from '../src/kernel/index.js'
import { eip155 } from '../src/plugins/eip155/index.js'
import { polkadot } from '../src/plugins/polkadot/index.js'
import { solana } from '../src/plugins/solana/index.js'

// The shipped features' codes join a kit's catalogue when their code loads; the docs list them
// all, with those of the features whose flows are still to come (defined with them already).
const FEATURE_ERRORS: readonly {
  readonly name: string
  readonly errors: Record<string, ErrorCodeEntry>
}[] = [
  ...SHIPPED_FEATURE_MODULES.map(({ name, module }) => ({ name, errors: { ...module.errors } })),
  { name: 'names', errors: { ...nameErrors.entries } },
]

/** The chain plugins Gangway ships, as a site registers them: their declared codes are listed too. */
export const SHIPPED_PLUGINS: readonly ChainPlugin[] = [eip155(), solana(), polkadot()]

/** One documented code: its entry, and the feature or plugin that brings it, if any. */
interface DocumentedCode {
  readonly code: ErrorCode
  readonly entry: ErrorCodeEntry
  readonly origin: string | undefined
}

/**
 * Every code: the core catalogue's, then each shipped feature's, then each plugin's. A plugin's
 * code carries its entry with it and is registered nowhere else.
 * @throws Error when a plugin declares a code the catalogue already has, or two plugins one code differently.
 */
function documentedCodes(plugins: readonly ChainPlugin[]): DocumentedCode[] {
  const featureOf = new Map<string, string>(
    FEATURE_ERRORS.flatMap(({ name, errors }) =>
      Object.keys(errors).map((code) => [code, name] as const),
    ),
  )
  const featureEntryOf = (code: string) =>
    FEATURE_ERRORS.find(({ errors }) => Object.hasOwn(errors, code))?.errors[code]
  const codes: DocumentedCode[] = [
    ...ERROR_CODE_LIST,
    ...([...featureOf.keys()].filter(
      (code) => !ERROR_CODE_LIST.includes(code as never),
    ) as ErrorCode[]),
  ].map((code) => {
    const feature = featureOf.get(code)
    return {
      code,
      entry: (errorEntryOf(code) ?? featureEntryOf(code))!,
      origin: feature
        ? `Raised by the \`${feature}\` feature (joins the catalogue when it loads)`
        : undefined,
    }
  })
  for (const plugin of plugins) {
    for (const [code, entry] of Object.entries(plugin.errors ?? {})) {
      const known = codes.find((documented) => documented.code === code)
      if (known && JSON.stringify(known.entry) === JSON.stringify(entry)) continue
      if (known) throw new Error(`Gangway: ${plugin.namespace} redefines error code ${code}.`)
      codes.push({
        code: code as ErrorCode,
        entry,
        origin: `Declared by the \`${plugin.namespace}\` chain plugin (\`ChainPlugin.errors\`)`,
      })
    }
  }
  return codes
}

/** How each surface reads in the docs; typed so that a new surface fails the type check here. */
const SURFACE_LABELS: Readonly<Record<ErrorSurface, string>> = {
  snack: 'Snack message',
  alert: 'Alert',
  input: 'Input error',
  thrown: 'Thrown error',
  embedded: 'Embedded wallet',
  kernel: 'Kernel',
}

/** The anchor `docsPathOf` links to, so the headings and the runtime links cannot drift apart. */
function anchorOf(code: ErrorCode): string {
  const path = docsPathOf(code)
  return path.slice(path.indexOf('#') + 1)
}

/** The developer text a `KitError` gets: `shortMessage` when the entry has one, else `userMessage`. */
function developerMessageOf(entry: ErrorCodeEntry): string {
  return entry.shortMessage ? entry.shortMessage : entry.userMessage
}

/** Keeps a value inside one Markdown table cell. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|')
}

/**
 * A Markdown table with padded columns, laid out the way `biome format` lays tables out, so the
 * generated file passes `npm run lint` unchanged.
 */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)]
}

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')
}

function codeSection({ code, entry, origin }: DocumentedCode): string[] {
  const developerMessage = developerMessageOf(entry)
  const placeholders = [
    ...new Set([...placeholdersOf(entry.userMessage), ...placeholdersOf(developerMessage)]),
  ]
  return [
    `### ${anchorOf(code)}`,
    '',
    `Code: \`${code}\``,
    '',
    `- Shown as: ${SURFACE_LABELS[entry.surface]} (\`${entry.surface}\`)`,
    ...(origin ? [`- ${origin}`] : []),
    `- User message: ${entry.userMessage}`,
    developerMessage === entry.userMessage
      ? '- Developer message: the same as the user message'
      : `- Developer message: ${developerMessage}`,
    ...(placeholders.length > 0
      ? [
          `- Placeholders: ${placeholders.map((name) => `\`{${name}}\``).join(', ')}, filled from the \`params\` given to \`KitError\``,
        ]
      : []),
    `- Docs path: \`${docsPathOf(code)}\``,
    '',
  ]
}

/**
 * Renders `docs/errors.md` from the catalogue: a table of every code, one section per code whose
 * anchor is the code in lower case (the target of `docsPathOf`), and the notices. Pure: same
 * catalogue, same text.
 * @example
 * import { renderErrorDocs } from './generateErrorDocs.js'
 * renderErrorDocs().startsWith('# Error Codes') // true
 * @param plugins - the chain plugins whose declared codes are listed; the shipped ones by default.
 * @returns the Markdown text, ending in a newline.
 */
export function renderErrorDocs(plugins: readonly ChainPlugin[] = SHIPPED_PLUGINS): string {
  const codes = documentedCodes(plugins)
  const lines = [
    '# Error Codes',
    '',
    '<!-- Generated file: do not edit by hand. -->',
    '',
    'This file is generated from `src/kernel/errors/codes.ts`, the shipped features’ error tables (`src/features/*/errors.ts`) and the codes the shipped chain plugins declare (`ChainPlugin.errors`) by `npm run docs:errors`. Edit the catalogue there and run the command again; `src/kernel/errors/docs.test.ts` fails while this file is out of date.',
    '',
    'Every `KitError` carries one of these codes. Its `userMessage` is safe to show a visitor (the specification’s words, no addresses or RPC dumps). Its `shortMessage`, the developer message below, is for logs and developers. A released code is never renamed or reused. Events and state hold errors in serialized form (`SerializedKitError`), with the same code and texts.',
    '',
    '“Shown as” tells where the specification shows the text. “Kernel” codes are conditions the specification does not name; their user message reuses one of the specification’s texts.',
    '',
    '## All Codes',
    '',
    ...table(
      ['Code', 'Shown as', 'User message', 'Developer message'],
      codes.map(({ code, entry }) => {
        return [
          `[\`${code}\`](#${anchorOf(code)})`,
          SURFACE_LABELS[entry.surface],
          cell(entry.userMessage),
          cell(developerMessageOf(entry)),
        ]
      }),
    ),
    '',
    '## Codes',
    '',
    ...codes.flatMap(codeSection),
    '## Notices',
    '',
    'Snack texts that report progress rather than failure (`NOTICE_MESSAGES`). They are not errors and have no docs path; the id is stable so the UI can translate the text.',
    '',
    ...table(
      ['Id', 'Message'],
      (Object.keys(NOTICE_MESSAGES) as NoticeId[]).map((id) => [
        `\`${id}\``,
        cell(NOTICE_MESSAGES[id]),
      ]),
    ),
    '',
  ]
  return lines.join('\n')
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = new URL('../docs/errors.md', import.meta.url)
  writeFileSync(target, renderErrorDocs())
  process.stdout.write(`Wrote ${target.pathname}\n`)
}
