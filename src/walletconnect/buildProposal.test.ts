import { expect, test } from 'vitest'
import { buildProposal } from './buildProposal.js'
import type { WalletConnectNamespace } from './createWalletConnect.js'

const part = (
  namespace: string,
  chains: readonly string[],
  methods: readonly string[] = [],
  events: readonly string[] = [],
): WalletConnectNamespace => ({ namespace, proposal: () => ({ chains, methods, events }) })

const eip155 = part('eip155', ['eip155:1', 'eip155:8453'], ['personal_sign'], ['chainChanged'])
const toy = part('toychain', ['toychain:main'], ['toy_sign'], ['toyEvent'])

test('default', () => {
  expect(buildProposal([eip155, toy], { namespace: 'eip155' })).toEqual({
    eip155: {
      chains: ['eip155:1', 'eip155:8453'],
      methods: ['personal_sign'],
      events: ['chainChanged'],
    },
    toychain: { chains: ['toychain:main'], methods: ['toy_sign'], events: ['toyEvent'] },
  })
})

test('parameters: networkId goes first in the connecting namespace only, once', () => {
  const proposal = buildProposal([eip155, toy], { namespace: 'eip155', networkId: 'eip155:8453' })
  expect(proposal.eip155?.chains).toEqual(['eip155:8453', 'eip155:1'])
  expect(proposal.toychain?.chains).toEqual(['toychain:main'])
  // A network outside the connecting namespace moves nothing.
  expect(
    buildProposal([eip155, toy], { namespace: 'toychain', networkId: 'eip155:8453' }).eip155
      ?.chains,
  ).toEqual(['eip155:1', 'eip155:8453'])
})

test('parameters: a picked network the plugin does not list is still proposed first', () => {
  expect(
    buildProposal([eip155], { namespace: 'eip155', networkId: 'eip155:10' }).eip155?.chains,
  ).toEqual(['eip155:10', 'eip155:1', 'eip155:8453'])
})

test('behavior: contributions of one namespace merge without repeats, in registration order', () => {
  const more = part(
    'eip155',
    ['eip155:8453', 'eip155:10', 'eip155:10'],
    ['eth_sendTransaction', 'personal_sign'],
    ['chainChanged', 'accountsChanged'],
  )
  expect(buildProposal([eip155, more], { namespace: 'eip155', networkId: 'eip155:10' })).toEqual({
    eip155: {
      chains: ['eip155:10', 'eip155:1', 'eip155:8453'],
      methods: ['personal_sign', 'eth_sendTransaction'],
      events: ['chainChanged', 'accountsChanged'],
    },
  })
})

test('behavior: chains outside their namespace are dropped; a namespace left with none is omitted', () => {
  const stray = part('toychain', ['eip155:1'], ['toy_sign'])
  expect(buildProposal([eip155, stray], { namespace: 'eip155' })).toEqual({
    eip155: {
      chains: ['eip155:1', 'eip155:8453'],
      methods: ['personal_sign'],
      events: ['chainChanged'],
    },
  })
})

test('behavior: the connecting contribution is asked with the preferred network, others without', () => {
  const asked: (string | undefined)[] = []
  const recording = (namespace: string): WalletConnectNamespace => ({
    namespace,
    proposal: (preferred) => {
      asked.push(preferred)
      return { chains: [`${namespace}:1`], methods: [], events: [] }
    },
  })
  buildProposal([recording('eip155'), recording('toychain')], {
    namespace: 'eip155',
    networkId: 'eip155:1',
  })
  expect(asked).toEqual(['eip155:1', undefined])
})

test('behavior: nothing registered proposes nothing', () => {
  expect(buildProposal([], { namespace: 'eip155', networkId: 'eip155:1' })).toEqual({})
})
