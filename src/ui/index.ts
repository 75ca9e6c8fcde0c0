/**
 * `@gangway/kit/react`: the React layer. It subscribes to kit state and calls intents; it holds no
 * business rules. `KitProvider` renders the modal; `ConnectButton` and `NetworkButton` are the
 * drop-in buttons. English is built in; every other language is an entry of its own
 * (`@gangway/kit/react/locales/de`), so a page loads only the catalogues it imports.
 * @module @gangway/kit/react
 */
export { ConnectButton } from './components/ConnectButton.js'
export { NetworkButton } from './components/NetworkButton.js'
export { WalletPanel } from './components/WalletPanel.js'
export { formatAmount } from './copy/formatAmount.js'
export {
  codeText,
  en,
  errorText,
  type Locale,
  type MessageCatalogue,
  type MessageId,
  translate,
} from './copy/messages.js'
export {
  KitProvider,
  type KitProviderProps,
  type UiContext,
  useKitInstance,
  useUi,
} from './KitProvider.js'
export { THEME_VARIABLES } from './theme/styles.js'
export { useKit } from './useKit.js'
export {
  defineViews,
  type RegisteredView,
  type ViewProps,
  type ViewRegistration,
  type ViewRegistry,
} from './views/registry.js'
