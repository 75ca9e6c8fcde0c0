/**
 * `@gangway/kit/react`: the React layer. It subscribes to kit state and calls intents; it holds no
 * business rules, and names no feature: each feature brings its views, Account slots and copy
 * through its registration, built on the view toolkit exported here (`useKit`, `useUi`,
 * `defineViews`, `defineFeatureUi`, `VIEW_CSS`, `WalletIcon`, …), the only part of this layer a
 * feature's views import. `KitProvider` renders the modal; `ConnectButton` and `NetworkButton` are the
 * drop-in buttons. English is built in; every other language is an entry of its own
 * (`@gangway/kit/react/locales/de`), so a page loads only the catalogues it imports.
 * @module @gangway/kit/react
 */
export { AccountAvatar, identiconUrl } from './components/AccountAvatar.js'
export { AmountInput, type AmountInputProps } from './components/AmountInput.js'
export { ConnectButton } from './components/ConnectButton.js'
export { ConnectionFailure } from './components/ConnectionFailure.js'
export { NetworkButton } from './components/NetworkButton.js'
export { NetworkIcon } from './components/NetworkIcon.js'
export { QrCode } from './components/QrCode.js'
export { safeImageUrl, safeLinkUrl } from './components/safeUrl.js'
export { TokenIcon } from './components/TokenIcon.js'
export { TOKEN_LINE_CSS, TokenLine } from './components/TokenLine.js'
export { TokenSelect, type TokenSelectOption } from './components/TokenSelect.js'
export {
  TransactionStatus,
  type TransactionStatusProps,
} from './components/TransactionStatus.js'
export { WalletIcon } from './components/WalletIcon.js'
export { WalletPanel } from './components/WalletPanel.js'
export type {
  FeatureCopy,
  FeatureCopyEntry,
  FeatureMessages,
} from './copy/featureCopy.js'
export { formatAmount } from './copy/formatAmount.js'
export { formatFiat } from './copy/formatFiat.js'
export {
  formatDateTime,
  formatRelativeTime,
  pluralCategory,
  textDirection,
} from './copy/intl.js'
export {
  codeText,
  en,
  errorText,
  type Locale,
  type MessageCatalogue,
  type MessageId,
  translate,
} from './copy/messages.js'
export { parseAmount, toAmountInput } from './copy/parseAmount.js'
export {
  KitProvider,
  type KitProviderProps,
  type UiContext,
  useFeatureCopy,
  useKitInstance,
  useUi,
} from './KitProvider.js'
export { THEME_VARIABLES } from './theme/styles.js'
export { VIEW_CSS } from './theme/viewStyles.js'
export { useKit } from './useKit.js'
export { useWalletPicker, type WalletTarget } from './useWalletPicker.js'
export {
  defineFeatureUi,
  defineViews,
  type FeatureUi,
  type RegisteredView,
  type ViewProps,
  type ViewRegistration,
  type ViewRegistry,
} from './views/registry.js'
