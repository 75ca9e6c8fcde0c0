import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { createTestKit } from '../../test/support/createTestKit.js'
import { ConnectButton } from './components/ConnectButton.js'
import { ar } from './copy/locales/ar.js'
import { de } from './copy/locales/de.js'
import { KitProvider, useUi } from './KitProvider.js'

function Tag() {
  return <i>{useUi().locale.tag}</i>
}

test('parameters: locale', () => {
  const { kit } = createTestKit()
  // Server HTML is already in the catalogue's language: a client render cannot flash English.
  const german = renderToString(
    <KitProvider kit={kit} locale={de}>
      <ConnectButton />
      <Tag />
    </KitProvider>,
  )
  expect(german).toContain('lang="de"')
  expect(german).toContain('><span>Wallet verbinden</span></button>')
  expect(german).toContain('<i>de</i>')

  const english = renderToString(
    <KitProvider kit={kit}>
      <ConnectButton />
      <Tag />
    </KitProvider>,
  )
  expect(english).toContain('lang="en"')
  expect(english).toContain('><span>Connect Wallet</span></button>')
  expect(english).toContain('<i>en</i>')
})

test('behavior: a language written right to left renders right to left from the server on', () => {
  const { kit } = createTestKit()
  const arabic = renderToString(
    <KitProvider kit={kit} locale={ar}>
      <ConnectButton />
    </KitProvider>,
  )
  expect(arabic).toContain('lang="ar" dir="rtl"')
  // The label sits in the span the button truncates with an ellipsis (a narrow header).
  expect(arabic).toMatch(/>ربط المحفظة<\/span><\/button>/)
  // A site's own catalogue needs no `dir`: its tag's script says it (Hebrew here).
  const hebrew = renderToString(
    <KitProvider kit={kit} locale={{ tag: 'he', messages: { 'connect.button': 'חיבור ארנק' } }}>
      <ConnectButton />
    </KitProvider>,
  )
  expect(hebrew).toContain('lang="he" dir="rtl"')
  expect(
    renderToString(
      <KitProvider kit={kit}>
        <ConnectButton />
      </KitProvider>,
    ),
  ).toContain('lang="en" dir="ltr"')
})
