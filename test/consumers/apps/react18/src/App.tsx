import { createKit } from '@gangway/kit'
import { eip155 } from '@gangway/kit/eip155'
import { ConnectButton, KitProvider } from '@gangway/kit/react'

const kit = createKit({ plugins: [eip155()] })

export const App = () => (
  <KitProvider kit={kit}>
    <ConnectButton />
  </KitProvider>
)
