// A site's backend as sites write one: plain Node ESM, no TypeScript, no bundler. It issues a
// nonce, lets a wallet (viem's local account) sign a real Sign-In With Ethereum message, verifies
// it with @gangway/kit/siwx-server, and prints what it decided as one JSON line.
import { createSiwxVerifier } from '@gangway/kit/siwx-server'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

const DOMAIN = 'shop.example'
const URI = 'https://shop.example/login'
const STATEMENT = 'Sign in to the shop.'

const verifier = createSiwxVerifier({
  domains: [DOMAIN],
  // A node for the chain, as docs/siwx.md has it: without one a signature that is not the key's
  // cannot be told apart from a smart account's, and is refused as VERIFIER_UNAVAILABLE.
  eip155: { rpcUrls: { 1: process.env.ETH_RPC_URL } },
})
const wallet = privateKeyToAccount(generatePrivateKey())

/** What the kit posts after the visitor signs: the fields, the message and its signature. */
async function signIn(nonce) {
  const issuedAt = new Date()
  const expirationTime = new Date(issuedAt.getTime() + 10 * 60_000)
  const fields = {
    domain: DOMAIN,
    address: wallet.address,
    statement: STATEMENT,
    uri: URI,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt,
    expirationTime,
  }
  const message = createSiweMessage(fields)
  return {
    data: {
      accountAddress: wallet.address,
      chainId: 'eip155:1',
      domain: DOMAIN,
      uri: URI,
      version: '1',
      nonce,
      statement: STATEMENT,
      issuedAt: issuedAt.toISOString(),
      expirationTime: expirationTime.toISOString(),
    },
    message,
    signature: await wallet.signMessage({ message }),
  }
}

const outcome = (result) =>
  result.ok
    ? { ok: true, address: result.address, chainId: result.chainId }
    : { ok: false, code: result.error.code }

const nonce = await verifier.createNonce()
const genuine = await signIn(nonce)
// Someone rewrites what the visitor agreed to and keeps the signature.
const tampered = {
  ...genuine,
  message: genuine.message.replace(STATEMENT, 'Transfer everything.'),
  data: { ...genuine.data, statement: 'Transfer everything.' },
}
const report = {
  nonce,
  address: wallet.address,
  tampered: outcome(await verifier.verifySignIn(tampered)),
  genuine: outcome(await verifier.verifySignIn(genuine)),
  replayed: outcome(await verifier.verifySignIn(genuine)),
}
process.stdout.write(`${JSON.stringify(report)}\n`)
