import { describe, expect, test } from 'vitest'
import {
  configured,
  connected,
  discovered,
  fold,
  readyState,
  registered,
  stamp,
} from '../../../test/support/events.js'
import { toyAddress } from '../../../test/support/toyChain.js'
import type { EventInput } from '../events/types.js'
import type { KitState } from '../state.js'
import { transition } from './rootReducer.js'

const open = (view?: KitState['router']['view']): EventInput => ({
  type: 'modal/opened',
  payload: view ? { view } : {},
})
const back: EventInput = { type: 'router/wentBack', payload: {} }
const push = (view: KitState['router']['view']): EventInput => ({
  type: 'router/pushed',
  payload: { view },
})

describe('§2 opening rules, in order', () => {
  test('rule 1: no wallet adapters and not connected — desktop opens ConnectingWalletConnectBasic even when a view is asked for', () => {
    const state = fold([
      configured(),
      registered(),
      discovered('toychain', {
        id: 'walletConnect',
        name: 'WalletConnect',
        type: 'EXTERNAL',
        rdns: undefined,
      }),
      open('Networks'),
    ])
    expect(state.router.view).toBe('ConnectingWalletConnectBasic')
  })

  test('rule 1: a kit without the WalletConnect and registry views opens Connect instead', () => {
    const bare = { ...configured(), payload: { ...configured().payload, views: undefined } }
    expect(fold([bare as EventInput, registered(), open()]).router.view).toBe('Connect')
    const mobile = configured({}, { device: 'mobile' })
    const bareMobile = { ...mobile, payload: { ...mobile.payload, views: undefined } }
    expect(fold([bareMobile as EventInput, registered(), open()]).router.view).toBe('Connect')
  })

  test('rule 1: on mobile it opens AllWallets', () => {
    const state = fold([configured({}, { device: 'mobile' }), registered(), open()])
    expect(state.router.view).toBe('AllWallets')
  })

  test('rule 2: an explicitly requested view is opened', () => {
    expect(fold([open('Networks')], readyState()).router.view).toBe('Networks')
  })

  test('rule 2 before rule 3: a requested view wins over Account', () => {
    expect(fold([connected(), open('Networks')], readyState()).router.view).toBe('Networks')
  })

  test('rule 3: a connected address opens Account (rule 1 does not apply once connected)', () => {
    const noAdapters = fold([registered(), connected(), open()])
    expect(noAdapters.router.view).toBe('Account')
  })

  test('rule 4: otherwise Connect', () => {
    const state = fold([open()], readyState())
    expect(state.router).toEqual({ view: 'Connect', history: ['Connect'], wallet: null })
    expect(state.modal.isOpen).toBe(true)
  })
})

describe('§2 back behaviour', () => {
  test('behavior: back pops the history', () => {
    const state = fold([open(), push('AllWallets'), push('ConnectingExternal'), back], readyState())
    expect(state.router).toEqual({
      view: 'AllWallets',
      history: ['Connect', 'AllWallets'],
      wallet: null,
    })
    expect(state.modal.isOpen).toBe(true)
  })

  test('behavior: with one entry the modal closes', () => {
    const state = fold([open(), back], readyState())
    expect(state.modal.isOpen).toBe(false)
  })

  test('behavior: a history containing UnsupportedChain closes', () => {
    const state = fold([open(), push('UnsupportedChain'), push('Networks'), back], readyState())
    expect(state.modal.isOpen).toBe(false)
  })

  test('behavior: an embedded modal is shown from the start', () => {
    expect(fold([configured({ embedded: true })]).modal.isOpen).toBe(true)
    expect(fold([configured()]).modal.isOpen).toBe(false)
  })

  test('behavior: embedded, closing goes to Account when connected, else Connect', () => {
    const disconnected = fold([
      configured({ embedded: true }),
      registered(),
      discovered(),
      open(),
      push('AllWallets'),
      { type: 'modal/closed', payload: {} },
    ])
    expect(disconnected.router).toEqual({ view: 'Connect', history: ['Connect'], wallet: null })
    expect(disconnected.modal.isOpen).toBe(true)
    const connectedState = fold([connected(), open('Networks'), back], disconnected)
    expect(connectedState.router.view).toBe('Account')
  })

  test('behavior: backing out of Farcaster while disconnected clears the Farcaster url', () => {
    const state = fold(
      [
        open(),
        push('ConnectingFarcaster'),
        {
          type: 'account/farcasterUrlChanged',
          payload: { namespace: 'toychain', url: 'https://warpcast.example/x' },
        },
        back,
      ],
      readyState(),
    )
    expect(state.namespaces.entities.toychain?.accountState.farcasterUrl).toBeNull()
    expect(state.router.view).toBe('Connect')
  })

  test('behavior: backing out of any other view keeps the Farcaster url', () => {
    const state = fold(
      [
        open(),
        push('AllWallets'),
        {
          type: 'account/farcasterUrlChanged',
          payload: { namespace: 'toychain', url: 'https://warpcast.example/x' },
        },
        back,
      ],
      readyState(),
    )
    expect(state.namespaces.entities.toychain?.accountState.farcasterUrl).toBe(
      'https://warpcast.example/x',
    )
  })
})

describe('§2 unsupported networks and namespace switching', () => {
  const moved: EventInput = {
    type: 'network/changed',
    payload: { namespace: 'toychain', networkId: 'toychain:elsewhere' },
  }

  test('behavior: a wallet on an unconfigured network opens UnsupportedChain', () => {
    const state = fold([connected(), moved], readyState())
    expect(state.modal.isOpen).toBe(true)
    expect(state.router.view).toBe('UnsupportedChain')
  })

  test('behavior: allowUnsupportedNetworks or basic WalletConnect mode keep it closed', () => {
    for (const options of [{ allowUnsupportedNetworks: true }, { walletConnectBasic: true }]) {
      const state = fold([configured(options), registered(), discovered(), connected(), moved])
      expect(state.modal.isOpen).toBe(false)
    }
  })

  test('behavior: back on UnsupportedChain closes; returning to a configured network closes it too', () => {
    const shown = fold([connected(), moved], readyState())
    expect(fold([back], shown).modal.isOpen).toBe(false)
    const fixed = fold(
      [{ type: 'networkSwitch/succeeded', payload: { networkId: 'toychain:main' } }],
      shown,
    )
    expect(fixed.modal.isOpen).toBe(false)
  })

  test('behavior: switching namespace changes the active network and applies the check', () => {
    let state = fold([connected('toychain'), connected('toyb')], readyState(['toychain', 'toyb']))
    expect(state.activeNamespace).toBe('toyb')
    state = fold(
      [
        {
          type: 'network/changed',
          payload: { namespace: 'toychain', networkId: 'toychain:elsewhere' },
        },
      ],
      state,
    )
    expect(state.modal.isOpen).toBe(false)
    state = fold([{ type: 'namespace/activated', payload: { namespace: 'toychain' } }], state)
    expect(state.router.view).toBe('UnsupportedChain')
  })
})

describe('§4 connection and SIWX', () => {
  const _session = {
    data: {
      accountAddress: toyAddress(1),
      chainId: 'toychain:main' as const,
      domain: 'site.example',
      uri: 'https://site.example',
      version: '1',
      nonce: 'n1',
    },
    message: 'site.example wants you to sign in',
    signature: 'sig',
  }

  test('behavior: a successful connect closes the modal', () => {
    expect(fold([open(), connected()], readyState()).modal.isOpen).toBe(false)
  })

  test('behavior: when the last namespace disconnects the modal closes and rests on Connect', () => {
    const state = fold(
      [
        connected(),
        open(),
        { type: 'disconnection/succeeded', payload: { namespaces: ['toychain'] } },
      ],
      readyState(),
    )
    expect(state.modal.isOpen).toBe(false)
    expect(state.router.view).toBe('Connect')
  })
})

describe('§4 modal flags', () => {
  test('behavior: shake starts and ends by events; loading toggles', () => {
    let state = fold(
      [
        open(),
        { type: 'modal/shakeStarted', payload: {} },
        { type: 'modal/loadingChanged', payload: { isLoading: true } },
      ],
      readyState(),
    )
    expect(state.modal).toEqual({ isOpen: true, isLoading: true, isShaking: true })
    state = fold([{ type: 'modal/shakeEnded', payload: {} }], state)
    expect(state.modal.isShaking).toBe(false)
  })

  test('behavior: pushing the current view again changes nothing', () => {
    const state = fold([open()], readyState())
    expect(transition(state, stamp(push('Connect')))).toBe(state)
  })
})

describe('entering the connecting views', () => {
  const request = (connectorId: string, silent = false): EventInput => ({
    type: 'connection/requested',
    payload: { namespace: 'toychain', connectorId, silent },
    correlationId: 'c1',
  })

  test('behavior: picking a wallet in the open modal shows its connecting view', () => {
    const state = fold([
      configured(),
      ...readyInputs(),
      open(),
      push('AllWallets'),
      request('toywallet'),
    ])
    expect(state.router.history).toEqual(['Connect', 'AllWallets', 'ConnectingExternal'])
    const walletConnect = fold([configured(), ...readyInputs(), open(), request('walletConnect')])
    expect(walletConnect.router.view).toBe('ConnectingWalletConnect')
  })

  test('behavior: a silent reconnect, or a connect while the modal is closed, moves nothing', () => {
    const closed = fold([configured(), ...readyInputs(), request('toywallet')])
    expect(closed.router.history).toEqual(['Connect'])
    const silent = fold([configured(), ...readyInputs(), open(), request('toywallet', true)])
    expect(silent.router.history).toEqual(['Connect'])
  })

  test('behavior: a kit without the WalletConnect views stays where it is for a WalletConnect connect', () => {
    const bare = { ...configured(), payload: { ...configured().payload, views: undefined } }
    const state = fold([bare as EventInput, ...readyInputs(), open(), request('walletConnect')])
    expect(state.router.history).toEqual(['Connect'])
  })
})

function readyInputs(): EventInput[] {
  return [registered(), discovered()]
}
