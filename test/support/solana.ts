/**
 * Helpers for the solana integration tests: the window Wallet Standard needs in Node, fresh funded
 * owners on the local node, and a bounded wait on the kit's state.
 */
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import {
  Connection,
  Keypair,
  PublicKey,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import type { Kit, KitState } from '../../src/kernel/index.js'

/**
 * Gives Node the `window` Wallet Standard talks through (toolbox: `getWallets()` is inert without
 * one). `@wallet-standard/app` binds to the first window it sees, so a test file installs one
 * window for all its tests. No `navigator` on it: only Wallet Standard's deprecated API reads
 * one, and sign-client takes `window.navigator` for a browser and then reads Node's missing
 * global `navigator`.
 */
export function installWindowShim(): EventTarget & Record<string, unknown> {
  const globals = globalThis as { window?: unknown }
  if (!globals.window) globals.window = new EventTarget()
  return globals.window as EventTarget & Record<string, unknown>
}

/** A fresh owner with `sol` SOL and, per mint, `amount` base units in its associated account. */
export async function fundOwner(
  connection: Connection,
  funder: Keypair,
  sol: number,
  tokens: readonly { mint: string; program: 'token' | 'token-2022'; amount: bigint }[] = [],
): Promise<Keypair> {
  const owner = Keypair.generate()
  const airdrop = await connection.requestAirdrop(owner.publicKey, Math.round(sol * 1e9))
  await connection.confirmTransaction(airdrop, 'confirmed')
  if (tokens.length === 0) return owner
  const transaction = new Transaction()
  for (const { mint, program, amount } of tokens) {
    const programId = program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID
    const mintKey = new PublicKey(mint)
    const account = getAssociatedTokenAddressSync(mintKey, owner.publicKey, false, programId)
    transaction.add(
      createAssociatedTokenAccountIdempotentInstruction(
        funder.publicKey,
        account,
        owner.publicKey,
        mintKey,
        programId,
      ),
      createMintToInstruction(mintKey, account, funder.publicKey, amount, [], programId),
    )
  }
  await sendAndConfirmTransaction(connection, transaction, [funder])
  return owner
}

/**
 * Resolves once `predicate` holds for the kit's state (checked now and on every change); rejects
 * after `timeoutMs` with the last state's summary, so a failing test says what it saw.
 */
export function until(
  kit: Kit,
  predicate: (state: KitState) => boolean,
  timeoutMs = 5_000,
): Promise<KitState> {
  return new Promise((resolve, reject) => {
    if (predicate(kit.getState())) return resolve(kit.getState())
    const timeout = setTimeout(() => {
      unsubscribe()
      reject(new Error(`until: not reached in ${timeoutMs} ms`))
    }, timeoutMs)
    const unsubscribe = kit.subscribe((state) => {
      if (!predicate(state)) return
      clearTimeout(timeout)
      unsubscribe()
      resolve(state)
    })
  })
}

/** The funder key pair from the secret key `globalSetup` provides. */
export const funderOf = (secretKey: readonly number[]) =>
  Keypair.fromSecretKey(Uint8Array.from(secretKey))

/** A confirmed-commitment connection to the local node. */
export const connectionTo = (url: string) => new Connection(url, 'confirmed')
