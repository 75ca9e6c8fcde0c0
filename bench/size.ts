/**
 * What a page with the connect button, the modal and the eip155 plugin ships: a production Vite
 * build, each chunk minified and gzipped, React/ReactDOM apart from everything else, initial
 * chunks (loaded before any click) apart from lazy ones. Prints figures; asserts nothing.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, type Rollup } from 'vite'

const root = fileURLToPath(new URL('./size-app/', import.meta.url))
const result = (await build({
  root,
  logLevel: 'silent',
  plugins: [react()],
  build: {
    write: false,
    minify: true,
    modulePreload: false,
    rollupOptions: {
      output: {
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined,
      },
    },
  },
})) as Rollup.RollupOutput | Rollup.RollupOutput[]
const outputs = (Array.isArray(result) ? result : [result]).flatMap((entry) => entry.output)
const chunks = outputs.filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
const entry = chunks.find((chunk) => chunk.isEntry)!
const initial = new Set<string>()
const visit = (name: string) => {
  if (initial.has(name)) return
  initial.add(name)
  for (const next of chunks.find((chunk) => chunk.fileName === name)?.imports ?? []) visit(next)
}
visit(entry.fileName)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
let reactBytes = 0
let ownInitial = 0
let ownLazy = 0
console.log('chunk                                   min        gzip    loaded')
for (const chunk of chunks) {
  const gzip = gzipSync(chunk.code).length
  const isReact = chunk.name === 'react'
  const isInitial = initial.has(chunk.fileName)
  if (isReact) reactBytes += gzip
  else if (isInitial) ownInitial += gzip
  else ownLazy += gzip
  console.log(
    `${chunk.fileName.padEnd(38)} ${kb(chunk.code.length).padStart(9)} ${kb(gzip).padStart(9)}    ${isInitial ? 'initial' : 'lazy'}`,
  )
}
console.log('')
console.log(`React + ReactDOM (gzip):                        ${kb(reactBytes)}`)
console.log(`Gangway, kernel libs and plugin before any click (gzip): ${kb(ownInitial)}`)
console.log(`lazy chunks, total (gzip):                      ${kb(ownLazy)}`)
console.log('target (issue #4): Gangway JS through the first open <= 40 KB gzip, React not counted')
