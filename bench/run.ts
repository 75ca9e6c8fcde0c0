/** Runs every benchmark in turn (`npm run bench`). */
export {}

await import('./kernel.js')
