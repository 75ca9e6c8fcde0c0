/**
 * `npm run demo`: starts the browser demo (two anvil nodes, the demo token, the Solana and Polkadot nodes, the Gangway server with
 * its relay, registry and data service, the demo phone wallet, and the Vite dev server for demo/site) on
 * http://127.0.0.1:5173/, or the next free port when 5173 is taken, and prints where everything
 * is. A `wc:` link pasted into the terminal pairs the phone wallet. Fully offline. Ctrl-C
 * (SIGINT) or SIGTERM stops everything.
 */
import { createInterface } from 'node:readline'
import { type RunningDemo, startDemo } from './serve.js'
import type { DemoWalletOrigin } from './walletOrigin.js'

const PREFERRED_PORT = 5173

const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)
const dim = (text: string) => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text)

const started = Date.now()
let demo: RunningDemo
try {
  // With strictPort off, Vite itself moves on to 5174, 5175, … when 5173 is taken.
  demo = await startDemo({ port: PREFERRED_PORT })
} catch (error) {
  console.error('The demo could not start:', error)
  process.exit(1)
}

// Email and social login: the wallet origin needs the page's origin (known once Vite listens).
// oidc-provider warns on import about its development defaults (in-memory store, generated keys,
// a runtime it does not list): true of a throwaway local provider, and noise to a newcomer.
const warn = console.warn
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING')) return
  warn(...args)
}
const { DEMO_SOCIAL_ACCOUNT, startDemoWalletOrigin } = await import('./walletOrigin.js')
let walletOrigin: DemoWalletOrigin
try {
  walletOrigin = await startDemoWalletOrigin(demo, (mail) => {
    // The demo's mailbox is the terminal: a visitor reads the code (or the device link) here.
    console.log(`\n${bold(`Mail to ${mail.to}`)}: ${mail.subject}\n${dim(mail.text)}\n`)
  })
} catch (error) {
  console.error('The demo could not start its wallet origin:', error)
  await demo.stop()
  process.exit(1)
}

const { config } = demo
// The page opens with email and social login offered beside the wallets.
const url = walletOrigin.pageUrl
const { token } = config
console.log(`
${bold('Gangway browser demo')} ${dim(`(ready in ${Date.now() - started} ms, offline)`)}

  Page    ${bold(url)}${demo.url.includes(`:${PREFERRED_PORT}/`) ? '' : dim(`  (port ${PREFERRED_PORT} was taken)`)}
          ${dim(`${demo.url} is the same page without email and social login`)}
${config.chains.map((chain) => `  Chain   ${chain.name.padEnd(11)} id ${String(chain.id).padEnd(6)} ${chain.rpcUrl}`).join('\n')}
  Token   ${token.name} (${token.symbol}, ${token.decimals} decimals) ${token.address} on chain ${token.chainId}
  Wallet  ${config.walletKeys.length} anvil dev accounts, 10,000 ETH each; the first holds all ${token.symbol}
  Swap    Uniswap V2 router ${config.amm.router} ${dim(`(${Object.keys(config.amm.tokens).join(', ')}; ${config.amm.fromCache ? 'saved state loaded' : 'deployed and saved'} in ${config.amm.setupMs} ms)`)}
          the page's kit swaps only through the fee router ${config.amm.feeRouter} ${dim(`(WETH ${config.amm.weth})`)}
  Server  ${config.serviceUrl} ${dim('(Gangway server: data service, convert API, /health)')}
  Relay   ${config.relayUrl} ${dim('(WalletConnect, on the same server)')}
  Wallets ${config.registryUrl}/getWallets ${dim('(wallet registry, on the same server)')}
  Solana  ${config.solana.rpcUrl} ${dim(`(local node; "${config.solana.walletName}" holds 1,000 SOL and 1,000 ${config.solana.token.symbol})`)}
  Bitcoin ${config.bitcoin.esploraUrl} ${dim(`(Esplora API over the regtest node; "${config.bitcoin.walletName}" holds 1 BTC)`)}
  Polkadot ${config.polkadot.rpcUrl} ${dim(`(chopsticks; the "${config.polkadot.extensionName}" extension holds ${config.polkadot.walletAddresses.length} accounts of 1,000,000 ${config.polkadot.nativeCurrency.symbol})`)}
  Email   ${walletOrigin.origin} ${dim("(the embedded wallet's origin: login codes are mailed to this terminal; a passkey keeps the wallet)")}
  Social  ${dim(`"Google" is a local OpenID provider that signs in ${DEMO_SOCIAL_ACCOUNT.email}`)}
  Phone   ${new URL('phone.html', demo.url)} ${dim(`(a WalletConnect wallet, ${config.phoneWallet.address})`)}

Choose WalletConnect in the modal, copy the link and paste it into the phone page or here.

${dim('Ctrl-C stops everything.')}
`)

let stopping = false
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return
  stopping = true
  console.log(
    dim(
      `\n${signal}: stopping the page server, the Gangway servers, the phone wallet and the nodes…`,
    ),
  )
  Promise.allSettled([walletOrigin.stop()])
    .then(() => demo.stop())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Stopping failed:', error)
        process.exit(1)
      },
    )
}
// A `wc:` link pasted into the terminal pairs the phone wallet, as scanning the QR code would.
// Only in a terminal: without one (a service, a pipe) stdin ends at once, and a reader on it
// would take the demo down with it.
if (process.stdin.isTTY) {
  const lines = createInterface({ input: process.stdin, terminal: false })
  lines.on('line', (line) => {
    const uri = line.trim()
    if (!uri.startsWith('wc:')) return
    demo.phoneWallet.pair(uri).then(
      () => console.log(dim('Phone wallet: paired; approving the session.')),
      (error: unknown) => console.error('Phone wallet: pairing failed:', error),
    )
  })
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
