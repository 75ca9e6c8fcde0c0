/**
 * `gangway/react`: the React layer. It subscribes to kit state and calls intents; it holds no
 * business rules. The modal and its views arrive with issue #4.
 * @module gangway/react
 */
export { KitProvider, type KitProviderProps, useKitInstance } from './KitProvider.js'
export { useKit } from './useKit.js'
