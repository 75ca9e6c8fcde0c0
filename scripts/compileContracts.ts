/**
 * Compiles the test contracts in `test/support/contracts/` with the npm `solc` compiler and writes
 * each one's ABI and creation bytecode to `src/testing/eip155/contracts/<name>.ts`.
 * Run it with `npx tsx scripts/compileContracts.ts` whenever the contract changes; the output is
 * deterministic, so an unchanged contract gives an unchanged file.
 * @module
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** A contract to compile, and the TSDoc of the two constants written for it. */
interface ContractSpec {
  readonly contractName: string
  /** The source file in test/support/contracts, when it is not `<contractName>.sol`. */
  readonly source?: string
  /** The module and the constants' prefix: `testToken` gives `testTokenAbi`, `testTokenBytecode`. */
  readonly name: string
  readonly abiDoc: string
  readonly bytecodeDoc: string
}

const CONTRACTS: readonly ContractSpec[] = [
  {
    contractName: 'TestToken',
    name: 'testToken',
    abiDoc: `The ABI of the test ERC-20 \`TestToken\`; \`as const\` so viem infers argument and return types.
 * @example
 * import { testTokenAbi } from './testToken.js'
 * const supply = await publicClient.readContract({ address, abi: testTokenAbi, functionName: 'totalSupply' })`,
    bytecodeDoc: `The creation bytecode of \`TestToken\`; its constructor takes (name, symbol, decimals, supply).
 * @example
 * import { testTokenAbi, testTokenBytecode } from './testToken.js'
 * const hash = await walletClient.deployContract({ abi: testTokenAbi, bytecode: testTokenBytecode, args: ['Test', 'TST', 18, 10n ** 24n] })`,
  },
  {
    contractName: 'TestUniversalResolver',
    name: 'testUniversalResolver',
    abiDoc: `The ABI of \`TestUniversalResolver\`, a Universal Resolver for local chains that answers viem's
 * getEnsName and getEnsText from records set with \`setName\` and \`setText\`.
 * @example
 * import { testUniversalResolverAbi } from './testUniversalResolver.js'
 * const name = await publicClient.readContract({ address, abi: testUniversalResolverAbi, functionName: 'names', args: [owner] })`,
    bytecodeDoc: `The creation bytecode of \`TestUniversalResolver\`; its constructor takes no arguments.
 * @example
 * import { testUniversalResolverAbi, testUniversalResolverBytecode } from './testUniversalResolver.js'
 * const hash = await walletClient.deployContract({ abi: testUniversalResolverAbi, bytecode: testUniversalResolverBytecode })`,
  },
  {
    contractName: 'TestAccount',
    name: 'testAccount',
    abiDoc: `The ABI of \`TestAccount\`, a minimal ERC-1271 smart account: a signature is valid when its owner
 * key signed the hash. For sign-in tests with smart accounts.
 * @example
 * import { testAccountAbi } from './testAccount.js'
 * const owner = await publicClient.readContract({ address, abi: testAccountAbi, functionName: 'owner' })`,
    bytecodeDoc: `The creation bytecode of \`TestAccount\`; its constructor takes the owner's address.
 * @example
 * import { testAccountAbi, testAccountBytecode } from './testAccount.js'
 * const hash = await walletClient.deployContract({ abi: testAccountAbi, bytecode: testAccountBytecode, args: [owner] })`,
  },
  {
    contractName: 'TestAccountFactory',
    source: 'TestAccount.sol',
    name: 'testAccountFactory',
    abiDoc: `The ABI of \`TestAccountFactory\`, which deploys \`TestAccount\`s with CREATE2 (\`deploy(owner, salt)\`)
 * and names their address before they exist (\`addressOf\`), for ERC-6492 tests.
 * @example
 * import { testAccountFactoryAbi } from './testAccountFactory.js'
 * const account = await publicClient.readContract({ address: factory, abi: testAccountFactoryAbi, functionName: 'addressOf', args: [owner, salt] })`,
    bytecodeDoc: `The creation bytecode of \`TestAccountFactory\`; its constructor takes no arguments.
 * @example
 * import { testAccountFactoryAbi, testAccountFactoryBytecode } from './testAccountFactory.js'
 * const hash = await walletClient.deployContract({ abi: testAccountFactoryAbi, bytecode: testAccountFactoryBytecode })`,
  },
  {
    contractName: 'GangwayFeeRouter',
    name: 'gangwayFeeRouter',
    abiDoc: `The ABI of \`GangwayFeeRouter\`, which takes the swap provider fee once from the input, pays it
 * to the fee recipient and swaps the rest through a Uniswap V2 router.
 * @example
 * import { gangwayFeeRouterAbi } from './gangwayFeeRouter.js'
 * const fee = await publicClient.readContract({ address, abi: gangwayFeeRouterAbi, functionName: 'feeOf', args: [10n ** 18n] })`,
    bytecodeDoc: `The creation bytecode of \`GangwayFeeRouter\`; its constructor takes (router, feeRecipient, feeBasisPoints).
 * @example
 * import { gangwayFeeRouterAbi, gangwayFeeRouterBytecode } from './gangwayFeeRouter.js'
 * const hash = await walletClient.deployContract({ abi: gangwayFeeRouterAbi, bytecode: gangwayFeeRouterBytecode, args: [router, recipient, 85n] })`,
  },
]
/** anvil 1.7 runs a recent hardfork (prague) by default, which includes cancun. */
const evmVersion = 'cancun'

/** The parts of solc's standard JSON output this script reads. */
interface CompilerOutput {
  readonly errors?: readonly {
    readonly severity: 'error' | 'warning' | 'info'
    readonly formattedMessage: string
  }[]
  readonly contracts?: Record<
    string,
    Record<
      string,
      { readonly abi: unknown[]; readonly evm: { readonly bytecode: { readonly object: string } } }
    >
  >
}

/** Compiles one contract and writes its generated TypeScript module. */
function compile({ contractName, source, name, abiDoc, bytecodeDoc }: ContractSpec): void {
  const sourceName = source ?? `${contractName}.sol`
  const sourcePath = resolve(root, 'test/support/contracts', sourceName)
  const outputPath = resolve(root, 'src/testing/eip155/contracts', `${name}.ts`)
  const input = {
    language: 'Solidity',
    sources: { [sourceName]: { content: readFileSync(sourcePath, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion,
      // No metadata hash: the bytecode then depends on the source alone, not on file paths.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { [sourceName]: { [contractName]: ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as CompilerOutput
  const diagnostics = output.errors ?? []
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== 'error') console.warn(diagnostic.formattedMessage)
  }
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
  if (errors.length > 0) {
    throw new Error(
      `solc failed:\n${errors.map((diagnostic) => diagnostic.formattedMessage).join('\n')}`,
    )
  }
  const contract = output.contracts?.[sourceName]?.[contractName]
  if (contract === undefined || contract.evm.bytecode.object === '') {
    throw new Error(`solc produced no bytecode for ${contractName}`)
  }

  const relativeSource = relative(root, sourcePath)
  const solcVersion = String(solc.version()).split('+')[0]
  const code = `/**
 * Generated by scripts/compileContracts.ts from ${relativeSource}
 * (solc ${solcVersion}, optimizer on, evmVersion ${evmVersion}). Do not edit: change the contract
 * and run \`npx tsx scripts/compileContracts.ts\`.
 * @module
 */

/**
 * ${abiDoc}
 */
export const ${name}Abi = ${JSON.stringify(contract.abi, null, 2)} as const

/**
 * ${bytecodeDoc}
 */
export const ${name}Bytecode: \`0x\${string}\` = '0x${contract.evm.bytecode.object}'
`
  mkdirSync(dirname(outputPath), { recursive: true })
  writeFileSync(outputPath, code)

  // Format with the repository's Biome settings so the committed file passes `biome check`.
  const require = createRequire(import.meta.url)
  const biome = require.resolve('@biomejs/biome/bin/biome')
  const formatted = spawnSync(process.execPath, [biome, 'format', '--write', outputPath], {
    cwd: root,
    stdio: 'inherit',
  })
  if (formatted.status !== 0) throw new Error(`biome format failed on ${outputPath}`)
  console.log(`wrote ${relative(root, outputPath)}`)
}

for (const contract of CONTRACTS) compile(contract)
