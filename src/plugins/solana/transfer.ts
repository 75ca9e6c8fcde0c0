/**
 * Builds a SOL or SPL transfer after the checks a wallet would otherwise fail on: the fee, the
 * rent-exempt minimum of a new receiver, and the receiver's associated token account.
 * @module
 */
import {
  ACCOUNT_SIZE,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  ExtensionType,
  getAccountLen,
  getAccountTypeOfMintType,
  getAssociatedTokenAddressSync,
  getExtensionTypes,
  TOKEN_2022_PROGRAM_ID,
  unpackAccount,
} from '@solana/spl-token'
import { type Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import {
  fromScaledInteger,
  KitError,
  type TokenBalance,
  toScaledInteger,
} from '../../kernel/index.js'
import { readMints } from './balances.js'

/** A transfer ready for the wallet, and how long its blockhash lasts. @internal */
export interface PreparedTransfer {
  readonly transaction: Transaction
  readonly blockhash: string
  readonly lastValidBlockHeight: number
}

const SOL_DECIMALS = 9

function amountOf(amount: string, decimals: number): bigint {
  const value = toScaledInteger(amount, decimals)
  if (value === undefined || value <= 0n) throw new KitError('INVALID_AMOUNT')
  return value
}

/** The fee of the finished message, as the node prices it (5000 lamports per signature today). */
async function feeOf(connection: Connection, transaction: Transaction): Promise<bigint> {
  const fee = await connection.getFeeForMessage(transaction.compileMessage())
  return BigInt(fee.value ?? 5000)
}

/**
 * Builds the transfer of `amount` (whole units) of SOL, or of `token`, from `sender` to `receiver`.
 * @throws INVALID_AMOUNT (below a new account's rent-exempt minimum, or leaving the sender below
 * its own), INSUFFICIENT_BALANCE (more tokens than held), INSUFFICIENT_GAS (no SOL for the fee and
 * a new token account), TOKEN_BALANCE_UNAVAILABLE (not a mint on this network)
 * @internal
 */
export async function prepareTransfer(
  connection: Connection,
  sender: PublicKey,
  receiver: PublicKey,
  amount: string,
  token: TokenBalance | null,
): Promise<PreparedTransfer> {
  const [{ blockhash, lastValidBlockHeight }, lamports, rentFloor] = await Promise.all([
    connection.getLatestBlockhash(),
    connection.getBalance(sender).then(BigInt),
    connection.getMinimumBalanceForRentExemption(0).then(BigInt),
  ])
  const transaction = new Transaction({ feePayer: sender, blockhash, lastValidBlockHeight })
  let spent = 0n
  if (!token) {
    const value = amountOf(amount, SOL_DECIMALS)
    const receiverInfo = await connection.getAccountInfo(receiver)
    // Real rent rules: a new system account below the rent-exempt minimum is refused by the
    // runtime (InsufficientFundsForRent) after the visitor signed; say so before the wallet opens.
    if (!receiverInfo && value < rentFloor) {
      throw new KitError('INVALID_AMOUNT', {
        details: `A new account needs at least ${fromScaledInteger(rentFloor, SOL_DECIMALS)} SOL (the rent-exempt minimum).`,
      })
    }
    transaction.add(
      SystemProgram.transfer({ fromPubkey: sender, toPubkey: receiver, lamports: value }),
    )
    spent = value
  } else {
    const mintAddress = new PublicKey(token.address)
    const found = (await readMints(connection, [mintAddress])).get(mintAddress.toBase58())
    if (!found) {
      throw new KitError('TOKEN_BALANCE_UNAVAILABLE', {
        details: 'Not a token mint on this network.',
      })
    }
    const { mint, programId } = found
    const value = amountOf(amount, mint.decimals)
    const source = getAssociatedTokenAddressSync(mintAddress, sender, true, programId)
    const target = getAssociatedTokenAddressSync(mintAddress, receiver, true, programId)
    const [sourceInfo, targetInfo] = await connection.getMultipleAccountsInfo([source, target])
    const held = sourceInfo ? unpackAccount(source, sourceInfo, programId).amount : 0n
    if (held < value) throw new KitError('INSUFFICIENT_BALANCE')
    if (!targetInfo) {
      // The receiver has no account for this mint yet: the sender creates (and pays rent for) it.
      transaction.add(
        createAssociatedTokenAccountIdempotentInstruction(
          sender,
          target,
          receiver,
          mintAddress,
          programId,
        ),
      )
      // A Token-2022 associated account carries ImmutableOwner plus what the mint's extensions
      // require of its accounts, and its rent grows with them.
      const size = programId.equals(TOKEN_2022_PROGRAM_ID)
        ? getAccountLen([
            ...getExtensionTypes(mint.tlvData)
              .map(getAccountTypeOfMintType)
              .filter((type) => type !== ExtensionType.Uninitialized),
            ExtensionType.ImmutableOwner,
          ])
        : ACCOUNT_SIZE
      spent += BigInt(await connection.getMinimumBalanceForRentExemption(size))
    }
    transaction.add(
      createTransferCheckedInstruction(
        source,
        mintAddress,
        target,
        sender,
        value,
        mint.decimals,
        [],
        programId,
      ),
    )
  }
  const fee = await feeOf(connection, transaction)
  const left = lamports - spent - fee
  // §5 applied to Solana: the fee (and any new token account's rent) must be covered by SOL.
  if (left < 0n) throw new KitError('INSUFFICIENT_GAS')
  // A funded system account may not drop below the rent-exempt minimum unless it is emptied.
  if (left > 0n && left < rentFloor) {
    throw new KitError('INVALID_AMOUNT', {
      details: `The sender must keep at least ${fromScaledInteger(rentFloor, SOL_DECIMALS)} SOL, or send everything.`,
    })
  }
  return { transaction, blockhash, lastValidBlockHeight }
}
