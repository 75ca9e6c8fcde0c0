import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { createTestKit } from '../../test/support/createTestKit.js'
import { selectView } from '../kernel/index.js'
import { KitProvider } from './KitProvider.js'
import { useKit } from './useKit.js'

function View() {
  return <p>{useKit(selectView)}</p>
}

test('behavior: renders on a server (no window) from kit state', () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
  const { kit } = createTestKit()
  kit.open('Networks')
  expect(
    renderToString(
      <KitProvider kit={kit}>
        <View />
      </KitProvider>,
    ),
  ).toBe('<p>Networks</p>')
})
