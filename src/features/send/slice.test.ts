import { describe, expect, test } from 'vitest'
import { connected, readyState, withFeatures } from '../../../test/support/events.js'
import { toyAddress } from '../../../test/support/toyChain.js'
import type { EventInput } from '../../kernel/index.js'
import { sendModule } from './module.js'
import { selectIsSending, selectSendForm } from './selectors.js'
import { emptySendForm } from './slice.js'

const kit = withFeatures([{ name: 'send', module: sendModule }])
const requested: EventInput = {
  type: 'send/requested',
  payload: {
    namespace: 'toychain',
    from: `toychain:main:${toyAddress(1)}`,
    to: toyAddress(2),
    amount: '1',
    token: null,
  },
  correlationId: 's1',
}

describe('send (§3, §4)', () => {
  test('behavior: the form fills, a success resets it and remembers what was sent', () => {
    let state = kit.fold(
      [
        kit.loaded('send'),
        connected(),
        { type: 'send/amountChanged', payload: { amount: '1' } },
        {
          type: 'send/receiverChanged',
          payload: { address: toyAddress(2), isValid: true, profileName: 'bob' },
        },
        requested,
      ],
      readyState(),
    )
    expect(selectSendForm(state)).toMatchObject({
      sendTokenAmount: '1',
      receiverAddress: toyAddress(2),
      isReceiverValid: true,
      receiverProfileName: 'bob',
    })
    expect(selectIsSending(state)).toBe(true)
    state = kit.fold(
      [
        {
          type: 'send/succeeded',
          payload: { namespace: 'toychain', hash: 'h1', networkId: 'toychain:main' },
          correlationId: 's1',
        },
      ],
      state,
    )
    expect(selectSendForm(state)).toEqual(
      emptySendForm({
        hash: 'h1',
        networkId: 'toychain:main',
        namespace: 'toychain',
        from: `toychain:main:${toyAddress(1)}`,
        status: 'pending',
      }),
    )
    expect(selectIsSending(state)).toBe(false)
    state = kit.fold(
      [
        {
          type: 'send/confirmed',
          payload: { namespace: 'toychain', hash: 'h1', status: 'reverted' },
        },
      ],
      state,
    )
    expect(selectSendForm(state)?.last?.status).toBe('reverted')
  })

  test('behavior: a failure keeps the input for another try', () => {
    const state = kit.fold(
      [
        kit.loaded('send'),
        { type: 'send/amountChanged', payload: { amount: '1' } },
        requested,
        {
          type: 'send/failed',
          payload: {
            namespace: 'toychain',
            error: {
              name: 'KitError',
              code: 'SEND_FAILED',
              shortMessage: 'x',
              userMessage: 'Failed to send transaction. Please try again.',
            },
          },
          correlationId: 's1',
        },
      ],
      readyState(),
    )
    expect(selectSendForm(state)?.sendTokenAmount).toBe('1')
    expect(selectIsSending(state)).toBe(false)
  })

  test('behavior: closing the modal clears the form, so a reopened Send starts empty', () => {
    const state = kit.fold(
      [
        kit.loaded('send'),
        { type: 'modal/opened', payload: {} },
        { type: 'send/amountChanged', payload: { amount: '3' } },
        { type: 'modal/closed', payload: {} },
      ],
      readyState(),
    )
    expect(selectSendForm(state)).toEqual(emptySendForm())
  })

  test('behavior: what was sent shows only while it applies: another family, network, account or flow, or the modal closed, clears it (issue 22 item 3)', () => {
    const sent = kit.fold(
      [
        kit.loaded('send'),
        connected(),
        connected('other'),
        { type: 'namespace/activated', payload: { namespace: 'toychain' } },
        { type: 'modal/opened', payload: {} },
        { type: 'router/pushed', payload: { view: 'Send' } },
        requested,
        {
          type: 'send/succeeded',
          payload: { namespace: 'toychain', hash: 'h1', networkId: 'toychain:main' },
          correlationId: 's1',
        },
      ],
      readyState(['toychain', 'other']),
    )
    expect(selectSendForm(sent)?.last?.hash).toBe('h1')
    const lastAfter = (...events: EventInput[]) =>
      selectSendForm(kit.fold(events, sent))?.last?.hash ?? null
    // The Networks list and back keep it; a confirmation keeps it.
    expect(
      lastAfter(
        { type: 'router/pushed', payload: { view: 'Networks' } },
        { type: 'router/wentBack', payload: {} },
        {
          type: 'send/confirmed',
          payload: { namespace: 'toychain', hash: 'h1', status: 'success' },
        },
      ),
    ).toBe('h1')
    expect(lastAfter({ type: 'namespace/activated', payload: { namespace: 'other' } })).toBeNull()
    expect(
      lastAfter({
        type: 'network/changed',
        payload: { namespace: 'toychain', networkId: 'toychain:test' },
      }),
    ).toBeNull()
    expect(
      lastAfter({
        type: 'account/changed',
        payload: {
          namespace: 'toychain',
          caipAddress: `toychain:main:${toyAddress(2)}`,
          accounts: [{ caipAddress: `toychain:main:${toyAddress(2)}`, type: 'eoa' }],
        },
      } as EventInput),
    ).toBeNull()
    expect(lastAfter({ type: 'router/pushed', payload: { view: 'Send' } })).toBeNull()
    expect(lastAfter({ type: 'modal/closed', payload: {} })).toBeNull()
  })

  test('behavior: resetting an empty form changes nothing', () => {
    const state = kit.fold([kit.loaded('send')], readyState())
    expect(kit.transition(state, { type: 'send/reset', payload: {} })).toBe(state)
  })
})

test('behavior: a sent transaction returns to Account (§4 send flow)', () => {
  const state = kit.fold(
    [
      kit.loaded('send'),
      connected(),
      { type: 'modal/opened', payload: {} },
      { type: 'router/pushed', payload: { view: 'Send' } },
      { type: 'router/pushed', payload: { view: 'SendPreview' } },
      { type: 'send/succeeded', payload: { namespace: 'toychain', hash: '0x1' } },
    ],
    readyState(),
  )
  expect(state.router).toEqual({ view: 'Account', history: ['Account'], wallet: null })
})
