/** The smallest real page: a connect button on mainnet, the modal and the eip155 plugin. */

import { createKit } from '@gangway/kit'
import { eip155 } from '@gangway/kit/eip155'
import { ConnectButton, KitProvider } from '@gangway/kit/react'
import { createRoot } from 'react-dom/client'

// Marks split navigation-to-button for bench/navigation.ts: every module has been evaluated by
// the time this body runs; then the kit is created; then React renders.
performance.mark('gangway:modules-evaluated')
const kit = createKit({ plugins: [eip155()] })
performance.mark('gangway:kit-created')
// The browser benchmark closes the modal between opens through the kit.
Object.assign(window, { gangwayKit: kit })
createRoot(document.getElementById('root')!).render(
  <KitProvider kit={kit}>
    <ConnectButton />
  </KitProvider>,
)
