/**
 * SOL and SPL balances of an owner, read from the chain: one `getBalance`, one
 * `getTokenAccountsByOwner` per token program, and the mints for their decimals (§9 balance chains
 * include solana; §5 tokens with 0 decimals are dropped).
 * @module
 */
import {
  type Mint,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackAccount,
  unpackMint,
} from '@solana/spl-token'
import { type Connection, PublicKey } from '@solana/web3.js'
import {
  type BalanceResult,
  type CaipNetworkId,
  fromScaledInteger,
  type TokenBalance,
  type TokenInfo,
} from '../../kernel/index.js'
import { solanaNativeTokenAddress } from './nativeToken.js'
import type { SolanaNetwork } from './networks.js'

/** The two SPL token programs; balances and sends work with both. @internal */
export const TOKEN_PROGRAMS: readonly PublicKey[] = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]

/**
 * A mint and the program that owns it, read from the chain.
 * @throws TOKEN_BALANCE_UNAVAILABLE-worthy errors from web3.js when the node fails
 * @internal
 */
export async function readMints(
  connection: Connection,
  mints: readonly PublicKey[],
): Promise<Map<string, { mint: Mint; programId: PublicKey }>> {
  const infos = mints.length ? await connection.getMultipleAccountsInfo([...mints]) : []
  const found = new Map<string, { mint: Mint; programId: PublicKey }>()
  infos.forEach((info, index) => {
    const address = mints[index]!
    const programId = TOKEN_PROGRAMS.find((program) => info?.owner.equals(program))
    if (!info || !programId) return
    try {
      found.set(address.toBase58(), { mint: unpackMint(address, info, programId), programId })
    } catch {
      // Not a mint after all: such a token has no balance to show.
    }
  })
  return found
}

/**
 * Reads SOL and every SPL token the owner holds (non-zero amounts, decimals above 0), named from
 * the site's `tokens` where it lists the mint.
 * @internal
 */
export async function readBalances(
  connection: Connection,
  network: SolanaNetwork,
  owner: PublicKey,
  siteTokens: readonly TokenInfo[],
): Promise<BalanceResult> {
  const [lamports, ...byProgram] = await Promise.all([
    connection.getBalance(owner),
    ...TOKEN_PROGRAMS.map((programId) => connection.getTokenAccountsByOwner(owner, { programId })),
  ])
  // An owner may hold one mint in several accounts (its ATA and others): add them up.
  const held = new Map<string, bigint>()
  byProgram.forEach(({ value }, index) => {
    for (const { pubkey, account } of value) {
      try {
        const parsed = unpackAccount(pubkey, account, TOKEN_PROGRAMS[index])
        const key = parsed.mint.toBase58()
        held.set(key, (held.get(key) ?? 0n) + parsed.amount)
      } catch {
        // A malformed account is skipped; the others still count.
      }
    }
  })
  const mints = await readMints(
    connection,
    [...held.entries()].filter(([, amount]) => amount > 0n).map(([mint]) => new PublicKey(mint)),
  )
  const networkId: CaipNetworkId = network.id
  const tokens = [...mints.entries()].flatMap(([address, { mint }]): TokenBalance[] => {
    if (mint.decimals === 0) return []
    const listed = siteTokens.find(
      (token) => token.chainId === networkId && token.address === address,
    )
    return [
      {
        name: listed?.name ?? 'SPL Token',
        symbol: listed?.symbol ?? `${address.slice(0, 4)}…`,
        chainId: networkId,
        address,
        price: listed?.price ?? 0,
        quantity: {
          decimals: String(mint.decimals),
          numeric: fromScaledInteger(held.get(address) ?? 0n, mint.decimals),
        },
        ...(listed?.iconUrl ? { iconUrl: listed.iconUrl } : {}),
      },
    ]
  })
  const { decimals, symbol, name } = network.nativeCurrency
  const balance = fromScaledInteger(BigInt(lamports), decimals)
  const native: TokenBalance = {
    name,
    symbol,
    chainId: networkId,
    address: solanaNativeTokenAddress,
    price: 0,
    quantity: { decimals: String(decimals), numeric: balance },
  }
  return { balance, symbol, tokens: [native, ...tokens] }
}
