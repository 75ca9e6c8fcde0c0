/**
 * Server-rendering check: the buttons and provider are rendered to HTML with react-dom/server,
 * then hydrated; React reports any mismatch through onRecoverableError and the console.
 */

import { createKit, createMemoryStorage } from '@gangway/kit'
import { eip155 } from '@gangway/kit/eip155'
import { ConnectButton, KitProvider, NetworkButton } from '@gangway/kit/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'

const kit = createKit({ plugins: [eip155()], storage: createMemoryStorage() })
const app = (
  <KitProvider kit={kit}>
    <NetworkButton />
    <ConnectButton />
  </KitProvider>
)
const container = document.getElementById('root')!
container.innerHTML = renderToString(app)
const serverHtml = container.innerHTML
const errors: string[] = []
hydrateRoot(container, app, { onRecoverableError: (error) => errors.push(String(error)) })
setTimeout(() => {
  Object.assign(window, {
    hydration: { errors, serverHtml, modalHost: Boolean(document.querySelector('gangway-modal')) },
  })
}, 200)
