/**
 * What a page with the connect button, the modal and the eip155 plugin ships: a production Vite
 * build, each chunk minified and gzipped, React/ReactDOM apart from everything else, initial
 * chunks (loaded before any click) apart from the chunks the first open needs and from the other
 * lazy ones. Prints figures; asserts nothing. bench/composition.ts says what is inside them;
 * bench/navigation.ts lists what a real first open fetches.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { chunksOf, importClosure } from './harness.js'
import { sizeAppBuild } from './size-app/build.js'

const root = fileURLToPath(new URL('./size-app/', import.meta.url))
const config = sizeAppBuild(root)
const result = await build({
  ...config,
  logLevel: 'silent',
  plugins: [react()],
  build: { ...config.build, write: false },
})
const chunks = chunksOf(result)
const entry = chunks.find((chunk) => chunk.isEntry)!
const initial = importClosure(chunks, [entry.fileName])
// The first open renders the modal on the Connect view; wherever those modules land (the entry
// today, a lazy chunk if they are split off), their chunks count against the first-open budget.
const FIRST_OPEN_MODULES = ['/src/ui/Modal.tsx', '/src/ui/views/ConnectView.tsx']
const firstOpen = importClosure(
  chunks,
  chunks
    .filter((chunk) =>
      chunk.moduleIds.some((id) => FIRST_OPEN_MODULES.some((path) => id.endsWith(path))),
    )
    .map((chunk) => chunk.fileName),
  initial,
)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
let reactBytes = 0
let ownInitial = 0
let ownOpen = 0
let ownLazy = 0
console.log('chunk                                   min        gzip    loaded')
for (const chunk of chunks) {
  const gzip = gzipSync(chunk.code).length
  const isReact = chunk.name === 'react'
  const isInitial = initial.has(chunk.fileName)
  const isOpen = firstOpen.has(chunk.fileName)
  if (isReact) reactBytes += gzip
  else if (isInitial) ownInitial += gzip
  else if (isOpen) ownOpen += gzip
  else ownLazy += gzip
  console.log(
    `${chunk.fileName.padEnd(38)} ${kb(chunk.code.length).padStart(9)} ${kb(gzip).padStart(9)}    ${isInitial ? 'initial' : isOpen ? 'first open' : 'lazy'}`,
  )
}
console.log('')
console.log(`React + ReactDOM (gzip):                        ${kb(reactBytes)}`)
console.log(`Gangway, kernel libs and plugin before any click (gzip): ${kb(ownInitial)}`)
console.log(`... plus what the first open loads (gzip):      ${kb(ownOpen)}`)
console.log(`Gangway through the first open (gzip):          ${kb(ownInitial + ownOpen)}`)
console.log(`other lazy chunks, total (gzip):                ${kb(ownLazy)}`)
console.log(
  'target (issues #4, #10): Gangway JS through the first open <= 40 KB gzip with every shipped feature registered, React not counted',
)
