/**
 * The floor under bench/size-app: React and ReactDOM rendering one button, and nothing of
 * Gangway. Built and served like the size probe, so the difference between the two pages'
 * navigation-to-button is what Gangway itself costs.
 */
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(
  <button type="button" data-gangway="connect-button">
    Connect Wallet
  </button>,
)
