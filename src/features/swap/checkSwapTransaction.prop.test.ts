import fc from 'fast-check'
import { type Address, bytesToHex, encodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem'
import { describe, expect, test } from 'vitest'
import { decodeEip155SwapCall } from '../../plugins/eip155/swapCalls.js'
import type { ConvertTransaction } from '../../services/gangway/convertSchemas.js'
import {
  checkSwapTransaction,
  SWAP_MAX_DEADLINE_SECONDS,
  type SwapExpectation,
} from './checkSwapTransaction.js'

const runs = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 200),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
}

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const NETWORK = 'eip155:31337'
const routerAbi = [
  {
    type: 'function',
    name: 'swapExactETHForTokens',
    stateMutability: 'payable',
    inputs: [
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [],
  },
  ...(['swapExactTokensForETH', 'swapExactTokensForTokens'] as const).map(
    (name) =>
      ({
        type: 'function',
        name,
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'amountIn', type: 'uint256' },
          { name: 'amountOutMin', type: 'uint256' },
          { name: 'path', type: 'address[]' },
          { name: 'to', type: 'address' },
          { name: 'deadline', type: 'uint256' },
        ],
        outputs: [],
      }) as const,
  ),
] as const

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => getAddress(bytesToHex(bytes)))
const uint = (max: bigint) => fc.bigInt({ min: 1n, max })
type Kind = 'approval' | 'ethToToken' | 'tokenToEth' | 'tokenToToken'

/** What the visitor asked, and the call data an honest service builds for it. */
interface Honest {
  readonly kind: Kind
  readonly expected: SwapExpectation
  /** The swap's arguments as an honest service encodes them. */
  readonly args: {
    readonly amountIn: bigint
    readonly amountOutMin: bigint
    readonly path: readonly Address[]
    readonly recipient: Address
    readonly deadline: bigint
    readonly spender: Address
  }
  readonly contract: Address
  readonly value: bigint
}

const honest: fc.Arbitrary<Honest> = fc
  .record({
    kind: fc.constantFrom<Kind>('approval', 'ethToToken', 'tokenToEth', 'tokenToToken'),
    visitor: address,
    router: address,
    weth: address,
    tokenA: address,
    tokenB: address,
    middle: fc.array(address, { maxLength: 2 }),
    amountIn: uint(2n ** 128n),
    minimumOut: fc.bigInt({ min: 0n, max: 2n ** 128n }),
    above: fc.bigInt({ min: 0n, max: 2n ** 64n }),
    nowSeconds: fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
    ahead: fc.integer({ min: 0, max: SWAP_MAX_DEADLINE_SECONDS }),
  })
  .map((world): Honest => {
    const fromNative = world.kind === 'ethToToken'
    const toNative = world.kind === 'tokenToEth'
    const expected: SwapExpectation = {
      kind: world.kind === 'approval' ? 'approval' : 'swap',
      networkId: NETWORK,
      visitor: world.visitor,
      router: { router: world.router, wrappedNative: world.weth },
      from: { address: fromNative ? NATIVE : world.tokenA, isNative: fromNative },
      to: { address: toNative ? NATIVE : world.tokenB, isNative: toNative },
      amountIn: world.amountIn,
      minimumOut: world.minimumOut,
      now: world.nowSeconds * 1_000 + 999,
    }
    return {
      kind: world.kind,
      expected,
      args: {
        amountIn: world.amountIn,
        // An honest minimum is at least the one shown.
        amountOutMin: world.minimumOut + world.above,
        path: [
          fromNative ? world.weth : world.tokenA,
          ...world.middle,
          toNative ? world.weth : world.tokenB,
        ],
        recipient: world.visitor,
        deadline: BigInt(world.nowSeconds + world.ahead),
        spender: world.router,
      },
      contract: world.kind === 'approval' ? world.tokenA : world.router,
      value: fromNative ? world.amountIn : 0n,
    }
  })

/** The call data for a case's arguments (changed or not). */
function encode(kind: Kind, args: Honest['args']): Hex {
  switch (kind) {
    case 'approval':
      return encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [args.spender, args.amountIn],
      })
    case 'ethToToken':
      return encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [args.amountOutMin, args.path, args.recipient, args.deadline],
      })
    default:
      return encodeFunctionData({
        abi: routerAbi,
        functionName: kind === 'tokenToEth' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
        args: [args.amountIn, args.amountOutMin, args.path, args.recipient, args.deadline],
      })
  }
}

function transaction(
  visitor: string,
  contract: string,
  data: Hex,
  value: bigint,
): ConvertTransaction {
  return {
    from: `${NETWORK}:${visitor}`,
    to: `${NETWORK}:${contract}`,
    data,
    value: String(value),
    eip155: { gas: '200000', gasPrice: '1000000000' },
  }
}

/** Checks a transaction as the swap's preparation does: the plugin decodes, the feature checks. */
const check = (tx: ConvertTransaction, expected: SwapExpectation) =>
  checkSwapTransaction(tx, decodeEip155SwapCall(tx.data), expected)

const refused = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as { code?: string }).code === 'SWAP_TRANSACTION_MISMATCH'
  }
  return false
}

/** A different value of a field: never the original. */
const other = <TValue>(arbitrary: fc.Arbitrary<TValue>, original: TValue) =>
  arbitrary.filter((value) => String(value).toLowerCase() !== String(original).toLowerCase())

/** One change an attacker makes to an honest case; each must be refused. */
type Mutation = (sample: Honest) => fc.Arbitrary<ConvertTransaction>

const withArgs =
  (change: (sample: Honest) => fc.Arbitrary<Partial<Honest['args']>>): Mutation =>
  (sample) =>
    change(sample).map((changed) =>
      transaction(
        sample.expected.visitor,
        sample.contract,
        encode(sample.kind, { ...sample.args, ...changed }),
        sample.value,
      ),
    )

const MUTATIONS: Record<string, Mutation> = {
  recipient: withArgs((sample) =>
    sample.kind === 'approval'
      ? other(address, sample.args.spender).map((spender) => ({ spender }))
      : other(address, sample.args.recipient).map((recipient) => ({ recipient })),
  ),
  amount: (sample) =>
    sample.kind === 'ethToToken'
      ? other(fc.bigInt({ min: 0n, max: 2n ** 130n }), sample.value).map((value) =>
          transaction(
            sample.expected.visitor,
            sample.contract,
            encode(sample.kind, sample.args),
            value,
          ),
        )
      : withArgs(() =>
          other(fc.bigInt({ min: 0n, max: 2n ** 130n }), sample.args.amountIn).map((amountIn) => ({
            amountIn,
          })),
        )(sample),
  value: (sample) =>
    other(fc.bigInt({ min: 0n, max: 2n ** 130n }), sample.value).map((value) =>
      transaction(
        sample.expected.visitor,
        sample.contract,
        encode(sample.kind, sample.args),
        value,
      ),
    ),
  // A lower minimum than shown (an approval has none: its amount is changed instead).
  minimum: withArgs((sample) =>
    sample.kind === 'approval'
      ? fc.constant({ amountIn: 2n ** 256n - 1n })
      : fc
          .bigInt({ min: 0n, max: sample.expected.minimumOut })
          .filter((value) => value < sample.expected.minimumOut)
          .map((amountOutMin) => ({ amountOutMin })),
  ),
  selector: (sample) =>
    fc
      .uint8Array({ minLength: 4, maxLength: 4 })
      .map((bytes) => bytesToHex(bytes))
      .filter((selector) => selector !== encode(sample.kind, sample.args).slice(0, 10))
      .map((selector) =>
        transaction(
          sample.expected.visitor,
          sample.contract,
          `${selector}${encode(sample.kind, sample.args).slice(10)}` as Hex,
          sample.value,
        ),
      ),
  to: (sample) =>
    other(address, sample.contract).map((contract) =>
      transaction(
        sample.expected.visitor,
        contract,
        encode(sample.kind, sample.args),
        sample.value,
      ),
    ),
  deadline: withArgs((sample) =>
    fc.bigInt({ min: 1n, max: 2n ** 64n }).map((beyond) => ({
      deadline:
        BigInt(Math.floor(sample.expected.now / 1_000) + SWAP_MAX_DEADLINE_SECONDS) + beyond,
      // An approval has no deadline: its spender moves instead.
      ...(sample.kind === 'approval' ? { spender: sample.expected.visitor as Address } : {}),
    })),
  ),
  path: withArgs((sample) =>
    fc
      .tuple(fc.boolean(), address)
      .filter(
        ([, token]) =>
          !sample.args.path.some((entry) => entry.toLowerCase() === token.toLowerCase()),
      )
      .map(([atStart, token]) =>
        sample.kind === 'approval'
          ? { spender: token }
          : {
              path: atStart
                ? [token, ...sample.args.path.slice(1)]
                : [...sample.args.path.slice(0, -1), token],
            },
      ),
  ),
  // Dirty high bytes in the recipient's (or spender's) word: decoders differ on them.
  padding: (sample) =>
    fc
      .tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 255 }))
      .map(([at, byte]) => {
        const data = encode(sample.kind, sample.args)
        const word = { approval: 0, ethToToken: 2, tokenToEth: 3, tokenToToken: 3 }[sample.kind]
        const offset = 10 + word * 64 + at * 2
        const dirty = `${data.slice(0, offset)}${byte.toString(16).padStart(2, '0')}${data.slice(offset + 2)}`
        return transaction(sample.expected.visitor, sample.contract, dirty as Hex, sample.value)
      }),
}

describe('checkSwapTransaction', () => {
  test('behavior: what an honest service builds passes, and the figures are the call data’s', () => {
    fc.assert(
      fc.property(honest, (sample) => {
        const checked = check(
          transaction(
            sample.expected.visitor,
            sample.contract,
            encode(sample.kind, sample.args),
            sample.value,
          ),
          sample.expected,
        )
        expect(checked.amountIn).toBe(sample.args.amountIn)
        expect(checked.contract.toLowerCase()).toBe(sample.contract.toLowerCase())
        if (sample.kind !== 'approval') {
          expect(checked.minimumOut).toBe(sample.args.amountOutMin)
          expect(checked.recipient).toBe(sample.expected.visitor)
        }
      }),
      runs,
    )
  })

  test.each(Object.keys(MUTATIONS))(
    'behavior: any change of the %s of a valid transaction is refused',
    (name) => {
      fc.assert(
        fc.property(
          honest
            .filter(
              (sample) =>
                name !== 'minimum' || sample.kind === 'approval' || sample.expected.minimumOut > 0n,
            )
            .chain((sample) => MUTATIONS[name]!(sample).map((tx) => ({ sample, tx }))),
          ({ sample, tx }) => {
            expect(refused(() => check(tx, sample.expected))).toBe(true)
          },
        ),
        runs,
      )
    },
  )

  test('behavior: a transaction for another network or from another sender is refused', () => {
    fc.assert(
      fc.property(honest, address, (sample, stranger) => {
        const data = encode(sample.kind, sample.args)
        const elsewhere = {
          ...transaction(sample.expected.visitor, sample.contract, data, sample.value),
        }
        expect(
          refused(() =>
            check({ ...elsewhere, to: `eip155:1:${sample.contract}` }, sample.expected),
          ),
        ).toBe(true)
        fc.pre(stranger.toLowerCase() !== sample.expected.visitor.toLowerCase())
        expect(
          refused(() =>
            check(transaction(stranger, sample.contract, data, sample.value), sample.expected),
          ),
        ).toBe(true)
      }),
      runs,
    )
  })
})
