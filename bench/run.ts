/** Runs every benchmark in turn (`npm run bench`). */
export {}

await import('./kernel.js')
console.log('')
await import('./eip155.js')
console.log('')
await import('./size.js')
console.log('')
await import('./browser.js')
console.log('')
await import('./walletConnect.js')
console.log('')
await import('./solana.js')
console.log('')
await import('./server.js')
console.log('')
await import('./swap.js')
