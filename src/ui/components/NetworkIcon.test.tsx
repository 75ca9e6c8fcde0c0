import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { NetworkIcon } from './NetworkIcon.js'

// A network definition's own icon reaching the network button, and a bad one refused, need a chain
// library to define the network: test/integration/eip155/networkIcon.test.tsx.
test('behavior: without an icon of its own a network is a neutral tile until the shipped marks arrive, never an unsafe URL', () => {
  const html = renderToString(
    <NetworkIcon network={{ name: 'Toy', namespace: 'toychain', iconUrl: 'javascript:1' }} />,
  )
  expect(html).toMatch(/^<span [^>]*data-gangway="network-icon" aria-hidden="true"/)
  expect(html).not.toContain('javascript')
})
