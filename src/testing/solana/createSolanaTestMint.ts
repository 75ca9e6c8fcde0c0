import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import {
  type Connection,
  Keypair,
  type PublicKey,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'

/**
 * What {@link createSolanaTestMint} needs.
 * @example
 * const parameters: CreateSolanaTestMintParameters = { connection, payer, decimals: 6, program: 'token-2022' }
 */
export interface CreateSolanaTestMintParameters {
  /** A connection to the node (a local one: the payer's key signs everything). */
  readonly connection: Connection
  /** Pays for the accounts and is the mint authority. */
  readonly payer: Keypair
  /** The mint's decimals (0 to 9 in practice; 0-decimal tokens are filtered from balances, §5). */
  readonly decimals: number
  /** Which token program owns the mint: SPL Token (default) or Token-2022. */
  readonly program?: 'token' | 'token-2022'
  /** Owners to mint to, each into its associated token account, in base units. */
  readonly holders?: readonly { readonly owner: PublicKey; readonly amount: bigint }[]
}

/**
 * Creates an SPL mint and mints to holders in one transaction each, through the node's RPC, as a
 * site's own script would on a cluster: the mint account, its initialization, then per holder the
 * associated token account (created when missing) and the minting.
 * @example
 * import { Connection } from '@solana/web3.js'
 * import { createSolanaTestMint } from '@gangway/kit/testing/node'
 * const mint = await createSolanaTestMint({ connection: new Connection(node.url), payer: node.keypairs[0]!, decimals: 6 })
 * @param parameters - connection, payer, decimals, token program and holders.
 * @returns the mint's address.
 * @throws the node's SendTransactionError when a transaction fails.
 * @see /docs/solana.md
 */
export async function createSolanaTestMint(
  parameters: CreateSolanaTestMintParameters,
): Promise<PublicKey> {
  const { connection, payer, decimals } = parameters
  const programId = parameters.program === 'token-2022' ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID
  const mint = Keypair.generate()
  const rent = await connection.getMinimumBalanceForRentExemption(MINT_SIZE)
  const create = new Transaction().add(
    SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: mint.publicKey,
      space: MINT_SIZE,
      lamports: rent,
      programId,
    }),
    createInitializeMint2Instruction(mint.publicKey, decimals, payer.publicKey, null, programId),
  )
  await sendAndConfirmTransaction(connection, create, [payer, mint])
  for (const { owner, amount } of parameters.holders ?? []) {
    const account = getAssociatedTokenAddressSync(mint.publicKey, owner, true, programId)
    const mintTo = new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(
        payer.publicKey,
        account,
        owner,
        mint.publicKey,
        programId,
      ),
      createMintToInstruction(mint.publicKey, account, payer.publicKey, amount, [], programId),
    )
    await sendAndConfirmTransaction(connection, mintTo, [payer])
  }
  return mint.publicKey
}
