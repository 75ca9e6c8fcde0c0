/**
 * The terminal demo (`npm run demo:terminal`): drives a real kit through open → connect → Account → send →
 * disconnect with the toychain plugin (an invented chain family built only on the public API)
 * and prints every state change a UI would render. Fully offline; exits when done.
 * `npm run demo` is the browser demo.
 */
import {
  catalogueText,
  createKit,
  createMemoryStorage,
  formatDecimal,
  isStructurallyEqual,
  type KitState,
  LIMITS,
  rebuildState,
  selectActiveAccount,
  selectConnectMethodOrder,
  truncateAddress,
} from '../src/index.js'
import { toyAddress, toyChain } from '../test/support/toyChain.js'

const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)
const dim = (text: string) => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text)
const started = Date.now()
const log = (what: string, value: string) =>
  console.log(
    `${dim(`+${String(Date.now() - started).padStart(4)}ms`)}  ${what.padEnd(18)} ${value}`,
  )

const visitor = toyAddress(0xa11ce)
const friend = toyAddress(0xb0b)
const { plugin, wallet } = toyChain({ accounts: [{ address: visitor, balance: '25' }] })
const kit = createKit({ plugins: [plugin], storage: createMemoryStorage() })

console.log(bold('Gangway terminal demo — kernel + the "toychain" plugin, offline\n'))

const balanceOf = (state: KitState) => {
  const account = selectActiveAccount(state)
  return account?.balance === null || account?.balance === undefined
    ? '—'
    : `${formatDecimal(account.balance, LIMITS.balanceDecimals)} ${account.balanceSymbol}`
}
kit
  .select$((state) => (state.modal.isOpen ? 'open' : 'closed'))
  .subscribe((value) => log('modal', value))
kit.streams.view$.subscribe((view) => log('view', view))
kit.streams.connectionStatus$.subscribe((status) => log('status', status))
kit.streams.activeCaipAddress$.subscribe((address) =>
  log('account', address ? truncateAddress(address.split(':')[2] ?? address) : '—'),
)
kit.select$(balanceOf).subscribe((balance) => log('balance', balance))
kit
  .select$((state) =>
    state.snack.isOpen
      ? `${state.snack.variant}: ${state.snack.text ?? catalogueText(state.snack.code ?? '', state.snack.params)}`
      : '—',
  )
  .subscribe((snack) => log('snack', snack))
kit.events$.subscribe((event) => {
  if (event.type.endsWith('/requested') && event.meta.correlationId)
    log('operation', dim(event.type))
})

const step = (title: string) => console.log(`\n${bold(`▸ ${title}`)}`)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

step('open the modal (§2 opening rules pick the first view)')
kit.open()
log('connect methods', selectConnectMethodOrder(kit.getState()).join(', '))
await pause(50)

step('connect the Toy Wallet')
await kit.connect({ connectorId: 'toywallet' })
await pause(50)

step('open again: a connected visitor lands on Account')
kit.open()
await pause(50)

step(`send 2.5 TOY to ${truncateAddress(friend)}`)
const { hash } = await kit.features.send.send({ to: friend, amount: '2.5' })
log('transaction', hash)
await pause(50)
log('friend now has', `${wallet.balanceOf(friend)} TOY`)

step("try to send more than the balance (the spec's error, nothing changes)")
await kit.features.send
  .send({ to: friend, amount: '1000' })
  .catch((error: { userMessage: string }) => log('refused', error.userMessage))

step('disconnect')
await kit.disconnect()
await pause(50)

const rebuilt = rebuildState(kit.log.replay())
console.log(
  `\n${dim(`${kit.log.lastSeq()} events in the log; replaying them rebuilds ${isStructurallyEqual(rebuilt, kit.getState()) ? 'the same' : 'a DIFFERENT'} state.`)}`,
)
kit.destroy()
